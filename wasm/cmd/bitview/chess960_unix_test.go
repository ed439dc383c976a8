//go:build unix

package main

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
)

// chess960FENs returns the positions of an EPD perft suite of core's test
// data (the FEN before the first ';'), every step-th one from the first.
func chess960FENs(t *testing.T, name string, step int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "core", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan(); i++ {
		if i%step == 0 {
			fen, _, _ := strings.Cut(sc.Text(), ";")
			out = append(out, strings.TrimSpace(fen))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// reducedRights returns fen with each of its castling letters dropped in
// turn, and with only the first of each colour's kept: Chess960 positions
// with castling rights reduced.
func reducedRights(fen string) []string {
	f := strings.Fields(fen)
	if f[2] == "-" {
		return nil
	}
	var out []string
	for i := range f[2] {
		g := slices.Clone(f)
		g[2] = f[2][:i] + f[2][i+1:]
		if g[2] == "" {
			g[2] = "-"
		}
		out = append(out, strings.Join(g, " "))
	}
	return out
}

// TestStockfishChess960 compares Bitview's divides of Chess960 positions
// with Stockfish 15.1's, UCI_Chess960 set, at depth 4, drilling down
// wherever they differ: a sample of the 960 start positions (every 40th
// of core/testdata/chess960.epd), of the 960 positions from Chess960 games
// (every 40th of chess960-fischer.epd, most with rights reduced), and of
// start positions with their rights reduced one letter at a time. One
// Stockfish answers every divide, through the code bitview divide
// -engine runs (startUCI, setChess960, divide.DrillDown); two positions go
// through the command itself.
//
// The full run, every position of both files and every start position
// with its rights reduced (5,760 divides at depth 4, a few minutes):
//
//	BITVIEW_STOCKFISH960=all go test -run TestStockfishChess960 -v ./wasm/cmd/bitview/
func TestStockfishChess960(t *testing.T) {
	sf := stockfishPath(t)
	step := 40
	if os.Getenv("BITVIEW_STOCKFISH960") == "all" {
		step = 1
	}
	starts := chess960FENs(t, "chess960.epd", step)
	games := chess960FENs(t, "chess960-fischer.epd", step)
	var reduced []string
	sample := min(len(starts), 8)
	if step == 1 {
		sample = len(starts)
	}
	for _, fen := range starts[:sample] {
		reduced = append(reduced, reducedRights(fen)...)
	}
	// Through the command: the report says UCI_Chess960 was set.
	for _, fen := range []string{starts[1], games[1]} {
		code, out, errOut := bench(t, "", "divide", "-fen", fen, "-depth", "4", "-engine", sf)
		if code != 0 || !strings.Contains(out, `bitview sent "setoption name UCI_Chess960 value true"`) || !strings.Contains(out, " moves agree.") {
			t.Errorf("bitview divide -fen %q -depth 4 -engine stockfish: exit %d:\n%s%s", fen, code, out, errOut)
		}
	}
	e, err := startUCI(sf, DefaultEngineTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer e.close()
	if !e.chess960 {
		t.Errorf("Stockfish lists no %s option", chess960Option)
	}
	if err := e.setChess960(); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	var nodes uint64
	for _, set := range []struct {
		name string
		fens []string
	}{{"start positions", starts}, {"positions from games", games}, {"start positions with rights reduced", reduced}} {
		agreed := 0
		for _, fen := range set.fens {
			p, err := core.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			root := p.FEN()
			d, err := divide.DrillDown(p, 4, func(moves []string, depth int) (divide.Parsed, error) {
				return e.divide(root, moves, depth)
			})
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if d.Outcome != divide.Agree {
				var b strings.Builder
				report(&b, reportOf(root, "stockfish", p.Chess960(), ""), d, 0)
				t.Errorf("%s: %v\n%s", fen, d.Outcome, b.String())
				continue
			}
			agreed++
			nodes += d.Steps[0].Want.Nodes
		}
		t.Logf("%s: %d of %d agree at depth 4", set.name, agreed, len(set.fens))
	}
	t.Logf("%s nodes in %v", strconv.FormatUint(nodes, 10), time.Since(began).Round(time.Millisecond))
}

// TestStockfishChess960Stats checks perft by kind of move in Chess960
// against Stockfish 15.1 with UCI_Chess960 set: for a sample of positions
// from Chess960 games (every 60th of core/testdata/chess960-fischer.epd)
// and one where castling gives check from a rook the king does not pass,
// DivideStats at depth 2 agrees with Stockfish's divide move by move, and
// its castles, move by move, with the castling moves Stockfish lists in
// its depth-1 divide after each root move (a move of the king onto its
// own rook, as Chess960's UCI writes castling).
func TestStockfishChess960Stats(t *testing.T) {
	sf := stockfishPath(t)
	e, err := startUCI(sf, DefaultEngineTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer e.close()
	if err := e.setChess960(); err != nil {
		t.Fatal(err)
	}
	fens := append(chess960FENs(t, "chess960-fischer.epd", 60), "5k2/8/8/8/8/8/8/6KR w H - 0 1")
	const depth = 2
	var castles, nodes uint64
	for _, fen := range fens {
		p, err := core.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		root := p.FEN()
		ours, err := core.DivideStats(p, depth, nil)
		if err != nil {
			t.Fatal(err)
		}
		ours = divide.Chess960Notation(ours)
		got, err := e.divide(root, nil, depth)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if diffs := divide.Diff(ours, got); len(diffs) > 0 || got.Total != ours.Stats.Nodes {
			t.Errorf("%s: Stockfish's divide differs (total %d, Bitview %d): %+v", fen, got.Total, ours.Stats.Nodes, diffs)
			continue
		}
		for _, en := range ours.Entries {
			uci := ours.UCI(en.Move)
			after, err := e.divide(root, []string{uci}, 1)
			if err != nil {
				t.Fatalf("%s after %s: %v", fen, uci, err)
			}
			next := p
			next.Play(en.Move)
			var n uint64
			for _, c := range after.Moves {
				from, ok1 := core.ParseSquare(c.UCI[0:2])
				to, ok2 := core.ParseSquare(c.UCI[2:4])
				us := next.SideToMove
				if ok1 && ok2 && next.PieceAt(from) == core.NewPiece(us, core.King) && next.PieceAt(to) == core.NewPiece(us, core.Rook) {
					n++
				}
			}
			if n != en.Stats.Castles {
				t.Errorf("%s after %s: Bitview counts %d castling moves, Stockfish lists %d", fen, uci, en.Stats.Castles, n)
			}
		}
		castles += ours.Stats.Castles
		nodes += ours.Stats.Nodes
	}
	if castles == 0 {
		t.Error("no castling move in the sample: it tests nothing of castling")
	}
	t.Logf("%d positions at depth %d: %d nodes, %d castles, as Stockfish counts them", len(fens), depth, nodes, castles)
}
