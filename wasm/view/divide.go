package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/thousands"
)

// The perft divide table, compared with a pasted divide.

// StatKinds are the columns of a divide with stats (core.PerftStats), in
// the Chess Programming Wiki's order: each kind's key (the data-kind of
// its cells, and the name bitview.perft's stats use), its name and its
// short header.
var StatKinds = []struct {
	Key, Name, Short string
	Count            func(core.PerftStats) uint64
}{
	{"captures", "captures (en passant included)", "capt.", func(s core.PerftStats) uint64 { return s.Captures }},
	{"enPassant", "en passant captures", "e.p.", func(s core.PerftStats) uint64 { return s.EnPassant }},
	{"castles", "castling moves", "castl.", func(s core.PerftStats) uint64 { return s.Castles }},
	{"promotions", "promotions", "promo.", func(s core.PerftStats) uint64 { return s.Promotions }},
	{"checks", "checks (checkmates included)", "checks", func(s core.PerftStats) uint64 { return s.Checks }},
	{"discoveredChecks", "discovered checks", "disc.", func(s core.PerftStats) uint64 { return s.DiscoveredChecks }},
	{"doubleChecks", "double checks", "double", func(s core.PerftStats) uint64 { return s.DoubleChecks }},
	{"checkmates", "checkmates", "mates", func(s core.PerftStats) uint64 { return s.Checkmates }},
}

// DivideTable returns the perft divide of a position as a table, one row
// per move in UCI order with Bitview's count (and, for a divide with
// stats, its leaves by kind of move in the columns of StatKinds, each
// cell with data-kind, and their totals) and, when a pasted divide was
// compared (got is not nil), the pasted count; rows of moves that differ
// get class "missing", "extra", "wrong" or "repeated" (see divide.Kind; a part of a
// divide, divide.Partial, marks no move missing), extra moves are appended
// after the legal ones, and a footer row gives the totals ("total so far"
// while d is not complete): Bitview's and the pasted total, class "wrong"
// when they differ. When the paste states no total, or one that is not the
// sum of its moves, a second footer row (data-total="sum") gives that sum,
// class "wrong" when it is not Bitview's total. Each move's row carries
// data-uci. Below depth 1, each legal move's row has a button with
// data-descend (play the move and divide one ply deeper); an extra move
// cannot be played, and at depth 1 every count is 1, so their rows have
// none. The lines of the paste that
// were not understood follow the table, one per item: "not understood:
// line 3 'foo' — reason".
func DivideTable(d core.Division, got *divide.Parsed) string {
	return divideTable(d, got, true)
}

// StaticDivideTable is DivideTable without the descend buttons, for a
// figure that only shows the divide (<bitboard-view perft="3">).
func StaticDivideTable(d core.Division) string {
	return divideTable(d, nil, false)
}

// divideTable writes DivideTable, with descend buttons when descend.
func divideTable(d core.Division, got *divide.Parsed, descend bool) string {
	var diffs map[string]divide.Difference
	theirs := map[string]uint64{}
	if got != nil {
		diffs = map[string]divide.Difference{}
		found, _ := pastedDiffs(d, *got)
		for _, df := range found {
			if _, ok := diffs[df.UCI]; !ok { // a wrong count before "repeated"
				diffs[df.UCI] = df
			}
		}
		for _, c := range got.Moves {
			theirs[c.UCI] = c.Nodes
		}
		for _, r := range divide.Renamed(d, *got) { // castling in UCI's other notation
			theirs[r.UCI] = theirs[r.Written]
		}
	}
	var b strings.Builder
	b.WriteString(`<table class="divide"`)
	attr(&b, "data-depth", strconv.Itoa(d.Depth))
	attr(&b, "aria-label", "Perft divide, depth "+strconv.Itoa(d.Depth))
	b.WriteString(`><thead><tr><th scope="col">move</th><th scope="col">Bitview</th>`)
	if got != nil {
		b.WriteString(`<th scope="col">pasted</th>`)
	}
	if d.WithStats {
		for _, k := range StatKinds {
			b.WriteString(`<th scope="col" class="stat"><abbr title="` + k.Name + `">` + k.Short + `</abbr></th>`)
		}
	}
	b.WriteString(`</tr></thead><tbody>`)
	stats := map[string]core.PerftStats{}
	for _, e := range d.Entries {
		stats[d.UCI(e.Move)] = e.Stats
	}
	statCells := func(s core.PerftStats) {
		if !d.WithStats {
			return
		}
		for _, k := range StatKinds {
			b.WriteString(`<td class="stat" data-kind="` + k.Key + `">` + strconv.FormatUint(k.Count(s), 10) + `</td>`)
		}
	}
	row := func(uci string, ours, pasted string, kind divide.Kind) {
		b.WriteString(`<tr`)
		attr(&b, "data-uci", uci)
		if kind != 0 {
			attr(&b, "class", kind.String())
		}
		b.WriteString(`><th scope="row"`)
		if kind != 0 {
			attr(&b, "aria-label", uci+" ("+kind.String()+")")
		}
		b.WriteString(`>`)
		if descend && d.Depth > 1 && kind != divide.Extra {
			b.WriteString(`<button type="button"`)
			attr(&b, "data-descend", uci)
			label := "Play " + uci + " and divide one ply deeper"
			if kind != 0 {
				label += " (" + kind.String() + ")"
			}
			attr(&b, "aria-label", label)
			b.WriteString(`><code>` + escape(uci) + `</code></button>`)
		} else {
			b.WriteString(`<code>` + escape(uci) + `</code>`)
		}
		b.WriteString(`</th><td>` + ours + `</td>`)
		if got != nil {
			b.WriteString(`<td>` + pasted + `</td>`)
		}
		if s, ok := stats[uci]; ok {
			statCells(s)
		} else if d.WithStats {
			b.WriteString(strings.Repeat(`<td class="stat">—</td>`, len(StatKinds)))
		}
		b.WriteString(`</tr>`)
	}
	for _, e := range d.Entries {
		uci := d.UCI(e.Move)
		pasted := "—"
		if n, ok := theirs[uci]; ok {
			pasted = strconv.FormatUint(n, 10)
		}
		row(uci, strconv.FormatUint(e.Nodes, 10), pasted, diffs[uci].Kind)
	}
	if got != nil {
		for _, c := range got.Moves {
			if df, ok := diffs[c.UCI]; ok && df.Kind == divide.Extra {
				row(c.UCI, "—", strconv.FormatUint(c.Nodes, 10), divide.Extra)
			}
		}
	}
	total := "total"
	if !d.Complete {
		total = "total so far" // a divide under way or cancelled
	}
	b.WriteString(`</tbody><tfoot><tr><th scope="row">` + total + `</th><td>` + strconv.FormatUint(d.Nodes, 10) + `</td>`)
	if got == nil {
		statCells(d.Stats)
	}
	if got != nil {
		total := "—"
		if got.HasTotal {
			total = strconv.FormatUint(got.Total, 10)
		}
		class := ""
		if got.HasTotal && got.Total != d.Nodes {
			class = ` class="wrong"`
		}
		b.WriteString(`<td` + class + `>` + total + `</td>`)
		statCells(d.Stats)
		// The pasted moves' sum, when the paste states no total or another.
		if sum, fits := got.Sum(); len(got.Moves) > 0 && (!got.HasTotal || !fits || sum != got.Total) {
			text := thousands.FormatUint(sum)
			if !fits {
				text = "&gt; " + text
			}
			class := ""
			if !fits || sum != d.Nodes {
				class = ` class="wrong"`
			}
			b.WriteString(`</tr><tr data-total="sum"><th scope="row">sum of the pasted moves</th><td></td><td` + class + `>` + text + `</td>`)
		}
	}
	b.WriteString(`</tr></tfoot></table>`)
	if got != nil && len(got.Skipped) > 0 {
		b.WriteString(`<ul class="skipped"`)
		attr(&b, "aria-label", strconv.Itoa(len(got.Skipped))+" lines not understood")
		b.WriteString(`>`)
		for _, s := range got.Skipped {
			b.WriteString(`<li data-line="` + strconv.Itoa(s.Line) + `">not understood: line ` + strconv.Itoa(s.Line) + ` '<code>` +
				escape(excerpt.Unquoted(s.Text)) + `</code>' — ` + escape(s.Reason) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	return b.String()
}
