//go:build js && wasm

// Command wasm is Bitview in the browser: it registers the JavaScript API
// that web/bitview.js completes (see README.md, "JS API") and draws the
// page when it finds the page's root element. Build it with
//
//	GOOS=js GOARCH=wasm go build -trimpath -o web/bitview.wasm ./wasm
package main

import (
	"runtime"
	"syscall/js"

	bvversion "github.com/bitview/bitview/wasm/version"
	"github.com/norunners/vert"
)

// version is Bitview's release (bitview.version), from wasm/version.
const version = bvversion.Version

func main() {
	// The end of Go's start-up and of the packages' inits (measured by
	// make measure, wasm/browser/startup_test.go).
	mark("bitview-main")
	register()
	mountPage()
	if ready := js.Global().Get("__bitviewReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// mark adds a performance mark named name to the browser's performance
// timeline, where the start-up measures find it (performance.mark: not
// the DOM, which is dom/v2's; nothing where there is no timeline).
func mark(name string) {
	if perf := js.Global().Get("performance"); perf.Type() == js.TypeObject && perf.Get("mark").Type() == js.TypeFunction {
		perf.Call("mark", name)
	}
}

// register sets globalThis.__bitviewGo to the API functions answered by Go
// directly, for web/bitview.js to complete.
func register() {
	api := js.Global().Get("Object").New()
	api.Set("version", version)
	for name, fn := range map[string]func([]js.Value) any{
		"layouts": layouts, "writeFen": writeFEN, "bitboardNames": bitboardNames, "warningCodes": warningCodeList,
		"mount":          mountView,
		"wireFormat":     wireFormat,
		"tables":         tables,
		"view":           viewMethod,
		"event":          goEvent,
		"perft":          perftAPI,
		"polyglotKey":    polyglotKeyAPI,
		"matchBitboards": matchBitboardsAPI,
		"magic":          magicAPI,
		"collectGarbage": collectGarbage,
	} {
		api.Set(name, apiFunc(fn)) // lives as long as the page: never released
	}
	for _, e := range extraAPI {
		api.Set(e.name, apiFunc(e.fn))
	}
	js.Global().Set("__bitviewGo", api)
}

// An apiEntry is a function of __bitviewGo that a build tag adds.
type apiEntry struct {
	name string
	fn   func([]js.Value) any
}

// extraAPI are the functions builds with tags add to __bitviewGo (see
// jscallplain.go); none in the build that ships.
var extraAPI []apiEntry

// apiFunc makes fn a JS function whose panics become an error answer
// ({error: {offset: -1, message}}) through guard.
func apiFunc(fn func([]js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		return guard(func() any { return fn(args) }, func(msg string) any {
			return vert.ValueOf(jsResult{Error: &jsError{Offset: -1, Message: msg}}).Value
		})
	})
}

// collectGarbage runs Go's garbage collector, so that the finalizers of
// the js.Values and js.Funcs Go no longer holds give their references
// back to wasm_exec.js once Go next idles. It is for tests that measure
// the reference table (wasm/limits.test.mjs); the shim does not expose it.
func collectGarbage([]js.Value) any {
	runtime.GC()
	return nil
}
