package model

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
)

func TestToggleAnnotations(t *testing.T) {
	arrows := func(s string) []pgn.Arrow {
		a, err := pgn.ParseArrows(s)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	marks := func(s string) []pgn.Mark {
		m, err := pgn.ParseMarks(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tt := range []struct{ list, add, want string }{
		{"", "Ge2e4", "Ge2e4"},
		{"Ge2e4", "Ge2e4", ""},                  // the same arrow again takes it away
		{"Ge2e4,Rd7d5", "Bd7d5", "Ge2e4,Bd7d5"}, // another colour recolours it
		{"Ge2e4", "Ge4e2", "Ge2e4,Ge4e2"},       // the reverse is another arrow
	} {
		if got := joinItems(ToggleArrow(arrows(tt.list), arrows(tt.add)[0])); got != tt.want {
			t.Errorf("ToggleArrow(%q, %s) = %q, want %q", tt.list, tt.add, got, tt.want)
		}
	}
	for _, tt := range []struct{ list, add, want string }{
		{"", "Gd4", "Gd4"}, {"Gd4,Ye5", "Gd4", "Ye5"}, {"Gd4", "Rd4", "Rd4"}, {"Gd4", "Gd5", "Gd4,Gd5"},
	} {
		if got := joinItems(ToggleMark(marks(tt.list), marks(tt.add)[0])); got != tt.want {
			t.Errorf("ToggleMark(%q, %s) = %q, want %q", tt.list, tt.add, got, tt.want)
		}
	}
	// Full lists stay at the limit.
	var full []pgn.Mark
	for sq := range core.Square(pgn.MaxAnnotations) {
		full = append(full, pgn.Mark{Brush: pgn.Green, Square: sq})
	}
	if got := ToggleMark(full[:pgn.MaxAnnotations-1], pgn.Mark{Brush: pgn.Red, Square: core.A1}); len(got) != pgn.MaxAnnotations-1 || got[0].Brush != pgn.Red {
		t.Errorf("recolouring in a long list: %v", got)
	}
	var fullArrows []pgn.Arrow
	for sq := range core.Square(pgn.MaxAnnotations) {
		fullArrows = append(fullArrows, pgn.Arrow{Brush: pgn.Green, From: sq, To: (sq + 1) % 64})
	}
	if got := ToggleArrow(fullArrows, pgn.Arrow{Brush: pgn.Green, From: core.A1, To: core.H8}); len(got) != pgn.MaxAnnotations {
		t.Errorf("a full list of arrows grew to %d", len(got))
	}
	for _, tt := range []struct {
		shift, alt bool
		want       pgn.Brush
	}{{false, false, pgn.Green}, {true, false, pgn.Red}, {false, true, pgn.Blue}, {true, true, pgn.Yellow}} {
		if got := DrawBrush(tt.shift, tt.alt); got != tt.want {
			t.Errorf("DrawBrush(shift %v, alt %v) = %v, want %v", tt.shift, tt.alt, got, tt.want)
		}
	}
}

func TestQueryAnnotations(t *testing.T) {
	s := ParseQuery("?arrows=Ge2e4,Rd7d5&marks=Gd4+Ye5")
	if got := joinItems(s.Arrows) + " " + joinItems(s.Marked); got != "Ge2e4,Rd7d5 Gd4,Ye5" {
		t.Errorf("ParseQuery annotations = %q", got)
	}
	q := s.Query()
	if !strings.Contains(q, "&arrows=Ge2e4,Rd7d5&marks=Gd4,Ye5") {
		t.Errorf("Query() = %q lacks the annotations", q)
	}
	if back := ParseQuery(q); joinItems(back.Arrows) != "Ge2e4,Rd7d5" || joinItems(back.Marked) != "Gd4,Ye5" {
		t.Errorf("annotations do not round-trip: %q", q)
	}
	// A bad item keeps the ones before it; none are written when there are none.
	if s := ParseQuery("?arrows=Ge2e4,Xa1a2,Gb1c3"); joinItems(s.Arrows) != "Ge2e4" {
		t.Errorf("a bad arrow item: %v", s.Arrows)
	}
	if q := DefaultState().Query(); strings.Contains(q, "arrows") || strings.Contains(q, "marks") {
		t.Errorf("default query %q names annotations", q)
	}
}
