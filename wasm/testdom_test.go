//go:build js && wasm

package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall/js"
	"testing"

	"github.com/bitview/bitview/core"
)

// These helpers run the page and the element under Node (go test with
// go_js_wasm_exec) in a DOM made by linkedom (wasm/node_modules, `npm
// install` in wasm/), the same development dependency the Node tests of
// mount use. Events are handed to a scope as web/bitview.js hands them
// (plain values, see events.go), so a test drives each component's event
// → state → markup path without a browser; the cards are patched by the
// very patcher the browser runs (web/bitview/card.js).

// testEnv is one test's document and what the page reads from the window.
type testEnv struct {
	t    *testing.T
	doc  js.Value
	urls []string // the queries history.replaceState wrote, in order
	fns  []js.Func
	// posted are the messages posted to the perft Web Worker (a fake: it
	// records them and answers nothing).
	posted []js.Value
}

// newTestEnv makes a document from html (index.html's template when
// html is "") and the globals the page and the element use, and restores
// the previous globals when the test ends.
func newTestEnv(t *testing.T, html string) *testEnv {
	t.Helper()
	linkQuiet = 0 // each change's link is written at once, for url()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(wd, "node_modules", "linkedom")
	if _, err := os.Stat(lib); err != nil {
		t.Fatalf("linkedom is missing (%v): run npm install in wasm/ (make test does)", err)
	}
	if html == "" {
		b, err := os.ReadFile(filepath.Join(wd, "webpages", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		html = string(b)
	}
	dom := js.Global().Call("require", lib).Call("parseHTML", html)
	env := &testEnv{t: t, doc: dom.Get("document")}
	g := js.Global()
	saved := map[string]js.Value{}
	set := func(name string, v any) {
		saved[name] = g.Get(name)
		g.Set(name, v)
	}
	for _, name := range []string{"Element", "HTMLElement", "Node", "Event", "CustomEvent"} {
		set(name, dom.Get(name))
	}
	set("document", env.doc)
	set("window", dom.Get("window"))
	set("location", map[string]any{"search": "", "origin": "http://bitview.test", "pathname": "/sub/folder/", "href": "http://bitview.test/sub/folder/"})
	if env.doc.Get("baseURI").Type() != js.TypeString || !strings.HasPrefix(env.doc.Get("baseURI").String(), "http") {
		env.doc.Set("baseURI", "http://bitview.test/sub/folder/") // linkedom has no base URI
	}
	history := js.Global().Get("Object").New()
	history.Set("replaceState", env.fn(func(args []js.Value) any {
		env.urls = append(env.urls, args[2].String())
		return nil
	}))
	set("history", history)
	set("requestAnimationFrame", env.fn(func([]js.Value) any { return 0 }))
	set("Worker", env.fn(func([]js.Value) any {
		w := js.Global().Get("Object").New()
		w.Set("postMessage", env.fn(func(args []js.Value) any { env.posted = append(env.posted, args[0]); return nil }))
		w.Set("terminate", env.fn(func([]js.Value) any { return nil }))
		return w
	}))
	listen := js.Global().Get("Object").New()
	listen.Set("listen", env.fn(func([]js.Value) any { return nil }))
	listen.Set("unlisten", env.fn(func([]js.Value) any { return nil }))
	listen.Set("patchCard", cardModule(t).Get("patchCard"))
	set("__bitviewJS", listen)
	t.Cleanup(func() {
		for name, v := range saved {
			g.Set(name, v)
		}
		for _, f := range env.fns {
			f.Release()
		}
	})
	return env
}

// cardModule returns web/bitview/card.js's exports, imported once per
// process (a dynamic import: the module is an ES module).
func cardModule(t *testing.T) js.Value {
	t.Helper()
	cardOnce.Do(func() {
		wd, err := os.Getwd()
		if err != nil {
			cardErr = err
			return
		}
		url := "file://" + filepath.ToSlash(filepath.Join(wd, "..", "web", "bitview", "card.js"))
		done := make(chan struct{})
		ok := js.FuncOf(func(_ js.Value, args []js.Value) any { cardExports = args[0]; close(done); return nil })
		fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
			cardErr = errors.New(args[0].Call("toString").String())
			close(done)
			return nil
		})
		js.Global().Get("Function").New("u", "return import(u)").Invoke(url).Call("then", ok, fail)
		<-done // Go yields to Node's event loop, which settles the import
		ok.Release()
		fail.Release()
	})
	if cardErr != nil {
		t.Fatalf("importing web/bitview/card.js: %v", cardErr)
	}
	return cardExports
}

var (
	cardOnce    sync.Once
	cardExports js.Value
	cardErr     error
)

// fn makes a JS function of fn, released when the test ends.
func (env *testEnv) fn(fn func(args []js.Value) any) js.Func {
	f := js.FuncOf(func(_ js.Value, args []js.Value) any { return fn(args) })
	env.fns = append(env.fns, f)
	return f
}

// page opens Bitview's page at query in the document.
func (env *testEnv) page(query string) *page {
	js.Global().Get("location").Set("search", query)
	return newPage(env.doc, query)
}

// q returns the first element matching selector, failing the test when
// there is none.
func (env *testEnv) q(selector string) *domElement {
	env.t.Helper()
	el := query(env.doc, selector)
	if el == nil {
		env.t.Fatalf("no element matches %s", selector)
	}
	return el
}

// count returns how many elements match selector.
func (env *testEnv) count(selector string) int {
	return queryAll(env.doc, selector).len()
}

// text returns the text of the first element matching selector.
func (env *testEnv) text(selector string) string {
	env.t.Helper()
	return env.q(selector).Get("textContent").String()
}

// attr returns attribute name of the first element matching selector.
func (env *testEnv) attr(selector, name string) string {
	env.t.Helper()
	return env.q(selector).GetAttribute(name) // "" when it has none
}

// goAPI calls the function name of __bitviewGo (the functions Go
// registers, see register) with args, as web/bitview.js does.
func goAPI(name string, args ...any) js.Value {
	return js.Global().Get("__bitviewGo").Call(name, args...)
}

// jsonOf returns v as JSON, for a failure message.
func jsonOf(v js.Value) string { return js.Global().Get("JSON").Call("stringify", v).String() }

// url returns the last query the page wrote.
func (env *testEnv) url() string {
	if len(env.urls) == 0 {
		return ""
	}
	return env.urls[len(env.urls)-1]
}

// fire hands sc an event of type typ on the element matching selector, as
// web/bitview.js does, and answers what Go asked for (answerPrevent,
// answerStop).
func (env *testEnv) fire(sc *scope, typ, selector, key string, mods int) int {
	env.t.Helper()
	return sc.dispatch(&event{Type: typ, Key: key, Mods: mods, Target: env.q(selector).Underlying(), Data: js.Undefined()})
}

// input sets the value of the field matching selector and fires input.
func (env *testEnv) input(sc *scope, selector, value string) {
	env.t.Helper()
	env.q(selector).Set("value", value)
	env.fire(sc, "input", selector, "", 0)
}

// pieces returns the board's pieces as a FEN piece placement, read from
// the markup (data-piece of each square).
func (env *testEnv) pieces(board string) string {
	env.t.Helper()
	var mb [core.SquareCount]byte
	list := queryAll(env.doc, board+" [data-square]")
	for i := range list.len() {
		sq := list.at(i)
		s, ok := core.ParseSquare(sq.GetAttribute("data-square"))
		if p := sq.GetAttribute("data-piece"); ok && p != "" {
			mb[s] = p[0]
		}
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := mb[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}
