package core

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestCorpus parses every published position in testdata/positions.txt
// (sources in testdata/SOURCES.md), checks the mailbox, bitboards and
// occupancy agree, and round-trips it through FEN.
func TestCorpus(t *testing.T) {
	f, err := os.Open("testdata/positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 3 {
			t.Fatalf("positions.txt:%d: %d columns, want FEN, source and note", line, len(cols))
		}
		p, err := ParseFEN(cols[0])
		if err != nil {
			t.Errorf("positions.txt:%d (%s %s): %v", line, cols[1], cols[2], err)
			continue
		}
		checkInvariants(t, &p)
		again, err := ParseFEN(p.FEN())
		if err != nil || again != p {
			t.Errorf("positions.txt:%d: %q does not round-trip: %v", line, p.FEN(), err)
		}
		if fields := strings.Fields(cols[0]); len(fields) == 6 && p.FEN() != strings.Join(fields, " ") {
			t.Errorf("positions.txt:%d: FEN() = %q, want the input", line, p.FEN())
		}
		for _, w := range p.Warnings() {
			// Published test positions arise in games or perft trees, so
			// nothing about them may be reported as impossible.
			t.Errorf("positions.txt:%d (%s): unexpected warning %s: %s", line, cols[1], w.Code, w.Message)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Errorf("corpus has %d positions, want at least 100", n)
	}
}
