package pages

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core/thousands"
	xhtml "golang.org/x/net/html"

	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/model"
)

// Style is the rule a prerendered page gets once, so that its figures fit
// their column with JavaScript off (an SVG's width attribute is its size
// at 1×); the element's shadow root says the same to its slot. It
// carries Mark, sealed: a <style data-bitview-figures> an author wrote is
// left as it is.
var Style = seal(`<style data-bitview-figures ` + unsealed + `>bitboard-view{display:block}bitboard-view>svg,bitboard-view>img[data-bitview-figure]{display:block;max-width:100%;height:auto}</style>`)

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

// Page writes the figure of every <bitboard-view> of an HTML page into it,
// and turns every bitboard block into such an element. Each element gets
// its view as the element draws it, in a declarative shadow root (see
// Shadow; the element adopts it when its script runs, so the page does
// not move), then, in its light DOM, an <img data-bitview-figure> of the
// figure's SVG (what the element's toSVG() gives, its repeated piece
// images written once) with the figure's description (Describe) as its
// alt text, which shows where shadow roots are not read (a browser
// without declarative shadow DOM, a feed reader that strips templates):
// the page holds each figure once, and the SVG is a file beside it
// (Output.Figures, under FiguresDir, named by its content) that a browser
// reading the shadow root does not fetch (the image is lazy and not
// shown). The shadow root links view.css from base, the folder of
// Bitview's files as the page sees it ("./" for the page's own; "" to
// take it from the page's <script src="…/bitview-element.js">); with no
// base, the elements get the SVG alone, inline, and there are no files.
// Each part written carries Mark.
//
// A bitboard block is what a generator builds from a ```bitboard fence,
// in each highlighter's shape (fence.go): a <pre> that says its language
// (class="language-bitboard", …), or a <pre> whose first child is a
// <code> that says it, each replaced whole; or a <div> wrapper
// (class="language-bitboard …" or "highlight-bitboard …": Jekyll,
// Docusaurus, Sphinx) around its <pre>. A wrapper that holds only the
// block (blank text and the <div>s that hold its <pre>) is kept byte for
// byte, the block in it, and gets the figure's element as its
// declarative shadow root, first in it (wrapperShadow): a framework
// that hydrates the page (Docusaurus's React) finds the nodes it wrote,
// and bitview-markdown.js adopts the element. A wrapper that holds more
// (a comment, an anchor, prose) is kept with everything in it but its
// <pre>, which becomes the element. A <br> in a <pre> ends a line. Its lines are read
// by the rule bitview-markdown.js applies (see block.go; one table of
// cases, testdata/blocks.json, tests both): one "key: value" a line, the
// key one of BlockKeys, blank lines and "# comments" skipped. Any other
// line (a key that is no option, a line without a colon, a "## heading":
// most often the prose after a fence left open, which the generator put
// into the code block) is an error naming its line, every such line of
// the block named, so that no line of prose is replaced by a figure.
//
// The page gets Style once (before </head>, or before its first figure).
// What an author wrote inside an element (a paragraph, an image: its
// fallback) is kept byte for byte after the figure (see Mark); an element
// inside another is an error naming its line. Everything else is left as
// it was, byte for byte, so a page whose figures are already drawn comes
// back unchanged. The page is read once, in time linear in its length,
// however deep its elements nest. The first figure that cannot be drawn
// is an error naming its line; an error of a block names every option at
// fault, each at its line (errors.Join of *PageError); the page is then
// not to be written, and the Output's warnings are given with the error
// too. The page's output is bounded by MaxPageOutput, each figure by
// MaxFigureSquares, both checked before the figure is drawn.
func Page(name string, page []byte, base string) (*Output, error) {
	out, pg, err := prerenderPage(name, page, base)
	o := &Output{Page: out}
	if pg != nil {
		o.Figures, o.Warnings = pg.files, pg.warnings
	}
	return o, err
}

func prerenderPage(name string, page []byte, base string) ([]byte, *pager, error) {
	if len(page) > MaxPageBytes {
		return nil, nil, &PageError{name, 1, fmt.Errorf("the page is %d bytes; the limit is %d", len(page), MaxPageBytes)}
	}
	pg := &pager{name: name, base: base, page: page, newlines: newlines(page), out: len(page), files: map[string][]byte{},
		firstFigure: -1, headEnd: -1}
	if pg.base == "" {
		pg.base = ScriptBase(page)
	}
	spans, err := pg.htmlSpans(page)
	if err != nil {
		return nil, pg, err
	}
	if s, ok := pg.styleSpan(); ok {
		spans = append([]span{s}, spans...)
		slices.SortStableFunc(spans, func(a, b span) int { return a.start - b.start }) // an insertion before the figure it precedes
	}
	return splice(page, spans), pg, nil
}

// styleSpan returns the span that gives a page with figures Style, once:
// inserted before </head> when the page has a head before its first
// figure, else before that figure; or a Style an earlier version wrote (a
// <style> with a sealed Mark that is not Style) replaced. Each place is
// one the tokenizer found, so that a "<bitboard-view" or a "</head>" in
// a script, a comment or a code example is no such place.
func (pg *pager) styleSpan() (span, bool) {
	switch {
	case pg.style[1] > 0:
		if string(pg.page[pg.style[0]:pg.style[1]]) == Style {
			return span{}, false
		}
		return span{pg.style[0], pg.style[1], Style}, true
	case pg.firstFigure < 0:
		return span{}, false
	case pg.headEnd >= 0 && pg.headEnd < pg.firstFigure:
		return span{pg.headEnd, pg.headEnd, Style + "\n"}, true
	}
	return span{pg.firstFigure, pg.firstFigure, Style}, true
}

// A pager prerenders the figures of one page: its name (for errors) and
// the base of Bitview's files ("" for none).
type pager struct {
	name     string
	base     string
	page     []byte
	newlines []int        // the offsets of the page's newlines, for lineAt
	out      int          // the bytes of output so far: the page's, then each figure's
	warnings []*PageError // the lines of blocks skipped (see parseBlock)
	files    map[string][]byte
	// Where styleSpan puts Style: the offsets of the first figure's start
	// tag (an element's or a block's), of the first </head>, and the
	// span of a <style data-bitview-figures> (-1, or 0 and 0, for none).
	firstFigure, headEnd int
	style                [2]int
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
// has no base, its SVG inline (markedSVG). Each part carries Mark.
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
	if pg.base == "" {
		inline := markedSVG(svg)
		pg.out += len(inline)
		return inline, nil
	}
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
	content := shadow + figureImg(file, f, svg)
	pg.out += len(content)
	return content, nil
}

// asciiHTML returns HTML with each character outside ASCII written as a
// character reference (· as &#xb7;), but inside <style> (where references
// are not read): what Page writes then reads the same whatever encoding
// the page is read in (a template with no <meta charset>, served with no
// charset, is read as windows-1252), and the element adopts the same DOM.
func asciiHTML(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for s != "" {
		style := strings.Index(s, "<style")
		if style < 0 {
			style = len(s)
		}
		for _, r := range s[:style] {
			if r < utf8.RuneSelf {
				b.WriteRune(r)
			} else {
				b.WriteString("&#x" + strconv.FormatInt(int64(r), 16) + ";")
			}
		}
		s = s[style:]
		end := strings.Index(s, "</style>")
		if end < 0 {
			end = len(s)
		} else {
			end += len("</style>")
		}
		b.WriteString(s[:end])
		s = s[end:]
	}
	return b.String()
}

// markedSVG returns a figure's SVG (view.FigureSVG: it begins "<svg ")
// with Mark, sealed, on its root element, as Page writes it inline.
func markedSVG(svg string) string {
	return seal("<svg " + unsealed + strings.TrimPrefix(svg, "<svg"))
}

// FigureFile returns the path, relative to its page's folder, of the file
// that holds an SVG: FiguresDir, then the first 16 hex digits of the
// SVG's SHA-256 and ".svg".
func FigureFile(svg string) string {
	sum := sha256.Sum256([]byte(svg))
	return FiguresDir + "/" + hex.EncodeToString(sum[:8]) + ".svg"
}

// figureImg returns the <img> of a figure's SVG file: lazy, so that a
// browser that shows the shadow root (where the image is not shown) does
// not fetch it, at the SVG's size (so the page does not move when it
// arrives), with the figure's description as its alt text, and Mark,
// sealed; in ASCII, as Shadow.
func figureImg(file string, f *figure.Figure, svg string) string {
	w, h := svgSize(svg)
	return seal(asciiHTML(`<img data-bitview-figure src="` + html.EscapeString(file) + `" alt="` + html.EscapeString(figure.Describe(f)) + `" width="` + w + `" height="` + h + `" loading="lazy" decoding="async" ` + unsealed + `>`))
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

// blockFigure turns a block's text into the element with its figure. A
// wrong line is an error (see parseBlock); when options are wrong, the
// error names every one of them, each at its line (errors.Join of
// *PageError): the option at fault is left out and the rest tried again.
func (pg *pager) blockFigure(text string, line int) (string, error) {
	text = blockText(text)
	attrs, err := parseBlock(pg.name, text, line)
	if err != nil {
		return "", err
	}
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

// optionLine returns the 0-based line of a block's text that sets the
// option err names (the first, for show), or 0.
func optionLine(text string, err error) int {
	var fe *figure.Error
	if !errors.As(err, &fe) {
		return 0
	}
	for i, raw := range strings.Split(text, "\n") {
		key, _, _ := strings.Cut(strings.Trim(raw, blockBlanks), ":")
		key = asciiLower(strings.Trim(key, blockBlanks))
		if key == fe.Option || fe.Option == "show" && key == "expr" {
			return i
		}
	}
	return 0
}

// hasClass reports whether a class attribute's value holds c.
func hasClass(class, c string) bool { return slices.Contains(strings.Fields(class), c) }

// A figureState is a <bitboard-view> being read: its start tag (offset,
// end, attributes), and the parts of its content a previous run wrote
// (those that carry Mark, sealed, at the start of its content).
type figureState struct {
	start, content int
	attrs          [][2]string
	owned          int    // the end of the parts read so far that a run wrote
	part           string // the tag of the marked part being read, "" between parts
	partStart      int    // its offset
	seal           string // its Mark's value
	depth          int    // the part's elements of its own tag open, itself included
	authored       bool   // the author's content has begun: no part after it is Page's
}

// A blockState is a bitboard block being read: its outer element (a
// <pre>, or a <div> wrapper) and the <pre>s in it.
type blockState struct {
	start int    // the offset of its outer start tag
	open  int    // the offset just after it
	tag   string // "pre" or "div"
	depth int    // its outer tag's elements open, itself included
	pre   *preState
	pres  []*preState
	begun int   // the <pre>s begun so far
	divs  []int // for each <div> open inside a wrapper and outside its <pre>s, the <pre>s begun before it
	// other: a <div> wrapper holding more than its <pre>s and the <div>s
	// around them: text, a comment, another element, a <div> that holds
	// no <pre> (an anchor).
	other bool
	// A <template> carrying Mark first in a <div> wrapper: the shadow
	// root an earlier run wrote (see wrapperShadow). tmpl counts its
	// <template> elements open (0: outside it), tmplStart and tmplSeal are
	// its offset and Mark's value, and owned is the offset just after it
	// once it proved sealed (else open: there is none to replace).
	tmpl, tmplStart int
	tmplSeal        string
	owned           int
}

// A preState is a <pre> of a block: its span and its text.
type preState struct {
	start, end int
	depth      int // <pre> elements open, itself included
	text       strings.Builder
}

// htmlSpans finds the <bitboard-view> elements of page and its bitboard
// blocks (see Page), and returns what replaces each: an element's content
// when its figure changed, a block whole (or its <pre>s). Each token is
// looked at once, so the page is read in linear time.
func (pg *pager) htmlSpans(page []byte) ([]span, error) {
	name := pg.name
	z := xhtml.NewTokenizer(bytes.NewReader(page))
	var spans []span
	pos := 0
	var fig *figureState
	var blk *blockState
	lastPre := -1  // the offset of a <pre> start tag followed by blanks only so far
	style := false // in a <style> that carries Mark
	styleStart, styleSeal := 0, ""
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
			switch {
			case fig != nil:
				// Blanks between the parts Page wrote are theirs (a
				// formatter may have put them there); other text is the
				// author's.
				if fig.part == "" && len(bytes.TrimSpace(raw)) > 0 {
					fig.authored = true
				}
			case blk != nil && blk.tmpl > 0: // an earlier run's shadow root
			case blk != nil && blk.pre != nil:
				blk.pre.text.WriteString(html.UnescapeString(string(raw)))
			case blk != nil && len(bytes.TrimSpace(raw)) > 0:
				blk.other = true
			}
			if len(bytes.TrimSpace(raw)) > 0 {
				lastPre = -1
			}
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			tn, more := z.TagName()
			tag := preTag(string(tn))
			var attrs [][2]string
			class, mark, marked := "", "", false
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs = append(attrs, [2]string{string(k), string(v)})
				switch string(k) {
				case "class":
					class = string(v)
				case Mark:
					mark, marked = string(v), true
				}
			}
			open := tt == xhtml.StartTagToken && !voidTag(tag)
			if tag == "style" && open && marked && fig == nil && blk == nil && pg.style[1] == 0 {
				style, styleStart, styleSeal = true, start, mark
			}
			switch {
			case fig != nil:
				if tag == "bitboard-view" {
					return nil, &PageError{name, pg.lineAt(start), fmt.Errorf("a <bitboard-view> inside the <bitboard-view> of line %d: an element cannot hold another; close the first before the second", pg.lineAt(fig.start))}
				}
				fig.startTag(page, tag, open, marked, mark, start, pos)
			case blk != nil:
				blk.startTag(tag, open, start, marked, mark)
			case tag == "bitboard-view" && open:
				fig = &figureState{start: start, content: pos, attrs: attrs, owned: pos}
				pg.first(start)
			case open && (tag == "div" && blockWrapper(class) || tag == "pre" && blockMarked(attrs)):
				blk = &blockState{start: start, open: pos, owned: pos, tag: tag, depth: 1}
				if tag == "pre" {
					blk.pre = &preState{start: start, depth: 1}
				}
				pg.first(start)
			case tag == "code" && open && lastPre >= 0 && blockMarked(attrs):
				blk = &blockState{start: lastPre, tag: "pre", depth: 1, pre: &preState{start: lastPre, depth: 1}}
				pg.first(lastPre)
			}
			lastPre = -1
			if tag == "pre" && open && blk == nil && fig == nil {
				lastPre = start
			}
		case xhtml.EndTagToken:
			lastPre = -1
			tn, _ := z.TagName()
			tag := preTag(string(tn))
			switch {
			case fig != nil && tag == "bitboard-view":
				if fig.part != "" {
					return nil, &PageError{name, pg.lineAt(fig.start), fmt.Errorf("the <%s> marked as Bitview's (%s) in this <bitboard-view> has no end tag: build the page again", fig.part, Mark)}
				}
				s, err := pg.figureSpan(page, fig, start)
				if err != nil {
					return nil, err
				}
				if s != nil {
					spans = append(spans, *s)
				}
				fig = nil
			case fig != nil:
				fig.endTag(page, tag, pos)
			case blk == nil && tag == "head" && pg.headEnd < 0:
				pg.headEnd = start
			case blk == nil && tag == "style" && style:
				if sealed(page[styleStart:pos], styleSeal) { // Style as a run wrote it, not the author's
					pg.style = [2]int{styleStart, pos}
				}
				style = false
			case blk != nil:
				if !blk.endTag(page, tag, pos) {
					break
				}
				s, err := pg.blockSpans(blk, pos)
				if err != nil {
					return nil, err
				}
				spans = append(spans, s...)
				blk = nil
			}
		default: // comments, doctypes
			if fig != nil && fig.part == "" {
				fig.authored = true
			}
			if blk != nil && blk.pre == nil && blk.tmpl == 0 {
				blk.other = true // a wrapper that holds a comment is kept
			}
		}
	}
}

// first notes the offset of a figure's start tag, if it is the first.
func (pg *pager) first(at int) {
	if pg.firstFigure < 0 {
		pg.firstFigure = at
	}
}

// startTag reads a start tag of page inside the element's content, from
// start to end: a tag that carries Mark at the start of the content (or
// just after another part a run wrote) begins a part that may be Page's
// (it is, when its seal matches: see sealed), and anything else the
// author's content.
func (f *figureState) startTag(page []byte, tag string, open, marked bool, mark string, start, end int) {
	switch {
	case f.part != "":
		if tag == f.part && open {
			f.depth++
		}
	case f.authored:
	case !marked:
		f.authored = true
	case open:
		f.part, f.partStart, f.seal, f.depth = tag, start, mark, 1
	default: // a void element (the <img>) or a self-closed one
		f.partEnd(page, start, mark, end)
	}
}

// partEnd ends a marked part, page[start:end] with the Mark value mark:
// Page's when sealed, else the author's, and all after it.
func (f *figureState) partEnd(page []byte, start int, mark string, end int) {
	if sealed(page[start:end], mark) {
		f.owned = end
	} else {
		f.authored = true
	}
}

// endTag reads an end tag of page, which ends at end, inside the
// element's content.
func (f *figureState) endTag(page []byte, tag string, end int) {
	switch {
	case f.part != "":
		if tag == f.part {
			if f.depth--; f.depth == 0 {
				f.partEnd(page, f.partStart, f.seal, end)
				f.part = ""
			}
		}
	default:
		f.authored = true
	}
}

// figureSpan returns what replaces the content of the element fig, whose
// end tag starts at end: the figure, then the author's content (all
// after the marked parts) byte for byte; nil when that is what it holds.
func (pg *pager) figureSpan(page []byte, fig *figureState, end int) (*span, error) {
	authored := string(page[fig.owned:end])
	pg.out -= fig.owned - fig.content // what a previous run wrote is replaced
	content, err := pg.content(fig.attrs)
	if err != nil {
		return nil, &PageError{pg.name, pg.lineAt(fig.start), err}
	}
	content += authored
	if string(page[fig.content:end]) == content {
		return nil, nil
	}
	return &span{fig.content, end, content}, nil
}

// startTag reads a start tag inside a block, which begins at start
// (marked: it carries Mark, of the value mark).
func (b *blockState) startTag(tag string, open bool, start int, marked bool, mark string) {
	if b.tmpl > 0 {
		if tag == "template" && open {
			b.tmpl++
		}
		return
	}
	if b.tag == "div" && tag == "template" && open && marked && b.owned == b.open && b.begun == 0 && b.pre == nil && len(b.divs) == 0 && !b.other {
		b.tmpl, b.tmplStart, b.tmplSeal = 1, start, mark
		return
	}
	if tag == b.tag && open && b.tag == "div" {
		b.depth++
	}
	switch {
	case b.pre != nil:
		if tag == "pre" && open {
			b.pre.depth++
		}
		if tag == "br" {
			b.pre.text.WriteString("\n")
		}
	case tag == "pre" && open:
		b.pre = &preState{start: start, depth: 1}
		b.begun++
	case tag == "div" && open:
		b.divs = append(b.divs, b.begun)
	default:
		b.other = true
	}
}

// endTag reads an end tag of page inside a block, which ends at end, and
// reports whether it ends the block.
func (b *blockState) endTag(page []byte, tag string, end int) bool {
	if b.tmpl > 0 {
		if tag == "template" {
			if b.tmpl--; b.tmpl == 0 {
				if sealed(page[b.tmplStart:end], b.tmplSeal) {
					b.owned = end // an earlier run's, replaced
				} else {
					b.other = true // the author's, kept
				}
			}
		}
		return false
	}
	if b.pre != nil && tag == "div" {
		if t := b.pre.text.String(); t != "" && !strings.HasSuffix(t, "\n") {
			b.pre.text.WriteString("\n") // a line written as a <div> ends with it
		}
	}
	if b.pre != nil && tag == "pre" {
		if b.pre.depth--; b.pre.depth == 0 {
			b.pre.end = end
			b.pres = append(b.pres, b.pre)
			b.pre = nil
			return b.tag == "pre"
		}
	}
	if b.tag == "div" && tag == "div" {
		b.depth--
		if n := len(b.divs); b.pre == nil && n > 0 && b.depth > 0 {
			if b.divs[n-1] == b.begun { // a <div> with no <pre> in it
				b.other = true
			}
			b.divs = b.divs[:n-1]
		}
		return b.depth == 0
	}
	return false
}

// blockSpans returns what replaces a block that ends at end: the block
// whole when it is a <pre>; a wrapper that holds only one keeps it and
// gets the figure as its shadow root (wrapperShadow); else each of the
// wrapper's <pre>s is replaced, the rest kept.
func (pg *pager) blockSpans(b *blockState, end int) ([]span, error) {
	if b.tag == "div" && len(b.pres) == 1 && !b.other {
		pg.out -= b.owned - b.open // an earlier run's shadow root is replaced
		f, err := pg.blockFigure(b.pres[0].text.String(), pg.lineAt(b.pres[0].start))
		if err != nil {
			return nil, err
		}
		shadow := wrapperShadow(f)
		pg.out += len(shadow) - len(f) // the shadow root's own tags and style
		if string(pg.page[b.open:b.owned]) == shadow {
			return nil, nil
		}
		return []span{{b.open, b.owned, shadow}}, nil
	}
	if len(b.pres) == 1 && !b.other {
		pg.out -= end - b.start // the block is replaced
		f, err := pg.blockFigure(b.pres[0].text.String(), pg.lineAt(b.pres[0].start))
		if err != nil {
			return nil, err
		}
		return []span{{b.start, end, f}}, nil
	}
	var spans []span
	for _, p := range b.pres {
		pg.out -= p.end - p.start
		f, err := pg.blockFigure(p.text.String(), pg.lineAt(p.start))
		if err != nil {
			return nil, err
		}
		spans = append(spans, span{p.start, p.end, f})
	}
	return spans, nil
}

// voidTag reports whether an HTML element has no end tag.
func voidTag(tag string) bool {
	switch tag {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}
