package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// TestCheckJSON decodes check -json: a dump that agrees, one with a wrong
// number (its extra and missing squares with their bits), one with text
// it does not understand (exit 2 and the problem's line and column), and
// bad input; each one bitview-check/1 document the schema knows whole.
func TestCheckJSON(t *testing.T) {
	var doc benchjson.Check
	code, out, _ := bench(t, "P 0xff00\nN 0x42\nB 0x24\nR 0x81\nQ 0x8\nK 0x10\n", "check", "-json")
	decodeJSON(t, out, &doc)
	if code != 0 || doc.Exit != 0 || doc.Schema != "bitview-check/1" || doc.Best.MappingID != "lerf" || doc.Best.Agree != 6 || doc.Best.Numbers != 6 ||
		len(doc.Verdicts) != 6 || !reflect.DeepEqual(doc.Verdicts[0], benchjson.Verdict{Text: "0xff00", Value: "0x000000000000ff00", Label: "P", Line: 1, Bitboard: "P", Title: "WhitePawns", OK: true}) {
		t.Errorf("check -json of a right dump: exit %d, %+v", code, doc)
	}

	doc = benchjson.Check{}
	code, out, _ = bench(t, "P 0xff00\nN 0x42\nB 0x24\nR 0x81\nQ 0x8\nK 0x18\n", "check", "-json")
	decodeJSON(t, out, &doc)
	v := doc.Verdicts[5]
	if code != 1 || doc.Exit != 1 || doc.Best.Agree != 5 || doc.Best.WrongBits != 1 || len(doc.NextBest) == 0 || v.OK || v.Want != "0x0000000000000010" ||
		len(v.Extra) != 1 || v.Extra[0] != (benchjson.Bit{Square: "d1", Bit: 3}) || len(v.Missing) != 0 {
		t.Errorf("check -json of a wrong king: exit %d, %+v", code, doc)
	}

	doc = benchjson.Check{}
	code, out, _ = bench(t, "P 0xff00\nN 0x42 0x1zz\n", "check", "-json")
	decodeJSON(t, out, &doc)
	if code != 2 || doc.Exit != 2 || len(doc.Problems) != 1 || doc.Problems[0].Line != 2 || doc.Problems[0].Column == 0 || doc.Problems[0].Reason == "" {
		t.Errorf("check -json of a dump with a problem: exit %d, %+v", code, doc)
	}

	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", nil},
		{"0xff00", []string{"-fen", "8/8/9/8/8/8/8/8 w - - 0 1"}},
		{"0xff00", []string{"extra"}},
	} {
		doc = benchjson.Check{}
		code, out, errOut := bench(t, tc.stdin, append([]string{"check", "-json"}, tc.args...)...)
		decodeJSON(t, out, &doc)
		if code != 2 || doc.Exit != 2 || doc.Error == "" || !strings.Contains(errOut, doc.Error) || len(doc.Verdicts) != 0 {
			t.Errorf("check -json %q < %q: exit %d, %+v, %q", tc.args, tc.stdin, code, doc, errOut)
		}
	}
}
