package pages

import (
	"regexp"
	"strconv"
	"strings"
)

// pieceImage matches a piece as view.SVG draws it, an <image> of the
// piece's file as a data: URL (web.PieceImages): an SVG shown by <img>
// may load nothing from outside itself, so the piece images are in it.
var pieceImage = regexp.MustCompile(`<image x="(-?[0-9]+)" y="(-?[0-9]+)" width="([0-9]+)" height="([0-9]+)" href="(data:[^"]*)"/>`)

// sharePieces returns a figure's SVG (Figure.SVG) as its fallback file
// holds it: each piece image that the figure shows more than once is
// written once, in a <defs> at the top of the SVG with the id bvpN (N
// from 0 in order of first use), and each piece is a <use> of it at the
// piece's place, so that the start position holds 12 images rather than
// 32. It draws what svg draws, pixel for pixel (a <use> of an <image> is
// that image moved by x and y); an SVG without a repeated piece image is
// returned as it is. The ids are the file's own: the file is a document
// of its own, shown by <img>, and never inlined into a page.
func sharePieces(svg string) string {
	ms := pieceImage.FindAllStringSubmatchIndex(svg, -1)
	type image struct {
		id    string
		count int
	}
	images := map[string]*image{} // by width, height and href
	var order []string
	key := func(m []int) string { return svg[m[6]:m[7]] + " " + svg[m[8]:m[9]] + " " + svg[m[10]:m[11]] }
	for _, m := range ms {
		k := key(m)
		if images[k] == nil {
			images[k] = &image{}
			order = append(order, k)
		}
		images[k].count++
	}
	var defs strings.Builder
	n := 0
	for _, k := range order {
		im := images[k]
		if im.count < 2 {
			continue
		}
		im.id = "bvp" + strconv.Itoa(n)
		n++
		w, rest, _ := strings.Cut(k, " ")
		h, href, _ := strings.Cut(rest, " ")
		defs.WriteString(`<image id="` + im.id + `" width="` + w + `" height="` + h + `" href="` + href + `"/>`)
	}
	if n == 0 {
		return svg
	}
	root := strings.Index(svg, ">") + 1 // the end of the root start tag: view.SVG escapes its attribute values
	var b strings.Builder
	b.Grow(len(svg))
	b.WriteString(svg[:root])
	b.WriteString("<defs>" + defs.String() + "</defs>")
	at := root
	for _, m := range ms {
		im := images[key(m)]
		if im.id == "" {
			continue
		}
		b.WriteString(svg[at:m[0]])
		b.WriteString(`<use href="#` + im.id + `" x="` + svg[m[2]:m[3]] + `" y="` + svg[m[4]:m[5]] + `"/>`)
		at = m[1]
	}
	b.WriteString(svg[at:])
	return b.String()
}
