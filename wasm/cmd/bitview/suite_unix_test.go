//go:build unix

package main

import (
	"strings"
	"testing"
)

// TestDivideSuiteStockfish runs the standard suite against a real
// Stockfish to depth 3: every one of its 378 counts agrees.
func TestDivideSuiteStockfish(t *testing.T) {
	sf := stockfishPath(t)
	code, out, errOut := bench(t, "", "divide", "-suite", shipped, "-max-depth", "3", "-engine", sf)
	if code != 0 || !strings.Contains(out, "378 of 378 counts run agree.") {
		t.Errorf("perftsuite.epd against Stockfish: exit %d\n%s%s", code, out, errOut)
	}
	checkNoneLeft(t)
}
