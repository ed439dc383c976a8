package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// EmbedMarkup returns the embedded view: its problems and FEN error first (a
// readable error inside the view, see Errors), then the board and the
// cards, and the representations panel (for hover, see Representations)
// when asked for. The containers are always there, hidden when empty, so
// a renderer can take the markup over and update each part in place:
//
//	<div class="errors">…</div>
//	<div class="view" data-board="1|0" data-cards="N" data-cols="C"><div class="view-board">…</div><div class="cards" part="cards">…</div></div>
//	<div class="view-repr">…</div>
//	<div class="view-tools">…</div>
func EmbedMarkup(e model.Embed, hover core.Square) string {
	var b strings.Builder
	b.WriteString(`<div class="errors">` + EmbedErrors(e) + `</div><div class="view"` + attrsMarkup(EmbedAttrs(e)) + `><div class="view-board"` + hidden(!e.Board) + `>`)
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
	tools := EmbedTools(e)
	b.WriteString(`</div><div class="view-tools"` + hidden(tools == "") + `>` + tools + `</div>`)
	return b.String()
}

// EmbedDrawing returns a view's first drawing from e, as mount writes it into
// its root (and the bitview command into a prerendered element's shadow
// root, for mount to adopt): the <style> of the highlight rule, which
// outlines the marked squares in the grids (GridMarks; no square is
// pointed at yet), then
//
//	<div class="bitview-embed" data-interactive="1|0">Markup<div class="view-perft">perft</div></div>
//
// with perft the divide under the view (PerftMarkup), hidden when "".
func EmbedDrawing(e model.Embed, perft string) string {
	return `<style>` + GridMarks(e.Marked) + `</style><div class="bitview-embed" data-interactive="` +
		map[bool]string{true: "1", false: "0"}[e.Interactive] + `">` + EmbedMarkup(e, core.NoSquare) +
		`<div class="view-perft"` + hidden(perft == "") + `>` + perft + `</div></div>`
}

// EmbedAttrs returns the attributes of the view's <div class="view">,
// name and value: whether the board is drawn (data-board: 1 or 0), the
// number of grids shown (data-cards) and the columns of the layout's grid
// (data-cols: 8, 10 or 16), which view.css lays the board and the cards
// out by. They are on the view itself, not read from the parts below it,
// so that a figure the browser paints before it has parsed it whole (a
// prerendered one) is laid out as it will be; the renderer writes the
// same after each change.
func EmbedAttrs(e model.Embed) [][2]string {
	board := "0"
	if e.Board {
		board = "1"
	}
	return [][2]string{{"data-board", board}, {"data-cards", strconv.Itoa(len(e.Shown))}, {"data-cols", strconv.Itoa(e.Layout.Cols)}}
}

// attrsMarkup writes attributes (name and value) as markup, each after a
// space.
func attrsMarkup(attrs [][2]string) string {
	var b strings.Builder
	for _, a := range attrs {
		attr(&b, a[0], a[1])
	}
	return b.String()
}

// EmbedTools returns what is drawn below the view: the Polyglot key
// (attribute zobrist) and the magic lookup with the position's occupancy
// (attribute magic, see MagicReport), or "" when neither is asked for or
// there is no position.
func EmbedTools(e model.Embed) string {
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

// EmbedErrors returns what the view says about its FEN (Status: the error
// panel, or the notice of a piece placement read alone) and one alert per
// problem.
func EmbedErrors(e model.Embed) string {
	var b strings.Builder
	b.WriteString(Status(e.Status()))
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

// FrameScript is the file of Bitview's copy that the iframe snippet's
// optional second line loads (web/bitview-frame.js): it lets every
// Bitview frame of the page follow its content's height, which embed.js
// posts as {type: "bitview-height", height}; a script file, not an inline
// one, so that it runs under a Content Security Policy of script-src
// 'self'. Sites that strip scripts keep the frame at FrameHeight.
const FrameScript = "bitview-frame.js"

// CDN is the folder of Bitview's npm package at a version on jsDelivr
// (every npm CDN sends Access-Control-Allow-Origin: *): CDN + version +
// "/" holds bitview-load.js and the files it loads. Only a published
// version answers (see version.Published).
const CDN = "https://cdn.jsdelivr.net/npm/bitview@"

// Loader is the file of Bitview's copy that a page loads with one line:
// a classic script (web/bitview-load.js), which runs from any site, with
// or without CORS headers, imports the element and the Markdown blocks
// from its own folder, and writes into every element why they could not
// be loaded, when they cannot.
const Loader = "bitview-load.js"

// EmbedSnippets returns the two ways to embed the view s on another page
// (the <bitboard-view> element and the iframe, each with a copy button;
// the free bitboard goes as its value, see State.EmbedShow), for the page
// at the URL page: both load from the copy of Bitview the page is served
// from (the page's folder), so they work pasted as they are. cdn is the
// folder of a published version of the npm package (CDN + version + "/"),
// or "" when the version is not published: then no line names the CDN.
// Notes come first, where they are read: when page is on this machine
// (localhost, 127.0.0.1, [::1]), the addresses work only here.
func EmbedSnippets(s model.State, page, cdn string) string {
	folder := page
	if i := strings.IndexAny(folder, "?#"); i >= 0 {
		folder = folder[:i]
	}
	folder = folder[:strings.LastIndex(folder, "/")+1]
	notes := ""
	if local(folder) {
		notes += `<p class="snippet-note" data-note="localhost" role="note">This page was opened from this machine (<code>` + escape(hostOf(folder)) +
			`</code>): these addresses work only here. Copy <code>dist/</code> to your site and open this page there for addresses that work everywhere.</p>`
	}
	if cdn != "" {
		notes += `<p class="snippet-note" data-note="cdn">Or from the npm CDN: <code>` + escape(scriptLine(cdn)) + `</code></p>`
	}
	return notes + snippets(s, scriptLine(folder), folder)
}

// scriptLine returns the line that loads Bitview from folder (a URL
// ending in "/"): Loader, deferred, so that the elements after it are
// parsed when it runs.
func scriptLine(folder string) string {
	return `<script src="` + escape(folder+Loader) + `" defer></script>`
}

// Fallback returns the text an element snippet writes inside the element
// for Bitview's copy in folder: what shows where Loader does not run (no
// JavaScript, a wrong path, a script not allowed), naming the file, so
// that a wrong path is seen on the page.
func Fallback(folder string) string {
	return "Needs JavaScript and " + folder + Loader + "."
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

// snippets returns the element snippet, script (the line that loads the
// element) and the element, and the iframe snippet for embed.html in
// folder base.
func snippets(s model.State, script, base string) string {
	s.Show, s.Free = s.EmbedShow(), 0 // the free bitboard goes as its value
	q := s.EmbedQuery()
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
	element := script + "\n" + `<bitboard-view` + attrs + `>` + escape(Fallback(base)) + `</bitboard-view>`
	iframe := `<iframe data-bitview src="` + escape(base+"embed.html"+q) + `" width="` + strconv.Itoa(FrameWidth) + `" height="` + strconv.Itoa(FrameHeight(s)) +
		`" style="border:0;max-width:100%" loading="lazy" title="Bitview: ` + escape(s.FEN) + `"></iframe>` + "\n" +
		`<script src="` + escape(base+FrameScript) + `" async></script>`
	var b strings.Builder
	for _, sn := range []struct{ label, text string }{{"Element", element}, {"iframe", iframe}} {
		b.WriteString(`<div class="snippet"><div class="snippet-head">` + sn.label + `<button type="button" class="copy" data-copy="` +
			escape(sn.text) + `" aria-label="Copy the ` + sn.label + ` snippet">Copy</button></div><pre><code data-snippet="` +
			strings.ToLower(sn.label) + `">` + escape(sn.text) + `</code></pre></div>`)
	}
	return b.String()
}
