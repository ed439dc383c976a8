package view

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/magic"
)

// The engine author's tools as the page and the element show them (issue
// 14): the bitboard-dump checker, the Polyglot key and the magic-bitboard
// steps, each the whole content of its panel's output region, built from
// the markup of bench.go.

// Tabs are the tools of the page's tool area, in the order of its tab
// bar: each is the id of its panel in index.html (State.Tab).
var Tabs = []string{"editor", "playground", "attacks", "game", "shiftdemo", "repr", "perft", "engine", "embed"}

// DefaultMagic is the magic panel's piece and square until one is picked.
const DefaultMagic = "rook:e4"

// ParseMagic reads a magic option, a slider and a square: "rook:e4",
// "bishop c1", "R:e4", "b c1" (the piece rook or bishop, or its letter, in
// any case; a colon or blanks between). An option over MaxOptionLength
// bytes is refused before it is read. The error says what is wrong.
func ParseMagic(s string) (core.PieceType, core.Square, error) {
	if len(s) > MaxOptionLength {
		return 0, core.NoSquare, errors.New(LimitMessage("magic", len(s), MaxOptionLength, "bytes"))
	}
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' })
	if len(f) != 2 {
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: write a piece and a square, e.g. "rook:e4" or "bishop:c1"`)
	}
	var pt core.PieceType
	switch strings.ToLower(f[0]) {
	case "rook", "r":
		pt = core.Rook
	case "bishop", "b":
		pt = core.Bishop
	default:
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: the piece must be rook or bishop (a queen uses both)`)
	}
	sq, ok := core.ParseSquare(strings.ToLower(f[1]))
	if !ok {
		return 0, core.NoSquare, errors.New(`magic ` + excerpt.Quote(s) + `: ` + excerpt.Quote(f[1]) + ` is not a square (a1 … h8)`)
	}
	return pt, sq, nil
}

// FormatMagic writes a magic option as ParseMagic reads it: "rook:e4".
func FormatMagic(pt core.PieceType, sq core.Square) string {
	return strings.ToLower(pt.String()) + ":" + sq.String()
}

// DumpReport checks the numbers pasted in text against p (see dump.Match)
// and returns the dump checker's output: what could not be read (each
// with its line and column), the best layout and piece order with a
// verdict and a bit grid per number (DumpVerdicts: bits the position
// lacks are "extra", bits it has and the number lacks "missing"), the
// readings that agree equally well (see dump.Tied), and the runners-up. A text over dump.MaxTextLength is refused before it is
// read.
func DumpReport(p *core.Position, text string) string {
	if strings.TrimSpace(text) == "" {
		return `<p class="hint">Paste the numbers your engine prints for this position: up to ` + strconv.Itoa(dump.MaxNumbers) +
			` bitboards in hex (<code>0x…</code> or 16 digits), binary (<code>0b…</code>) or decimal, signed or not, optionally labelled (<code>P:</code>, <code>WhitePawns =</code>).</p>`
	}
	if len(text) > dump.MaxTextLength {
		return Alert(LimitMessage("the dump", len(text), dump.MaxTextLength, "bytes"))
	}
	nums, probs := dump.ParseNumbers(text)
	var b strings.Builder
	if len(probs) > 0 {
		b.WriteString(`<div class="dump-problems" role="alert"><p>` + strconv.Itoa(len(probs)) + ` not understood:</p><ul>`)
		for _, pr := range probs {
			b.WriteString(`<li data-line="` + strconv.Itoa(pr.Line) + `" data-col="` + strconv.Itoa(pr.Col) + `">line ` +
				strconv.Itoa(pr.Line) + `, column ` + strconv.Itoa(pr.Col) + `: <code>` + escape(excerpt.Unquoted(pr.Text)) + `</code> — ` + escape(pr.Reason) + `</li>`)
		}
		b.WriteString(`</ul></div>`)
	}
	rs := dump.Match(p, nums)
	if len(rs) == 0 {
		b.WriteString(`<p class="hint">No numbers found.</p>`)
		return b.String()
	}
	best := rs[0]
	verdict := "."
	if best.Agree < len(best.Verdicts) {
		verdict = "; " + strconv.Itoa(len(best.Verdicts)-best.Agree) + " differ in " + strconv.Itoa(best.Wrong) + " bits."
	}
	b.WriteString(`<p class="dump-best" role="status"`)
	attr(&b, "data-layout", best.Mapping.ID)
	attr(&b, "data-order", best.Order.ID)
	b.WriteString(`>Layout <strong>` + escape(best.Mapping.Name) + `</strong> (` + escape(best.Mapping.About) + `), order <strong>` +
		escape(best.Order.Name) + `</strong>: ` + strconv.Itoa(best.Agree) + ` of ` + strconv.Itoa(len(best.Verdicts)) +
		` numbers agree` + verdict + `</p>`)
	if tied := dump.Tied(rs); len(tied) > 0 {
		b.WriteString(`<p class="dump-tie">Equally good: `)
		for i, r := range tied[:min(3, len(tied))] {
			if i > 0 {
				b.WriteString(`; `)
			}
			b.WriteString(`<span data-layout="` + escape(r.Mapping.ID) + `" data-order="` + escape(r.Order.ID) + `">` + escape(r.Mapping.Name) +
				`, ` + escape(r.Order.Name) + `</span>`)
		}
		why := ""
		if strings.HasPrefix(p.FEN(), strings.Fields(core.StartFEN)[0]+" ") {
			why = " (the start position is its own mirror image with the colours swapped)"
		}
		b.WriteString(`. These numbers cannot tell them apart` + why + `: check a dump of a less symmetric position, such as Kiwipete, to be sure.</p>`)
	}
	if len(rs) > 1 && best.Agree < len(best.Verdicts) {
		b.WriteString(`<details class="dump-candidates"><summary>Next best</summary><ol>`)
		for _, r := range rs[1:min(5, len(rs))] {
			b.WriteString(`<li>` + escape(r.Mapping.Name) + `, ` + escape(r.Order.Name) + `: ` + strconv.Itoa(r.Agree) + ` agree, ` +
				strconv.Itoa(r.Wrong) + ` bits differ</li>`)
		}
		b.WriteString(`</ol></details>`)
	}
	b.WriteString(DumpVerdicts(best))
	return b.String()
}

// ZobristReport returns the Polyglot key panel's output for p: the key as
// 16 lowercase hex digits (with a copy button), then, when before is not
// nil, the keys move m XORed out of and into before's key (ZobristDelta),
// then every term of p's key (ZobristTable).
func ZobristReport(p *core.Position, before *core.Position, m core.Move) string {
	key := core.Bitboard(p.PolyglotKey()).Hex()[2:]
	var b strings.Builder
	b.WriteString(`<p class="zobrist-key">Polyglot key <code data-key="` + key + `">` + key +
		`</code> <button type="button" class="copy" data-copy="` + key + `" aria-label="Copy the key">Copy</button></p>`)
	if before != nil {
		b.WriteString(`<h3 class="zobrist-move">Last move <code>` + escape(m.UCI()) + `</code>: keys XORed out and in</h3>`)
		b.WriteString(ZobristDelta(before, m))
	}
	b.WriteString(`<h3>The key, term by term</h3>`)
	b.WriteString(ZobristTable(p))
	return b.String()
}

// MagicReport returns the magic panel's output: a rook or bishop on sq
// with p's occupancy, looked up step by step (MagicSteps), with a line
// on the table's size and how its magic was found (magic.Seed).
func MagicReport(p *core.Position, pt core.PieceType, sq core.Square) string {
	s, err := magic.Explain(pt, sq, p.Occupied())
	if err != nil {
		return Alert(err.Error())
	}
	return `<p class="magic-about">A ` + strings.ToLower(pt.String()) + ` on ` + sq.String() + ` with this position's occupancy: its mask has ` +
		strconv.Itoa(s.Bits) + ` squares, so its table has 2<sup>` + strconv.Itoa(s.Bits) + `</sup> = ` + Thousands(1<<s.Bits) +
		` entries. Bitview found its magic itself (candidate ` + Thousands(s.Tries) + ` of a PCG generator seeded with ` +
		"0x" + strings.ToUpper(strconv.FormatUint(magic.Seed, 16)) + `; see core/magic).</p>` + MagicSteps(s)
}
