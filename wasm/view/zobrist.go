package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
)

// The Polyglot key panel: the key, its Random64 terms, a move's delta.

// polyglotWhat says what a Polyglot term stands for, e.g. "white knight on
// g1", "castling K", "en passant on file e", "White to move".
func polyglotWhat(t core.PolyglotTerm) string {
	switch t.Kind {
	case core.PolyglotPiece:
		return t.Piece.Color().String() + " " + strings.ToLower(t.Piece.Type().String()) + " on " + t.Square.String()
	case core.PolyglotCastling:
		return "castling " + t.Castling.String()
	case core.PolyglotEnPassant:
		return "en passant on file " + t.Square.File().String()
	}
	return "White to move"
}

// zobristRows writes one table row per term.
func zobristRows(b *strings.Builder, terms []core.PolyglotTerm, class string) {
	for _, t := range terms {
		b.WriteString(`<tr`)
		if class != "" {
			attr(b, "class", class)
		}
		attr(b, "data-kind", t.Kind.String())
		attr(b, "data-offset", strconv.Itoa(t.Offset))
		if t.Square != core.NoSquare {
			attr(b, "data-square", t.Square.String())
		}
		b.WriteString(`><td>` + escape(polyglotWhat(t)) + `</td><td>` + strconv.Itoa(t.Offset) + `</td><td><code>` + core.Bitboard(t.Key).Hex() + `</code></td></tr>`)
	}
}

// ZobristTable returns the Polyglot key of p broken into its terms: one
// row per piece, castling right, en passant file and turn key, with the
// term's offset into the Random64 table and its key, and the XOR of them
// all, the position's key, in the footer.
func ZobristTable(p *core.Position) string {
	var b strings.Builder
	b.WriteString(`<table class="zobrist" aria-label="Polyglot key, term by term"><thead><tr><th scope="col">term</th>` +
		`<th scope="col">offset</th><th scope="col">Random64</th></tr></thead><tbody>`)
	zobristRows(&b, p.PolyglotTerms(nil), "")
	b.WriteString(`</tbody><tfoot><tr><th scope="row" colspan="2">key (XOR of all)</th><td><code data-copy="` +
		core.Bitboard(p.PolyglotKey()).Hex()[2:] + `">` + core.Bitboard(p.PolyglotKey()).Hex() + `</code></td></tr></tfoot></table>`)
	return b.String()
}

// ZobristDelta returns the keys move m XORs out of and into p's Polyglot
// key (see core.Position.PolyglotDelta), rows of class "out" and "in",
// with the key before and after.
func ZobristDelta(p *core.Position, m core.Move) string {
	out, in := p.PolyglotDelta(m)
	after := *p
	after.Play(m)
	var b strings.Builder
	b.WriteString(`<table class="zobrist-delta"`)
	attr(&b, "data-uci", m.UCI())
	attr(&b, "aria-label", "Polyglot keys changed by "+m.UCI())
	b.WriteString(`><thead><tr><th scope="col">term</th><th scope="col">offset</th><th scope="col">Random64</th></tr></thead><tbody>` +
		`<tr class="before"><th scope="row" colspan="2">key before</th><td><code>` + core.Bitboard(p.PolyglotKey()).Hex() + `</code></td></tr>`)
	zobristRows(&b, out, "out")
	zobristRows(&b, in, "in")
	b.WriteString(`</tbody><tfoot><tr><th scope="row" colspan="2">key after</th><td><code>` + core.Bitboard(after.PolyglotKey()).Hex() +
		`</code></td></tr></tfoot></table>`)
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
