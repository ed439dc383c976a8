//go:build js && wasm

// Command wasm is Bitview in the browser: it registers the JavaScript API
// that web/bitview.js completes (see README.md, "JS API") and draws the
// page when it finds the page's root element. Build it with
//
//	GOOS=js GOARCH=wasm go build -trimpath -o web/bitview.wasm ./wasm
package main

import (
	"syscall/js"

	"github.com/norunners/vert"
)

// version is Bitview's release (bitview.version).
const version = "0.1.0"

func main() {
	register()
	mountPage()
	if ready := js.Global().Get("__bitviewReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// register sets globalThis.__bitviewGo to the API functions answered by Go
// directly, for web/bitview.js to complete.
func register() {
	api := js.Global().Get("Object").New()
	api.Set("version", version)
	for name, fn := range map[string]func([]js.Value) any{
		"layouts": layouts, "writeFen": writeFEN, "bitboardNames": bitboardNames, "warningCodes": warningCodeList,
		"mount": mountView,
	} {
		api.Set(name, js.FuncOf(guard(fn))) // lives as long as the page: never released
	}
	js.Global().Set("__bitviewGo", api)
}

// guard wraps an API function so that a panic becomes an error answer
// instead of ending the Go runtime (after which every call would fail).
func guard(fn func([]js.Value) any) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (res any) {
		defer func() {
			if r := recover(); r != nil {
				res = vert.ValueOf(writeFenResult{Error: &jsError{Offset: -1, Message: "internal error: " + panicText(r)}}).Value
			}
		}()
		return fn(args)
	}
}
