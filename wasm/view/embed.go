package view

import (
	"strings"

	"github.com/bitview/bitview/core"
)

// EmbedOptions are the attributes of a <bitboard-view> (and the parameters
// of embed.html), already read as strings and booleans.
type EmbedOptions struct {
	FEN     string // "" means the start position
	Layout  string // "" means "lerf"
	Show    string // comma-separated bitboard names or expressions (see SplitShow)
	Board   bool   // draw the board
	Grid    bool   // draw the grids
	Labels  bool   // square indices on the board
	Flipped bool   // orientation="black"
	Repr    bool   // the representations panel below (attribute repr)
}

// An Embed is one embedded view resolved from its options: the figure to
// draw, and what was wrong with the options (shown inside the view).
type Embed struct {
	Figure
	FENError *core.FENError // the FEN did not parse: the figure keeps the last good position, if any
	Problems []string       // unknown layout or names, as messages
	Input    string         // the FEN as given
	Repr     bool           // show the representations panel
}

// ResolveEmbed reads o. When the FEN does not parse, last (the view's
// previous position, or nil) stays on show; with no previous position
// there is no board or grid. A show list over MaxShowLength bytes or
// MaxShowItems items shows no grid, and a layout over MaxOptionLength
// bytes is not looked up: each is a problem naming the limit.
func ResolveEmbed(o EmbedOptions, last *core.Position) Embed {
	e := Embed{Input: o.FEN}
	fen := o.FEN // ParseFEN trims blanks itself, so error offsets count from the FEN as given
	if strings.TrimSpace(fen) == "" {
		fen = core.StartFEN
	}
	if p, err := core.ParseFEN(fen); err != nil {
		e.FENError, _ = err.(*core.FENError)
		e.Pos = last
	} else {
		e.Pos = &p
	}
	id := strings.TrimSpace(o.Layout)
	if id == "" {
		id = "lerf"
	}
	l, ok := core.LayoutByID(id)
	switch {
	case len(id) > MaxOptionLength:
		e.Problems = append(e.Problems, LimitMessage("layout", len(id), MaxOptionLength, "bytes")+": use one of "+layoutList())
		l = core.Layouts[0]
	case !ok:
		e.Problems = append(e.Problems, `unknown layout "`+id+`": use one of `+layoutList())
		l = core.Layouts[0]
	}
	e.Layout = l
	e.Board, e.Flipped, e.Labels, e.Repr = o.Board, o.Flipped, o.Labels, o.Repr
	if e.Pos == nil {
		e.Board = false
		return e
	}
	if !o.Grid {
		return e
	}
	if len(o.Show) > MaxShowLength {
		e.Problems = append(e.Problems, LimitMessage("show", len(o.Show), MaxShowLength, "bytes"))
		return e
	}
	items := SplitShow(o.Show)
	if len(items) > MaxShowItems {
		e.Problems = append(e.Problems, "show lists "+Thousands(len(items))+" items; the limit is "+Thousands(MaxShowItems))
		return e
	}
	for _, item := range items {
		s, err := ResolveShown(e.Pos, item)
		if err != nil {
			e.Problems = append(e.Problems, err.Error())
			continue
		}
		e.Shown = append(e.Shown, s)
	}
	return e
}

// SplitShow splits a show list at the commas outside parentheses, so an
// expression such as "rookAttacks(e4, occupied)" stays whole, and drops
// empty items and surrounding blanks.
func SplitShow(show string) []string {
	var items []string
	depth, start := 0, 0
	for i := 0; i <= len(show); i++ {
		switch {
		case i == len(show) || show[i] == ',' && depth == 0:
			if item := strings.TrimSpace(show[start:i]); item != "" {
				items = append(items, item)
			}
			start = i + 1
		case show[i] == '(':
			depth++
		case show[i] == ')' && depth > 0:
			depth--
		}
	}
	return items
}

// layoutList returns the layout ids, comma-separated.
func layoutList() string {
	ids := make([]string, len(core.Layouts))
	for i, l := range core.Layouts {
		ids[i] = l.ID
	}
	return strings.Join(ids, ", ")
}

// Markup returns the embedded view: its problems and FEN error first (a
// readable error inside the view, see Errors), then the board and the
// cards, and the representations panel (for hover, see Representations)
// when asked for. The containers are always there, hidden when empty, so
// a renderer can take the markup over and update each part in place:
//
//	<div class="errors">…</div>
//	<div class="view"><div class="view-board">…</div><div class="cards">…</div></div>
//	<div class="view-repr">…</div>
func (e Embed) Markup(hover core.Square) string {
	var b strings.Builder
	b.WriteString(`<div class="errors">` + e.Errors() + `</div><div class="view"><div class="view-board"` + hidden(!e.Board) + `>`)
	if e.Board {
		b.WriteString(Board(e.Pos, e.Layout, e.Flipped, e.Labels, 0))
	}
	b.WriteString(`</div><div class="cards"` + hidden(len(e.Shown) == 0) + `>`)
	for _, s := range e.Shown {
		b.WriteString(Card(e.Layout, s.Key, s.Title, s.Bits))
	}
	b.WriteString(`</div></div><div class="view-repr"` + hidden(!e.ShowsRepr()) + `>`)
	if e.ShowsRepr() {
		b.WriteString(Representations(e.Pos, hover))
	}
	b.WriteString(`</div>`)
	return b.String()
}

// ShowsRepr reports whether the view has a representations panel: it was
// asked for and there is a position to show.
func (e Embed) ShowsRepr() bool { return e.Repr && e.Pos != nil }

// Errors returns the view's FEN error panel and one alert per problem.
func (e Embed) Errors() string {
	var b strings.Builder
	if e.FENError != nil {
		b.WriteString(FENError(e.Input, e.FENError, e.Pos != nil))
	}
	for _, p := range e.Problems {
		b.WriteString(`<div class="error" role="alert"><p>` + escape(p) + `</p></div>`)
	}
	return b.String()
}

// hidden returns the hidden attribute when h is set.
func hidden(h bool) string {
	if h {
		return " hidden"
	}
	return ""
}

// Snippets returns the two ways to embed the view s on another page, the
// <bitboard-view> element and the iframe, with base the URL of the folder
// that holds Bitview's files (ending in "/"). Each has a copy button.
func Snippets(s State, base string) string {
	q := s.Query()
	attrs := ` fen="` + escape(s.FEN) + `" layout="` + escape(s.Layout) + `" show="` + escape(strings.Join(s.Show, ",")) + `"`
	if s.Flipped {
		attrs += ` orientation="black"`
	}
	if s.Labels {
		attrs += ` labels`
	}
	element := `<script type="module" src="` + escape(base) + `bitview-element.js"></script>` + "\n" + `<bitboard-view` + attrs + `></bitboard-view>`
	if s.Flipped {
		q += "&orientation=black"
	}
	iframe := `<iframe src="` + escape(base+"embed.html"+q) + `" width="760" height="520" style="border:0" title="Bitview: ` + escape(s.FEN) + `"></iframe>`
	var b strings.Builder
	for _, sn := range []struct{ label, text string }{{"Element", element}, {"iframe", iframe}} {
		b.WriteString(`<div class="snippet"><div class="snippet-head">` + sn.label + `<button type="button" class="copy" data-copy="` +
			escape(sn.text) + `" aria-label="Copy the ` + sn.label + ` snippet">Copy</button></div><pre><code data-snippet="` +
			strings.ToLower(sn.label) + `">` + escape(sn.text) + `</code></pre></div>`)
	}
	return b.String()
}
