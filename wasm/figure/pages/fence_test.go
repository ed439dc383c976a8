package pages

import (
	"encoding/json"
	"maps"
	"os"
	"testing"
)

// A fenceCase is a case of testdata/fences.json, the table of the shapes
// a generator's highlighter gives a ```bitboard fence, which
// wasm/fences.test.mjs reads for bitview-markdown.js too (its "about"
// says what each field means).
type fenceCase struct {
	Name, Source, HTML string
	Blocks             []map[string]string
}

// TestFenceShapes: Page finds the blocks of every case of
// testdata/fences.json, as the browser loader does (wasm/fences.test.mjs),
// and gives each the attributes of its lines, read as lines.
func TestFenceShapes(t *testing.T) {
	b, err := os.ReadFile("testdata/fences.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []fenceCase }
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("testdata/fences.json has no cases")
	}
	for _, tc := range table.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			o, err := Page("p.html", []byte(tc.HTML), "")
			if err != nil {
				t.Fatal(err)
			}
			got := elementAttrs(o.Page)
			if len(got) != len(tc.Blocks) {
				t.Fatalf("%d elements %v, want %d %v\n%s", len(got), got, len(tc.Blocks), tc.Blocks, o.Page)
			}
			for i := range got {
				if !maps.Equal(got[i], tc.Blocks[i]) {
					t.Errorf("element %d: %v, want %v", i, got[i], tc.Blocks[i])
				}
			}
		})
	}
}
