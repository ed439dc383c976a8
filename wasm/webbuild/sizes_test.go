//go:build !(js && wasm)

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestPackageOf(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"github.com_bitview_bitview_core.ParseFEN", "github.com/bitview/bitview/core"},
		{"github.com_bitview_bitview_wasm_view.__Figure_.CardMarkup", "github.com/bitview/bitview/wasm/view"},
		{"honnef.co_go_js_dom_v2.__Element_.Get", "honnef.co/go/js/dom/v2"},
		{"internal_strconv.leftShift", "internal/strconv"},
		{"runtime.__mheap_.reclaim", "runtime"},
		{"runtime.wasm_export_run", "runtime"},
		{"main.slots_github.com_bitview_bitview_wasm_view.SquareMarks_", "main"},
		{"type_.eq._2_string", "type_"},
		{"memchr", "memchr"},
		{"", "(unnamed)"},
	} {
		if got := packageOf(c.name); got != c.want {
			t.Errorf("packageOf(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// wasmOf assembles a module: one imported function, then one body per
// name (its length in bytes, all zero but the end), and a name section.
func wasmOf(names []string, sizes []int) []byte {
	uleb := func(b []byte, v int) []byte {
		for {
			c := byte(v & 0x7f)
			v >>= 7
			if v != 0 {
				b = append(b, c|0x80)
				continue
			}
			return append(b, c)
		}
	}
	str := func(b []byte, s string) []byte { return append(uleb(b, len(s)), s...) }
	section := func(b []byte, id byte, body []byte) []byte { return append(uleb(append(b, id), len(body)), body...) }
	out := []byte("\x00asm\x01\x00\x00\x00")
	imp := uleb(nil, 1)
	imp = str(str(imp, "go"), "debug")
	imp = append(imp, 0, 0) // a function of type 0
	out = section(out, 2, imp)
	code := uleb(nil, len(names))
	for _, n := range sizes {
		code = uleb(code, n)
		code = append(code, make([]byte, n-1)...)
		code = append(code, 0x0b)
	}
	out = section(out, 10, code)
	out = section(out, 11, []byte{0, 0, 0})
	fn := uleb(nil, len(names)+1)
	fn = str(uleb(fn, 0), "go.debug")
	for i, n := range names {
		fn = str(uleb(fn, i+1), n)
	}
	sub := uleb(append([]byte(nil), 1), len(fn))
	out = section(out, 0, append(str(nil, "name"), append(sub, fn...)...))
	return out
}

func TestWasmSizes(t *testing.T) {
	b := wasmOf([]string{"runtime.main", "github.com_bitview_bitview_core.ParseFEN", "runtime.gc", "fmt.Sprintf"}, []int{100, 40, 300, 2})
	pkgs, sections, err := wasmSizes(b)
	if err != nil {
		t.Fatal(err)
	}
	// Each body counts its length prefix: one byte, two for 300.
	want := []wasmSize{{Package: "runtime", Funcs: 2, Code: 403}, {Package: "github.com/bitview/bitview/core", Funcs: 1, Code: 41},
		{Package: "fmt", Funcs: 1, Code: 3}}
	if len(pkgs) != len(want) {
		t.Fatalf("wasmSizes: %+v, want %+v", pkgs, want)
	}
	for i, w := range want {
		if p := pkgs[i]; p.Package != w.Package || p.Funcs != w.Funcs || p.Code != w.Code || p.Brotli <= 0 {
			t.Errorf("wasmSizes: package %d = %+v, want %+v and a brotli size", i, p, w)
		}
	}
	if sections["data"] != 3 {
		t.Errorf("data section: %d bytes, want 3", sections["data"])
	}
	var out bytes.Buffer
	writeSizes(&out, pkgs, sections)
	if !strings.Contains(out.String(), "runtime") || !strings.Contains(out.String(), "data section") {
		t.Errorf("writeSizes wrote\n%s", out.String())
	}
}

func TestWasmSizesErrors(t *testing.T) {
	stripped := wasmOf([]string{"runtime.main"}, []int{10})
	stripped = stripped[:bytes.LastIndex(stripped, []byte("\x00"))] // cut into the name section
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"not wasm", []byte("hello, world"), "not a WebAssembly binary"},
		{"no name section", []byte("\x00asm\x01\x00\x00\x00"), "no name section"},
		{"truncated", append([]byte("\x00asm\x01\x00\x00\x00"), 10, 200), "truncated"},
		{"cut name section", stripped[:len(stripped)-20], "truncated"},
	} {
		if _, _, err := wasmSizes(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: wasmSizes error %v, want one saying %q", c.name, err, c.want)
		}
	}
}
