package view

import (
	"encoding/xml"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

const svgNS = "http://www.w3.org/2000/svg"

// An xnode is one element of a parsed SVG document.
type xnode struct {
	name  string
	attrs map[string]string
	text  string // the character data directly inside
	kids  []*xnode
}

// parseSVG reads s as XML, failing on any error, and returns its root.
func parseSVG(t *testing.T, s string) *xnode {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var root *xnode
	var stack []*xnode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Space != svgNS {
				t.Errorf("element %s is in namespace %q, want %q", tok.Name.Local, tok.Name.Space, svgNS)
			}
			n := &xnode{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				if _, dup := n.attrs[a.Name.Local]; dup {
					t.Errorf("<%s> has attribute %s twice", n.name, a.Name.Local)
				}
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					t.Fatalf("SVG has more than one root element")
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if strings.TrimSpace(string(tok)) != "" {
					t.Errorf("text %q outside the root element", tok)
				}
				continue
			}
			stack[len(stack)-1].text += string(tok)
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatalf("SVG root is %v, want <svg>", root)
	}
	return root
}

// all returns n's descendants named name (any name for ""), in document order.
func (n *xnode) all(name string) []*xnode {
	var out []*xnode
	for _, k := range n.kids {
		if name == "" || k.name == name {
			out = append(out, k)
		}
		out = append(out, k.all(name)...)
	}
	return out
}

// num reads an integer attribute.
func (n *xnode) num(t *testing.T, attr string) int {
	t.Helper()
	v, err := strconv.Atoi(n.attrs[attr])
	if err != nil {
		t.Fatalf("<%s %s=%q>: not an integer", n.name, attr, n.attrs[attr])
	}
	return v
}

// box is a rectangle in SVG user units.
type box struct{ x, y, w, h int }

func (b box) contains(x, y int) bool { return x >= b.x && x <= b.x+b.w && y >= b.y && y <= b.y+b.h }

func (n *xnode) box(t *testing.T) box {
	t.Helper()
	return box{n.num(t, "x"), n.num(t, "y"), n.num(t, "width"), n.num(t, "height")}
}

// svgSize checks the document's start and size: integer width and height
// equal to its viewBox. It returns the size.
func svgSize(t *testing.T, out string, root *xnode) (int, int) {
	t.Helper()
	if !strings.HasPrefix(out, `<svg xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("SVG starts %q", out[:min(len(out), 60)])
	}
	w, h := root.num(t, "width"), root.num(t, "height")
	if w <= 0 || h <= 0 {
		t.Errorf("size %d×%d", w, h)
	}
	if vb, want := root.attrs["viewBox"], "0 0 "+strconv.Itoa(w)+" "+strconv.Itoa(h); vb != want {
		t.Errorf("viewBox = %q, want %q", vb, want)
	}
	return w, h
}

// checkInside reports rects, images and texts outside the w×h canvas.
func checkInside(t *testing.T, root *xnode, w, h int) {
	t.Helper()
	for _, n := range root.all("") {
		switch n.name {
		case "rect", "image":
			if _, ok := n.attrs["x"]; !ok {
				continue // the background: 100%
			}
			b := n.box(t)
			if b.x < 0 || b.y < 0 || b.x+b.w > w || b.y+b.h > h {
				t.Errorf("<%s> %+v lies outside the %d×%d figure", n.name, b, w, h)
			}
		case "text":
			if x, y := n.num(t, "x"), n.num(t, "y"); x < 0 || y < 0 || x > w || y > h {
				t.Errorf("text %q at (%d, %d) lies outside the %d×%d figure", n.text, x, y, w, h)
			}
		}
	}
}

// groups returns the <g> children of root of the given class.
func groups(root *xnode, class string) []*xnode {
	var gs []*xnode
	for _, g := range root.all("g") {
		if g.attrs["class"] == class {
			gs = append(gs, g)
		}
	}
	return gs
}

// pieceHref is the piece function of the tests that draw images: a data
// URL naming the piece, with characters that must be escaped.
func pieceHref(pc core.Piece) string {
	return `data:image/svg+xml,<svg data-piece="` + string(pc.Letter()) + `"/>`
}

func noPieceImage(core.Piece) string { return "" }

// checkSVGBoard checks the board group of f's figure: 64 squares in
// display order and colours, each piece on its square (an image or a
// letter), and the index labels.
func checkSVGBoard(t *testing.T, root *xnode, f model.Figure, th Theme, piece func(core.Piece) string) {
	t.Helper()
	images := piece(core.WhitePawn) != ""
	letterOf := map[string]string{} // image href → piece letter
	for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
		letterOf[piece(pc)] = string(pc.Letter())
	}
	boards := groups(root, "board")
	if !f.Board {
		if len(boards) != 0 || len(root.all("image")) != 0 {
			t.Errorf("%d boards, %d images; want none without Board", len(boards), len(root.all("image")))
		}
		for _, r := range root.all("rect") {
			if _, ok := r.attrs["data-square"]; ok && r.attrs["data-bit"] == "" {
				t.Errorf("board square %v without Board", r.attrs)
			}
		}
		return
	}
	if len(boards) != 1 {
		t.Fatalf("%d board groups, want 1", len(boards))
	}
	b := boards[0]
	rects := b.all("rect")
	if len(rects) != 64 {
		t.Fatalf("%d board rects, want 64", len(rects))
	}
	boxes := map[core.Square]box{}
	for i, r := range rects {
		sq := mustSquare(t, r.attrs["data-square"])
		// Display order: rank 8 first, a to h (flipped: rank 1, h to a).
		file, rank := core.File(i%8), core.Rank(7-i/8)
		if f.Flipped {
			file, rank = core.File(7-i%8), core.Rank(i/8)
		}
		if want := core.NewSquare(file, rank); sq != want {
			t.Errorf("board rect %d is %s, want %s", i, sq, want)
		}
		if _, dup := boxes[sq]; dup {
			t.Errorf("square %s drawn twice", sq)
		}
		boxes[sq] = r.box(t)
		fill := th.Dark
		if (int(sq.File())+int(sq.Rank()))%2 == 1 {
			fill = th.Light
		}
		if r.attrs["fill"] != fill {
			t.Errorf("square %s fill = %q, want %q", sq, r.attrs["fill"], fill)
		}
	}
	first, last := "a8", "h1"
	if f.Flipped {
		first, last = "h1", "a8"
	}
	if rects[0].attrs["data-square"] != first || rects[63].attrs["data-square"] != last {
		t.Errorf("board runs %s … %s, want %s … %s", rects[0].attrs["data-square"], rects[63].attrs["data-square"], first, last)
	}
	// The first square drawn is at the top left.
	a1, h8 := boxes[core.A1], boxes[core.H8]
	if !f.Flipped && (a1.x >= h8.x || a1.y <= h8.y) || f.Flipped && (a1.x <= h8.x || a1.y >= h8.y) {
		t.Errorf("a1 at %+v, h8 at %+v with Flipped = %v", a1, h8, f.Flipped)
	}
	at := func(x, y int) core.Square {
		for sq, bx := range boxes {
			if bx.contains(x, y) {
				return sq
			}
		}
		return core.NoSquare
	}

	// Pieces: images or letters, each on its square.
	count := map[string]int{}
	wantCount := map[string]int{}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		if pc := f.Pos.PieceAt(sq); pc != core.NoPiece {
			wantCount[string(pc.Letter())]++
		}
	}
	place := func(letter string, sq core.Square) {
		count[letter]++
		if sq == core.NoSquare {
			t.Errorf("piece %s is on no square", letter)
		} else if pc := f.Pos.PieceAt(sq); pc == core.NoPiece || string(pc.Letter()) != letter {
			t.Errorf("piece %s drawn on %s, which holds %v", letter, sq, pc)
		}
	}
	imgs := b.all("image")
	for _, im := range imgs {
		href := im.attrs["href"]
		letter, ok := letterOf[href]
		if !images || !ok {
			t.Errorf("image href %q is no piece's", href)
			continue
		}
		bx := im.box(t)
		place(letter, at(bx.x+bx.w/2, bx.y+bx.h/2))
	}
	labels := map[core.Square][]string{}
	for _, tx := range b.all("text") {
		sq := at(tx.num(t, "x"), tx.num(t, "y"))
		if sq == core.NoSquare {
			continue // a coordinate
		}
		if _, err := strconv.Atoi(tx.text); err == nil {
			labels[sq] = append(labels[sq], tx.text)
			continue
		}
		if images {
			t.Errorf("text %q on %s though pieces are images", tx.text, sq)
			continue
		}
		place(tx.text, sq)
	}
	if images && len(imgs) != f.Pos.Occupied().Count() {
		t.Errorf("%d images, want one per piece", len(imgs))
	}
	if len(count) != len(wantCount) {
		t.Errorf("pieces drawn %v, want %v", count, wantCount)
	}
	for k, v := range wantCount {
		if count[k] != v {
			t.Errorf("%d %s drawn, want %d (all: %v)", count[k], k, v, count)
		}
	}

	// Index labels.
	for sq := core.A1; sq < core.NoSquare; sq++ {
		var want []string
		if f.Labels {
			want = []string{strconv.Itoa(f.Layout.Index(sq))}
		}
		if !slices.Equal(labels[sq], want) {
			t.Errorf("square %s labels %q, want %q", sq, labels[sq], want)
		}
	}
}

// checkSVGGrids checks one grid group per shown bitboard: its key, layout,
// title, cells (bits, colours, indices) and hex value.
func checkSVGGrids(t *testing.T, root *xnode, f model.Figure, th Theme) {
	t.Helper()
	grids := groups(root, "grid")
	if len(grids) != len(f.Shown) {
		t.Fatalf("%d grids, want %d", len(grids), len(f.Shown))
	}
	l := f.Layout
	for i, g := range grids {
		s := f.Shown[i]
		if g.attrs["data-bitboard"] != s.Key || g.attrs["data-layout"] != l.ID {
			t.Errorf("grid %d: data-bitboard %q, data-layout %q; want %q, %q", i, g.attrs["data-bitboard"], g.attrs["data-layout"], s.Key, l.ID)
		}
		texts := g.all("text")
		var titles, hexes int
		hex := model.ReadoutOf(l, s.Bits).Hex
		for _, tx := range texts {
			if tx.text == s.Title {
				titles++
			}
			if strings.HasPrefix(tx.text, "0x") {
				hexes++
				if tx.text != hex {
					t.Errorf("grid %s: value %q, want %q", s.Key, tx.text, hex)
				}
			}
		}
		if titles != 1 || hexes != 1 {
			t.Errorf("grid %s: %d titles %q and %d hex values, want 1 each", s.Key, titles, s.Title, hexes)
		}
		rects := g.all("rect")
		if len(rects) != l.Slots {
			t.Errorf("grid %s: %d cells, want %d", s.Key, len(rects), l.Slots)
		}
		var set core.Bitboard
		seen := map[string]bool{}
		off := 0
		for _, r := range rects {
			bx := r.box(t)
			var inside []string
			for _, tx := range texts {
				if bx.contains(tx.num(t, "x"), tx.num(t, "y")) {
					inside = append(inside, tx.text)
				}
			}
			name, ok := r.attrs["data-square"]
			if !ok {
				off++
				if _, has := r.attrs["data-bit"]; has || r.attrs["fill"] != th.OffBoard {
					t.Errorf("grid %s: off-board cell %v, want fill %q and no data-bit", s.Key, r.attrs, th.OffBoard)
				}
				continue
			}
			sq := mustSquare(t, name)
			if seen[name] {
				t.Errorf("grid %s: square %s twice", s.Key, name)
			}
			seen[name] = true
			bit, fill := "0", th.BitOff
			if s.Bits.Has(sq) {
				bit, fill = "1", th.BitOn
			}
			if r.attrs["data-bit"] != bit || r.attrs["fill"] != fill {
				t.Errorf("grid %s: %s has data-bit %q fill %q, want %q, %q", s.Key, name, r.attrs["data-bit"], r.attrs["fill"], bit, fill)
			}
			if r.attrs["data-bit"] == "1" {
				set.Set(sq)
			}
			slices.Sort(inside)
			want := []string{bit, strconv.Itoa(l.Index(sq))}
			slices.Sort(want)
			if !slices.Equal(inside, want) {
				t.Errorf("grid %s: cell %s reads %q, want %q", s.Key, name, inside, want)
			}
		}
		if set != s.Bits || len(seen) != 64 || off != l.Slots-64 {
			t.Errorf("grid %s: bits %#x on %d squares with %d off-board cells, want %#x, 64, %d",
				s.Key, uint64(set), len(seen), off, uint64(s.Bits), l.Slots-64)
		}
	}
}

// span returns the box a group's shapes and text anchors cover, as
// x and y ranges.
func span(t *testing.T, g *xnode) (x0, x1, y0, y1 int) {
	t.Helper()
	x0, y0, x1, y1 = 1<<30, 1<<30, -1, -1
	for _, n := range g.all("") {
		switch n.name {
		case "rect", "image":
			b := n.box(t)
			x0, x1 = min(x0, b.x), max(x1, b.x+b.w)
			y0, y1 = min(y0, b.y), max(y1, b.y+b.h)
		case "text":
			x, y := n.num(t, "x"), n.num(t, "y")
			x0, x1 = min(x0, x), max(x1, x)
			y0, y1 = min(y0, y), max(y1, y)
		}
	}
	return x0, x1, y0, y1
}

// checkApart reports a board or grid that touches or overlaps another:
// any two must be at least 8 apart across or down.
func checkApart(t *testing.T, root *xnode) {
	t.Helper()
	var parts []*xnode
	for _, g := range root.all("g") {
		if c := g.attrs["class"]; c == "board" || c == "grid" {
			parts = append(parts, g)
		}
	}
	for i := range parts {
		ax0, ax1, ay0, ay1 := span(t, parts[i])
		for j := range i {
			bx0, bx1, by0, by1 := span(t, parts[j])
			if ax0 < bx1+8 && bx0 < ax1+8 && ay0 < by1+8 && by0 < ay1+8 {
				t.Errorf("%s %q (x %d–%d, y %d–%d) is less than 8 from %s %q (x %d–%d, y %d–%d)",
					parts[i].attrs["class"], parts[i].attrs["data-bitboard"], ax0, ax1, ay0, ay1,
					parts[j].attrs["class"], parts[j].attrs["data-bitboard"], bx0, bx1, by0, by1)
			}
		}
	}
}

// checkSVG parses out and checks everything f asks for.
func checkSVG(t *testing.T, out string, f model.Figure, th Theme, piece func(core.Piece) string) *xnode {
	t.Helper()
	root := parseSVG(t, out)
	w, h := svgSize(t, out, root)
	checkInside(t, root, w, h)
	checkApart(t, root)
	checkSVGBoard(t, root, f, th, piece)
	checkSVGGrids(t, root, f, th)
	return root
}

func TestSVG(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	kiwi := mustParse(t, kiwipeteFEN)
	p, _ := core.LookupBitboard("P")
	occ, _ := core.LookupBitboard("occupied")
	want := map[string]int{"P": 8, "p": 8, "R": 2, "r": 2, "N": 2, "n": 2, "B": 2, "b": 2, "Q": 1, "q": 1, "K": 1, "k": 1}
	for _, l := range core.Layouts {
		for _, v := range []struct {
			name                           string
			board, flipped, labels, images bool
		}{
			{"letters", true, false, false, false},
			{"images", true, false, false, true},
			{"flipped labels", true, true, true, false},
			{"labels images", true, false, true, true},
			{"flipped images", true, true, false, true},
			{"no board", false, false, false, false},
		} {
			t.Run(l.ID+"/"+v.name, func(t *testing.T) {
				f := model.Figure{Pos: start, Layout: l, Board: v.board, Flipped: v.flipped, Labels: v.labels, Shown: []model.Shown{
					{Key: p.Name, Title: p.Title, Bits: p.Of(start)},
					{Key: occ.Name, Title: occ.Title, Bits: occ.Of(start)},
				}}
				piece := noPieceImage
				if v.images {
					piece = pieceHref
				}
				out := SVG(f, Theme{}, piece)
				root := checkSVG(t, out, f, DefaultTheme, piece)
				if !v.board {
					return
				}
				// The start position's multiset of pieces, counted directly.
				got := map[string]int{}
				if v.images {
					for _, im := range root.all("image") {
						got[strings.TrimSuffix(strings.TrimPrefix(im.attrs["href"], `data:image/svg+xml,<svg data-piece="`), `"/>`)]++
					}
					if n := len(root.all("image")); n != 32 {
						t.Errorf("%d images, want 32", n)
					}
				} else {
					for _, tx := range groups(root, "board")[0].all("text") {
						if tx.attrs["font-size"] == "26" {
							got[tx.text]++
						}
					}
				}
				if len(got) != len(want) {
					t.Errorf("pieces %v, want %v", got, want)
				}
				for k, n := range want {
					if got[k] != n {
						t.Errorf("%d %s, want %d", got[k], k, n)
					}
				}
			})
		}
	}

	// Another position, every named bitboard and an expression's value.
	for _, l := range core.Layouts {
		t.Run(l.ID+"/kiwipete", func(t *testing.T) {
			var shown []model.Shown
			for _, n := range core.BitboardNames {
				shown = append(shown, model.Shown{Key: n.Name, Title: n.Title, Bits: n.Of(kiwi)})
			}
			shown = append(shown, model.Shown{Key: "knightAttacks(N)", Title: "knightAttacks(N)", Bits: kiwi.Pieces(core.WhiteKnight).KnightAttacks()})
			f := model.Figure{Pos: kiwi, Layout: l, Board: true, Labels: true, Shown: shown}
			checkSVG(t, SVG(f, Theme{}, noPieceImage), f, DefaultTheme, noPieceImage)
		})
	}
}

func TestSVGTheme(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	shown := []model.Shown{{Key: "P", Title: "WhitePawns", Bits: core.Rank2BB}}
	custom := Theme{Light: "#111111", Dark: "#222222", BitOn: "#333333", BitOnText: "#444444", BitOff: "#555555",
		BitOffText: "#666666", OffBoard: "#777777", Text: "#888888", Muted: "#999999", Background: "#aaaaaa",
		Font: `"Fira Sans", sans-serif`, Mono: `"Fira Mono", monospace`}
	padded := custom
	padded.BitOn, padded.Light = "  #333333\t", " #111111 "
	tests := []struct {
		name string
		in   Theme
		want Theme // the colours the figure must use
	}{
		{"empty theme is the default", Theme{}, DefaultTheme},
		{"one colour", Theme{BitOn: "#123456"}, func() Theme { d := DefaultTheme; d.BitOn = "#123456"; return d }()},
		{"blank fields fall back", Theme{BitOn: "#123456", Dark: "  ", Font: "\t"}, func() Theme { d := DefaultTheme; d.BitOn = "#123456"; return d }()},
		{"every field", custom, custom},
		{"blanks trimmed", padded, custom},
	}
	for _, l := range []*core.Layout{mustLayout(t, "lerf"), mustLayout(t, "0x88"), mustLayout(t, "10x12")} {
		for _, tt := range tests {
			t.Run(l.ID+"/"+tt.name, func(t *testing.T) {
				f := model.Figure{Pos: start, Layout: l, Board: true, Labels: true, Shown: shown}
				out := SVG(f, tt.in, noPieceImage)
				root := checkSVG(t, out, f, tt.want, noPieceImage)
				if root.attrs["font-family"] != tt.want.Font {
					t.Errorf("font-family = %q, want %q", root.attrs["font-family"], tt.want.Font)
				}
				var bg *xnode
				for _, r := range root.kids {
					if r.name == "rect" {
						bg = r
						break
					}
				}
				if bg == nil || bg.attrs["fill"] != tt.want.Background || bg.attrs["width"] != "100%" {
					t.Errorf("background %v, want a full rect of %q", bg, tt.want.Background)
				}
				// Text colours: set cells' digits, pieces, coordinates.
				fills := map[string]map[string]bool{} // text → its fills
				for _, tx := range root.all("text") {
					if fills[tx.text] == nil {
						fills[tx.text] = map[string]bool{}
					}
					fills[tx.text][tx.attrs["fill"]] = true
					if fam, ok := tx.attrs["font-family"]; ok && fam != tt.want.Mono {
						t.Errorf("text %q font-family %q, want %q", tx.text, fam, tt.want.Mono)
					}
				}
				check := func(text, fill string) {
					t.Helper()
					if !fills[text][fill] {
						t.Errorf("no text %q in %q (fills %v)", text, fill, fills[text])
					}
				}
				check("1", tt.want.BitOnText)
				check("0", tt.want.BitOffText)
				check("P", tt.want.Text)
				check("WhitePawns", tt.want.Text)
				check("a", tt.want.Muted)
				check(model.ReadoutOf(l, core.Rank2BB).Hex, tt.want.Text)
				if l.Slots > 64 {
					check("·", tt.want.Muted)
				}
				// No other colour sneaks in: every fill is one of the theme's.
				allowed := map[string]bool{}
				for _, c := range []string{tt.want.Light, tt.want.Dark, tt.want.BitOn, tt.want.BitOnText, tt.want.BitOff,
					tt.want.BitOffText, tt.want.OffBoard, tt.want.Text, tt.want.Muted, tt.want.Background} {
					allowed[c] = true
				}
				for _, n := range root.all("") {
					if c, ok := n.attrs["fill"]; ok && !allowed[c] {
						t.Errorf("<%s> fill %q is not a colour of the theme", n.name, c)
					}
				}
			})
		}
	}
}

func TestSVGEscapes(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	th := Theme{Font: `"A&B" <Sans>`, Mono: `'Mono' & "Co"`, BitOn: `#123456" onload="x`}
	want := DefaultTheme
	want.Font, want.Mono, want.BitOn = th.Font, th.Mono, th.BitOn
	f := model.Figure{Pos: start, Layout: mustLayout(t, "berf"), Board: true, Labels: true, Shown: []model.Shown{
		{Key: `k"<&>'`, Title: "<b>&", Bits: core.Rank2BB},
		{Key: "(P << 8) & ~occupied", Title: "(P << 8) & ~occupied", Bits: core.Rank3BB},
	}}
	piece := func(pc core.Piece) string { return `data:x,"<&>'` + string(pc.Letter()) }
	out := SVG(f, th, piece)
	root := checkSVG(t, out, f, want, piece)
	if root.attrs["font-family"] != th.Font {
		t.Errorf("font-family = %q, want %q", root.attrs["font-family"], th.Font)
	}
	for _, bad := range []string{"<b>", `"<&>`, `onload="x`, `"A&B"`, `& "Co"`} {
		if strings.Contains(out, bad) {
			t.Errorf("SVG holds unescaped %q", bad)
		}
	}
	if !strings.Contains(out, ">&lt;b&gt;&amp;</text>") {
		t.Errorf("SVG lacks the escaped title &lt;b&gt;&amp;")
	}
}

func TestSVGEmpty(t *testing.T) {
	// mount draws a figure with no position and no board for a broken FEN.
	for _, f := range []model.Figure{
		{},
		{Layout: mustLayout(t, "lerf")},
		{Layout: mustLayout(t, "10x12"), Flipped: true, Labels: true},
		model.ResolveEmbed(model.Options{FEN: "not a fen", Show: "P"}, nil).Figure,
	} {
		out := SVG(f, Theme{}, noPieceImage)
		root := parseSVG(t, out)
		w, h := svgSize(t, out, root)
		if w > 64 || h > 64 {
			t.Errorf("empty figure is %d×%d, want a small one", w, h)
		}
		if n := len(root.all("")); n != 1 || root.kids[0].name != "rect" || root.kids[0].attrs["fill"] != DefaultTheme.Background {
			t.Errorf("empty figure holds %d elements, want only the background: %s", n, out)
		}
	}
}

// TestSVGSize checks the figure grows with what it shows: one row for a
// board and one or two grids, and a grid of rows near 16:9 for many.
func TestSVGSize(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	for _, l := range core.Layouts {
		size := func(board bool, n int) (int, int) {
			f := model.Figure{Pos: start, Layout: l, Board: board}
			for range n {
				f.Shown = append(f.Shown, model.Shown{Key: "P", Title: "WhitePawns", Bits: core.Rank2BB})
			}
			out := SVG(f, Theme{}, noPieceImage)
			checkApart(t, parseSVG(t, out))
			return svgSize(t, out, parseSVG(t, out))
		}
		w0, h0 := size(true, 0)
		w1, h1 := size(true, 1)
		g1, _ := size(false, 1)
		if w0 >= w1 || h1 < h0 {
			t.Errorf("%s: sizes %d×%d, %d×%d with 0, 1 grids", l.ID, w0, h0, w1, h1)
		}
		if g1 >= w1 {
			t.Errorf("%s: a grid alone is %d wide, with the board %d", l.ID, g1, w1)
		}
		for _, n := range []int{5, 11, 22} {
			w, h := size(true, n)
			if aspect := float64(w) / float64(h); aspect < 0.9 || aspect > 2.8 {
				t.Errorf("%s: board and %d grids are %d×%d (%.2f:1), want near 16:9", l.ID, n, w, h, aspect)
			}
		}
	}
}

func TestNumberingCaption(t *testing.T) {
	want := map[string]string{
		"lerf":   "Numbering: LERF (a1 = 0)",
		"0x88":   "Numbering: 0x88 (a1 = 0, h8 = 119)",
		"msb-a8": "Numbering: MSB = a8",
		"berf":   "Numbering: BERF (a8 = 0)",
		"10x12":  "Numbering: 10×12 mailbox (a1 = 21, h8 = 98)",
		"lefr":   "Numbering: LEFR (a1 = 0, a2 = 1)",
		"befr":   "Numbering: BEFR (h8 = 0, h7 = 1)",
	}
	for _, l := range core.Layouts {
		if _, ok := want[l.ID]; !ok && l.Slots == 64 && !l.MSBFirst { // a layout added since: its name
			want[l.ID] = "Numbering: " + l.Name
		}
		if got := NumberingCaption(l); got != want[l.ID] {
			t.Errorf("NumberingCaption(%s) = %q, want %q", l.ID, got, want[l.ID])
		}
	}
}

// TestSVGCaption checks that a figure showing numbers states its
// numbering in a caption below everything else, and that one without
// numbers (a bare board) has none.
func TestSVGCaption(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	pawns := []model.Shown{{Key: "P", Title: "WhitePawns", Bits: core.Rank2BB}}
	for _, l := range core.Layouts {
		for _, tt := range []struct {
			name    string
			f       model.Figure
			caption bool
		}{
			{"board and grid", model.Figure{Pos: start, Layout: l, Board: true, Shown: pawns}, true},
			{"grid alone", model.Figure{Pos: start, Layout: l, Shown: pawns}, true},
			{"board with indices", model.Figure{Pos: start, Layout: l, Board: true, Labels: true}, true},
			{"flipped board with indices and grid", model.Figure{Pos: start, Layout: l, Board: true, Labels: true, Flipped: true, Shown: pawns}, true},
			{"bare board", model.Figure{Pos: start, Layout: l, Board: true}, false},
			{"nothing", model.Figure{Pos: start, Layout: l}, false},
		} {
			t.Run(l.ID+"/"+tt.name, func(t *testing.T) {
				out := SVG(tt.f, Theme{}, noPieceImage)
				root := checkSVG(t, out, tt.f, DefaultTheme, noPieceImage)
				w, h := svgSize(t, out, root)
				caps := groups(root, "caption")
				if !tt.caption {
					if len(caps) != 0 || strings.Contains(out, "Numbering") {
						t.Errorf("a caption in a figure without numbers:\n%s", out)
					}
					return
				}
				if len(caps) != 1 || caps[0].attrs["data-layout"] != l.ID {
					t.Fatalf("captions %v, want one with data-layout=%q", caps, l.ID)
				}
				texts := caps[0].all("text")
				if len(texts) != 1 || texts[0].text != NumberingCaption(l) || texts[0].attrs["fill"] != DefaultTheme.Muted {
					t.Fatalf("caption texts %+v, want %q in %s", texts, NumberingCaption(l), DefaultTheme.Muted)
				}
				// Below every board and grid, with room for its 13-unit
				// text above the bottom margin.
				_, _, cy, _ := span(t, caps[0])
				for _, g := range append(groups(root, "board"), groups(root, "grid")...) {
					if _, _, _, y1 := span(t, g); cy-7 < y1+4 {
						t.Errorf("caption at y %d is not below the %s ending at %d", cy, g.attrs["class"], y1)
					}
				}
				// Its width, at most 0.6 em a character in a sans-serif
				// font, fits inside the side margins.
				runes := utf8.RuneCountInString(NumberingCaption(l))
				if x := texts[0].num(t, "x"); x != svgMargin || cy+7 > h-svgMargin || x+13*6*runes/10 > w-svgMargin {
					t.Errorf("caption of %d characters at (%d, %d) in a %d×%d figure", runes, x, cy, w, h)
				}
			})
		}
	}
}
