package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// decodeJSON decodes out, a command's standard output, into doc: exactly
// one JSON document whose every member the schema type knows.
func decodeJSON(t *testing.T, out string, doc any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(doc); err != nil {
		t.Fatalf("output is not one document of the schema: %v\n%s", err, out)
	}
	if dec.More() {
		t.Fatalf("output has more than one JSON document:\n%s", out)
	}
}

// TestShowJSON checks bitview show -json: one bitview-show/1 document with
// every card's squares, values and literals, and the same document with
// exit 2 and the error for bad input.
func TestShowJSON(t *testing.T) {
	code, out, _ := bench(t, "", "show", "-json", "-layout", "0x88", "P", "K | k")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc benchjson.Show
	decodeJSON(t, out, &doc)
	want := benchjson.Show{Schema: "bitview-show/1", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Layout: "0x88",
		Cards: []benchjson.Card{
			{Key: "P", Title: "WhitePawns", Squares: []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"}, Count: 8,
				Bitboard: "0x000000000000ff00", Hex: "0x00000000000000000000000000ff0000", Binary: strings.Repeat("0", 104) + "11111111" + strings.Repeat("0", 16),
				Literals: map[string]string{"c": "((unsigned __int128)0x0000000000000000ULL << 64 | 0x0000000000ff0000ULL)",
					"rust": "0x0000_0000_0000_0000_0000_0000_00ff_0000_u128", "go": "[2]uint64{0x0000_0000_00ff_0000, 0x0000_0000_0000_0000}"}},
			{Key: "K | k", Title: "K | k", Squares: []string{"e1", "e8"}, Count: 2, Bitboard: "0x1000000000000010",
				Hex: "0x00100000000000000000000000000010", Binary: strings.Repeat("0", 11) + "1" + strings.Repeat("0", 111) + "1" + strings.Repeat("0", 4),
				Literals: map[string]string{"c": "((unsigned __int128)0x0010000000000000ULL << 64 | 0x0000000000000010ULL)",
					"rust": "0x0010_0000_0000_0000_0000_0000_0000_0010_u128", "go": "[2]uint64{0x0000_0000_0000_0010, 0x0010_0000_0000_0000}"}},
		}}
	if !reflect.DeepEqual(doc, want) {
		t.Errorf("show -json =\n%+v\nwant\n%+v", doc, want)
	}

	code, out, _ = bench(t, "", "show", "-json", "empty")
	decodeJSON(t, out, &doc)
	if code != 0 || len(doc.Cards) != 1 || doc.Cards[0].Squares == nil || len(doc.Cards[0].Squares) != 32 || doc.Cards[0].Decimal == "" {
		t.Errorf("show -json empty: exit %d, %+v", code, doc)
	}

	code, out, errOut := bench(t, "", "show", "-json", "-fen", "8/8/9/8/8/8/8/8 w - - 0 1", "P")
	var bad benchjson.Show
	decodeJSON(t, out, &bad)
	if code != 2 || bad.Exit != 2 || bad.Error == "" || !strings.Contains(errOut, bad.Error) || bad.Schema != benchjson.ShowSchema || len(bad.Cards) != 0 {
		t.Errorf("show -json with a bad FEN: exit %d, %+v; stderr %q", code, bad, errOut)
	}
}

// TestShowLiterals compiles the literals show -literals writes with a
// real C compiler (cc), rustc and go, and checks that each program prints
// the squares' bits: the value in the layout's numbering. A compiler
// that is not installed is skipped (in CI too: none of them is among
// make test's needs).
func TestShowLiterals(t *testing.T) {
	type value struct {
		layout, item, hex string
	}
	values := []value{
		{"lerf", "P", ""}, {"msb-a8", "n", ""}, {"berf", "occupied", ""}, {"lefr", "K | k", ""}, {"befr", "empty", ""},
		{"0x88", "occupied", ""}, {"10x12", "R | r", ""},
	}
	lits := map[string][]string{}
	for i, v := range values {
		code, out, _ := bench(t, "", "show", "-json", "-layout", v.layout, v.item)
		var doc benchjson.Show
		decodeJSON(t, out, &doc)
		if code != 0 {
			t.Fatalf("show %v: exit %d", v, code)
		}
		values[i].hex = doc.Cards[0].Hex
		for lang, lit := range doc.Cards[0].Literals {
			lits[lang] = append(lits[lang], lit)
		}
		// The text form writes the same literals.
		_, text, _ := bench(t, "", "show", "-literals", "-layout", v.layout, v.item)
		for lang, lit := range doc.Cards[0].Literals {
			if line := fmt.Sprintf("%-4s %s\n", lang, lit); !strings.Contains(text, line) {
				t.Errorf("show -literals %v lacks %q:\n%s", v, line, text)
			}
		}
	}
	var want strings.Builder
	for _, v := range values {
		n, _ := strconv.ParseUint(strings.TrimPrefix(v.hex, "0x")[max(0, len(v.hex)-2-16):], 16, 64)
		hi := uint64(0)
		if h := strings.TrimPrefix(v.hex, "0x"); len(h) > 16 {
			hi, _ = strconv.ParseUint(h[:len(h)-16], 16, 64)
		}
		fmt.Fprintf(&want, "%016x%016x\n", hi, n)
	}
	dir := t.TempDir()
	programs := []struct {
		lang, compiler, file, source string
		build                        func(src, exe string) *exec.Cmd
	}{
		{"c", "cc", "lit.c", cProgram(lits["c"]), func(src, exe string) *exec.Cmd { return exec.Command("cc", "-std=gnu11", "-o", exe, src) }},
		{"rust", "rustc", "lit.rs", rustProgram(lits["rust"]), func(src, exe string) *exec.Cmd { return exec.Command("rustc", "-o", exe, src) }},
		{"go", "go", "lit.go", goProgram(lits["go"]), func(src, exe string) *exec.Cmd { return exec.Command("go", "build", "-o", exe, src) }},
	}
	for _, pr := range programs {
		t.Run(pr.lang, func(t *testing.T) {
			if _, err := exec.LookPath(pr.compiler); err != nil {
				t.Skipf("%s is not installed", pr.compiler)
			}
			src, exe := filepath.Join(dir, pr.file), filepath.Join(dir, pr.lang+".exe")
			if err := os.WriteFile(src, []byte(pr.source), 0o666); err != nil {
				t.Fatal(err)
			}
			cmd := pr.build(src, exe)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s\n%s", cmd, err, out, pr.source)
			}
			var stdout bytes.Buffer
			run := exec.Command(exe)
			run.Stdout = &stdout
			if err := run.Run(); err != nil {
				t.Fatal(err)
			}
			if stdout.String() != want.String() {
				t.Errorf("the %s program prints\n%swant\n%s", pr.lang, stdout.String(), want.String())
			}
		})
	}
}

// cProgram prints each literal as 32 hex digits, its high 64 bits first.
func cProgram(lits []string) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdint.h>\nint main(void) {\n")
	for _, l := range lits {
		fmt.Fprintf(&b, "  { unsigned __int128 v = %s; printf(\"%%016llx%%016llx\\n\", (unsigned long long)(v >> 64), (unsigned long long)v); }\n", l)
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// rustProgram prints each literal as 32 hex digits.
func rustProgram(lits []string) string {
	var b strings.Builder
	b.WriteString("fn main() {\n")
	for _, l := range lits {
		fmt.Fprintf(&b, "    println!(\"{:032x}\", %s as u128);\n", l)
	}
	b.WriteString("}\n")
	return b.String()
}

// goProgram prints each literal (a constant, or a [2]uint64 of its low
// and high halves) as 32 hex digits.
func goProgram(lits []string) string {
	var b strings.Builder
	b.WriteString("package main\n\nimport \"fmt\"\n\nfunc main() {\n")
	for _, l := range lits {
		if strings.HasPrefix(l, "[2]uint64") {
			fmt.Fprintf(&b, "\t{\n\t\tv := %s\n\t\tfmt.Printf(\"%%016x%%016x\\n\", v[1], v[0])\n\t}\n", l)
		} else {
			fmt.Fprintf(&b, "\t{\n\t\tvar v uint64 = %s\n\t\tfmt.Printf(\"%%016x%%016x\\n\", 0, v)\n\t}\n", l)
		}
	}
	b.WriteString("}\n")
	return b.String()
}
