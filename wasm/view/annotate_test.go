package view

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
)

func TestEmbedAnnotations(t *testing.T) {
	e := model.ResolveEmbed(model.Options{Show: "P", Arrows: "Ge2e4 Rd7d5", Marks: "Gd4 Ye5", PieceBase: "https://cdn.example/bitview/pieces/chessnut/"}, nil)
	if len(e.Problems) != 0 {
		t.Fatalf("problems %q", e.Problems)
	}
	out := EmbedMarkup(e, core.NoSquare)
	checkTagBalance(t, out, "div", "svg", "g")
	cells := map[string]element{}
	for _, c := range gridcells(t, out) {
		if c.attrs["part"] == "square" {
			cells[c.attrs["data-square"]] = c
		}
	}
	if c := cells["d4"].attrs["class"]; !strings.Contains(c, "mark-green") {
		t.Errorf("d4 class %q, want mark-green", c)
	}
	if c := cells["e5"].attrs["class"]; !strings.Contains(c, "mark-yellow") {
		t.Errorf("e5 class %q, want mark-yellow", c)
	}
	if c := cells["e4"].attrs["class"]; strings.Contains(c, "mark") {
		t.Errorf("e4 class %q, want no mark", c)
	}
	imgs := startTags(t, cells["e1"].inner, "img")
	if len(imgs) != 1 || imgs[0]["src"] != "https://cdn.example/bitview/pieces/chessnut/wK.svg" {
		t.Errorf("e1 image %v, want the king from the piece base", imgs)
	}
	svgs := startTags(t, out, "svg")
	if len(svgs) != 1 || svgs[0]["class"] != "arrows" || svgs[0]["viewBox"] != "0 0 8 8" {
		t.Fatalf("arrow overlays %v, want one", svgs)
	}
	groups := startTags(t, out, "g")
	if len(groups) != 2 || groups[0]["data-arrow"] != "Ge2e4" || groups[0]["class"] != "brush-green" || groups[1]["class"] != "brush-red" {
		t.Errorf("arrows %v", groups)
	}
	// e2 → e4, white at the bottom: from (4.5, 6.5) up to (4.5, 4.5).
	lines := startTags(t, out, "line")
	if lines[0]["x1"] != "4.5" || lines[0]["x2"] != "4.5" || lines[0]["y1"] != strconv.FormatFloat(6.5-arrowStart, 'f', -1, 64) {
		t.Errorf("e2e4 shaft %v", lines[0])
	}

	for _, tc := range []struct{ arrows, marks, want string }{
		{"Ge2e", "", `arrows: "Ge2e" (character 1): an arrow is a colour letter and two squares`},
		{"", "Gd4 Pe5", `marks: "Pe5" (character 5): the colour must be G, R, Y or B`},
	} {
		e := model.ResolveEmbed(model.Options{Arrows: tc.arrows, Marks: tc.marks, Grid: off}, nil)
		if len(e.Problems) != 1 || !strings.HasPrefix(e.Problems[0], tc.want) {
			t.Errorf("arrows %q marks %q: problems %q, want %q", tc.arrows, tc.marks, e.Problems, tc.want)
		}
		if !strings.Contains(EmbedErrors(e), `role="alert"`) {
			t.Errorf("the problem is not shown: %s", EmbedErrors(e))
		}
	}
}

func TestArrowsFlipped(t *testing.T) {
	a := []pgn.Arrow{{Brush: pgn.Blue, From: core.A1, To: core.H8}}
	lines := startTags(t, Arrows(a, true), "line")
	// Black at the bottom: a1 is the top right square, h8 the bottom left.
	if len(lines) != 1 || !strings.HasPrefix(lines[0]["x1"], "7.") || !strings.HasPrefix(lines[0]["y1"], "0.") {
		t.Errorf("flipped a1h8 %v", lines)
	}
	if Arrows(nil, false) != "" {
		t.Error("Arrows(nil) draws an overlay")
	}
	if got := ArrowsLabel(a, []pgn.Mark{{Brush: pgn.Red, Square: core.D4}}); got != "Arrows: blue a1 to h8. Marked: red d4." {
		t.Errorf("ArrowsLabel = %q", got)
	}
	if got := GridMarks([]pgn.Mark{{Brush: pgn.Red, Square: core.D4}}); got != `.cell[data-square="d4"]::before{content:"";background:var(--bitview-brush-red)}` {
		t.Errorf("GridMarks = %q", got)
	}
}

func TestSVGAnnotations(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	f := model.Figure{Pos: start, Layout: mustLayout(t, "lerf"), Board: true,
		Arrows: []pgn.Arrow{{Brush: pgn.Green, From: core.E2, To: core.E4}}, Marked: []pgn.Mark{{Brush: pgn.Red, Square: core.D4}}}
	out := SVG(f, Theme{}, noPieceImage)
	root := parseSVG(t, out)
	var mark *xnode
	for _, r := range root.all("rect") {
		if r.attrs["data-mark"] == "Rd4" {
			mark = r
		}
	}
	if mark == nil || mark.attrs["fill"] != brushColors[pgn.Red] {
		t.Fatalf("no red mark on d4: %s", out)
	}
	var d4 *xnode
	for _, r := range root.all("rect") {
		if r.attrs["data-square"] == "d4" {
			d4 = r
		}
	}
	if mark.box(t) != d4.box(t) {
		t.Errorf("mark at %v, d4 at %v", mark.box(t), d4.box(t))
	}
	polys := root.all("polygon")
	if len(polys) != 1 || len(root.all("line")) != 1 {
		t.Fatalf("arrow shapes: %d polygons, want 1", len(polys))
	}
	// The head's tip is e4's centre.
	e4 := func() box {
		for _, r := range root.all("rect") {
			if r.attrs["data-square"] == "e4" {
				return r.box(t)
			}
		}
		return box{}
	}()
	tip := strings.Split(strings.Fields(polys[0].attrs["points"])[0], ",")
	if tip[0] != itoa(e4.x+e4.w/2) || tip[1] != itoa(e4.y+e4.h/2) {
		t.Errorf("arrow tip %v, want the centre of e4 %v", tip, e4)
	}
}

func TestGridColumns(t *testing.T) {
	board, grid, wide := [2]int{370, 370}, [2]int{258, 304}, [2]int{500, 300}
	for _, tc := range []struct {
		sizes [][2]int
		want  int
	}{
		{nil, 1},
		{[][2]int{board}, 1},
		{[][2]int{board, grid, grid}, 3},
		{[][2]int{board, grid, grid, grid, grid, grid, grid, grid, grid}, 5},
		{[][2]int{wide, wide, wide, wide, wide, wide}, 3},
	} {
		if got := gridColumns(tc.sizes); got != tc.want {
			t.Errorf("gridColumns(%v) = %d, want %d", tc.sizes, got, tc.want)
		}
	}
}
