package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// shiftMoves lists the squares of src in the order the demo moves them
// (the far end first, so no bit lands on one still waiting) and where each
// lands: NoSquare when it falls off the board or is masked away.
func shiftMoves(src core.Bitboard, op model.ShiftOp) (from, to []core.Square) {
	for sq := range src.Squares() {
		from = append(from, sq)
	}
	if op.By > 0 {
		for i, j := 0, len(from)-1; i < j; i, j = i+1, j-1 {
			from[i], from[j] = from[j], from[i]
		}
	}
	for _, sq := range from {
		t := int(sq) + op.By
		if op.Mask.Has(sq) || t < 0 || t > 63 {
			to = append(to, core.NoSquare)
		} else {
			to = append(to, core.Square(t))
		}
	}
	return from, to
}

// ShiftFrame draws frame step of the demo of op on src: the first step
// bits have moved, the one moving now is marked from → to, bits that
// wrapped onto another rank's far file are marked as wraps, and masked or
// fallen bits as dropped. It also returns the number of frames and a
// sentence about the current move.
func ShiftFrame(src core.Bitboard, op model.ShiftOp, step int) (markup string, frames int, caption string) {
	from, to := shiftMoves(src, op)
	frames = len(from) + 1
	step = min(max(step, 0), len(from))
	state := map[core.Square]string{}
	for i := step; i < len(from); i++ {
		state[from[i]] = "rest"
	}
	wrapped := func(i int) bool {
		return to[i] != core.NoSquare && abs(int(to[i].File())-int(from[i].File())) > 1
	}
	var moved core.Bitboard
	for i := range step {
		if to[i] != core.NoSquare {
			moved.Set(to[i])
			state[to[i]] = "moved"
			if wrapped(i) {
				state[to[i]] = "wrap"
			}
		}
	}
	caption = "x = " + model.ReadoutOf(core.Layouts[0], src).Hex + ": press Step or Play to move each bit."
	if step > 0 {
		i := step - 1
		switch {
		case to[i] == core.NoSquare && op.Mask.Has(from[i]):
			caption = from[i].String() + " is cleared by the mask before the shift: no wrap-around."
			state[from[i]] = "dropped"
		case to[i] == core.NoSquare:
			caption = from[i].String() + " falls off the board."
			state[from[i]] = "dropped"
		case wrapped(i):
			caption = from[i].String() + " → " + to[i].String() + ": it wrapped around to the other side of the board!"
			state[from[i]] = "from"
		default:
			caption = from[i].String() + " → " + to[i].String()
			state[from[i]] = "from"
		}
	}
	if step == len(from) {
		caption += " Result: " + model.ReadoutOf(core.Layouts[0], moved).Hex + "."
	}
	var b strings.Builder
	b.WriteString(`<div class="bits shiftgrid" role="grid" style="--cols:8" aria-label="` + escape(op.Label) + `, step ` + strconv.Itoa(step) + ` of ` + strconv.Itoa(len(from)) + `">`)
	for row := range 8 {
		r := core.Rank(7 - row)
		b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + r.String() + `</span>`)
		for f := core.FileA; f <= core.FileH; f++ {
			sq := core.NewSquare(f, r)
			st := state[sq]
			bit := "0"
			if st == "rest" || st == "moved" || st == "wrap" || st == "from" {
				bit = "1"
			}
			if st == "from" {
				bit = "→"
			}
			if step > 0 && to[step-1] == sq {
				st += " to"
			}
			name := CellName(sq, int(sq), bit == "1")
			for _, s := range strings.Fields(st) {
				name += ", " + shiftStates[s]
			}
			b.WriteString(`<div role="gridcell" class="cell ` + st + `" data-square="` + sq.String() + `" data-index="` + strconv.Itoa(int(sq)) + `" data-state="` + strings.TrimSpace(st) + `" data-bit="` +
				map[bool]string{true: "1", false: "0"}[bit == "1"] + `" aria-label="` + name + `" title="` + name + `">` + cellDigits(bit, strconv.Itoa(int(sq))) + `</div>`)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`<div role="row" class="row files" aria-hidden="true"><span></span>`)
	for f := core.FileA; f <= core.FileH; f++ {
		b.WriteString(`<span class="coord file">` + f.String() + `</span>`)
	}
	b.WriteString(`</div></div>`)
	return b.String(), frames, caption
}

// shiftStates says in words what each class of a shift demo's cell shows
// (after its name, see CellName).
var shiftStates = map[string]string{
	"rest":    "waiting to move",
	"moved":   "moved here",
	"wrap":    "wrapped around to here",
	"from":    "moving away",
	"to":      "where it lands",
	"dropped": "dropped",
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ShiftOpOptions returns the <option>s of the demo's shift selector.
func ShiftOpOptions(selected int) string {
	var b strings.Builder
	for i, op := range model.ShiftOps {
		b.WriteString(`<option value="` + strconv.Itoa(i) + `"`)
		if i == selected {
			b.WriteString(" selected")
		}
		b.WriteString(`>` + escape(op.Label) + `</option>`)
	}
	return b.String()
}

// BitboardOptions returns one <option> per core.BitboardNames entry, with
// selected chosen.
func BitboardOptions(selected string) string {
	var b strings.Builder
	for _, n := range core.BitboardNames {
		b.WriteString(`<option value="` + escape(n.Name) + `"`)
		if n.Name == selected {
			b.WriteString(" selected")
		}
		b.WriteString(`>` + escape(n.Name) + ` (` + escape(n.Title) + `)</option>`)
	}
	return b.String()
}
