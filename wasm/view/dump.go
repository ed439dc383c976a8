package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/wasm/model"
)

// The bitboard-dump checker: which layout and order make pasted numbers
// agree, and a verdict per number.

// DumpVerdicts returns the verdicts of a bitboard dump under its best
// mapping and order (see dump.Match): a header naming the mapping and
// order, then per number a grid of the board's squares showing the
// number's bits, cells of squares it has and the position lacks marked
// "extra", the reverse "missing", each with the bit index in the mapping.
func DumpVerdicts(r dump.Result) string {
	var b strings.Builder
	b.WriteString(`<div class="dump-verdicts"`)
	attr(&b, "data-layout", r.Mapping.ID)
	attr(&b, "data-order", r.Order.ID)
	reading := r.Numbering()
	if reading != "" {
		reading += ` · `
	}
	b.WriteString(`><p class="summary">` + escape(reading) + escape(r.Order.Name) + `: ` + strconv.Itoa(r.Agree) +
		` of ` + strconv.Itoa(len(r.Verdicts)) + ` numbers agree</p>`)
	for i, v := range r.Verdicts {
		title := v.Title
		if title == "" {
			title = "no bitboard (beyond the order)"
		}
		state := "ok"
		if !v.OK {
			state = "differs"
		}
		b.WriteString(`<section class="card verdict ` + state + `"`)
		attr(&b, "data-number", strconv.Itoa(i))
		attr(&b, "data-bitboard", v.Bitboard)
		attr(&b, "aria-label", "Number "+strconv.Itoa(i+1)+": "+title+", "+state)
		b.WriteString(`><header><h3>` + escape(title) + `</h3><span class="sub">`)
		switch n := v.Number; {
		case n.Base == 0 && n.Grid != nil:
			b.WriteString(`grid, lines ` + strconv.Itoa(n.Grid.Line) + `–` + strconv.Itoa(n.Grid.EndLine))
		case n.Grid != nil:
			b.WriteString(`<code>` + escape(n.Text) + `</code> and its grid`)
		default:
			b.WriteString(`<code>` + escape(n.Text) + `</code>`)
		}
		if v.Number.Label != "" {
			b.WriteString(` · ` + escape(v.Number.Label))
		}
		b.WriteString(`</span></header>`)
		got, numbering := v.Got, v.Numbering
		if v.Bitboard == "" { // beyond the order: no verdict, its bits as the best reading reads them
			numbering = &r.Mapping
			if numbering.ID == "" && v.Number.Grid != nil {
				numbering = dump.GridMapping(v.Number.Grid, r.GridTop)
			}
			got = numbering.Squares(v.Number.Value)
			if v.Number.Base == 0 && v.Number.Grid != nil {
				got = numbering.Squares(v.Number.Grid.Cells)
			}
		}
		b.WriteString(`<div class="bits" role="grid" style="--cols:8"`)
		attr(&b, "aria-label", title+" as pasted, in "+numbering.Name)
		b.WriteString(`>`)
		for row := 7; row >= 0; row-- {
			b.WriteString(`<div role="row" class="row"><span class="coord rank" aria-hidden="true">` + strconv.Itoa(row+1) + `</span>`)
			for col := range 8 {
				sq := core.NewSquare(core.File(col), core.Rank(row))
				bit, class, note := "0", "cell", ""
				if got.Has(sq) {
					bit = "1"
				}
				switch {
				case v.Extra.Has(sq):
					class, note = "cell extra", ", not on the board"
				case v.Missing.Has(sq):
					class, note = "cell missing", ", missing"
				}
				idx := strconv.Itoa(numbering.Bit(sq))
				b.WriteString(`<div role="gridcell" class="` + class + `" data-square="` + sq.String() + `" data-index="` + idx +
					`" data-bit="` + bit + `" aria-label="` + CellName(sq, numbering.Bit(sq), bit == "1") + note + `">` + cellDigits(bit, idx) + `</div>`)
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
		if !v.OK && v.Bitboard != "" {
			b.WriteString(`<p class="diff">`)
			if v.Extra != 0 {
				b.WriteString(`extra: ` + v.Extra.SquareList() + ` `)
			}
			if v.Missing != 0 {
				b.WriteString(`missing: ` + v.Missing.SquareList())
			}
			if v.GridExtra|v.GridMissing != 0 {
				b.WriteString(` its grid:`)
				if v.GridExtra != 0 {
					b.WriteString(` extra: ` + v.GridExtra.SquareList())
				}
				if v.GridMissing != 0 {
					b.WriteString(` missing: ` + v.GridMissing.SquareList())
				}
			}
			b.WriteString(`</p>`)
		}
		b.WriteString(`</section>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// DumpReport checks the dump pasted in text against p (see dump.Read,
// dump.Match and dump.Statements) and returns the dump checker's output:
// what could not be read (each with its line and column); for the
// bitboards, the best layout and piece order with a verdict and a bit
// grid per bitboard (DumpVerdicts: bits the position lacks are "extra",
// bits it has and the bitboard lacks "missing"), the readings that agree
// equally well (see dump.Tied, at most three), and up to four runners-up,
// each another reading (see dump.Distinct) than the best and those tied
// with it; then the dump's own board and facts (its FEN, checkers, side
// to move …), each agreeing, differing or not checked. A text over
// dump.MaxTextLength is refused before it is read.
func DumpReport(p *core.Position, text string) string {
	if strings.TrimSpace(text) == "" {
		return `<p class="hint">Paste what your engine prints for this position: up to ` + strconv.Itoa(dump.MaxNumbers) +
			` bitboards in hex (<code>0x…</code> or 16 digits), binary (<code>0b…</code>) or decimal, signed or not, optionally labelled (<code>P:</code>, <code>WhitePawns =</code>), as code (<code>1ULL &lt;&lt; 50</code>, <code>pieces[WHITE][PAWN] = …</code>) or as grids; or its board (Stockfish's <code>d</code>).</p>`
	}
	if len(text) > dump.MaxTextLength {
		return Alert(model.LimitMessage("the dump", len(text), dump.MaxTextLength, "bytes"))
	}
	d := dump.Read(text)
	var b strings.Builder
	if len(d.Problems) > 0 {
		b.WriteString(`<div class="dump-problems" role="alert"><p>` + strconv.Itoa(len(d.Problems)) + ` not understood:</p><ul>`)
		for _, pr := range d.Problems {
			b.WriteString(`<li data-line="` + strconv.Itoa(pr.Line) + `" data-col="` + strconv.Itoa(pr.Col) + `">line ` +
				strconv.Itoa(pr.Line) + `, column ` + strconv.Itoa(pr.Col) + `: <code>` + escape(excerpt.Unquoted(pr.Text)) + `</code> — ` + escape(pr.Reason) + `</li>`)
		}
		b.WriteString(`</ul></div>`)
	}
	rs := dump.Match(p, d.Numbers)
	var best *dump.Result
	if len(rs) > 0 {
		best = &rs[0]
	}
	ss := dump.Statements(p, false, &d, best)
	if len(rs) == 0 && len(ss) == 0 {
		b.WriteString(`<p class="hint">No numbers found.</p>`)
		return b.String()
	}
	if len(ss) > 0 {
		b.WriteString(DumpStatements(ss))
	}
	if best == nil {
		return b.String()
	}
	verdict := "."
	if best.Agree < len(best.Verdicts) {
		verdict = "; " + strconv.Itoa(len(best.Verdicts)-best.Agree) + " differ in " + bitCount(best.Wrong) + "."
	}
	b.WriteString(`<p class="dump-best" role="status"`)
	attr(&b, "data-layout", best.Mapping.ID)
	attr(&b, "data-order", best.Order.ID)
	if best.GridTop != 0 {
		attr(&b, "data-grid-top", strconv.Itoa(best.GridTop))
	}
	b.WriteString(`>`)
	if best.Mapping.ID != "" {
		b.WriteString(`Layout <strong>` + escape(best.Mapping.Name) + `</strong> (` + escape(best.Mapping.About) + `), `)
	}
	if best.GridTop != 0 {
		b.WriteString(`grids with <strong>rank ` + strconv.Itoa(best.GridTop) + ` at the top</strong> (they have no rank labels), `)
	}
	b.WriteString(`order <strong>` + escape(best.Order.Name) + `</strong>: ` + strconv.Itoa(best.Agree) + ` of ` + strconv.Itoa(len(best.Verdicts)) +
		` numbers agree` + verdict + `</p>`)
	tied := dump.Tied(rs)
	tied = tied[:min(3, len(tied))]
	if len(tied) > 0 {
		b.WriteString(`<p class="dump-tie">Equally good: `)
		for i, r := range tied {
			if i > 0 {
				b.WriteString(`; `)
			}
			b.WriteString(`<span data-layout="` + escape(r.Mapping.ID) + `" data-order="` + escape(r.Order.ID) + `">` + escape(r.Numbering()) +
				`, ` + escape(r.Order.Name) + `</span>`)
		}
		b.WriteString(`. These numbers cannot tell them apart` + escape(model.TieAdvice(p, len(best.Verdicts))) + `</p>`)
	}
	// The runners-up are other readings: not the best's again under an
	// order that differs only beyond the numbers, nor one named above.
	if next := dump.Distinct(rs)[1+len(tied):]; len(next) > 0 && best.Agree < len(best.Verdicts) {
		b.WriteString(`<details class="dump-candidates"><summary>Next best</summary><ol>`)
		for _, r := range next[:min(4, len(next))] {
			b.WriteString(`<li data-layout="` + escape(r.Mapping.ID) + `" data-order="` + escape(r.Order.ID) + `">` + escape(r.Numbering()) + `, ` +
				escape(r.Order.Name) + `: ` + strconv.Itoa(r.Agree) + ` agree, ` + bitCount(r.Wrong) + ` differ</li>`)
		}
		b.WriteString(`</ol></details>`)
	}
	b.WriteString(DumpVerdicts(*best))
	return b.String()
}

// DumpStatements lists what a dump says of the position besides its
// bitboards (dump.Statements): one item per board or fact, its class
// "ok", "differs" or "unchecked", with its label, its line(s) and the
// detail.
func DumpStatements(ss []dump.Statement) string {
	var b strings.Builder
	b.WriteString(`<ul class="dump-statements" aria-label="The dump's own account of the position">`)
	for _, s := range ss {
		class, verdict := "ok", "agrees"
		switch {
		case !s.Checked:
			class, verdict = "unchecked", "not checked"
		case !s.OK:
			class, verdict = "differs", "differs"
		}
		what, where := s.Label, "line "+strconv.Itoa(s.Line)
		if s.What == "board" {
			what, where = "Board", "lines "+strconv.Itoa(s.Line)+"–"+strconv.Itoa(s.EndLine)
		}
		b.WriteString(`<li class="` + class + `"`)
		attr(&b, "data-what", s.What)
		attr(&b, "data-line", strconv.Itoa(s.Line))
		b.WriteString(`><strong>` + escape(what) + `</strong> (` + where + `): ` + verdict)
		if s.Detail != "" {
			b.WriteString(`: ` + escape(s.Detail))
		}
		b.WriteString(`</li>`)
	}
	b.WriteString(`</ul>`)
	return b.String()
}

// bitCount writes a count of bits: "1 bit", "19 bits".
func bitCount(n int) string {
	if n == 1 {
		return "1 bit"
	}
	return strconv.Itoa(n) + " bits"
}
