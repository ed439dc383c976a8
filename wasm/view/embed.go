package view

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/pgn"
)

// An Embed is one embedded view resolved from its options: the figure to
// draw, and what was wrong with the options (shown inside the view).
type Embed struct {
	Figure
	FENError *core.FENError // the FEN did not parse: the figure keeps the last good position, if any
	Problems []string       // unknown layout or names, as messages
	Input    string         // the FEN as given
	Repr     bool           // show the representations panel
	// The tools below the view: a magic lookup of MagicPiece on
	// MagicSquare when Magic, and the Polyglot key when Zobrist.
	Magic       bool
	MagicPiece  core.PieceType
	MagicSquare core.Square
	Zobrist     bool
	// Interactive: the pointer and the keyboard explore the view.
	Interactive bool
	// PlacementOnly: the FEN was a piece placement alone, read as
	// "<placement> w - - 0 1" (see core.ParseFENOrPlacement); Errors
	// carries the notice that says so.
	PlacementOnly bool
}

// ResolveEmbed reads o. The FEN may be a piece placement alone (the form
// articles print), read as white to move with no castling rights, no en
// passant square and counters 0 1, and said so (Embed.PlacementOnly). When
// the FEN does not parse, last (the view's previous position, or nil)
// stays on show; with no previous position there is no board or grid. A
// show list over MaxShowLength bytes or MaxShowItems items shows no grid,
// and a layout over MaxOptionLength bytes is not looked up: each is a
// problem naming the limit. An orientation other than white or black, or
// grids other than fixed, is a problem too. ResolveEmbed is the one place
// options are validated.
func ResolveEmbed(o Options, last *core.Position) Embed {
	e := Embed{Input: o.FEN, Interactive: o.IsInteractive()}
	fen := o.FEN // the parser trims blanks itself, so error offsets count from the FEN as given
	if strings.TrimSpace(fen) == "" {
		fen = core.StartFEN
	}
	if p, only, err := core.ParseFENOrPlacement(fen); err != nil {
		e.FENError, _ = err.(*core.FENError)
		e.Pos = last
	} else {
		e.Pos, e.PlacementOnly = &p, only
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
		e.Problems = append(e.Problems, `unknown layout `+excerpt.Quote(id)+`: use one of `+layoutList())
		l = core.Layouts[0]
	}
	e.Layout = l
	e.Board, e.Labels, e.Repr, e.PieceBase = on(o.Board), o.Labels, o.Repr, o.PieceBase
	var problem string
	if e.Flipped, e.FixedGrids, problem = o.orientation(); problem != "" {
		e.Problems = append(e.Problems, problem)
	}
	var err error
	if e.Arrows, err = pgn.ParseArrows(o.Arrows); err != nil {
		e.Problems = append(e.Problems, "arrows: "+err.Error())
	}
	if e.Marked, err = pgn.ParseMarks(o.Marks); err != nil {
		e.Problems = append(e.Problems, "marks: "+err.Error())
	}
	e.Zobrist = o.Zobrist
	if strings.TrimSpace(o.Magic) != "" {
		if e.MagicPiece, e.MagicSquare, err = ParseMagic(strings.TrimSpace(o.Magic)); err != nil {
			e.Problems = append(e.Problems, err.Error())
		} else {
			e.Magic = true
		}
	}
	if e.Pos == nil {
		e.Board = false
		return e
	}
	if !on(o.Grid) {
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
//	<div class="view" data-cards="N" data-cols="C"><div class="view-board">…</div><div class="cards" part="cards">…</div></div>
//	<div class="view-repr">…</div>
//	<div class="view-tools">…</div>
func (e Embed) Markup(hover core.Square) string {
	var b strings.Builder
	b.WriteString(`<div class="errors">` + e.Errors() + `</div><div class="view"` + e.ViewAttrs() + `><div class="view-board"` + hidden(!e.Board) + `>`)
	if e.Board {
		b.WriteString(BoardMarked(e.Pos, e.Layout, e.Flipped, e.Labels, e.BoardMarks()))
	}
	b.WriteString(`</div><div class="cards" part="cards"` + hidden(len(e.Shown) == 0) + `>`)
	for _, s := range e.Shown {
		b.WriteString(Card(e.Layout, s, s.Bits, e.GridsFlipped()))
	}
	b.WriteString(`</div></div><div class="view-repr"` + hidden(!e.ShowsRepr()) + `>`)
	if e.ShowsRepr() {
		b.WriteString(Representations(e.Pos, hover))
	}
	tools := e.Tools()
	b.WriteString(`</div><div class="view-tools"` + hidden(tools == "") + `>` + tools + `</div>`)
	return b.String()
}

// Drawing returns a view's first drawing from e, as mount writes it into
// its root (and the bitview command into a prerendered element's shadow
// root, for mount to adopt): the <style> of the highlight rule, which
// outlines the marked squares in the grids (GridMarks; no square is
// pointed at yet), then
//
//	<div class="bitview-embed" data-interactive="1|0">Markup<div class="view-perft">perft</div></div>
//
// with perft the divide under the view (PerftMarkup), hidden when "".
func (e Embed) Drawing(perft string) string {
	return `<style>` + GridMarks(e.Marked) + `</style><div class="bitview-embed" data-interactive="` +
		map[bool]string{true: "1", false: "0"}[e.Interactive] + `">` + e.Markup(core.NoSquare) +
		`<div class="view-perft"` + hidden(perft == "") + `>` + perft + `</div></div>`
}

// ViewAttrs returns the attributes of the view's <div class="view">: the
// number of grids shown (data-cards) and the columns of the layout's grid
// (data-cols: 8, 10 or 16), which view.css lays the board and the cards
// out by. They are on the view itself, not read from the cards below it,
// so that a figure the browser paints before it has parsed it whole (a
// prerendered one) is laid out as it will be.
func (e Embed) ViewAttrs() string {
	return ` data-cards="` + strconv.Itoa(len(e.Shown)) + `" data-cols="` + strconv.Itoa(e.Layout.Cols) + `"`
}

// Tools returns what is drawn below the view: the Polyglot key
// (attribute zobrist) and the magic lookup with the position's occupancy
// (attribute magic, see MagicReport), or "" when neither is asked for or
// there is no position.
func (e Embed) Tools() string {
	if e.Pos == nil {
		return ""
	}
	var b strings.Builder
	if e.Zobrist {
		key := core.Bitboard(e.Pos.PolyglotKey()).Hex()[2:]
		b.WriteString(`<p class="zobrist-key">Polyglot key <code data-key="` + key + `">` + key + `</code></p>`)
	}
	if e.Magic {
		b.WriteString(MagicReport(e.Pos, e.MagicPiece, e.MagicSquare))
	}
	return b.String()
}

// ShowsRepr reports whether the view has a representations panel: it was
// asked for and there is a position to show.
func (e Embed) ShowsRepr() bool { return e.Repr && e.Pos != nil }

// Errors returns the view's FEN error panel and one alert per problem,
// or, for a placement-only FEN, the notice of what was assumed (FENNotice).
func (e Embed) Errors() string {
	var b strings.Builder
	if e.FENError != nil {
		b.WriteString(FENError(e.Input, e.FENError, e.Pos != nil))
	}
	if e.PlacementOnly && e.FENError == nil {
		b.WriteString(FENNotice(e.Pos.FEN()))
	}
	for _, p := range e.Problems {
		b.WriteString(Alert(p))
	}
	return b.String()
}

// Alert returns msg as an error panel (role alert), escaped.
func Alert(msg string) string {
	return `<div class="error" role="alert"><p>` + escape(msg) + `</p></div>`
}

// hidden returns the hidden attribute when h is set.
func hidden(h bool) string {
	if h {
		return " hidden"
	}
	return ""
}

// frameListener is the iframe snippet's optional second line: it lets
// every Bitview frame of the page follow its content's height, which
// embed.js posts as {type: "bitview-height", height}. Sites that strip
// scripts keep the frame at FrameHeight.
const frameListener = `<script>addEventListener('message',(e)=>{if(e.data?.type==='bitview-height')for(const f of document.querySelectorAll('iframe[data-bitview]'))if(f.contentWindow===e.source)f.style.height=e.data.height+'px'})</script>`

// FrameHeight returns the height in CSS pixels that embed.html needs to
// show s without scrolling in a frame 760 pixels wide, with the element's
// other options at their defaults (the snippet's second line makes the
// frame follow its content whatever they are). The heights are measured:
// frameHeights holds, per layout, the page's height with 0 to
// len(frameHeights[id])-1 cards, as Chromium lays out view.css and
// embed.css; beyond that the cards go on in the rows of the last two
// entries. TestEmbedFrameHeight in wasm/browser measures them again and
// rewrites frameheights.go when asked to.
func FrameHeight(s State) int {
	h, ok := frameHeights[s.Layout]
	if !ok {
		h = frameHeights[core.Layouts[0].ID]
	}
	n, last := len(s.Show), len(h)-1
	if n <= last {
		return h[n]
	}
	// Past the table, a pair of cards adds what the last pair added: one
	// row of two cards, or two rows of one; and a pixel, as the measured
	// heights are rounded up from fractions of one.
	k := n - (last - 1)
	return h[last-1+k%2] + k/2*(h[last]-h[last-2]+1)
}

// CDN is the folder of Bitview's npm package at a version on jsDelivr
// (every npm CDN sends Access-Control-Allow-Origin: *): CDN + version +
// "/" holds bitview-element.js and the files it loads.
const CDN = "https://cdn.jsdelivr.net/npm/bitview@"

// moduleError is the element snippet's script's onerror: when the module
// itself cannot be loaded, nothing of Bitview runs, so this line asks for
// the script again to tell the cause as web/bitview.js's diagnose does
// (not found, no Access-Control-Allow-Origin header, an HTML page or a
// wrong MIME type instead of JavaScript, offline), puts a box naming the
// URL, the cause and the fix at the top of every element, and sends
// bitview-error.
const moduleError = `(async(s)=>{let m,f='To host Bitview yourself, run make dist in a clone of Bitview, copy dist/ whole to your site (e.g. to /bitview/) and load /bitview/bitview-element.js.';` +
	`try{const r=await fetch(s,{cache:'no-store'}),t=(r.headers.get('content-type')||'').split(';')[0];` +
	`m=r.status==404||r.status==410?'not found (HTTP '+r.status+'): a wrong path, or a version of bitview not published yet':` +
	`!r.ok?'the server answered HTTP '+r.status:/html/.test(t)?'the server answered an HTML page ('+t+'), not JavaScript':` +
	`/javascript|ecmascript/.test(t)?'it loads now: reload the page':'it is served as '+(t||'no type')+', and browsers take JavaScript only as text/javascript'}` +
	`catch(e){try{await fetch(s,{mode:'no-cors'});m=new window.URL(s).origin+' answers without an Access-Control-Allow-Origin header';f='Make it send Access-Control-Allow-Origin: * for Bitview\'s files. '+f}` +
	`catch(e){m=navigator.onLine?new window.URL(s).host+' cannot be reached':'this browser is offline'}}` +
	`document.querySelectorAll('bitboard-view').forEach((e)=>{const p=document.createElement('p');p.role='alert';` +
	`p.style.cssText='border:2px solid #b42318;padding:.5rem;color:#7a1a10;background:#fff4d6';` +
	`p.textContent='Bitview could not load '+s+': '+m+'. '+f;` +
	`e.prepend(p);e.dispatchEvent(new CustomEvent('bitview-error',{bubbles:true,detail:{message:p.textContent,field:0,offset:-1,fieldName:''}}))})})(this.src)`

// EmbedSnippets returns the two ways to embed the view s on another page
// (the <bitboard-view> element and the iframe, each with a copy button;
// the free bitboard goes as its value, see State.EmbedShow), for a page at
// the URL page and Bitview version
// (bitview.version). The element loads bitview-element.js from the npm
// package on the CDN at that version, which works from any site; a note
// gives the path to use for a copy of dist/ on the author's own site. The
// iframe shows embed.html beside page (a CDN serves no HTML pages). When
// page is on this machine (localhost, 127.0.0.1, [::1]), a note says so:
// the iframe's address then works only here, and the site to publish
// embed.html on must replace it.
func EmbedSnippets(s State, page, version string) string {
	folder := page
	if i := strings.IndexAny(folder, "?#"); i >= 0 {
		folder = folder[:i]
	}
	folder = folder[:strings.LastIndex(folder, "/")+1]
	element := `<script type="module" src="` + escape(CDN+version+"/bitview-element.js") + `" onerror="` + escape(moduleError) + `"></script>`
	notes := `<p class="snippet-note" data-note="cdn">The element loads Bitview from the npm CDN (bitview@` + escape(version) +
		`). To use your own copy of <code>dist/</code>, replace the script's address with its path on your site, e.g. <code>/bitview/bitview-element.js</code>.</p>`
	if local(folder) {
		notes += `<p class="snippet-note" data-note="localhost" role="note">This page was opened from this machine (<code>` + escape(hostOf(folder)) +
			`</code>): the iframe's address works only here. Publish <code>dist/</code> and use its address on your site instead.</p>`
	}
	return snippets(s, element, folder) + notes
}

// local reports whether a URL's host is this machine: localhost,
// 127.0.0.0/8 or [::1].
func local(u string) bool {
	h := strings.ToLower(hostOf(u))
	if i := strings.LastIndex(h, ":"); i >= 0 && !strings.HasSuffix(h, "]") {
		h = h[:i]
	}
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || strings.HasPrefix(h, "127.") || h == "[::1]"
}

// hostOf returns the host (and port) of an absolute URL, or "".
func hostOf(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// embedQuery returns the query of embed.html that shows the view of s,
// starting with "?": the options web/embed.js reads (fen, layout, show,
// labels, orientation and grids, arrows, marks), as State.Query writes
// them, and nothing of the page's tools (tab, perft, magic, a game, the
// expression field, presentation), which an embedded view does not have.
func embedQuery(s State) string {
	q := "?fen=" + url.QueryEscape(s.FEN) + "&layout=" + url.QueryEscape(s.Layout) +
		"&show=" + url.QueryEscape(strings.Join(s.Show, ","))
	if s.Labels {
		q += "&labels=1"
	}
	if s.Flipped {
		q += "&orientation=black"
		if s.FixedGrids {
			q += "&grids=fixed"
		}
	}
	if len(s.Arrows) > 0 {
		q += "&arrows=" + joinItems(s.Arrows)
	}
	if len(s.Marked) > 0 {
		q += "&marks=" + joinItems(s.Marked)
	}
	return q
}

// snippets returns the element snippet, script (the line that loads the
// element) and the element, and the iframe snippet for embed.html in
// folder base.
func snippets(s State, script, base string) string {
	s.Show, s.Free = s.EmbedShow(), 0 // the free bitboard goes as its value
	q := embedQuery(s)
	attrs := ` fen="` + escape(s.FEN) + `" layout="` + escape(s.Layout) + `" show="` + escape(strings.Join(s.Show, ",")) + `"`
	if s.Flipped {
		attrs += ` orientation="black"`
		if s.FixedGrids {
			attrs += ` grids="fixed"`
		}
	}
	if s.Labels {
		attrs += ` labels`
	}
	element := script + "\n" + `<bitboard-view` + attrs + `></bitboard-view>`
	iframe := `<iframe data-bitview src="` + escape(base+"embed.html"+q) + `" width="760" height="` + strconv.Itoa(FrameHeight(s)) +
		`" style="border:0;max-width:100%" loading="lazy" title="Bitview: ` + escape(s.FEN) + `"></iframe>` + "\n" + frameListener
	var b strings.Builder
	for _, sn := range []struct{ label, text string }{{"Element", element}, {"iframe", iframe}} {
		b.WriteString(`<div class="snippet"><div class="snippet-head">` + sn.label + `<button type="button" class="copy" data-copy="` +
			escape(sn.text) + `" aria-label="Copy the ` + sn.label + ` snippet">Copy</button></div><pre><code data-snippet="` +
			strings.ToLower(sn.label) + `">` + escape(sn.text) + `</code></pre></div>`)
	}
	return b.String()
}
