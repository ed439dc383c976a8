package model

import (
	"slices"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestExamplesParse(t *testing.T) {
	if len(Examples) == 0 {
		t.Fatal("no examples")
	}
	labels := map[string]bool{}
	for _, e := range Examples {
		if e.Label == "" {
			t.Errorf("example with FEN %q has no label", e.FEN)
		}
		if labels[e.Label] {
			t.Errorf("label %q used twice", e.Label)
		}
		labels[e.Label] = true
		p, err := core.ParseFEN(e.FEN)
		if err != nil {
			t.Errorf("example %q: ParseFEN(%q): %v", e.Label, e.FEN, err)
			continue
		}
		if got := p.FEN(); got != e.FEN {
			t.Errorf("example %q is not in canonical form: %q round-trips to %q", e.Label, e.FEN, got)
		}
	}
	if Examples[0].FEN != core.StartFEN {
		t.Errorf("first example is %q, want the start position", Examples[0].FEN)
	}
	// The doc comment promises the article position earns an en passant
	// warning on b3, and that the others are legal positions.
	for _, e := range Examples {
		p, err := core.ParseFEN(e.FEN)
		if err != nil {
			continue
		}
		ws := p.Warnings()
		if e.Label == "Article" {
			if !slices.ContainsFunc(ws, func(w core.Warning) bool {
				return w.Code == core.WarnEnPassantRank && w.Squares.Has(core.B3)
			}) {
				t.Errorf("Article example warnings %v lack an en passant warning on b3", ws)
			}
		} else if len(ws) != 0 {
			t.Errorf("example %q has warnings %v", e.Label, ws)
		}
	}
}
