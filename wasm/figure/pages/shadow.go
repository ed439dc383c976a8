package pages

import (
	"bytes"
	"fmt"
	"html"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core/excerpt"

	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
	xhtml "golang.org/x/net/html"

	"github.com/bitview/bitview/wasm/figure"
)

// MaxSizeLength is the longest size or height attribute written into a prerendered
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
//	  (<style data-bitview="size">:host{width:SIZE;height:HEIGHT}</style> for a size or height attribute)
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
	var box []string
	if size, ok := m["size"]; ok && cssLength(size) {
		box = append(box, "width:"+size)
	}
	if height, ok := m["height"]; ok && cssLength(height) {
		box = append(box, "height:"+height)
	}
	if box != nil {
		s.WriteString(`<style data-bitview="size">:host{` + strings.Join(box, ";") + `}</style>`)
	}
	s.WriteString(`<div part="view" class="host" data-values="` + values + `" data-base="` + html.EscapeString(base) + `">`)
	s.WriteString(view.EmbedDrawing(e, perft))
	s.WriteString(`</div></template>`)
	return seal(asciiHTML(s.String())), nil
}

// cssLength reports whether a size or height attribute may go into a style rule as
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

// ScriptNames are the names of Bitview's scripts a page loads from the
// folder of its files, by which ScriptBase finds it: the loader of the
// README's one line, the element, and the Markdown blocks.
var ScriptNames = []string{"bitview-load.js", "bitview-element.js", "bitview-markdown.js"}

// ScriptBase returns the folder of the page's first <script src="…/NAME">,
// NAME one of ScriptNames, as written, ending in "/" ("./" when the
// script is beside the page), or "" when the page has no such script.
func ScriptBase(page []byte) string {
	base, _, _ := scriptBase(page)
	return base
}

// scriptBase is ScriptBase, with the script's src as written and the
// offset of its tag in page.
func scriptBase(page []byte) (base, src string, at int) {
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	pos := 0
	for {
		tt := z.Next()
		start := pos
		pos += len(z.Raw())
		switch tt {
		case xhtml.ErrorToken: // the end of the page, or a page the tokenizer gave up on
			return "", "", 0
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
				p := src
				if i := strings.IndexAny(p, "?#"); i >= 0 {
					p = p[:i]
				}
				if !slices.Contains(ScriptNames, path.Base(p)) {
					continue
				}
				if i := strings.LastIndex(p, "/"); i >= 0 {
					return p[:i+1], src, start
				}
				return "./", src, start
			}
		}
	}
}

// baseWarning returns a warning naming the page's script when base (the
// -base given) is not where that script finds Bitview's files, or nil.
// sitePath is the page's path from the site's folder ("posts/a.html"),
// "" when not known: a relative folder (the script's, or base) is read
// from the page's folder there, and an absolute one may hold the site's
// sub-path before it (/repo/bitview/ is where ../bitview/ leads on a site
// served under /repo/). What cannot be told apart without the site's
// folder is not warned about.
func baseWarning(name string, page []byte, base, sitePath string) *PageError {
	script, src, at := scriptBase(page)
	if script == "" || sameFolder(base, script, sitePath) {
		return nil
	}
	line := 1 + bytes.Count(page[:at], []byte("\n"))
	return &PageError{name, line, fmt.Errorf("-base %s is not where the page's script %s finds Bitview's files (%s): the figures would link view.css and the pieces in %s; give -base %s, or no -base to take it from the script",
		quotePath(base), quotePath(src), quotePath(script), quotePath(base), quotePath(script))}
}

// quotePath quotes a path or URL for a message as strconv.Quote does
// (every character that is not printable escaped), whole up to 1,024
// bytes (a message that tells what to give must give it whole), cut as
// excerpt.Quote cuts beyond.
func quotePath(s string) string {
	if len(s) > 1024 {
		return excerpt.Quote(s)
	}
	return strconv.Quote(s)
}

// sameFolder reports whether the folders a and b (each ending in "/", as
// a page writes them) may be the same, for a page at sitePath (see
// baseWarning).
func sameFolder(a, b, sitePath string) bool {
	norm := func(f string) string {
		if !strings.HasSuffix(f, "/") {
			f += "/"
		}
		return f
	}
	a, b = norm(a), norm(b)
	if a == b {
		return true
	}
	url := func(f string) bool { return strings.Contains(f, "://") || strings.HasPrefix(f, "//") }
	if url(a) || url(b) {
		return false
	}
	rooted := func(f string) string { // f from the site's folder, "" when not known
		if strings.HasPrefix(f, "/") {
			return f
		}
		if sitePath == "" {
			return ""
		}
		return norm(path.Join("/", path.Dir(sitePath), f))
	}
	ra, rb := rooted(a), rooted(b)
	switch {
	case ra == "" || rb == "":
		return true
	case ra == rb:
		return true
	case !strings.HasPrefix(a, "/"): // a relative, b absolute: b may have the sub-path
		return strings.HasSuffix(rb, ra)
	case !strings.HasPrefix(b, "/"):
		return strings.HasSuffix(ra, rb)
	}
	return false
}

// WrapperCSS is the style of the shadow root on a bitboard block's
// wrapper (a highlighter's <div>, see wrapperShadow): the wrapper's own
// box (a code block's background, border, padding, scroll bar, fixed
// height) gives way to the figure's, important rules of a shadow root
// winning over the page's. bitview-markdown.js gives the shadow roots it
// makes the same (its HOST_CSS; TestWrapperCSSShared checks they agree).
const WrapperCSS = ":host{background:none!important;border:0!important;border-radius:0!important;box-shadow:none!important;" +
	"padding:0!important;margin-inline:0!important;overflow:visible!important;height:auto!important;max-height:none!important}" +
	"slot[hidden]{display:none}"

// wrapperShadow returns the declarative shadow root that shows fig, a
// block's figure element, on the block's wrapper in place of what the
// wrapper holds (nothing of it is slotted): the wrapper, its <pre> and
// every node the generator wrote stay as they were, so that a framework
// that hydrates the page it wrote (React in Docusaurus, which reports a
// changed node as error #418 and writes the page again) finds its nodes,
// and bitview-markdown.js adopts the root (known by its <style
// data-bitview="wrapper">) and its element (nothing is drawn again).
// Mark is sealed, so that a later run replaces it.
func wrapperShadow(fig string) string {
	return seal(`<template shadowrootmode="open" ` + unsealed + `><style data-bitview="wrapper">` + WrapperCSS + `</style>` + fig + `</template>`)
}
