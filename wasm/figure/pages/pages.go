package pages

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/thousands"
	xhtml "golang.org/x/net/html"

	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/model"
)

// Style is the rule a prerendered page gets once, so that its figures fit
// their column with JavaScript off (an SVG's width attribute is its size
// at 1×); the element's shadow root says the same to its slot.
const Style = `<style data-bitview-figures>bitboard-view{display:block}bitboard-view>svg,bitboard-view>img[data-bitview-figure]{display:block;max-width:100%;height:auto}</style>`

// FiguresDir is the folder, beside a prerendered page, of its figures'
// SVG files: each is named by the first 16 hex digits of its SHA-256
// (see Output.Figures), so figures that are the same share a file.
const FiguresDir = "bitview-figures"

// An Output is a prerendered page: its bytes, the SVG files its <img>
// fallbacks refer to (by path relative to the page's folder, each under
// FiguresDir: they are to be written beside the page; each is the
// figure's SVG with every piece image it repeats written once and <use>d
// where the pieces stand, which draws the same), and the lines of
// its bitboard blocks that were skipped (see Page).
type Output struct {
	Page     []byte
	Figures  map[string][]byte
	Warnings []*PageError
}

// MaxPageBytes is the largest page Page reads, 16 MiB: a long built page
// of a static-site generator is a few hundred KB.
const MaxPageBytes = 16 << 20

// MaxPageOutput is the most a prerendered page may hold, MaxPageBytes
// (16 MiB), so that the page can be read, and prerendered, again: the
// page and its figures (with their files: see Page), each counted at its Figure.MaxBytes before it is
// drawn (so memory stays bounded) and at its size once drawn (what an
// earlier run wrote, and this one replaces, is not counted). A page of
// twenty figures of a board and a grid or two is about 3 MB; a page over
// the limit is an error naming the line of the figure that would pass it.
const MaxPageOutput = MaxPageBytes

// BlockKeys are the keys of a ```bitboard block (model.UseMarkdown), as
// bitview-markdown.js reads them (KEYS, generated from the same table):
// each sets the attribute of the same name, and expr adds one expression
// to show.
var BlockKeys = model.AttributesFor(model.UseMarkdown)

// A PageError is a figure of a page that could not be drawn: the file,
// its 1-based line and the option's error (an *Error, which names the
// field and the character), or what else was wrong.
type PageError struct {
	File string
	Line int
	Err  error
}

func (e *PageError) Error() string {
	return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Err.Error()
}

func (e *PageError) Unwrap() error { return e.Err }

// Page writes the figure of every <bitboard-view> of a page into it, and
// turns every bitboard block into such an element. Each element gets its
// view as the element draws it, in a declarative shadow root (see Shadow;
// the element adopts it when its script runs, so the page does not move),
// then, in its light DOM, an <img data-bitview-figure> of the figure's
// SVG (what the element's toSVG() gives, its repeated piece images written once) with the figure's description
// (Describe) as its alt text, which shows where shadow roots are not read
// (a browser without declarative shadow DOM, a feed reader that strips
// templates): the page holds each figure once, and the SVG is a file
// beside it (Output.Figures, under FiguresDir, named by its content) that
// a browser reading the shadow root does not fetch (the image is lazy and
// not shown). The shadow root links view.css from base, the folder of
// Bitview's files as the page sees it ("./" for the page's own; "" to
// take it from the page's <script src="…/bitview-element.js">); with no
// base, the elements get the SVG alone, inline, and there are no files.
// A bitboard block is a
// ```bitboard fence of a Markdown page (markdown true), a
// <pre><code class="language-bitboard"> block of an HTML page, with the
// highlighter's <div class="language-bitboard …"> around it when it holds
// only the block (what Hugo, MkDocs, Docusaurus and Jekyll write). The
// page gets Style once (before </head>, or before its first figure).
// What an author wrote inside an element (a paragraph, an image: its
// fallback) is kept byte for byte after the figure, in the light DOM, where
// the shadow root is not read (see authoredContent); an element inside
// another is an error naming its line. Everything else is left as it
// was, byte for byte, so a page whose figures are already drawn comes
// back unchanged. The first figure that cannot be drawn is an error
// naming its line (a block's error names each of its wrong options: see
// Output.Warnings); the page is then not to be written. The page's output is
// bounded by MaxPageOutput, each figure by MaxFigureSquares, both checked
// before the figure is drawn. The lines of the page's bitboard
// blocks that were skipped, a line that is not "key: value" or whose key
// is not one of BlockKeys, are in Output.Warnings: as in bitview-markdown.js, which lists them
// under the live view, the figure is drawn from the
// block's other lines. An error of a block names every option at fault,
// each at its line (errors.Join of *PageError); the Output's warnings are
// given with an error too.
func Page(name string, page []byte, markdown bool, base string) (*Output, error) {
	out, pg, err := prerenderPage(name, page, markdown, base)
	o := &Output{Page: out}
	if pg != nil {
		o.Figures, o.Warnings = pg.files, pg.warnings
	}
	return o, err
}

func prerenderPage(name string, page []byte, markdown bool, base string) ([]byte, *pager, error) {
	if len(page) > MaxPageBytes {
		return nil, nil, &PageError{name, 1, fmt.Errorf("the page is %d bytes; the limit is %d", len(page), MaxPageBytes)}
	}
	pg := &pager{name: name, markdown: markdown, base: base, newlines: newlines(page), out: len(page), files: map[string][]byte{}}
	var out []byte
	var err error
	if markdown {
		out, err = pg.markdownPage(page)
	} else {
		out, err = pg.htmlPage(page)
	}
	if err != nil {
		return nil, pg, err
	}
	return addStyle(out, markdown), pg, nil
}

// addStyle puts Style into a page that has prerendered figures and no
// Style yet: before </head> when the page has a head before its first
// figure, else (and in Markdown, as a block of its own) before that
// figure. A Style an earlier version wrote (a <style data-bitview-figures>
// that is not Style) is replaced by Style.
func addStyle(page []byte, markdown bool) []byte {
	if at := bytes.Index(page, []byte("<style data-bitview-figures>")); at >= 0 {
		end := bytes.Index(page[at:], []byte("</style>"))
		if end >= 0 && string(page[at:at+end+len("</style>")]) != Style {
			return slices.Concat(page[:at], []byte(Style), page[at+end+len("</style>"):])
		}
		return page
	}
	first := bytes.Index(page, []byte("<bitboard-view"))
	if first < 0 || !bytes.Contains(page[first:], []byte("</svg>")) && !bytes.Contains(page[first:], []byte(imgStart)) {
		return page
	}
	if head := bytes.Index(page, []byte("</head>")); head >= 0 && head < first && !markdown {
		return slices.Concat(page[:head], []byte(Style+"\n"), page[head:])
	}
	sep := ""
	if markdown {
		sep = "\n\n"
	}
	return slices.Concat(page[:first], []byte(Style+sep), page[first:])
}

// A pager prerenders the figures of one page: its name (for errors),
// whether it is Markdown, and the base of Bitview's files ("" for none).
type pager struct {
	name     string
	markdown bool
	base     string
	newlines []int        // the offsets of the page's newlines, for lineAt
	out      int          // the bytes of output so far: the page's, then each figure's
	warnings []*PageError // the lines of blocks skipped (see parseBlock)
	files    map[string][]byte
}

// element returns the start tag and content of a figure element with
// attrs (in the order given) and its content (see content).
func element(attrs [][2]string, content string) string {
	var b strings.Builder
	b.WriteString("<bitboard-view")
	for _, a := range attrs {
		b.WriteString(" " + a[0])
		if a[1] != "" || a[0] == "data-source" {
			b.WriteString(`="` + html.EscapeString(a[1]) + `"`)
		}
	}
	b.WriteString(">" + content + "</bitboard-view>")
	return b.String()
}

// content returns what an element with attrs holds once prerendered: its
// shadow root (Shadow) and an <img> of its SVG (Figure.SVG, its piece
// images shared: sharePieces) in a file of pg.files, or, when the page
// has no base, its SVG inline. In
// Markdown each part has lines of its own, so that CommonMark reads the
// whole as one HTML block (none of them holds a blank line).
func (pg *pager) content(attrs [][2]string) (string, error) {
	f, err := resolveAttrs(attrs)
	if err != nil {
		return "", err
	}
	if est := f.MaxBytes(); pg.out+est > MaxPageOutput {
		return "", fmt.Errorf("%w: the page's output would reach %s bytes with this figure (about %s) > %s; split the page", figure.ErrTooLarge,
			thousands.Itoa(pg.out+est), thousands.Itoa(est), thousands.Itoa(MaxPageOutput))
	}
	svg := f.SVG()
	var parts []string
	if pg.base == "" {
		pg.out += len(svg)
		parts = []string{svg}
	} else {
		shadow, err := Shadow(attrs, pg.base)
		if err != nil {
			return "", err
		}
		fileSVG := sharePieces(svg)
		file := FigureFile(fileSVG)
		if _, ok := pg.files[file]; !ok {
			pg.files[file] = []byte(fileSVG)
			pg.out += len(fileSVG)
		}
		img := figureImg(file, f, svg)
		pg.out += len(shadow) + len(img)
		parts = []string{shadow, img}
	}
	if pg.markdown {
		return "\n" + strings.Join(parts, "\n") + "\n", nil
	}
	return strings.Join(parts, ""), nil
}

// FigureFile returns the path, relative to its page's folder, of the file
// that holds an SVG: FiguresDir, then the first 16 hex digits of the
// SVG's SHA-256 and ".svg".
func FigureFile(svg string) string {
	sum := sha256.Sum256([]byte(svg))
	return FiguresDir + "/" + hex.EncodeToString(sum[:8]) + ".svg"
}

// imgStart is how the <img> fallback that Page writes begins: an <img> at
// the top of an element's content (after its shadow root) that starts so
// is the one a previous run wrote.
const imgStart = `<img data-bitview-figure src="`

// figureImg returns the <img> of a figure's SVG file: lazy, so that a
// browser that shows the shadow root (where the image is not shown) does
// not fetch it, at the SVG's size (so the page does not move when it
// arrives), with the figure's description as its alt text.
func figureImg(file string, f *figure.Figure, svg string) string {
	w, h := svgSize(svg)
	return imgStart + html.EscapeString(file) + `" alt="` + html.EscapeString(figure.Describe(f)) + `" width="` + w + `" height="` + h + `" loading="lazy" decoding="async">`
}

// svgSize returns the width and height attributes of view.SVG's root
// element.
func svgSize(svg string) (string, string) {
	attr := func(name string) string {
		_, rest, _ := strings.Cut(svg, " "+name+`="`)
		v, _, _ := strings.Cut(rest, `"`)
		return v
	}
	return attr("width"), attr("height")
}

// resolveAttrs resolves the figure of an element's attributes: the options of
// Names (theme aside: a page's figure is the default theme's, as the
// element's toSVG() gives it), the attributes of Ignored skipped, and any
// other attribute (id, class, style, data-*, aria-*) left to the page.
func resolveAttrs(attrs [][2]string) (*figure.Figure, error) {
	o := figure.Options{}
	for _, a := range attrs {
		if !slices.Contains(figure.Names, a[0]) {
			continue
		}
		if a[0] == "theme" {
			return nil, figure.OptionError("theme", a[1], "the element has no theme attribute: it follows its CSS")
		}
		if err := o.Set(a[0], a[1]); err != nil {
			return nil, err
		}
	}
	return figure.Resolve(o)
}

// newlines returns the offsets of page's newlines, counted once so that
// a line number costs a binary search (a page of many figures is read in
// linear time).
func newlines(page []byte) []int {
	var nl []int
	for i := 0; ; {
		j := bytes.IndexByte(page[i:], '\n')
		if j < 0 {
			return nl
		}
		nl = append(nl, i+j)
		i += j + 1
	}
}

// lineAt returns the 1-based line of offset i of the page.
func (pg *pager) lineAt(i int) int {
	n, _ := slices.BinarySearch(pg.newlines, i)
	return n + 1
}

// A span is a part of a page to replace.
type span struct {
	start, end int
	text       string
}

func splice(page []byte, spans []span) []byte {
	var b bytes.Buffer
	at := 0
	for _, s := range spans {
		b.Write(page[at:s.start])
		b.WriteString(s.text)
		at = s.end
	}
	b.Write(page[at:])
	return b.Bytes()
}

// parseBlock reads a bitboard block's lines as bitview-markdown.js does:
// one "key: value" a line, blank lines and # comments skipped, show and
// expr lines joined into show. A line that is not "key: value" or has an
// unknown key is skipped and returned as a warning, as the live loader
// lists it under the view and draws the rest. line is the block's first
// line in the page.
func parseBlock(name, text string, line int) (attrs [][2]string, warnings []*PageError) {
	var show []string
	for i, raw := range strings.Split(text, "\n") {
		l := strings.TrimSpace(raw)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		key, value, ok := strings.Cut(l, ":")
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		if !ok || !slices.Contains(BlockKeys, key) {
			msg := `unknown key ` + excerpt.Quote(key)
			if !ok {
				msg = excerpt.Quote(l) + ` is not "key: value"`
			}
			warnings = append(warnings, &PageError{name, line + i, errors.New(msg + "; keys: " + strings.Join(BlockKeys, ", "))})
			continue
		}
		if key == "show" || key == "expr" {
			if value != "" {
				show = append(show, value)
			}
			continue
		}
		attrs = slices.DeleteFunc(attrs, func(a [2]string) bool { return a[0] == key })
		attrs = append(attrs, [2]string{key, value})
	}
	if len(show) > 0 {
		attrs = append(attrs, [2]string{"show", strings.Join(show, ", ")})
	}
	return attrs, warnings
}

// blockFigure turns a block's text into the element with its figure. Its
// unknown keys are warnings (see parseBlock); when options are wrong,
// the error names every one of them, each at its line (errors.Join of
// *PageError): the option at fault is left out and the rest tried again.
func (pg *pager) blockFigure(text string, line int) (string, error) {
	attrs, warnings := parseBlock(pg.name, text, line)
	pg.warnings = append(pg.warnings, warnings...)
	content, err := pg.content(attrs)
	if err == nil {
		return element(attrs, content), nil
	}
	var errs []error
	for len(errs) <= len(attrs) {
		errs = append(errs, &PageError{pg.name, line + optionLine(text, err), err})
		var fe *figure.Error
		if !errors.As(err, &fe) || errors.Is(err, figure.ErrTooLarge) {
			break
		}
		n := len(attrs)
		attrs = slices.DeleteFunc(attrs, func(a [2]string) bool { return a[0] == fe.Option })
		if len(attrs) == n {
			break
		}
		if _, err = resolveAttrs(attrs); err == nil {
			break
		}
	}
	return "", errors.Join(errs...)
}

// optionLine returns the 0-based line of text that sets the option err
// names (the first, for show), or 0.
func optionLine(text string, err error) int {
	var fe *figure.Error
	if !errors.As(err, &fe) {
		return 0
	}
	for i, raw := range strings.Split(text, "\n") {
		key, _, _ := strings.Cut(strings.TrimSpace(raw), ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if key == fe.Option || fe.Option == "show" && key == "expr" {
			return i
		}
	}
	return 0
}

// markdownPage draws the ```bitboard fences and the <bitboard-view>
// elements of a Markdown page; other fenced code blocks are left alone
// (an example of the element's markup stays an example).
func (pg *pager) markdownPage(page []byte) ([]byte, error) {
	var spans []span
	type fenced struct {
		start, stop, line int
		text, nl          string
	}
	var fences []fenced
	lines := bytes.SplitAfter(page, []byte("\n"))
	at := 0
	prose := make([]bool, len(lines)) // the lines outside fences
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := bytes.TrimLeft(l, " ")
		fence := ""
		if len(l)-len(t) < 4 {
			for _, f := range []string{"```", "~~~"} {
				if bytes.HasPrefix(t, []byte(f)) {
					n := len(t) - len(bytes.TrimLeft(t, f[:1]))
					fence = strings.Repeat(f[:1], n)
				}
			}
		}
		if fence == "" {
			prose[i] = true
			at += len(l)
			continue
		}
		info := strings.TrimSpace(string(t[len(fence):]))
		start, body := at, at+len(l)
		at += len(l)
		end := len(page)
		j := i + 1
		for ; j < len(lines); j++ {
			c := bytes.TrimSpace(lines[j])
			if bytes.HasPrefix(c, []byte(fence)) && len(bytes.Trim(c, fence[:1])) == 0 {
				end = at
				at += len(lines[j])
				break
			}
			at += len(lines[j])
		}
		if j == len(lines) {
			end = at
		}
		i = j
		if lang, _, _ := strings.Cut(info, " "); strings.Trim(lang, "{}.") != "bitboard" {
			continue
		}
		stop := min(at, len(page))
		nl := ""
		if stop > 0 && page[stop-1] == '\n' {
			nl = "\n"
		}
		fences = append(fences, fenced{start, stop, pg.lineAt(body), string(page[body:end]), nl})
	}
	// The elements outside fences: the page read as HTML with every
	// fence blanked out (the same offsets).
	masked := slices.Clone(page)
	off := 0
	for n, l := range lines {
		if !prose[n] {
			for k := off; k < off+len(l); k++ {
				if masked[k] != '\n' {
					masked[k] = ' '
				}
			}
		}
		off += len(l)
	}
	if pg.base == "" {
		pg.base = ScriptBase(masked) // a <script> shown in a code block is not the page's
	}
	for _, f := range fences {
		pg.out -= f.stop - f.start // the fence is replaced
		fig, err := pg.blockFigure(f.text, f.line)
		if err != nil {
			return nil, err
		}
		spans = append(spans, span{f.start, f.stop, fig + f.nl})
	}
	elems, err := pg.htmlSpans(masked)
	if err != nil {
		return nil, err
	}
	spans = append(spans, elems...)
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	return splice(page, spans), nil
}

// htmlPage draws the elements and blocks of an HTML page.
func (pg *pager) htmlPage(page []byte) ([]byte, error) {
	if pg.base == "" {
		pg.base = ScriptBase(page)
	}
	spans, err := pg.htmlSpans(page)
	if err != nil {
		return nil, err
	}
	return splice(page, spans), nil
}

// hasClass reports whether a class attribute's value holds c.
func hasClass(class, c string) bool { return slices.Contains(strings.Fields(class), c) }

// htmlSpans finds the <bitboard-view> elements of page and, unless
// Markdown (where page is the prose with the fences blanked out), its bitboard blocks (a <div> or <pre> of class
// language-bitboard, or a <pre> whose first child is such a <code>), and
// returns what replaces each: an element's content when its figure
// changed, a block whole.
func (pg *pager) htmlSpans(page []byte) ([]span, error) {
	name, markdown := pg.name, pg.markdown
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	var spans []span
	pos := 0
	type figureState struct {
		start, content int
		attrs          [][2]string
	}
	type blockState struct {
		start, depth int
		inPre        bool
		text         strings.Builder
	}
	var fig *figureState
	var blk *blockState
	lastPre := -1 // the offset of a <pre> start tag followed by blanks only so far
	for {
		tt := z.Next()
		raw := z.Raw()
		start := pos
		pos += len(raw)
		switch tt {
		case xhtml.ErrorToken:
			if z.Err() == io.EOF {
				if fig != nil {
					return nil, &PageError{name, pg.lineAt(fig.start), errors.New("<bitboard-view> has no end tag")}
				}
				return spans, nil
			}
			return nil, &PageError{name, pg.lineAt(start), z.Err()}
		case xhtml.TextToken:
			if blk != nil && blk.inPre {
				blk.text.WriteString(html.UnescapeString(string(raw)))
			}
			if len(bytes.TrimSpace(raw)) > 0 {
				lastPre = -1
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tn, more := z.TagName()
			tag := string(tn)
			var attrs [][2]string
			class := ""
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs = append(attrs, [2]string{string(k), string(v)})
				if string(k) == "class" {
					class = string(v)
				}
			}
			open := tt == xhtml.StartTagToken && !voidTag(tag)
			switch {
			case fig != nil:
				if tag == "bitboard-view" {
					return nil, &PageError{name, pg.lineAt(start), fmt.Errorf("a <bitboard-view> inside the <bitboard-view> of line %d: an element cannot hold another; close the first before the second", pg.lineAt(fig.start))}
				}
			case blk != nil:
				if open {
					blk.depth++
				}
				if tag == "pre" {
					blk.inPre = true
				}
				if tag == "br" && blk.inPre {
					blk.text.WriteString("\n")
				}
			case tag == "bitboard-view" && open:
				fig = &figureState{start: start, content: pos, attrs: attrs}
			case markdown:
			case (tag == "div" || tag == "pre") && open && hasClass(class, "language-bitboard"):
				blk = &blockState{start: start, depth: 1, inPre: tag == "pre"}
			case tag == "code" && open && lastPre >= 0 && hasClass(class, "language-bitboard"):
				blk = &blockState{start: lastPre, depth: 2, inPre: true}
			}
			lastPre = -1
			if tag == "pre" && open && blk == nil && fig == nil {
				lastPre = start
			}
		case xhtml.EndTagToken:
			lastPre = -1
			tn, _ := z.TagName()
			switch {
			case fig != nil:
				if string(tn) != "bitboard-view" {
					break
				}
				authored := authoredContent(string(page[fig.content:start]))
				pg.out -= start - fig.content - len(authored) // what a previous run wrote is replaced
				content, err := pg.content(fig.attrs)
				if err != nil {
					return nil, &PageError{name, pg.lineAt(fig.start), err}
				}
				if authored != "" {
					content = strings.TrimSuffix(content, "\n") + authored
				}
				if string(page[fig.content:start]) != content {
					spans = append(spans, span{fig.content, start, content})
				}
				fig = nil
			case blk != nil:
				if blk.depth--; blk.depth > 0 {
					break
				}
				pg.out -= pos - blk.start // the block is replaced
				f, err := pg.blockFigure(blk.text.String(), pg.lineAt(blk.start))
				if err != nil {
					return nil, err
				}
				spans = append(spans, span{blk.start, pos, f})
				blk = nil
			}
		}
	}
}

// svgStart is how the figure's SVG (Figure.SVG, view.FigureSVG) begins:
// an <svg> at the top of an element's content that starts so is the one
// a previous run wrote.
const svgStart = `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" `

// authoredContent returns the part of a <bitboard-view>'s content that
// its author wrote, which prerendering keeps byte for byte after what it
// writes (the element's light-DOM fallback, shown where the shadow root
// is not read): the content without what a previous run wrote at its
// start, that is a declarative shadow root (<template shadowrootmode>)
// and then the figure's <img> (one that begins as imgStart) or <svg> (one
// that begins as svgStart), each optionally after one newline
// (Markdown's layout of them). Everything else, blanks included, is the
// author's.
func authoredContent(content string) string {
	rest := content
	if r, ok := ownedPart(rest, `<template shadowrootmode="open">`, "<template", "</template>"); ok {
		rest = r
	}
	if t := strings.TrimPrefix(rest, "\n"); strings.HasPrefix(t, imgStart) && strings.Contains(t, ">") {
		_, rest, _ = strings.Cut(t, ">") // its attributes are escaped: the first ">" ends it
	} else if r, ok := ownedPart(rest, svgStart, "<svg", "</svg>"); ok {
		rest = r
	}
	if rest == "\n" && rest != content { // Markdown's newline before </bitboard-view>
		return ""
	}
	return rest
}

// ownedPart cuts from s (after one optional newline) an element that
// starts with prefix and ends at the end tag end matching it (open
// counts nested start tags of the same name), and returns the rest.
func ownedPart(s, prefix, open, end string) (string, bool) {
	t := strings.TrimPrefix(s, "\n")
	if !strings.HasPrefix(t, prefix) {
		return s, false
	}
	depth, i := 0, 0
	for {
		o := strings.Index(t[i:], open)
		c := strings.Index(t[i:], end)
		switch {
		case c < 0:
			return s, false
		case o >= 0 && o < c:
			depth++
			i += o + len(open)
		default:
			depth--
			i += c + len(end)
			if depth == 0 {
				return t[i:], true
			}
		}
	}
}

// voidTag reports whether an HTML element has no end tag.
func voidTag(tag string) bool {
	switch tag {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}

// A Result is what Pages did to one file.
type Result struct {
	File    string
	Changed bool
	Err     error
	// SVGOnly: the page's figures got no shadow root, as no base was
	// given and the page loads no bitview-element.js (see Page).
	SVGOnly bool
	// Warnings are the block lines skipped (see Output.Warnings).
	Warnings []*PageError
	// Figures are the figure files (Output.Figures, as paths from the
	// folder Pages was given) that were written, or would be with
	// dryRun: those missing or different.
	Figures []string
}

// Pages prerenders every page below each path (a file, or a folder walked
// for .md, .markdown, .html and .htm files; dotfolders and node_modules
// skipped): a page is rewritten only
// when one of its figures changed, and left untouched when one of them
// is wrong, or when it changed while its figures were drawn (see
// ErrChanged); base is Page's. Pages are written as WriteFile writes. With dryRun nothing is written. It returns one Result per
// page with figures; the error is the first page's that failed, after
// all were tried.
func Pages(paths []string, base string, dryRun bool) ([]Result, error) {
	var results []Result
	var first error
	for _, root := range paths {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
					return filepath.SkipDir
				}
				return nil
			}
			ext := strings.ToLower(filepath.Ext(p))
			markdown := ext == ".md" || ext == ".markdown"
			if !markdown && ext != ".html" && ext != ".htm" {
				return nil
			}
			r := pageFile(p, markdown, base, dryRun)
			if r.Err != nil && first == nil {
				first = r.Err
			}
			if r.Err != nil || r.Changed || r.figures || len(r.Warnings) > 0 {
				results = append(results, r.Result)
			}
			return nil
		})
		if err != nil && first == nil {
			first = err
		}
	}
	return results, first
}

type pageResult struct {
	Result
	figures bool
}

func pageFile(p string, markdown bool, base string, dryRun bool) pageResult {
	r := pageResult{Result: Result{File: p}}
	info, err := os.Stat(p)
	if err == nil && info.Size() > MaxPageBytes {
		err = &PageError{p, 1, fmt.Errorf("the page is %d bytes; the limit is %d", info.Size(), MaxPageBytes)}
	}
	var in []byte
	if err == nil {
		in, err = os.ReadFile(p)
	}
	if err != nil {
		r.Err = err
		return r
	}
	o, err := Page(p, in, markdown, base)
	r.Warnings = o.Warnings
	if err != nil {
		r.Err = err
		return r
	}
	out := o.Page
	r.figures = bytes.Contains(out, []byte("<bitboard-view"))
	r.SVGOnly = r.figures && !bytes.Contains(out, []byte(`<template shadowrootmode="open"><link rel="stylesheet"`))
	if r.Figures, err = writeFigures(p, o.Figures, dryRun); err != nil {
		r.Err = err
		return r
	}
	if bytes.Equal(in, out) {
		return r
	}
	r.Changed = true
	if !dryRun {
		r.Err = writeFile(p, out, func(target string) error { return unchanged(p, target, info, in) })
	}
	return r
}

// writeFigures writes the figure files of the page p (Output.Figures)
// that are missing or differ, into FiguresDir beside it (created under
// the umask), before the page that refers to them; with dryRun it only
// lists them. A file that holds what it should is left untouched: a
// file's name is its content's hash, so pages beside each other share
// their common figures. Files no page refers to any more are left.
func writeFigures(p string, files map[string][]byte, dryRun bool) ([]string, error) {
	var written []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		fp := filepath.Join(filepath.Dir(p), filepath.FromSlash(name))
		if old, err := os.ReadFile(fp); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		written = append(written, fp)
		if dryRun {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(fp), 0o777); err != nil {
			return written, err
		}
		if err := WriteFile(fp, files[name]); err != nil {
			return written, err
		}
	}
	return written, nil
}

// ErrChanged is the error (wrapped, naming the page) of a page that was
// changed while its figures were drawn: it is left as it is, with the
// change, and the page is to be prerendered again.
var ErrChanged = errors.New("changed since it was read (edited while its figures were drawn); left as it is with that change: run prerender again")

// unchanged checks that the page p (the file target) is still the one
// read: the size and modification time of info, then the content in
// (its SHA-256), and returns an error naming p and wrapping ErrChanged
// if not.
func unchanged(p, target string, info os.FileInfo, in []byte) error {
	now, err := os.Stat(target)
	if err != nil {
		return err
	}
	what := ""
	switch {
	case now.Size() != info.Size():
		what = fmt.Sprintf("its size went from %d to %d bytes", info.Size(), now.Size())
	case !now.ModTime().Equal(info.ModTime()):
		what = "its modification time changed"
	default:
		again, err := os.ReadFile(target)
		if err != nil {
			return err
		}
		if sha256.Sum256(again) != sha256.Sum256(in) {
			what = "its content changed"
		}
	}
	if what == "" {
		return nil
	}
	return fmt.Errorf("%s: %w (%s)", p, ErrChanged, what)
}
