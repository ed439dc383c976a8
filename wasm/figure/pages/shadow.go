package pages

import (
	"bytes"
	"html"
	"path"
	"strings"

	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	xhtml "golang.org/x/net/html"

	"github.com/bitview/bitview/wasm/figure"
)

// MaxSizeLength is the longest size attribute written into a prerendered
// element's shadow root, 64 bytes, as bitview-element.js reads it
// (MAX_SIZE there): a CSS length such as "calc(100% - 2rem)" is short.
const MaxSizeLength = 64

// Shadow returns the declarative shadow root of a prerendered
// <bitboard-view> with the attributes attrs: what bitview-element.js
// builds in the element's shadow root, with the view drawn as mount first
// draws it (model.Embed.Drawing), so that the figure shows with JavaScript
// off, styled and at the size the live view has, and the element adopts
// it when its script runs (nothing is redrawn; the focus stays):
//
//	<template shadowrootmode="open" data-bitview-prerendered="SEAL">
//	  <link rel="stylesheet" href="BASEview.css" data-bitview="view.css">
//	  (<link … repr.css> when the view shows the representations)
//	  (<style data-bitview="size">:host{width:SIZE}</style> for a size attribute)
//	  <div part="view" class="host" data-values="all|hex|none" data-base="BASE">drawing</div>
//	</template>
//
// base is the folder of Bitview's files (view.css, pieces/chessnut/) as
// the page sees it, ending in "/" ("./" for the page's own folder): the
// element uses its piece images as written while its files are there. An
// attribute the element would show an error for is an error here, as in
// Resolve. Every character outside ASCII is written as a character
// reference (but in a <style>; see asciiHTML), and Mark is sealed (see
// Mark).
func Shadow(attrs [][2]string, base string) (string, error) {
	m := map[string]string{}
	for _, a := range attrs {
		m[strings.ToLower(a[0])] = a[1]
	}
	o, err := model.ParseAttributes(m)
	if ae, ok := err.(*model.AttributeError); ok {
		return "", figure.OptionError(ae.Name, ae.Value, ae.Msg)
	}
	if err != nil {
		return "", err
	}
	o.PieceBase = base + "pieces/chessnut/"
	e := model.ResolveEmbed(o, nil)
	if len(e.Problems) > 0 {
		return "", figure.ProblemError(m, e.Problems[0])
	}
	perft, problem := view.PerftMarkup(o.Perft, e.Pos)
	if problem != "" {
		return "", figure.OptionError("perft", o.Perft, problem)
	}
	values := m["values"]
	if values != "hex" && values != "none" {
		values = "all"
	}
	b := base
	if b == "./" {
		b = ""
	}
	var s strings.Builder
	s.WriteString(`<template shadowrootmode="open" ` + unsealed + `><link rel="stylesheet" href="` + html.EscapeString(b+"view.css") + `" data-bitview="view.css">`)
	if e.ShowsRepr() {
		s.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(b+"repr.css") + `" data-bitview="repr.css">`)
	}
	if size, ok := m["size"]; ok && cssLength(size) {
		s.WriteString(`<style data-bitview="size">:host{width:` + size + `}</style>`)
	}
	s.WriteString(`<div part="view" class="host" data-values="` + values + `" data-base="` + html.EscapeString(base) + `">`)
	s.WriteString(view.EmbedDrawing(e, perft))
	s.WriteString(`</div></template>`)
	return seal(asciiHTML(s.String())), nil
}

// cssLength reports whether a size attribute may go into a style rule as
// it is: at most MaxSizeLength bytes of the characters of CSS lengths and
// their functions (digits, letters, "%", ".", "-", "+", "*", "/", "(",
// ")", ",", blanks), so it cannot end the rule or the <style>. The
// browser drops a value that is not a length, as the element does.
func cssLength(v string) bool {
	if v == "" || len(v) > MaxSizeLength {
		return false
	}
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', strings.ContainsRune("%.-+*/(), ", c):
		default:
			return false
		}
	}
	return true
}

// ScriptBase returns the folder of the page's <script src="…/bitview-element.js">
// as written, ending in "/" ("./" when the script is beside the page), or
// "" when the page has no such script.
func ScriptBase(page []byte) string {
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case xhtml.ErrorToken: // the end of the page, or a page the tokenizer gave up on
			return ""
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tn, more := z.TagName()
			if string(tn) != "script" {
				continue
			}
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) != "src" {
					continue
				}
				src := string(v)
				if i := strings.IndexAny(src, "?#"); i >= 0 {
					src = src[:i]
				}
				if path.Base(src) != "bitview-element.js" {
					continue
				}
				if i := strings.LastIndex(src, "/"); i >= 0 {
					return src[:i+1]
				}
				return "./"
			}
		}
	}
}
