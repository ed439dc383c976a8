//go:build unix

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
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

// TestDivideSuiteChess960Stockfish runs a suite that mixes Chess960
// positions (Shredder-FEN, EPD's four fields, from chess960-fischer.epd)
// and a standard one with castling rights (Kiwipete) against a real
// Stockfish to depth 3: the engine is put in Chess960 mode once, the
// report and the JSON document say so, and every count agrees (Kiwipete's
// castling, written e1h1 by Stockfish in that mode, compared as the move
// it is).
func TestDivideSuiteChess960Stockfish(t *testing.T) {
	sf := stockfishPath(t)
	suite := filepath.Join(t.TempDir(), "mixed.epd")
	text := "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - ;D1 21 ;D2 528 ;D3 12189 ;id \"0\"\n" +
		"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - ;D1 21 ;D2 807 ;D3 18002 ;id \"1\"\n" +
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862 ;id \"kiwipete\"\n"
	if err := os.WriteFile(suite, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := bench(t, "", "divide", "-suite", suite, "-max-depth", "3", "-engine", sf)
	if code != 0 || !strings.Contains(out, "9 of 9 counts run agree.") ||
		!strings.Contains(out, `Chess960: 2 positions of the suite need Chess960's castling rules; bitview sent "setoption name UCI_Chess960 value true"`) {
		t.Errorf("a Chess960 suite against Stockfish: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = bench(t, "", "divide", "-suite", suite, "-max-depth", "2", "-engine", sf, "-json")
	var doc benchjson.Divide
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || !doc.Chess960 || doc.Suite == nil || doc.Suite.Agree != 6 {
		t.Errorf("-json: exit %d, %v, chess960 %v\n%s%s", code, err, doc.Chess960, out, errOut)
	}
	checkNoneLeft(t)
}
