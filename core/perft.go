package core

import (
	"bytes"
	"slices"
	"strconv"
)

// Perft counts the leaf nodes of the legal move tree of p to the given
// depth in plies ("performance test", Chess Programming Wiki "Perft"):
// 1 for depth 0, the number of legal moves for depth 1, and so on. The
// counts of published positions (Chess Programming Wiki "Perft Results")
// check a move generator: the start position gives 20, 400, 8902, 197281,
// 4865609 for depths 1 to 5. Moves are made by copy-make ([Position.Play]
// on a copy), and the last ply is counted without being played (bulk
// counting). Perft does not allocate. A negative depth counts as 0.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth)
}

// perft counts the leaves below p, depth ≥ 1 plies deep. The last ply is
// counted, not generated (countLegal), so the moves of the plies above
// are the only ones written and played.
func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countLegal())
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	var nodes uint64
	var next Position // declared outside the loop so that &next stays on the stack
	if depth == 2 {
		for _, m := range moves {
			next = *p
			next.Play(m)
			nodes += uint64(next.countLegal())
		}
		return nodes
	}
	for _, m := range moves {
		next = *p
		next.Play(m)
		nodes += perft(&next, depth-1)
	}
	return nodes
}

// MaxDivideDepth is the deepest [Divide] Bitview runs: depth 6 is 119
// million leaves from the start position (about 0.8 s natively, several
// seconds under WebAssembly) and 8 billion from Kiwipete (about 40 s
// natively), so a deeper divide would freeze a browser tab for minutes or
// hours. Engine authors compare divides at shallow depths and descend
// move by move, so 6 plies is enough to reach any discrepancy.
const MaxDivideDepth = 6

// A DepthError reports a divide depth outside 1..[MaxDivideDepth].
type DepthError struct {
	Depth int // the depth asked for
}

// Error returns e.g. "perft divide depth 7 is out of range: 1 to 6".
func (e *DepthError) Error() string {
	return "perft divide depth " + strconv.Itoa(e.Depth) + " is out of range: 1 to " + strconv.Itoa(MaxDivideDepth)
}

// A DivideEntry is one root move of a perft divide and the number of
// leaves below it: Perft of the position after Move to depth − 1. A
// divide with stats ([DivideStats]) also counts the moves into those
// leaves by kind; Stats.Nodes is then Nodes.
type DivideEntry struct {
	Move  Move
	Nodes uint64
	Stats PerftStats // zero unless the divide counted them
}

// A Division is the result of [Divide]: the root moves in UCI order (as
// strings: "a2a3" < "b1c3" < "e7e8n" < "e7e8q") with their leaf counts,
// and their sum. Complete is false when the progress callback stopped the
// divide early; Entries then holds the moves counted so far.
type Division struct {
	Depth    int
	Entries  []DivideEntry
	Nodes    uint64 // the sum of Entries' Nodes; Perft(p, Depth) when Complete
	Complete bool
	// WithStats is true for a divide that counted its leaves by kind
	// (DivideStats); Stats is then the sum of the entries' Stats.
	WithStats bool
	Stats     PerftStats
	// Chess960 says how the moves are written: king-takes-rook castling
	// ([Move.UCIChess960]) when set, the king's move ([Move.UCI]) when
	// not. Divide sets it for a position that needs Chess960's castling
	// rules ([Position.Chess960]); a caller comparing with an engine in
	// Chess960 mode may set it for any position.
	Chess960 bool
}

// UCI returns m as the division writes its moves (see Chess960).
func (d *Division) UCI(m Move) string {
	var buf [5]byte
	return string(m.AppendUCI(buf[:0], d.Chess960))
}

// Divide runs a "divided perft" (Chess Programming Wiki, "Perft", section
// Divide; Stockfish's "go perft"): for each legal move of p, the leaf count
// of the tree below it, depth plies in all, so that a move generator whose
// total is wrong can be followed into the branch that is wrong. depth must
// be 1..MaxDivideDepth, else the error is a *DepthError.
//
// progress, if not nil, is called after each root move with its entry,
// the number of root moves done and their total, in generation order; when
// it returns false, Divide stops and returns what it has counted, with
// Complete false. A Web Worker reports progress and honours a cancel
// request through it. A position with no legal move gives no entries and
// 0 nodes. The entries are sorted as the division writes them: in
// Chess960's UCI when p needs Chess960's castling ([Division].Chess960).
func Divide(p Position, depth int, progress func(e DivideEntry, done, total int) bool) (Division, error) {
	return divide(p, depth, false, progress)
}

// DivideStats is Divide that also counts the moves into each root move's
// leaves by kind ([PerftStats], as PerftWithStats counts them): the
// columns of the Chess Programming Wiki's "Perft Results" tables, move by
// move, so that a count that is wrong names the kind of move at fault. It
// runs several times slower than Divide (no bulk counting).
func DivideStats(p Position, depth int, progress func(e DivideEntry, done, total int) bool) (Division, error) {
	return divide(p, depth, true, progress)
}

// divide is Divide, with stats when withStats.
func divide(p Position, depth int, withStats bool, progress func(e DivideEntry, done, total int) bool) (Division, error) {
	if depth < 1 || depth > MaxDivideDepth {
		return Division{}, &DepthError{Depth: depth}
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	d := Division{Depth: depth, Entries: make([]DivideEntry, 0, len(moves)), Complete: true, WithStats: withStats, Chess960: p.Chess960()}
	for i, m := range moves {
		next := p
		next.Play(m)
		e := DivideEntry{Move: m}
		switch {
		case !withStats:
			e.Nodes = Perft(next, depth-1)
		case depth == 1:
			e.Stats.addLeaf(&p, &next, m)
		default:
			e.Stats = PerftWithStats(next, depth-1)
		}
		if withStats {
			e.Nodes = e.Stats.Nodes
			d.Stats.Add(e.Stats)
		}
		d.Entries = append(d.Entries, e)
		d.Nodes += e.Nodes
		if progress != nil && !progress(e, i+1, len(moves)) {
			d.Complete = i+1 == len(moves)
			break
		}
	}
	slices.SortFunc(d.Entries, func(a, b DivideEntry) int {
		var x, y [5]byte
		return bytes.Compare(a.Move.AppendUCI(x[:0], d.Chess960), b.Move.AppendUCI(y[:0], d.Chess960))
	})
	return d, nil
}

// PerftDepths returns the perft counts of p at every depth from 1 to
// depth, in one walk of the tree to depth: counts[d-1] == Perft(p, d).
// The nodes d plies deep are counted on the way down to the deepest ply,
// so the walk costs what Perft(p, depth) costs; a perft suite, which
// lists each position's counts at several depths, is checked with one
// walk a position. A depth below 1 gives no counts. It allocates only
// the returned slice.
func PerftDepths(p Position, depth int) []uint64 {
	if depth < 1 {
		return nil
	}
	counts := make([]uint64, depth)
	perftDepths(&p, depth, counts)
	return counts
}

// perftDepths adds to counts[0] the number of moves of p and to
// counts[d-1] the number of nodes d plies below p, for d up to depth ≥ 1.
func perftDepths(p *Position, depth int, counts []uint64) {
	if depth == 1 {
		counts[0] += uint64(p.countLegal())
		return
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	counts[0] += uint64(len(moves))
	var next Position
	for _, m := range moves {
		next = *p
		next.Play(m)
		perftDepths(&next, depth-1, counts[1:])
	}
}
