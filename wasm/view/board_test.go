package view

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// pieceImagePath is the image a piece should use: pieces/chessnut/wK.svg …
func pieceImagePath(pc core.Piece) string {
	c := "w"
	if pc.Color() == core.Black {
		c = "b"
	}
	return "pieces/chessnut/" + c + strings.ToUpper(string(pc.Letter())) + ".svg"
}

func TestBoardStartPosition(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	out := Board(p, l, false, false, 0)
	checkTagBalance(t, out, "div", "span")

	cells := gridcells(t, out)
	if len(cells) != 64 {
		t.Fatalf("Board has %d gridcells, want 64", len(cells))
	}
	bySq := map[string]element{}
	for _, c := range cells {
		sq, ok := c.attrs["data-square"]
		if !ok {
			t.Fatalf("gridcell without data-square: %v", c.attrs)
		}
		if _, dup := bySq[sq]; dup {
			t.Errorf("square %s appears twice", sq)
		}
		bySq[sq] = c
	}
	if len(bySq) != 64 {
		t.Fatalf("Board has %d distinct squares, want 64", len(bySq))
	}

	tests := []struct {
		sq, piece, label, img string
	}{
		{"a1", "R", "a1, white rook, LERF (a1 = 0) 0", "pieces/chessnut/wR.svg"},
		{"e1", "K", "e1, white king, LERF (a1 = 0) 4", "pieces/chessnut/wK.svg"},
		{"d1", "Q", "d1, white queen, LERF (a1 = 0) 3", "pieces/chessnut/wQ.svg"},
		{"b1", "N", "b1, white knight, LERF (a1 = 0) 1", "pieces/chessnut/wN.svg"},
		{"c1", "B", "c1, white bishop, LERF (a1 = 0) 2", "pieces/chessnut/wB.svg"},
		{"e2", "P", "e2, white pawn, LERF (a1 = 0) 12", "pieces/chessnut/wP.svg"},
		{"e4", "", "e4, empty, LERF (a1 = 0) 28", ""},
		{"h5", "", "h5, empty, LERF (a1 = 0) 39", ""},
		{"e7", "p", "e7, black pawn, LERF (a1 = 0) 52", "pieces/chessnut/bP.svg"},
		{"e8", "k", "e8, black king, LERF (a1 = 0) 60", "pieces/chessnut/bK.svg"},
		{"h8", "r", "h8, black rook, LERF (a1 = 0) 63", "pieces/chessnut/bR.svg"},
	}
	for _, tt := range tests {
		c := bySq[tt.sq]
		piece, hasPiece := c.attrs["data-piece"]
		if tt.piece == "" && hasPiece {
			t.Errorf("%s has data-piece=%q, want none", tt.sq, piece)
		}
		if tt.piece != "" && piece != tt.piece {
			t.Errorf("%s data-piece = %q, want %q", tt.sq, piece, tt.piece)
		}
		if got := c.attrs["aria-label"]; got != tt.label {
			t.Errorf("%s aria-label = %q, want %q", tt.sq, got, tt.label)
		}
		imgs := startTags(t, c.inner, "img")
		if tt.img == "" {
			if len(imgs) != 0 {
				t.Errorf("%s has %d images, want none", tt.sq, len(imgs))
			}
		} else if len(imgs) != 1 || imgs[0]["src"] != tt.img {
			t.Errorf("%s images = %v, want one with src %q", tt.sq, imgs, tt.img)
		}
	}

	if !strings.Contains(out, `aria-label="Chess board, white at the bottom"`) {
		t.Errorf("unflipped board does not say white is at the bottom")
	}
	if strings.Contains(out, `class="idx"`) {
		t.Errorf("board without labels shows indices")
	}
	if strings.Contains(out, "warn") {
		t.Errorf("board without warnings marks squares")
	}
}

// TestBoardEveryPosition checks every square of several positions in every
// layout: piece, image, aria-label and colour.
func TestBoardEveryPosition(t *testing.T) {
	for _, e := range model.Examples {
		p := mustParse(t, e.FEN)
		for _, l := range core.Layouts {
			t.Run(e.Label+"/"+l.ID, func(t *testing.T) {
				cells := gridcells(t, Board(p, l, false, false, 0))
				if len(cells) != 64 {
					t.Fatalf("%d gridcells, want 64", len(cells))
				}
				for _, c := range cells {
					sq := mustSquare(t, c.attrs["data-square"])
					pc := p.PieceAt(sq)
					what := "empty"
					if pc != core.NoPiece {
						what = pc.Color().String() + " " + strings.ToLower(pc.Type().String())
					}
					wantLabel := sq.String() + ", " + what + ", " + l.Name + " " + strconv.Itoa(l.Index(sq))
					if got := c.attrs["aria-label"]; got != wantLabel {
						t.Errorf("%s aria-label = %q, want %q", sq, got, wantLabel)
					}
					gotPiece, has := c.attrs["data-piece"]
					switch {
					case pc == core.NoPiece && has:
						t.Errorf("%s: data-piece %q on an empty square", sq, gotPiece)
					case pc != core.NoPiece && gotPiece != string(pc.Letter()):
						t.Errorf("%s: data-piece %q, want %q", sq, gotPiece, string(pc.Letter()))
					}
					imgs := startTags(t, c.inner, "img")
					if pc == core.NoPiece && len(imgs) != 0 || pc != core.NoPiece && (len(imgs) != 1 || imgs[0]["src"] != pieceImagePath(pc)) {
						t.Errorf("%s: images %v, want piece %v", sq, imgs, pc)
					}
					// a1 is dark, h1 light: light iff file+rank is odd.
					light := (int(sq.File())+int(sq.Rank()))%2 == 1
					cls := " " + c.attrs["class"] + " "
					if light != strings.Contains(cls, " light ") || light == strings.Contains(cls, " dark ") {
						t.Errorf("%s: class %q, want light=%v", sq, c.attrs["class"], light)
					}
				}
			})
		}
	}
}

func TestBoardOrientation(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	for _, flipped := range []bool{false, true} {
		out := Board(p, l, flipped, false, 0)
		cells := gridcells(t, out)
		if len(cells) != 64 {
			t.Fatalf("flipped=%v: %d gridcells, want 64", flipped, len(cells))
		}
		var want []string
		for row := range 8 {
			for col := range 8 {
				f, r := core.File(col), core.Rank(7-row)
				if flipped {
					f, r = core.File(7-col), core.Rank(row)
				}
				want = append(want, core.NewSquare(f, r).String())
			}
		}
		for i, c := range cells {
			if got := c.attrs["data-square"]; got != want[i] {
				t.Errorf("flipped=%v: square #%d is %q, want %q", flipped, i, got, want[i])
				break
			}
		}
		first := map[bool]string{false: "a8", true: "h1"}[flipped]
		if got := cells[0].attrs["data-square"]; got != first {
			t.Errorf("flipped=%v: first square %q, want %q", flipped, got, first)
		}
		// Exactly one square is in the tab order, and it is the first one.
		var focusable []string
		for _, c := range cells {
			switch c.attrs["tabindex"] {
			case "0":
				focusable = append(focusable, c.attrs["data-square"])
			case "-1":
			default:
				t.Errorf("flipped=%v: %s has tabindex %q", flipped, c.attrs["data-square"], c.attrs["tabindex"])
			}
		}
		if len(focusable) != 1 || focusable[0] != first {
			t.Errorf("flipped=%v: squares with tabindex=0: %q, want [%s]", flipped, focusable, first)
		}
		// Rank and file coordinates follow the orientation.
		ranks := regexp.MustCompile(`<span class="coord rank"[^>]*>(.)</span>`).FindAllStringSubmatch(out, -1)
		files := regexp.MustCompile(`<span class="coord file">(.)</span>`).FindAllStringSubmatch(out, -1)
		var gotRanks, gotFiles string
		for _, m := range ranks {
			gotRanks += m[1]
		}
		for _, m := range files {
			gotFiles += m[1]
		}
		wantRanks, wantFiles := "87654321", "abcdefgh"
		side := "white"
		if flipped {
			wantRanks, wantFiles, side = "12345678", "hgfedcba", "black"
		}
		if gotRanks != wantRanks || gotFiles != wantFiles {
			t.Errorf("flipped=%v: coordinates %q / %q, want %q / %q", flipped, gotRanks, gotFiles, wantRanks, wantFiles)
		}
		if !strings.Contains(out, `aria-label="Chess board, `+side+` at the bottom"`) {
			t.Errorf("flipped=%v: board label does not say %s is at the bottom", flipped, side)
		}
	}
}

func TestBoardLabels(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	idxRE := regexp.MustCompile(`<span class="idx">(\d+)</span>`)
	for _, l := range core.Layouts {
		for _, flipped := range []bool{false, true} {
			cells := gridcells(t, Board(p, l, flipped, true, 0))
			if len(cells) != 64 {
				t.Fatalf("%s: %d gridcells, want 64", l.ID, len(cells))
			}
			for _, c := range cells {
				sq := mustSquare(t, c.attrs["data-square"])
				m := idxRE.FindAllStringSubmatch(c.inner, -1)
				if len(m) != 1 || m[0][1] != strconv.Itoa(l.Index(sq)) {
					t.Errorf("%s flipped=%v: %s shows indices %v, want [%d]", l.ID, flipped, sq, m, l.Index(sq))
				}
			}
		}
	}
	// The example from the brief: in 0x88, e4 is 52.
	cells := gridcells(t, Board(p, mustLayout(t, "0x88"), false, true, 0))
	for _, c := range cells {
		if c.attrs["data-square"] == "e4" && !strings.Contains(c.inner, ">52<") {
			t.Errorf("0x88 e4 does not show 52: %q", c.inner)
		}
	}
}

func TestBoardWarn(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	for _, warn := range []core.Bitboard{
		0,
		core.E4.Bitboard(),
		core.A1.Bitboard() | core.H8.Bitboard() | core.E1.Bitboard(),
		core.Rank2BB,
		^core.Bitboard(0),
	} {
		for _, c := range gridcells(t, Board(p, l, false, false, warn)) {
			sq := mustSquare(t, c.attrs["data-square"])
			got := strings.Contains(" "+c.attrs["class"]+" ", " warn ")
			if got != warn.Has(sq) {
				t.Errorf("warn=%#x: %s class %q, want warn=%v", uint64(warn), sq, c.attrs["class"], warn.Has(sq))
			}
		}
	}
}

func TestHighlight(t *testing.T) {
	if got := Highlight(core.NoSquare); got != "" {
		t.Errorf("Highlight(NoSquare) = %q, want \"\"", got)
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		got := Highlight(sq)
		sel := `[data-square="` + sq.String() + `"]`
		if !strings.Contains(got, sel+"{") || !strings.Contains(got, "code "+sel+"{") {
			t.Errorf("Highlight(%s) = %q, want rules for %s", sq, got, sel)
		}
		if strings.Count(got, "{") != strings.Count(got, "}") {
			t.Errorf("Highlight(%s) = %q has unbalanced braces", sq, got)
		}
		for other := core.A1; other < core.NoSquare; other++ {
			if other != sq && strings.Contains(got, `"`+other.String()+`"`) {
				t.Errorf("Highlight(%s) mentions %s", sq, other)
			}
		}
	}
	if !strings.Contains(Highlight(core.E4), `[data-square="e4"]`) {
		t.Errorf("Highlight(E4) lacks [data-square=\"e4\"]")
	}
}
