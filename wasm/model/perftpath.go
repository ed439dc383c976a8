package model

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/perftsuite"
	"github.com/bitview/bitview/core/thousands"
)

// A PerftPath is the perft divide panel's walk down the tree: a root
// position, the moves played from it (each step one ply shallower, at
// most MaxPerftPath), the depth divided at the end of the path, and the
// divide pasted to compare with. While the panel is open, its depth and
// path are in the link (&perft=3&path=e2e4&root=…, see Page.Link). A
// PerftPath without a root roots itself at the position on show
// (Follow).
type PerftPath struct {
	Root  string   // the root's FEN, as core writes it
	Moves []string // the moves from the root, in UCI
	FENs  []string // FENs[k] is the FEN after Moves[:k]: len(Moves)+1 of them
	Depth int      // the depth divided at the end of the path
	// Pasted is the divide pasted to compare with, nil when the field is
	// empty; Note says why a paste was not read, or where a link's path
	// stopped.
	Pasted *divide.Parsed
	Note   string
	// Suite is a perft suite pasted instead of a divide (see Paste): Run
	// counts each of its positions at each depth it lists, up to Depth,
	// against its counts. nil when the paste is no suite.
	Suite *perftsuite.Suite
	// Stats asks the divide to count each move's leaves by kind of move
	// too (core.DivideStats): the panel's "By kind of move" switch.
	Stats bool
}

// Start restores the path from a link's state s (its Perft, Path and
// Root; the root is s.FEN without a path): the path replayed up to the
// first move that is not legal, which Note says. It returns the FEN at
// the end of the path and whether the path has moves (then the page
// shows that position).
func (pp *PerftPath) Start(s State) (fen string, moved bool) {
	pp.Depth = s.Perft
	rootFEN := s.FEN
	if len(s.Path) > 0 {
		rootFEN = core.StartFEN
		if s.Root != "" {
			rootFEN = s.Root
		}
	}
	root, err := core.ParseFEN(rootFEN)
	if err != nil {
		if len(s.Path) > 0 {
			pp.Note = "The link's perft root is not a FEN (" + err.Error() + "); the path is dropped."
		}
		return "", false // the panel roots itself at the position on show, once there is one
	}
	pp.reset(root.FEN())
	p := root
	for _, uci := range s.Path {
		m, err := p.ParseUCI(uci)
		if err != nil {
			pp.Note = "The link's path stops before " + uci + ": " + err.Error() + "."
			break
		}
		p.Play(m)
		pp.Moves = append(pp.Moves, uci)
		pp.FENs = append(pp.FENs, p.FEN())
	}
	return pp.End(), len(pp.Moves) > 0
}

// reset roots the path at fen with no moves.
func (pp *PerftPath) reset(fen string) {
	pp.Root, pp.Moves, pp.FENs = fen, nil, []string{fen}
}

// Rooted reports whether the path has a root.
func (pp *PerftPath) Rooted() bool { return len(pp.FENs) > 0 }

// End returns the FEN at the end of the path, the position divided ("" with
// no root).
func (pp *PerftPath) End() string {
	if !pp.Rooted() {
		return ""
	}
	return pp.FENs[len(pp.Moves)]
}

// SetDepth makes d (1 to core.MaxDivideDepth; any other is ignored) the
// depth divided at the end of the path.
func (pp *PerftPath) SetDepth(d int) {
	if d >= 1 && d <= core.MaxDivideDepth {
		pp.Depth = d
	}
}

// Follow keeps the path in step with fen, the position on show: a
// position of the path (undo, a step's back button) shortens the path to
// it, deepening the divide by as many plies; any other (typed, edited, a
// game's) becomes the new root.
func (pp *PerftPath) Follow(fen string) {
	if pp.Rooted() && pp.End() == fen {
		return
	}
	if k := slices.Index(pp.FENs, fen); k >= 0 {
		pp.Depth = min(pp.Depth+len(pp.Moves)-k, core.MaxDivideDepth)
		pp.Moves, pp.FENs = pp.Moves[:k], pp.FENs[:k+1]
		return
	}
	pp.reset(fen)
}

// descend plays uci at the end of the path, and reports whether it could
// (not at depth 1, nor past MaxPerftPath moves, nor an illegal move).
func (pp *PerftPath) descend(uci string) bool {
	if !pp.Rooted() || pp.Depth <= 1 || len(pp.Moves) >= MaxPerftPath {
		return false
	}
	p, err := core.ParseFEN(pp.End())
	if err != nil {
		return false
	}
	m, err := p.ParseUCI(uci)
	if err != nil {
		return false
	}
	p.Play(m)
	pp.Moves = append(pp.Moves, uci)
	pp.FENs = append(pp.FENs, p.FEN())
	return true
}

// Paste reads text, a pasted divide (Stockfish's, qperft's or plain
// lines, see divide.Parse), to compare with the panel's; "" clears it. A
// text with no move counts whose lines are a FEN and perft counts ("FEN
// ;D1 20 ;D2 400", perftsuite.Parse) is a suite instead (Suite); one that
// looks like a suite but does not read as one is neither, and Note says
// where it departs from the format. A whole divide (a line for nine in
// ten of the position's moves or more) whose total (stated, or else the
// sum of its moves' counts) is not near perft(Depth) at the end of the
// path but near perft(d) for another depth d (PasteDepth) sets the depth
// to d, which Note says: a divide pasted from depth 2 is compared with
// Bitview's depth 2, not found to differ in every move from its depth 3.
func (pp *PerftPath) Paste(text string) {
	pp.Note, pp.Pasted, pp.Suite = "", nil, nil
	if text == "" {
		return
	}
	parsed := divide.Parse(text)
	if len(parsed.Moves) == 0 && looksLikeSuite(text) {
		s, err := perftsuite.Parse(text)
		switch {
		case err != nil:
			pp.Note = "The pasted suite cannot be read: " + err.Error() + "."
		case len(s.Positions) > 0:
			pp.Suite = &s
		}
		if err != nil || len(s.Positions) > 0 {
			return
		}
	}
	pp.Pasted = &parsed
	p, err := core.ParseFEN(pp.End())
	if err != nil {
		return
	}
	total := parsed.Total
	if !parsed.HasTotal {
		total = 0
		for _, m := range parsed.Moves {
			if total > math.MaxUint64-m.Nodes { // a paste is any text: the sum saturates, never wraps
				total = math.MaxUint64
			} else {
				total += m.Nodes
			}
		}
	}
	var buf [core.MaxMoves]core.Move
	if roots := len(p.LegalMoves(buf[:0])); len(parsed.Moves)*10 < roots*9 {
		return // a part of a divide (a move or two of it): its total tells no depth
	}
	if d, ok := PasteDepth(p, total); ok && d != pp.Depth {
		pp.Note = "The paste counts " + thousands.FormatUint(total) + " leaves, as perft(" + strconv.Itoa(d) + ") does here, not perft(" +
			strconv.Itoa(pp.Depth) + "): the depth is now " + strconv.Itoa(d) + "."
		pp.Depth = d
	}
}

// PasteDepth returns the depth, 1 to core.MaxDivideDepth, whose leaf count
// from p is nearest total (by their ratio: the counts of successive depths
// are a branching factor apart, about 20 to 40), and whether total is
// within a factor of 3 of it. perft(1) and perft(2) are counted; deeper
// counts are perft(2) times the branching factor perft(2)/perft(1) to the
// power d−2 (Kiwipete: 86,624 for 97,862 at depth 3; 6.6 billion for 8.0
// billion at depth 6), which is near enough to tell depths apart and costs
// a divide at depth 2, not a deeper one on the page's thread.
func PasteDepth(p core.Position, total uint64) (int, bool) {
	if total == 0 {
		return 0, false
	}
	d1, err := core.Divide(p, 1, nil)
	if err != nil || d1.Nodes == 0 {
		return 0, false
	}
	d2, err := core.Divide(p, 2, nil)
	if err != nil || d2.Nodes == 0 {
		return 0, false
	}
	b := float64(d2.Nodes) / float64(d1.Nodes)
	best, bestGap := 0, math.Inf(1)
	for d := 1; d <= core.MaxDivideDepth; d++ {
		count := float64(d1.Nodes)
		if d >= 2 {
			count = float64(d2.Nodes) * math.Pow(b, float64(d-2))
		}
		if gap := math.Abs(math.Log(float64(total) / count)); gap < bestGap {
			best, bestGap = d, gap
		}
	}
	return best, bestGap <= math.Log(3)
}

// looksLikeSuite reports whether a line of text is a line of a perft
// suite: a piece placement (eight ranks of piece letters and digits),
// the FEN's other fields, then a depth's count (";D1 20", or EPD's "D1
// 20;"). (A hand-written test: package regexp added 90 KB of brotli to
// the wasm.)
func looksLikeSuite(text string) bool {
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		fields := strings.Fields(strings.ReplaceAll(line, ";", " ; "))
		if len(fields) < 6 || strings.Count(fields[0], "/") != 7 || strings.Trim(fields[0], "12345678pnbrqkPNBRQK/") != "" {
			continue
		}
		for i, f := range fields[4 : len(fields)-1] { // after the placement, colour, castling and en passant fields
			if len(f) >= 2 && len(f) <= 3 && (f[0] == 'D' || f[0] == 'd') && strings.Trim(f[1:], "0123456789") == "" && f[1] != '0' &&
				strings.Trim(fields[4+i+1], "0123456789,") == "" {
				return true
			}
		}
	}
	return false
}

// SetStats switches the counting of each move's leaves by kind.
func (pp *PerftPath) SetStats(on bool) { pp.Stats = on }

// RefusePaste says a paste of n characters was not read: it is over
// MaxPerftPaste (counted before it is copied).
func (pp *PerftPath) RefusePaste(n int) {
	pp.Pasted, pp.Suite = nil, nil
	pp.Note = LimitMessage("The paste", n, MaxPerftPaste, "characters") + ": paste one divide or a suite of fewer positions."
}

// link returns what the link holds of the panel: its depth and path while
// it is open, else nothing.
func (pp *PerftPath) link(open bool) (depth int, path []string, root string) {
	if !open {
		return 0, nil, ""
	}
	if len(pp.Moves) > 0 && pp.Root != core.StartFEN {
		root = pp.Root
	}
	if len(pp.Moves) > 0 {
		path = pp.Moves
	}
	return pp.Depth, path, root
}

// FollowPerft keeps the perft path in step with the position on show
// (PerftPath.Follow), unless the FEN does not parse.
func (p *Page) FollowPerft() {
	if p.read.OK() {
		p.Perft.Follow(p.pos.FEN())
	}
}

// PerftDescend plays uci at the end of the perft path and shows the
// position it leads to, to divide one ply shallower there; it reports
// whether it could (see PerftGoTo).
func (p *Page) PerftDescend(uci string) bool {
	if !p.Perft.descend(uci) {
		return false
	}
	return p.PerftGoTo(len(p.Perft.Moves), p.Perft.Depth-1)
}

// PerftSuiteOpen shows fen, a position of the pasted suite, as a new
// entry of the history and makes it the root of the path, divided at
// depth: the suite's paste is cleared, so that the divide of that
// position can be compared with an engine's pasted next. It reports
// whether fen reads.
func (p *Page) PerftSuiteOpen(fen string, depth int) bool {
	if _, err := core.ParseFEN(fen); err != nil {
		return false
	}
	p.Perft.Paste("")
	p.ShowFEN(fen)
	p.FollowPerft()
	p.Perft.SetDepth(depth)
	return true
}

// PerftGoTo makes the node k moves from the root the one on show, as a
// new entry of the history, divided at depth: the paste is cleared (it
// was for another position). It reports whether there is such a node.
func (p *Page) PerftGoTo(k, depth int) bool {
	pp := &p.Perft
	if k < 0 || k > len(pp.Moves) || !pp.Rooted() {
		return false
	}
	pp.Moves, pp.FENs = pp.Moves[:k], pp.FENs[:k+1]
	pp.SetDepth(depth)
	pp.Paste("")
	p.ShowFEN(pp.FENs[k])
	return true
}
