package core

import (
	"strings"
	"testing"

	"github.com/bitview/bitview/core/internal/corpus"
)

// knownImpossible lists the corpus positions that no game can reach, with
// the warning that says so. They are constructed perft positions, which
// test move generators, not game histories.
var knownImpossible = map[string]WarningCode{
	// White bishops on a8 and h1 both check the black king on f3 along
	// the long diagonal: no move gives two checks along one line
	// (chessops's isImpossibleCheck rejects it too).
	"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1": WarnAlignedCheckers,
}

// TestCorpus parses every published position in testdata/positions.txt,
// checks the mailbox, bitboards and occupancy agree, and round-trips it
// through FEN.
func TestCorpus(t *testing.T) {
	n := 0
	for _, e := range corpus.Read(t) {
		p, err := ParseFEN(e.FEN)
		if err != nil {
			t.Errorf("positions.txt:%d (%s %s): %v", e.Line, e.Source, e.Note, err)
			continue
		}
		checkInvariants(t, &p)
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Errorf("positions.txt:%d: %q does not round-trip: %v", e.Line, p.FEN(), err)
		}
		if fields := strings.Fields(e.FEN); len(fields) == 6 && p.FEN() != strings.Join(fields, " ") {
			t.Errorf("positions.txt:%d: FEN() = %q, want the input", e.Line, p.FEN())
		}
		for _, w := range p.Warnings() {
			// Published test positions arise in games or perft trees, so
			// nothing about them may be reported as impossible, except the
			// constructed perft positions known to be unreachable.
			if knownImpossible[e.FEN] == w.Code {
				continue
			}
			t.Errorf("positions.txt:%d (%s): unexpected warning %s: %s", e.Line, e.Source, w.Code, w.Message)
		}
		n++
	}
	if n < 100 {
		t.Errorf("corpus has %d positions, want at least 100", n)
	}
}
