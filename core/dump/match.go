package dump

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bitview/bitview/core"
)

// A Mapping is a candidate square numbering for 64-bit dumps: it gives
// each square its bit (0 = least significant).
type Mapping struct {
	ID    string // a core.Layouts id ("lerf", "msb-a8", "berf", …) or one of the symmetries below
	Name  string
	About string
	bit   [core.SquareCount]uint8
}

// Bit returns the bit of square sq in m.
func (m *Mapping) Bit(sq core.Square) int { return int(m.bit[sq]) }

// Value returns b (LERF) as m's 64-bit number.
func (m *Mapping) Value(b core.Bitboard) uint64 {
	var v uint64
	for sq := range b.Squares() {
		v |= 1 << m.bit[sq]
	}
	return v
}

// Squares returns the squares (as a LERF bitboard) of the bits of v in m.
func (m *Mapping) Squares(v uint64) core.Bitboard {
	var b core.Bitboard
	for sq := core.A1; sq < core.NoSquare; sq++ {
		if v>>m.bit[sq]&1 != 0 {
			b.Set(sq)
		}
	}
	return b
}

// symmetries are the eight ways to number the squares rank by rank or
// file by file from a corner, as functions of file f and rank r (0–7).
// Five of them are also in core.Layouts (lerf, berf, msb-a8, which is
// lerf-mirrored, lefr and befr), whose entries take precedence: Mappings
// lists a symmetry only when no 64-slot layout numbers the squares as it
// does, so any layout added there with one of these numberings replaces
// its symmetry here.
var symmetries = []struct {
	id, name, about string
	bit             func(f, r int) int
}{
	{"lerf", "LERF (a1 = 0)", "rank by rank from a1: a1 = 0, h1 = 7, h8 = 63", func(f, r int) int { return 8*r + f }},
	{"berf", "BERF (a8 = 0)", "rank by rank from a8: a8 = 0, h8 = 7, h1 = 63", func(f, r int) int { return 8*(7-r) + f }},
	{"lerf-mirrored", "h1 = 0", "rank by rank from h1 leftwards: h1 = 0, a1 = 7, a8 = 63", func(f, r int) int { return 8*r + 7 - f }},
	{"lerf-reversed", "h8 = 0", "rank by rank from h8 leftwards: h8 = 0, a8 = 7, a1 = 63 (LERF with its bits reversed)", func(f, r int) int { return 63 - 8*r - f }},
	{"lefr", "LEFR (a1 = 0, file-major)", "file by file from a1: a1 = 0, a8 = 7, h8 = 63", func(f, r int) int { return 8*f + r }},
	{"lefr-flipped", "a8 = 0, file-major", "file by file from a8 downwards: a8 = 0, a1 = 7, h1 = 63", func(f, r int) int { return 8*f + 7 - r }},
	{"lefr-mirrored", "h1 = 0, file-major", "file by file from h1: h1 = 0, h8 = 7, a8 = 63", func(f, r int) int { return 8*(7-f) + r }},
	{"befr", "BEFR (h8 = 0, file-major)", "file by file from h8 downwards: h8 = 0, h1 = 7, a1 = 63 (LEFR with its bits reversed)", func(f, r int) int { return 63 - 8*f - r }},
}

// Mappings returns the candidate mappings: every 64-slot entry of
// core.Layouts in its order, then each symmetry whose numbering no layout
// has.
func Mappings() []Mapping { return slices.Clone(mappings()) }

// mappings is Mappings' list, built once.
var mappings = sync.OnceValue(func() []Mapping {
	var ms []Mapping
	seen := func(m *Mapping) bool {
		return slices.ContainsFunc(ms, func(o Mapping) bool { return o.bit == m.bit })
	}
	for _, l := range core.Layouts {
		if l.Slots != 64 {
			continue
		}
		m := Mapping{ID: l.ID, Name: l.Name, About: l.About}
		for sq := core.A1; sq < core.NoSquare; sq++ {
			m.bit[sq] = uint8(l.Index(sq))
		}
		if !seen(&m) {
			ms = append(ms, m)
		}
	}
	for _, s := range symmetries {
		m := Mapping{ID: s.id, Name: s.name, About: s.about}
		for sq := core.A1; sq < core.NoSquare; sq++ {
			m.bit[sq] = uint8(s.bit(int(sq.File()), int(sq.Rank())))
		}
		if !seen(&m) {
			ms = append(ms, m)
		}
	}
	return ms
})

// mappingByID returns the mapping with the id: one of Mappings, or a
// symmetry's id whose numbering a layout of core.Layouts holds (then that
// layout's mapping: "lerf-mirrored" is "msb-a8"); else the zero Mapping.
// It points into Mappings' list, built once: verdicts share it, never
// change it.
func mappingByID(id string) *Mapping {
	ms := mappings()
	for i := range ms {
		if ms[i].ID == id {
			return &ms[i]
		}
	}
	for _, s := range symmetries {
		if s.id != id {
			continue
		}
		for i := range ms {
			same := true
			for sq := core.A1; sq < core.NoSquare && same; sq++ {
				same = int(ms[i].bit[sq]) == s.bit(int(sq.File()), int(sq.Rank()))
			}
			if same {
				return &ms[i]
			}
		}
	}
	return &noMapping
}

// noMapping is the zero Mapping, for an unknown id.
var noMapping Mapping

// An Order is a candidate order of the dumped bitboards, by the names of
// core.BitboardNames ("P" … "k", "white", "black", "occupied", "pawns" …).
type Order struct {
	ID    string
	Name  string
	Names []string
}

// Orders are the bitboard orders Match tries when the numbers are not all
// labelled.
var Orders = []Order{
	{"PNBRQKpnbrqk", "white P N B R Q K, then black", strings.Split("P N B R Q K p n b r q k", " ")},
	{"PNBRQKpnbrqk+colours", "white P N B R Q K, black, then white and black pieces", strings.Split("P N B R Q K p n b r q k white black", " ")},
	{"pnbrqkPNBRQK", "black p n b r q k, then white", strings.Split("p n b r q k P N B R Q K", " ")},
	{"PpNnBbRrQqKk", "interleaved: white pawns, black pawns, white knights …", strings.Split("P p N n B b R r Q q K k", " ")},
	{"KQRBNPkqrbnp", "white K Q R B N P, then black", strings.Split("K Q R B N P k q r b n p", " ")},
	{"colours+types", "white, black, then pawns … kings of both colours", strings.Split("white black pawns knights bishops rooks queens kings", " ")},
	{"types+colours", "pawns … kings of both colours, then white, black", strings.Split("pawns knights bishops rooks queens kings white black", " ")},
	{"stockfish", "Stockfish: all pieces, pawns … kings, then white, black", strings.Split("occupied pawns knights bishops rooks queens kings white black", " ")},
}

// A Verdict says whether one dumped number agrees with the position.
type Verdict struct {
	Number   Number
	Bitboard string        // the core.BitboardNames name it is compared with; "" when beyond the order
	Title    string        // its conventional name, e.g. "WhitePawns"
	Want     uint64        // the position's bitboard in Numbering
	OK       bool          // the number (Number.Value == Want) and its grid agree
	Extra    core.Bitboard // squares set in the number (for a grid alone, the grid) but not in the position
	Missing  core.Bitboard // squares of the position the number (the grid) lacks

	// Numbering is the mapping the number's bits are read in: the
	// result's Mapping, the one its format fixes (Number.Numbering), or
	// for a grid alone its reading order (Grid.Numbering, or the one
	// Result.GridTop gives); nil beyond the order. It is shared: never
	// change it.
	Numbering *Mapping
	// Got holds the squares the number (for a grid alone, the grid) has.
	Got core.Bitboard
	// GridExtra and GridMissing are the squares the grid drawn beside a
	// number has and the position lacks, and the reverse; both 0 for a
	// number without a grid.
	GridExtra, GridMissing core.Bitboard
}

// A Result is one mapping and order tried, with its verdicts.
type Result struct {
	// Mapping is the numbering of the engine's numbers; the zero Mapping
	// (ID "") when the dump has none: only grids, or numbers whose format
	// fixes their numbering.
	Mapping Mapping
	// GridTop is the rank at the top of the grids drawn without rank
	// labels, 8 or 1; 0 when the dump has no such grid.
	GridTop  int
	Order    Order
	Verdicts []Verdict
	Agree    int // numbers that agree
	Wrong    int // bits that differ over all numbers and grids (a number beyond the order counts 64)
}

// Numbering names the result's reading of the numbers' bits and of the
// grids: "LERF (a1 = 0)", "grids with rank 8 at the top", or both joined
// by "; "; "" when neither is inferred.
func (r *Result) Numbering() string {
	var parts []string
	if r.Mapping.ID != "" {
		parts = append(parts, r.Mapping.Name)
	}
	if r.GridTop != 0 {
		parts = append(parts, "grids with rank "+strconv.Itoa(r.GridTop)+" at the top")
	}
	return strings.Join(parts, "; ")
}

// Match tries every mapping of Mappings with every order (or, when every
// number has a label naming a bitboard, with the order of the labels:
// Order.ID "labels") and returns the results best first: most numbers
// agreeing, then fewest differing bits, then the earlier order, then the
// earlier mapping. It returns nil for no numbers. Labels are read as FEN
// letters ("P", "k": case matters), names such as "WhitePawns",
// "white_knights", "wn", "bK", "black", "occupied", "pawns", or an index
// such as "pieces[WHITE_PAWN]" (its last word).
//
// Ties are real: the start position is its own mirror image with the
// colours swapped, so BERF with White's bitboards first agrees exactly as
// well as LERF with Black's first. The tie goes to the earlier order
// (Orders lists the common ones first, White first the usual), then the
// earlier mapping; Tied returns the others.
func Match(p *core.Position, nums []Number) []Result {
	if len(nums) == 0 {
		return nil
	}
	orders := Orders
	if labels, ok := labelOrder(nums); ok {
		orders = []Order{labels}
	}
	// The engine's numbering is tried only for numbers written in it,
	// and both rank orders only for grids without rank labels.
	ms := []Mapping{{}}
	tops := []int{0}
	for _, n := range nums {
		if n.Base != 0 && n.Numbering == "" {
			ms = mappings()
		}
		if n.Grid != nil && n.Grid.Numbering == "" {
			tops = []int{8, 1}
		}
	}
	var rs []Result
	for _, o := range orders {
		for k := range ms {
			for _, top := range tops {
				rs = append(rs, judge(p, nums, &ms[k], top, o))
			}
		}
	}
	slices.SortStableFunc(rs, func(a, b Result) int {
		if a.Agree != b.Agree {
			return b.Agree - a.Agree
		}
		return a.Wrong - b.Wrong
	})
	return rs
}

// judge compares nums with p's bitboards under mapping m, grids without
// rank labels read with rank top at the top, and order o. A number the
// dump gives an index (Number.Indexed) is compared with the bitboard at
// that place of the order.
func judge(p *core.Position, nums []Number, m *Mapping, top int, o Order) Result {
	r := Result{Mapping: *m, GridTop: top, Order: o}
	for i, n := range nums {
		v := Verdict{Number: n}
		slot := i
		if n.Indexed {
			slot = n.Index
		}
		if slot >= len(o.Names) {
			r.Wrong += 64
			r.Verdicts = append(r.Verdicts, v)
			continue
		}
		name, _ := core.LookupBitboard(o.Names[slot])
		want := name.Of(p)
		v.Bitboard, v.Title = name.Name, name.Title
		v.OK = true
		if n.Base != 0 {
			v.Numbering = m
			if n.Numbering != "" {
				v.Numbering = mappingByID(n.Numbering)
			}
			v.Want = v.Numbering.Value(want)
			v.Got = v.Numbering.Squares(n.Value)
			v.OK = v.Want == n.Value
			r.Wrong += bits.OnesCount64(v.Want ^ n.Value)
		}
		if g := n.Grid; g != nil {
			gm := GridMapping(g, top)
			got := gm.Squares(g.Cells)
			if n.Base == 0 {
				v.Numbering, v.Want, v.Got = gm, gm.Value(want), got
			} else {
				v.GridExtra, v.GridMissing = got&^want, want&^got
			}
			v.OK = v.OK && got == want
			r.Wrong += (got ^ want).Count()
		}
		v.Extra, v.Missing = v.Got&^want, want&^v.Got
		if v.OK {
			r.Agree++
		}
		r.Verdicts = append(r.Verdicts, v)
	}
	return r
}

// labelOrder returns the order the labels of nums give, when every number
// has a label that names a bitboard.
func labelOrder(nums []Number) (Order, bool) {
	o := Order{ID: "labels", Name: "as labelled"}
	for _, n := range nums {
		name, ok := LookupLabel(n.Label)
		if !ok {
			return Order{}, false
		}
		o.Names = append(o.Names, name)
	}
	return o, true
}

// labelAliases maps a normalised label (lower case, letters and digits
// only) to a core.BitboardNames name. It is built on first use, not at
// every start of the wasm: only a pasted dump with labels needs it.
var labelAliases = sync.OnceValue(func() map[string]string {
	m := map[string]string{
		"white": "white", "whitepieces": "white", "whites": "white", "w": "white",
		"black": "black", "blackpieces": "black", "blacks": "black",
		"occupied": "occupied", "occupancy": "occupied", "occ": "occupied", "all": "occupied", "allpieces": "occupied",
		"empty": "empty", "free": "empty",
	}
	types := []string{"pawn", "knight", "bishop", "rook", "queen", "king"}
	for i, t := range types {
		letter := strings.ToLower(string("PNBRQK"[i]))
		m[t+"s"], m[t] = t+"s", t+"s"
		for c, col := range []string{"white", "black"} {
			name := string("PNBRQK"[i])
			if c == 1 {
				name = letter
			}
			for _, alias := range []string{col + t + "s", col + t, col[:1] + t + "s", col[:1] + t, t + "s" + col, t + col,
				col[:1] + letter, col + letter, col + "_" + t} {
				m[normalise(alias)] = name
			}
		}
	}
	return m
})

// normalise lower-cases s and keeps only its letters and digits.
func normalise(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
}

// LookupLabel returns the core.BitboardNames name a dump label stands for:
// a FEN letter as written ("P" white pawns, "p" black pawns); else the
// names in its subscripts, one ("bitboards[p]", "byTypeBB[PAWN]",
// "pieces[WHITE_PAWN]") or a colour and a type together
// ("pieces[WHITE][PAWN]", "bb[Pawn][Black]"); else the whole label or its
// last word, normalised, among the aliases ("WhitePawns", "white_pawns",
// "wP", "bk", "occupied" …).
func LookupLabel(label string) (string, bool) {
	label = strings.TrimSpace(label)
	if len(label) == 1 {
		if _, ok := core.PieceFromLetter(label[0]); ok {
			return label, true
		}
	}
	if names := subscriptNames(label); len(names) == 1 {
		if name, ok := LookupLabel(names[0]); ok {
			return name, true
		}
	} else if len(names) == 2 {
		if name, ok := labelAliases()[normalise(names[0]+names[1])]; ok {
			return name, true
		}
	}
	if name, ok := labelAliases()[normalise(label)]; ok {
		return name, true
	}
	words := strings.FieldsFunc(label, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
	})
	if len(words) > 1 {
		return LookupLabel(words[len(words)-1])
	}
	return "", false
}

// subscriptNames returns the name in each subscript of label, its last
// word ("Color::White" → "White"): "pieces[WHITE][PAWN]" → WHITE, PAWN;
// an unclosed last subscript counts ("bb[WN"). nil when a subscript holds
// no name (a number: an index, not a name).
func subscriptNames(label string) []string {
	var names []string
	for {
		open := strings.IndexByte(label, '[')
		if open < 0 {
			return names
		}
		label = label[open+1:]
		end := strings.IndexByte(label, ']')
		if end < 0 {
			end = len(label)
		}
		words := strings.FieldsFunc(label[:end], func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_')
		})
		if len(words) == 0 || isDecimal(words[len(words)-1]) {
			return nil
		}
		names = append(names, words[len(words)-1])
		label = label[end:]
	}
}

// reading names what r compares: its mapping and the bitboard each
// pasted number is compared with. Two results with the same reading agree
// and differ alike, whatever their orders are called.
func (r *Result) reading() string {
	key := r.Mapping.ID + " " + strconv.Itoa(r.GridTop)
	for _, v := range r.Verdicts {
		key += " " + v.Bitboard
	}
	return key
}

// Distinct returns rs without the results that read the numbers as a
// result before them does: the same mapping comparing each number with
// the same bitboard. An order that differs only beyond the numbers pasted
// (White first with or without the colours after, for twelve numbers) is
// the same reading. rs keeps its order; the first of each reading stays.
func Distinct(rs []Result) []Result {
	var out []Result
	seen := map[string]bool{}
	for i := range rs {
		key := rs[i].reading()
		if !seen[key] {
			out = append(out, rs[i])
		}
		seen[key] = true
	}
	return out
}

// Tied returns the results after rs[0] that agree exactly as well (as
// many numbers, as few differing bits) under another reading: a mapping
// or bitboards other than those of a result before it (see Distinct). See
// Match on ties.
func Tied(rs []Result) []Result {
	var tied []Result
	for i, r := range Distinct(rs) {
		if i > 0 && (r.Agree != rs[0].Agree || r.Wrong != rs[0].Wrong) {
			break
		}
		if i > 0 {
			tied = append(tied, r)
		}
	}
	return tied
}

// GridMapping returns the mapping under which g's cells read as squares:
// its own (Grid.Numbering), or for a grid without rank labels the one
// with rank top (8 or 1, as Result.GridTop) at the top. The mapping is
// shared: never change it.
func GridMapping(g *Grid, top int) *Mapping {
	if g.Numbering != "" {
		return mappingByID(g.Numbering)
	}
	return mappingByID(gridNumbering(top != 1, g.Mirrored))
}
