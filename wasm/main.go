//go:build js && wasm

// Command wasm is Bitview in the browser: it registers the JavaScript API
// that web/bitview.js completes (see README.md, "JS API") and draws the
// page when it finds the page's root element. Build it with
//
//	GOOS=js GOARCH=wasm go build -trimpath -o web/bitview.wasm ./wasm
package main

import (
	"syscall/js"

	bvversion "github.com/bitview/bitview/wasm/version"
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
