package view

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/magic"
	"github.com/bitview/bitview/wasm/model"
)

func TestCellName(t *testing.T) {
	for _, c := range []struct {
		sq    core.Square
		index int
		bit   bool
		want  string
	}{
		{core.E4, 28, true, "e4, index 28, set"},
		{core.E4, 28, false, "e4, index 28, not set"},
		{core.E4, 36, true, "e4, index 36, set"}, // BERF
		{core.A1, 0, false, "a1, index 0, not set"},
		{core.H8, 119, true, "h8, index 119, set"},           // 0x88
		{core.NoSquare, 8, false, "off-board slot, index 8"}, // 0x88's a1 + 8
		{core.NoSquare, 0, true, "off-board slot, index 0"},  // 10×12's corner
	} {
		if got := CellName(c.sq, c.index, c.bit); got != c.want {
			t.Errorf("CellName(%v, %d, %v) = %q, want %q", c.sq, c.index, c.bit, got, c.want)
		}
	}
}

// cellNameRE is a bit grid cell's name (see CellName), with what a grid
// adds after it (", moving away", ", not on the board").
var cellNameRE = regexp.MustCompile(`^(?:([a-h][1-8]), index (\d+), (set|not set)|off-board slot, index (\d+))(, [a-z ]+)*$`)

// checkCellNames checks every cell of a bit grid (a gridcell with
// data-bit) in markup: its name says its square, its index and its bit as
// its attributes do, and holds the index the cell shows (its only text).
// It returns the number of cells checked.
func checkCellNames(t *testing.T, what, markup string) int {
	t.Helper()
	n := 0
	for _, c := range gridcells(t, markup) {
		bit, ok := c.attrs["data-bit"]
		if !ok {
			continue
		}
		n++
		name := c.attrs["aria-label"]
		m := cellNameRE.FindStringSubmatch(name)
		if m == nil {
			t.Errorf("%s: cell %v is named %q, want %q", what, c.attrs, name, "e4, index 28, set")
			continue
		}
		shown := stripTags(c.inner)
		if c.has("data-offboard") {
			if m[4] != c.attrs["data-index"] || shown != m[4] {
				t.Errorf("%s: off-board cell %v named %q shows %q", what, c.attrs, name, shown)
			}
			continue
		}
		state := map[string]string{"0": "not set", "1": "set"}[bit]
		if m[1] != c.attrs["data-square"] || m[2] != c.attrs["data-index"] || m[3] != state {
			t.Errorf("%s: cell %v is named %q, want its square, index and bit (%s)", what, c.attrs, name, state)
		}
		if shown != m[2] {
			t.Errorf("%s: cell %q shows the text %q, want its index %s alone (its visible label, in its name)", what, name, shown, m[2])
		}
		if title, ok := c.attrs["title"]; ok && title != name {
			t.Errorf("%s: cell %q has the tooltip %q", what, name, title)
		}
	}
	return n
}

// TestGridCellNames: every cell of every bit grid is named for its
// square, index and bit, in every layout: the cards (and seen from
// Black), the free card, the engine panels' grids, the shift demo and the
// rotated bitboards of the representations.
func TestGridCellNames(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	bb := p.Occupied()
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			s := model.Shown{Key: "occupied", Title: "AllOccupied", Bits: bb}
			if n := checkCellNames(t, "Card "+l.ID, Card(l, s, bb&^core.Rank2BB, flipped)); n != l.Slots {
				t.Errorf("Card %s: %d cells, want %d", l.ID, n, l.Slots)
			}
			if n := checkCellNames(t, "FreeCard "+l.ID, FreeCard(l, bb, flipped, FreeEdit{})); n != l.Slots {
				t.Errorf("FreeCard %s: %d cells, want %d", l.ID, n, l.Slots)
			}
		}
	}
	s, err := magic.Explain(core.Rook, core.H1, p.Occupied())
	if err != nil {
		t.Fatal(err)
	}
	if n := checkCellNames(t, "MagicSteps", MagicSteps(s)); n < 5*64 {
		t.Errorf("MagicSteps: %d cells, want five grids at least", n)
	}
	nums := dump.Read("P: 0x000000081000e700\nN = 0x0000000010040000").Numbers
	if n := checkCellNames(t, "DumpVerdicts", DumpVerdicts(dump.Match(&p, nums)[0])); n == 0 {
		t.Error("DumpVerdicts: no grid of the differing number")
	}
	for i, op := range model.ShiftOps {
		for step := range 4 {
			m, _, _ := ShiftFrame(p.Pieces(core.WhitePawn), op, step)
			if n := checkCellNames(t, "ShiftFrame "+op.Label, m); n != 64 {
				t.Errorf("ShiftFrame %d step %d: %d cells", i, step, n)
			}
		}
	}
	if n := checkCellNames(t, "Representations", Representations(&p, core.E4)); n != 4*64 {
		t.Errorf("Representations: %d bit cells, want the four rotated bitboards'", n)
	}
	// The shift demo says what each cell is doing.
	m, _, _ := ShiftFrame(core.E2.Bitboard()|core.H2.Bitboard(), model.ShiftOps[1], 1)
	for _, want := range []string{`aria-label="h2, index 15, not set, moving away"`, `aria-label="a3, index 16, set, wrapped around to here, where it lands"`,
		`aria-label="e2, index 12, set, waiting to move"`} {
		if !strings.Contains(m, want) {
			t.Errorf("ShiftFrame(e2 h2, x << 1, 1) lacks %s", want)
		}
	}
}

// TestBoardSquareNames: a board square keeps its name: square, piece or
// empty, and its index in the layout on show.
func TestBoardSquareNames(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	for _, c := range []struct{ layout, sq, want string }{
		{"lerf", "e4", "e4, white pawn, LERF (a1 = 0) 28"},
		{"lerf", "e3", "e3, empty, LERF (a1 = 0) 20"},
		{"berf", "e4", "e4, white pawn, BERF (a8 = 0) 36"},
		{"0x88", "h8", "h8, black rook, 0x88 119"},
	} {
		out := Board(&p, mustLayout(t, c.layout), false, true, 0)
		found := false
		for _, sq := range gridcells(t, out) {
			if sq.attrs["data-square"] == c.sq {
				found = true
				if sq.attrs["aria-label"] != c.want {
					t.Errorf("%s %s is named %q, want %q", c.layout, c.sq, sq.attrs["aria-label"], c.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no square %s", c.layout, c.sq)
		}
	}
}

// labelInName reports whether the words of visible, a cell's text, come
// in its name in the same order, one after another, as axe-core's rule
// label-content-name-mismatch asks (WCAG 2.5.3, Label in Name): text in
// parentheses is left out, and so is what is neither a letter nor a digit.
func labelInName(visible, name string) bool {
	words := func(s string) []string {
		for {
			t := regexp.MustCompile(`\([^()]*\)`).ReplaceAllString(s, "")
			if t == s {
				break
			}
			s = t
		}
		return strings.Fields(regexp.MustCompile(`[^\p{L}\p{N}]+`).ReplaceAllString(strings.ToLower(s), " "))
	}
	v, n := words(visible), words(name)
	if len(v) == 0 {
		return true
	}
	for i := 0; i+len(v) <= len(n); i++ {
		if slices.Equal(n[i:i+len(v)], v) {
			return true
		}
	}
	return false
}

// TestCellLabelInName: the text of every cell of every grid (the board
// with its indices, the cards, the free card, the engine panels, the shift
// demo and every grid of the representations) is in its name.
func TestCellLabelInName(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	s, _ := magic.Explain(core.Bishop, core.C1, p.Occupied())
	nums := dump.Read("P: 0x000000081000e700\nN = 0x0000000010040000").Numbers
	shift, _, _ := ShiftFrame(p.Pieces(core.WhitePawn), model.ShiftOps[1], 3)
	markup := map[string]string{
		"MagicSteps":      MagicSteps(s),
		"DumpVerdicts":    DumpVerdicts(dump.Match(&p, nums)[0]),
		"ShiftFrame":      shift,
		"Representations": Representations(&p, core.E4),
	}
	for _, l := range core.Layouts {
		markup["Board "+l.ID] = Board(&p, l, true, true, 0)
		markup["Card "+l.ID] = Card(l, model.Shown{Key: "P", Title: "WhitePawns", Bits: p.Pieces(core.WhitePawn)}, 0, false)
		markup["FreeCard "+l.ID] = FreeCard(l, p.Occupied(), false, FreeEdit{})
	}
	for what, m := range markup {
		cells := gridcells(t, m)
		if len(cells) == 0 {
			t.Errorf("%s: no cells", what)
		}
		for _, c := range cells {
			if shown := stripTags(c.inner); !labelInName(shown, c.attrs["aria-label"]) {
				t.Errorf("%s: a cell shows %q but is named %q", what, shown, c.attrs["aria-label"])
			}
		}
	}
	for _, c := range []struct {
		visible, name string
		want          bool
	}{{"28", "e4, index 28, set", true}, {"128", "e4, index 28, set", false}, {"1 28", "e4, index 28, set", false},
		{"0 4", "a1, index 0 (0x00): 4 (WROOK)", true}, {"8 ×", "off-board slot, index 8: OFFBOARD (7)", true}} {
		if got := labelInName(c.visible, c.name); got != c.want {
			t.Errorf("labelInName(%q, %q) = %v, want %v", c.visible, c.name, got, c.want)
		}
	}
}
