package view

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// gridStops parses the first bit grid (class "bits") of markup into the
// stops model.GridStep reads, as package main's gridKey reads them from
// the DOM: the grid's children are its rows, and a row's child is a stop
// when it has a tabindex, or when its one child has (a fill button in
// its header).
func gridStops(t *testing.T, markup string) [][]bool {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(markup), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		t.Fatal(err)
	}
	attr := func(n *html.Node, name string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == name {
				return a.Val, true
			}
		}
		return "", false
	}
	elements := func(n *html.Node) []*html.Node {
		var out []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				out = append(out, c)
			}
		}
		return out
	}
	var find func(n *html.Node) *html.Node
	find = func(n *html.Node) *html.Node {
		if class, _ := attr(n, "class"); n.Type == html.ElementNode && slices.Contains(strings.Fields(class), "bits") {
			return n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if g := find(c); g != nil {
				return g
			}
		}
		return nil
	}
	var grid *html.Node
	for _, n := range nodes {
		if grid = find(n); grid != nil {
			break
		}
	}
	if grid == nil {
		t.Fatalf("no bit grid in %.200q", markup)
	}
	var stops [][]bool
	for _, row := range elements(grid) {
		var r []bool
		for _, child := range elements(row) {
			_, stop := attr(child, "tabindex")
			if kids := elements(child); !stop && len(kids) == 1 {
				_, stop = attr(kids[0], "tabindex")
			}
			r = append(r, stop)
		}
		stops = append(stops, r)
	}
	return stops
}

// TestGridStepOnCards checks model.GridStep against the markup it walks:
// the card and free card grids of every layout (0x88 and 10x12 with their
// off-board cells), from White and from Black. Every cell is a stop after
// the row's label; the arrows from every stop land on a stop or nowhere;
// ArrowRight from the top-left cell visits the whole row, ArrowDown the
// whole column of cells.
func TestGridStepOnCards(t *testing.T) {
	p := mustPos(t, kiwipeteFEN)
	bb := p.Occupied()
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			for _, card := range []struct {
				name   string
				markup string
				edit   bool
			}{
				{"Card", Card(l, model.Shown{Key: "occupied", Title: "occupied", Bits: bb}, bb, flipped), false},
				{"FreeCard", FreeCard(l, bb, flipped, FreeEdit{}), true},
			} {
				t.Run(l.ID+"/"+card.name+map[bool]string{false: "", true: "/flipped"}[flipped], func(t *testing.T) {
					stops := gridStops(t, card.markup)
					if len(stops) != l.Rows+1 {
						t.Fatalf("%d rows, want %d and the files row", len(stops), l.Rows)
					}
					g := model.GridOf(l, 0)
					if flipped {
						g = g.Flipped()
					}
					for r := range l.Rows {
						if len(stops[r]) != l.Cols+1 {
							t.Fatalf("row %d has %d children, want a label and %d cells", r, len(stops[r]), l.Cols)
						}
						_, rank := core.ParseSquare("a" + g.RowLabels[r])
						if stops[r][0] != (card.edit && rank) {
							t.Errorf("row %d: label is a stop: %v, want %v", r, stops[r][0], card.edit && rank)
						}
						for c := 1; c <= l.Cols; c++ {
							if !stops[r][c] {
								t.Errorf("cell %d,%d is no stop", r, c)
							}
						}
					}
					for r, row := range stops {
						for c, stop := range row {
							if !stop {
								continue
							}
							for _, key := range []string{"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"} {
								to, handled := model.GridStep(stops, model.GridCell{Row: r, Col: c}, key)
								if !handled || to != model.NoGridCell && !stops[to.Row][to.Col] {
									t.Fatalf("GridStep(%d,%d, %s) = %v, %v: not a stop", r, c, key, to, handled)
								}
							}
						}
					}
					walk := func(key string, n int) {
						at := model.GridCell{Row: 0, Col: 1}
						for i := 1; i < n; i++ {
							next, _ := model.GridStep(stops, at, key)
							want := model.GridCell{Row: at.Row, Col: at.Col + 1}
							if key == "ArrowDown" {
								want = model.GridCell{Row: at.Row + 1, Col: at.Col}
							}
							if next != want {
								t.Fatalf("%s from %v = %v, want %v", key, at, next, want)
							}
							at = next
						}
					}
					walk("ArrowRight", l.Cols)
					walk("ArrowDown", l.Rows)
				})
			}
		}
	}
}
