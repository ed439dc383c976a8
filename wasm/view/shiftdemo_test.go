package view

import (
	"fmt"
	"math/bits"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// shiftCell is one square of a shift demo frame.
type shiftCell struct {
	sq    string
	state string // data-state: "", "rest", "moved", "wrap", "from", "dropped", each maybe followed by " to"
	bit   string // data-bit
}

// shiftCells parses a frame's 64 cells, rank 8 first, and checks their
// squares and bits.
func shiftCells(t *testing.T, out string) map[string]shiftCell {
	t.Helper()
	cells := gridcells(t, out)
	if len(cells) != 64 {
		t.Fatalf("%d cells, want 64", len(cells))
	}
	m := map[string]shiftCell{}
	for i, c := range cells {
		sq := core.NewSquare(core.File(i%8), core.Rank(7-i/8)).String()
		if c.attrs["data-square"] != sq {
			t.Errorf("cell %d is %q, want %s", i, c.attrs["data-square"], sq)
		}
		st := c.attrs["data-state"]
		base := strings.TrimSuffix(st, " to")
		switch base {
		case "", "rest", "moved", "wrap", "from", "dropped", "to":
		default:
			t.Errorf("%s: unknown state %q", sq, st)
		}
		wantBit := "0"
		if base == "rest" || base == "moved" || base == "wrap" {
			wantBit = "1"
		}
		if c.attrs["data-bit"] != wantBit {
			t.Errorf("%s (%q): data-bit %q, want %s", sq, st, c.attrs["data-bit"], wantBit)
		}
		m[sq] = shiftCell{sq, st, c.attrs["data-bit"]}
	}
	return m
}

// withState returns the squares whose state (without " to") is one of states.
func withState(t *testing.T, cells map[string]shiftCell, states ...string) core.Bitboard {
	var b core.Bitboard
	for sq, c := range cells {
		for _, s := range states {
			if strings.TrimSuffix(c.state, " to") == s {
				b.Set(mustSquare(t, sq))
			}
		}
	}
	return b
}

// shifted computes op on x directly: the mask cleared, then a Go shift
// (which drops the bits leaving the 64).
func shifted(x core.Bitboard, op model.ShiftOp) core.Bitboard {
	x &^= op.Mask
	if op.By >= 0 {
		return x << op.By
	}
	return x >> -op.By
}

// wrapTargets returns where op moves the bits of x that change file by
// other than the shift's own file step (+1 for 1 and 9, -1 for -1, 0 for ±8).
func wrapTargets(x core.Bitboard, op model.ShiftOp) core.Bitboard {
	step := map[int]int{8: 0, -8: 0, 1: 1, 9: 1, -1: -1, 7: -1, -7: 1, -9: -1}[op.By]
	var b core.Bitboard
	for sq := range (x &^ op.Mask).Squares() {
		to := int(sq) + op.By
		if to < 0 || to > 63 {
			continue
		}
		if int(core.Square(to).File())-int(sq.File()) != step {
			b.Set(core.Square(to))
		}
	}
	return b
}

// regexpOptionText finds each <option>'s text.
var regexpOptionText = regexp.MustCompile(`<option[^>]*>(.*?)</option>`)

func hex16(b core.Bitboard) string { return fmt.Sprintf("0x%016x", uint64(b)) }

func TestShiftFrameStartPawns(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	src, _ := core.LookupBitboard("P")
	x := src.Of(p) // rank 2
	n := bits.OnesCount64(uint64(x))
	for _, op := range model.ShiftOps {
		t.Run(op.Label, func(t *testing.T) {
			_, frames, _ := ShiftFrame(x, op, 0)
			if frames != n+1 {
				t.Fatalf("frames = %d, want %d", frames, n+1)
			}

			// Frame 0: the source at rest on rank 2, nothing moved yet.
			out, _, caption := ShiftFrame(x, op, 0)
			checkTagBalance(t, out, "div", "span", "b", "small")
			cells := shiftCells(t, out)
			if rest := withState(t, cells, "rest"); rest != core.Rank2BB {
				t.Errorf("frame 0 rest cells %#x, want rank 2", uint64(rest))
			}
			if others := withState(t, cells, "moved", "wrap", "from", "dropped"); others != 0 {
				t.Errorf("frame 0 has moved cells %#x", uint64(others))
			}
			if !strings.Contains(caption, hex16(x)) {
				t.Errorf("frame 0 caption %q lacks the source %s", caption, hex16(x))
			}

			// Every frame: the bits still waiting plus those moved are the
			// source, minus the ones dropped or in flight.
			for step := 1; step < frames; step++ {
				out, _, _ := ShiftFrame(x, op, step)
				cells := shiftCells(t, out)
				if got := withState(t, cells, "rest").Count() + withState(t, cells, "from", "dropped").Count(); got != n-step+1 {
					t.Errorf("frame %d: %d bits waiting or moving, want %d", step, got, n-step+1)
				}
			}

			// Last frame: every bit has moved where the shift sends it.
			out, _, caption = ShiftFrame(x, op, frames-1)
			cells = shiftCells(t, out)
			want := shifted(x, op)
			if got := withState(t, cells, "moved", "wrap"); got != want {
				t.Errorf("last frame moved cells %s, want %s", hex16(got), hex16(want))
			}
			if got, want := withState(t, cells, "wrap"), wrapTargets(x, op); got != want {
				t.Errorf("last frame wrap cells %s, want %s", hex16(got), hex16(want))
			}
			if rest := withState(t, cells, "rest"); rest != 0 {
				t.Errorf("last frame still has bits at rest: %s", hex16(rest))
			}
			if suffix := " Result: " + hex16(want) + "."; !strings.HasSuffix(caption, suffix) {
				t.Errorf("last caption %q does not end with %q", caption, suffix)
			}

			// Out-of-range frames are clamped.
			first, _, c0 := ShiftFrame(x, op, 0)
			lastOut, _, cl := ShiftFrame(x, op, frames-1)
			for _, s := range []int{-1, -100} {
				if o, _, c := ShiftFrame(x, op, s); o != first || c != c0 {
					t.Errorf("frame %d differs from frame 0", s)
				}
			}
			for _, s := range []int{frames, frames + 50} {
				if o, _, c := ShiftFrame(x, op, s); o != lastOut || c != cl {
					t.Errorf("frame %d differs from the last frame", s)
				}
			}
		})
	}
}

func TestShiftFrameWrap(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	src, _ := core.LookupBitboard("P")
	x := src.Of(p)
	op := func(label string) model.ShiftOp {
		for _, o := range model.ShiftOps {
			if strings.HasPrefix(o.Label, label) {
				return o
			}
		}
		t.Fatalf("no shift op %q", label)
		return model.ShiftOp{}
	}

	t.Run("raw east", func(t *testing.T) {
		// The far end moves first: h2 (bit 15) goes to bit 16, a3.
		out, _, caption := ShiftFrame(x, op("x << 1 (raw"), 1)
		cells := shiftCells(t, out)
		if c := cells["a3"]; c.state != "wrap to" || c.bit != "1" {
			t.Errorf("a3 = %+v, want the h2 pawn landed as a wrap", c)
		}
		if c := cells["h2"]; c.state != "from" {
			t.Errorf("h2 = %+v, want the square it left", c)
		}
		if !strings.Contains(caption, "h2 → a3") || !strings.Contains(caption, "wrapped") {
			t.Errorf("caption %q does not tell of the wrap h2 → a3", caption)
		}
		// It stays a wrap to the end.
		out, frames, _ := ShiftFrame(x, op("x << 1 (raw"), 100)
		if c := shiftCells(t, out)["a3"]; strings.TrimSuffix(c.state, " to") != "wrap" {
			t.Errorf("last frame (%d) a3 = %+v, want wrap", frames-1, c)
		}
	})

	t.Run("masked east", func(t *testing.T) {
		o := op("(x & ~fileH) << 1")
		out, frames, caption := ShiftFrame(x, o, 1)
		cells := shiftCells(t, out)
		if c := cells["h2"]; c.state != "dropped" || c.bit != "0" {
			t.Errorf("h2 = %+v, want dropped", c)
		}
		if c := cells["a3"]; c.state != "" {
			t.Errorf("a3 = %+v, want untouched", c)
		}
		if !strings.Contains(caption, "h2") || !strings.Contains(caption, "mask") {
			t.Errorf("caption %q does not say the mask clears h2", caption)
		}
		for step := range frames {
			out, _, _ := ShiftFrame(x, o, step)
			if w := withState(t, shiftCells(t, out), "wrap"); w != 0 {
				t.Errorf("frame %d: wrap cells %s", step, hex16(w))
			}
		}
	})

	for _, label := range []string{"x >> 8", "x << 8", "(x & ~fileH) << 9", "(x & ~fileA) >> 1"} {
		t.Run("no wrap "+label, func(t *testing.T) {
			o := op(label)
			_, frames, _ := ShiftFrame(x, o, 0)
			for step := range frames {
				out, _, caption := ShiftFrame(x, o, step)
				if w := withState(t, shiftCells(t, out), "wrap"); w != 0 {
					t.Errorf("frame %d: wrap cells %s", step, hex16(w))
				}
				if strings.Contains(caption, "wrapped") {
					t.Errorf("frame %d caption %q tells of a wrap", step, caption)
				}
			}
		})
	}

	t.Run("raw west", func(t *testing.T) {
		// The near end moves first: a2 (bit 8) goes to bit 7, h1.
		out, _, _ := ShiftFrame(x, op("x >> 1 (raw"), 1)
		if c := shiftCells(t, out)["h1"]; c.state != "wrap to" {
			t.Errorf("h1 = %+v, want the a2 pawn landed as a wrap", c)
		}
	})

	t.Run("falls off", func(t *testing.T) {
		// Rank 1 shifted south falls off the board.
		out, _, caption := ShiftFrame(core.Rank1BB, op("x >> 8"), 1)
		if c := shiftCells(t, out)["a1"]; c.state != "dropped" {
			t.Errorf("a1 = %+v, want dropped", c)
		}
		if !strings.Contains(caption, "falls off") {
			t.Errorf("caption %q", caption)
		}
		_, frames, caption := ShiftFrame(core.Rank1BB, op("x >> 8"), 8)
		if frames != 9 || !strings.HasSuffix(caption, " Result: "+hex16(0)+".") {
			t.Errorf("frames %d, caption %q", frames, caption)
		}
	})
}

func TestShiftFrameEmpty(t *testing.T) {
	for _, op := range model.ShiftOps {
		for _, step := range []int{-1, 0, 1, 5} {
			out, frames, caption := ShiftFrame(0, op, step)
			if frames != 1 {
				t.Errorf("%s step %d: %d frames, want 1", op.Label, step, frames)
			}
			cells := shiftCells(t, out)
			if b := withState(t, cells, "rest", "moved", "wrap", "from", "dropped"); b != 0 {
				t.Errorf("%s: cells %s in an empty frame", op.Label, hex16(b))
			}
			if !strings.Contains(caption, hex16(0)) {
				t.Errorf("%s: caption %q", op.Label, caption)
			}
		}
	}
}

func TestShiftFrameLabel(t *testing.T) {
	op := model.ShiftOp{Label: `x << 1 "<raw>" & more`, By: 1}
	out, _, _ := ShiftFrame(core.Rank2BB, op, 3)
	grids := startTags(t, out, "div")
	if len(grids) == 0 || grids[0]["role"] != "grid" {
		t.Fatalf("no grid: %s", short(out))
	}
	if want := op.Label + ", step 3 of 8"; grids[0]["aria-label"] != want {
		t.Errorf("aria-label %q, want %q", grids[0]["aria-label"], want)
	}
	if strings.Contains(out, op.Label) {
		t.Errorf("label not escaped")
	}
}

func TestShiftOpOptions(t *testing.T) {
	for _, sel := range []int{-1, 0, 3, len(model.ShiftOps) - 1, len(model.ShiftOps)} {
		out := ShiftOpOptions(sel)
		opts := startTags(t, out, "option")
		if len(opts) != len(model.ShiftOps) {
			t.Fatalf("%d options, want %d", len(opts), len(model.ShiftOps))
		}
		labels := regexpOptionText.FindAllStringSubmatch(out, -1)
		nsel := 0
		for i, o := range opts {
			if o["value"] != strconv.Itoa(i) {
				t.Errorf("option %d value %q", i, o["value"])
			}
			_, s := o["selected"]
			if s {
				nsel++
			}
			if s != (i == sel) {
				t.Errorf("selected %d: option %d selected = %v", sel, i, s)
			}
			checkText(t, "option", labels[i][1], model.ShiftOps[i].Label)
		}
		if inRange := sel >= 0 && sel < len(model.ShiftOps); inRange && nsel != 1 || !inRange && nsel != 0 {
			t.Errorf("selected %d: %d options selected", sel, nsel)
		}
	}
}

func TestBitboardOptions(t *testing.T) {
	for _, sel := range []string{"P", "occupied", "kings", "nothing", ""} {
		out := BitboardOptions(sel)
		opts := startTags(t, out, "option")
		if len(opts) != len(core.BitboardNames) {
			t.Fatalf("%d options, want %d", len(opts), len(core.BitboardNames))
		}
		texts := regexpOptionText.FindAllStringSubmatch(out, -1)
		nsel := 0
		for i, n := range core.BitboardNames {
			if opts[i]["value"] != n.Name {
				t.Errorf("option %d value %q, want %q", i, opts[i]["value"], n.Name)
			}
			if _, s := opts[i]["selected"]; s {
				nsel++
				if n.Name != sel {
					t.Errorf("%q selected, want %q", n.Name, sel)
				}
			}
			checkText(t, "option "+n.Name, texts[i][1], n.Name+" ("+n.Title+")")
		}
		_, known := core.LookupBitboard(sel)
		if known && nsel != 1 || !known && nsel != 0 {
			t.Errorf("selected %q: %d options selected", sel, nsel)
		}
	}
}
