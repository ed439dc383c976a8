package model

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestTieAdvice: the advice after a tie names a position to dump next
// that is not the one on show, and asks for all twelve bitboards where a
// few cannot tell the readings apart.
func TestTieAdvice(t *testing.T) {
	kiwipete := Examples[1].FEN
	for _, tt := range []struct {
		name, fen string
		numbers   int
		want      string
	}{
		{"start, two numbers", core.StartFEN, 2, "the start position is its own mirror image"},
		{"start, twelve", core.StartFEN, 12, "such as Kiwipete"},
		{"start placement, Black to move", strings.Replace(core.StartFEN, " w ", " b ", 1), 12, "such as Kiwipete"},
		{"Kiwipete, two numbers", kiwipete, 2, "check a dump of all twelve"},
		{"Kiwipete, twelve", kiwipete, 12, "check a dump of another position"},
		{"a symmetric endgame, twelve", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 12, "such as Kiwipete"},
	} {
		p, err := core.ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := TieAdvice(&p, tt.numbers)
		if !strings.Contains(got, tt.want) || strings.HasPrefix(tt.name, "Kiwipete") && strings.Contains(got, "Kiwipete") {
			t.Errorf("%s: TieAdvice = %q, want %q (and never the position on show)", tt.name, got, tt.want)
		}
	}
}
