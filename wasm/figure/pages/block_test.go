package pages

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

// A blockCase is a case of testdata/blocks.json, the one table of the
// bitboard block reader's cases that wasm/blocks.test.mjs reads for
// bitview-markdown.js too (its "about" says what each field means).
type blockCase struct {
	Name   string
	HTML   string
	Blocks []map[string]string
	Keep   []string
	Errors []struct {
		Line, BlockLine int
		Message         string
	}
}

// blockCases reads testdata/blocks.json.
func blockCases(t *testing.T) []blockCase {
	t.Helper()
	b, err := os.ReadFile("testdata/blocks.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []blockCase }
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	return table.Cases
}

// elementAttrs returns the attributes of each <bitboard-view> of page,
// in order.
func elementAttrs(page []byte) []map[string]string {
	var out []map[string]string
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return out
		case xhtml.StartTagToken:
			tn, more := z.TagName()
			if string(tn) != "bitboard-view" {
				continue
			}
			attrs := map[string]string{}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs[string(k)] = string(v)
			}
			out = append(out, attrs)
		}
	}
}

// TestBlockTable: Page reads every case of testdata/blocks.json as the
// browser loader does (wasm/blocks.test.mjs runs the same cases through
// bitview-markdown.js): the blocks it finds and the attributes they get,
// what a wrapper keeps, and a block with a wrong line refused with every
// such line named, the page not written.
func TestBlockTable(t *testing.T) {
	for _, tc := range blockCases(t) {
		t.Run(tc.Name, func(t *testing.T) {
			o, err := Page("p.html", []byte(tc.HTML), "")
			if len(tc.Errors) > 0 {
				if err == nil || o.Page != nil {
					t.Fatalf("no error (%d bytes of page); want %d errors", len(o.Page), len(tc.Errors))
				}
				var all []error
				if j, ok := err.(interface{ Unwrap() []error }); ok {
					all = j.Unwrap()
				} else {
					all = []error{err}
				}
				if len(all) != len(tc.Errors) {
					t.Errorf("%d errors, want %d: %v", len(all), len(tc.Errors), err)
				}
				for i, want := range tc.Errors {
					var pe *PageError
					if i >= len(all) || !errors.As(all[i], &pe) || pe.Line != want.Line || !strings.Contains(pe.Error(), want.Message) {
						t.Errorf("error %d: %v; want line %d and %q", i, err, want.Line, want.Message)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := elementAttrs(o.Page)
			if len(got) != len(tc.Blocks) {
				t.Fatalf("%d elements %v, want %d %v", len(got), got, len(tc.Blocks), tc.Blocks)
			}
			for i := range got {
				if !maps.Equal(got[i], tc.Blocks[i]) {
					t.Errorf("element %d: %v, want %v", i, got[i], tc.Blocks[i])
				}
			}
			for _, k := range tc.Keep {
				if !bytes.Contains(o.Page, []byte(k)) {
					t.Errorf("%q is gone:\n%.600s", k, o.Page)
				}
			}
		})
	}
}
