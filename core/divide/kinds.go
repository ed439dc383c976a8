package divide

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// A MoveKind is the kind of a root move, for saying what the moves a
// divide gets wrong have in common ("the 2 missing moves are en passant
// captures"): the kinds of the Chess Programming Wiki's perft tables
// (core.PerftStats), one for each move, the first that fits in the order
// below.
type MoveKind uint8

// The kinds of move, from the most telling.
const (
	QuietMove        MoveKind = iota // none of the kinds below
	EnPassantCapture                 // a pawn takes a pawn that has just advanced two squares, en passant
	CastlingMove                     // the king castles
	Promotion                        // a pawn reaches the last rank (capturing or not)
	Capture                          // a piece is taken
	DoubleCheck                      // the move checks with two pieces at once
	DiscoveredCheck                  // the move checks with a piece that did not move
	Check                            // the moved piece checks
	// NotOurs is a move of a square that holds no piece of the side to
	// move: an extra move can be one.
	NotOurs
)

// names holds each kind's singular and plural names.
var kindNames = [...][2]string{
	QuietMove:        {"quiet move", "quiet moves"},
	EnPassantCapture: {"en passant capture", "en passant captures"},
	CastlingMove:     {"castling move", "castling moves"},
	Promotion:        {"promotion", "promotions"},
	Capture:          {"capture", "captures"},
	DoubleCheck:      {"double check", "double checks"},
	DiscoveredCheck:  {"discovered check", "discovered checks"},
	Check:            {"check", "checks"},
	NotOurs:          {"move of a square without a piece of the side to move", "moves of squares without a piece of the side to move"},
}

// String returns the kind's name, e.g. "en passant capture".
func (k MoveKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k][0]
	}
	return "move kind(" + strconv.Itoa(int(k)) + ")"
}

// Plural returns the kind's name for n moves: "1 promotion", "4 promotions".
func (k MoveKind) Plural(n int) string {
	if int(k) >= len(kindNames) {
		return strconv.Itoa(n) + " " + k.String()
	}
	if n == 1 {
		return "1 " + kindNames[k][0]
	}
	return strconv.Itoa(n) + " " + kindNames[k][1]
}

// KindOf returns the kind of the move uci in p. A legal move's kind is
// read from the move and the position after it (core.PerftStats's
// definitions: a discovered check is given by no piece the move placed).
// A move that is not legal (an engine's extra move) is named by its shape
// alone: a pawn's diagonal step onto the en passant target square, a
// king's step of two files from its home square, a pawn's step onto the
// last rank, onto an enemy piece; otherwise a quiet move (whether it
// would check is not asked of a move that cannot be played), or NotOurs
// when its square holds no piece of the side to move. A move that is not
// UCI at all is a QuietMove.
func KindOf(p core.Position, uci string) MoveKind {
	return kindOf(p, uci, depthOne(p))
}

// depthOne returns the kinds of each legal move of p: its depth-1 divide
// with stats.
func depthOne(p core.Position) map[core.Move]core.PerftStats {
	d, _ := core.DivideStats(p, 1, nil)
	stats := make(map[core.Move]core.PerftStats, len(d.Entries))
	for _, e := range d.Entries {
		stats[e.Move] = e.Stats
	}
	return stats
}

// kindOf is KindOf, given the depth-1 stats of p's moves.
func kindOf(p core.Position, uci string, stats map[core.Move]core.PerftStats) MoveKind {
	if m, err := p.ParseUCI(uci); err == nil {
		return legalKind(m, stats[m])
	}
	if len(uci) < 4 {
		return QuietMove
	}
	from, ok1 := core.ParseSquare(uci[0:2])
	to, ok2 := core.ParseSquare(uci[2:4])
	if !ok1 || !ok2 {
		return QuietMove
	}
	pc := p.PieceAt(from)
	us := p.SideToMove
	if pc == core.NoPiece || pc.Color() != us {
		return NotOurs
	}
	df := int(to.File()) - int(from.File())
	switch {
	case pc.Type() == core.Pawn && to == p.EnPassant && df != 0:
		return EnPassantCapture
	case pc.Type() == core.King && (df == 2 || df == -2) && from.Rank() == to.Rank():
		return CastlingMove
	case pc.Type() == core.Pawn && (to.Rank() == core.Rank8 || to.Rank() == core.Rank1):
		return Promotion
	case p.PieceAt(to) != core.NoPiece && p.PieceAt(to).Color() != us:
		return Capture
	}
	return QuietMove
}

// legalKind returns the kind of m, a legal move, whose depth-1 stats
// are s.
func legalKind(m core.Move, s core.PerftStats) MoveKind {
	_, promotion := m.Promotion()
	switch {
	case m.IsEnPassant():
		return EnPassantCapture
	case m.IsCastling():
		return CastlingMove
	case promotion:
		return Promotion
	case m.IsCapture():
		return Capture
	case s.DoubleChecks > 0:
		return DoubleCheck
	case s.DiscoveredChecks > 0:
		return DiscoveredCheck
	case s.Checks > 0:
		return Check
	}
	return QuietMove
}

// Kinds says what kind of moves the differences of kind k in diffs are,
// as a clause for a verdict on p's depth-1 divide: "the 2 missing moves
// are en passant captures", "the missing move is a castling move", "the 3
// extra moves are 2 castling moves (e1g1, e1c1) and 1 capture (e5f7)".
// It returns "" when diffs holds no difference of kind k.
func Kinds(p core.Position, diffs []Difference, k Kind) string {
	var order []MoveKind
	byKind := map[MoveKind][]string{}
	var stats map[core.Move]core.PerftStats
	for _, df := range diffs {
		if df.Kind != k {
			continue
		}
		if stats == nil {
			stats = depthOne(p)
		}
		mk := kindOf(p, df.UCI, stats)
		if _, seen := byKind[mk]; !seen {
			order = append(order, mk)
		}
		byKind[mk] = append(byKind[mk], df.UCI)
	}
	n := 0
	for _, ucis := range byKind {
		n += len(ucis)
	}
	if n == 0 {
		return ""
	}
	what := map[Kind][2]string{Missing: {"missing move", "missing moves"}, Extra: {"extra move", "extra moves"}, WrongCount: {"move counted wrong", "moves counted wrong"}}[k]
	subject := "the " + what[0] + " is "
	if n > 1 {
		subject = "the " + strconv.Itoa(n) + " " + what[1] + " are "
	}
	if len(order) == 1 {
		mk := order[0]
		if n == 1 {
			return subject + article(mk.String()) + " " + mk.String()
		}
		return subject + kindNames[mk][1]
	}
	var parts []string
	for _, mk := range order {
		parts = append(parts, mk.Plural(len(byKind[mk]))+" ("+strings.Join(byKind[mk], ", ")+")")
	}
	return subject + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// article returns "an" before a vowel, else "a".
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an"
	}
	return "a"
}
