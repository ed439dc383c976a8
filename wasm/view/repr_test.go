package view

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/repr"
	"github.com/bitview/bitview/wasm/model"
)

// reprFENs are the positions the Representations tests run on: the start
// position, Kiwipete, and one with an en passant square and counters.
var reprFENs = []struct{ name, fen string }{
	{"start", core.StartFEN},
	{"kiwipete", kiwipeteFEN},
	{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 13 57"},
}

// reprBlocks returns every <tag …>…</tag> of s, for tags that do not nest
// (section, tr, figure, code, p).
func reprBlocks(t *testing.T, s, tag string) []element {
	t.Helper()
	re := regexp.MustCompile(`(?s)<` + regexp.QuoteMeta(tag) + `(\s[^>]*)?>(.*?)</` + regexp.QuoteMeta(tag) + `>`)
	var es []element
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		es = append(es, element{attrs: parseAttrs(t, m[1]), inner: m[2]})
	}
	return es
}

// reprSection returns the inner markup of the section data-repr=id.
func reprSection(t *testing.T, out, id string) string {
	t.Helper()
	for _, s := range reprBlocks(t, out, "section") {
		if s.attrs["data-repr"] == id {
			return s.inner
		}
	}
	t.Fatalf("no section data-repr=%q", id)
	return ""
}

// reprClass reports whether the element's class attribute holds cls.
func reprClass(e map[string]string, cls string) bool {
	return slices.Contains(strings.Fields(e["class"]), cls)
}

// reprText returns the text of the first <tag> inside s.
func reprText(t *testing.T, s, tag string) string {
	t.Helper()
	bs := reprBlocks(t, s, tag)
	if len(bs) == 0 {
		t.Fatalf("no <%s> in %.200q", tag, s)
	}
	return stripTags(bs[0].inner)
}

func TestRepresentationsSections(t *testing.T) {
	for _, pos := range reprFENs {
		for _, hover := range []core.Square{core.NoSquare, core.E4, core.H1} {
			t.Run(pos.name+"/"+hover.String(), func(t *testing.T) {
				p := mustParse(t, pos.fen)
				out := Representations(p, hover)
				checkTagBalance(t, out, "div", "section", "header", "h3", "p", "table", "thead", "tbody", "tr", "th", "td",
					"span", "code", "figure", "figcaption", "ul", "li", "b", "small")
				var ids []string
				for _, s := range startTags(t, out, "section") {
					ids = append(ids, s["data-repr"])
					if !reprClass(s, "repr") {
						t.Errorf("section %q has class %q, want repr", s["data-repr"], s["class"])
					}
				}
				var want []string
				for _, r := range repr.Representations {
					want = append(want, r.ID)
				}
				want = append(want, "memory")
				if !slices.Equal(ids, want) {
					t.Fatalf("sections %q, want %q", ids, want)
				}
				secs := map[string]string{}
				for _, s := range reprBlocks(t, out, "section") {
					secs[s.attrs["data-repr"]] = s.inner
				}
				for _, r := range repr.Representations {
					sec := secs[r.ID]
					if got := reprText(t, sec, "h3"); got != r.Name {
						t.Errorf("%s: title %q, want %q", r.ID, got, r.Name)
					}
					about := reprBlocks(t, sec, "p")[0]
					if !reprClass(about.attrs, "about") {
						t.Errorf("%s: first paragraph is %v, want the about line", r.ID, about.attrs)
					}
					checkText(t, r.ID+" about", about.inner, r.About)
					bytes := startTags(t, sec, "span")[0]
					if got, want := bytes["data-bytes"], strconv.Itoa(r.Size(p)); got != want {
						t.Errorf("%s: data-bytes %q, want %q", r.ID, got, want)
					}
				}
				for _, m := range regexp.MustCompile(`data-square="([^"]*)"`).FindAllStringSubmatch(out, -1) {
					if _, ok := core.ParseSquare(m[1]); !ok {
						t.Errorf("data-square=%q is not a square", m[1])
					}
				}
			})
		}
	}
}

func TestRepresentationsArray64(t *testing.T) {
	for _, pos := range reprFENs {
		t.Run(pos.name, func(t *testing.T) {
			p := mustParse(t, pos.fen)
			sec := reprSection(t, Representations(p, core.NoSquare), "array64")
			if grid := startTags(t, sec, `div role="grid"`); len(grid) != 1 || strings.Contains(grid[0]["class"], "long-labels") {
				t.Errorf("grids %v, want one with labels of two digits at most (no long-labels)", grid)
			}
			a := repr.Array64(p)
			cells := gridcells(t, sec)
			if len(cells) != len(a) {
				t.Fatalf("%d entries, want %d", len(cells), len(a))
			}
			for i, c := range cells {
				sq := core.Square(i).String()
				code := strconv.Itoa(int(a[i]))
				if c.attrs["data-index"] != strconv.Itoa(i) || c.attrs["data-square"] != sq || c.attrs["data-code"] != code {
					t.Errorf("entry %d: index %q, square %q, code %q; want %d, %s, %s", i, c.attrs["data-index"],
						c.attrs["data-square"], c.attrs["data-code"], i, sq, code)
				}
				if got := reprText(t, c.inner, "b"); got != code {
					t.Errorf("entry %d shows %q, want %s", i, got, code)
				}
				want := sq + ", index " + strconv.Itoa(i) + ": " + code + " (" + repr.CodeName(a[i]) + ")"
				if c.attrs["title"] != want || c.attrs["aria-label"] != want {
					t.Errorf("entry %d: title %q, aria-label %q, want %q", i, c.attrs["title"], c.attrs["aria-label"], want)
				}
			}
			legend := startTags(t, sec, "li")
			if len(legend) != core.PieceCount+1 {
				t.Errorf("legend has %d codes, want %d", len(legend), core.PieceCount+1)
			}
			if !strings.Contains(stripTags(sec), "index 0 (a1) at the top left") {
				t.Error("the 64-array does not say index 0 is at the top left")
			}
		})
	}
	p := mustParse(t, core.StartFEN)
	cells := gridcells(t, reprSection(t, Representations(p, core.NoSquare), "array64"))
	for _, tt := range []struct{ i, code int }{{0, 4}, {4, 6}, {12, 1}, {28, 0}, {60, 12}, {63, 10}} {
		if got := cells[tt.i].attrs["data-code"]; got != strconv.Itoa(tt.code) {
			t.Errorf("start position index %d holds %s, want %d", tt.i, got, tt.code)
		}
	}
}

func TestRepresentationsBorderedArrays(t *testing.T) {
	tests := []struct {
		id          string
		cells, off  int
		codes       func(p *core.Position) []uint8
		square      func(i int) core.Square
		cols        string
		firstSquare int // index of a1
	}{
		{"0x88", 128, 64, func(p *core.Position) []uint8 { a := repr.Array0x88(p); return a[:] },
			func(i int) core.Square {
				if i&0x88 != 0 {
					return core.NoSquare
				}
				return core.NewSquare(core.File(i&7), core.Rank(i>>4))
			}, "16", 0},
		{"10x12", 120, 56, func(p *core.Position) []uint8 { a := repr.Array10x12(p); return a[:] },
			func(i int) core.Square {
				f, r := i%10-1, i/10-2
				if f < 0 || f > 7 || r < 0 || r > 7 {
					return core.NoSquare
				}
				return core.NewSquare(core.File(f), core.Rank(r))
			}, "10", 21},
		{"16x16", 256, 192, func(p *core.Position) []uint8 { a := repr.Array16x16(p); return a[:] },
			func(i int) core.Square {
				f, r := i%16-4, i/16-4
				if f < 0 || f > 7 || r < 0 || r > 7 {
					return core.NoSquare
				}
				return core.NewSquare(core.File(f), core.Rank(r))
			}, "16", 68},
	}
	for _, pos := range reprFENs {
		for _, tt := range tests {
			t.Run(pos.name+"/"+tt.id, func(t *testing.T) {
				p := mustParse(t, pos.fen)
				sec := reprSection(t, Representations(p, core.NoSquare), tt.id)
				grid := startTags(t, sec, `div role="grid"`)
				if len(grid) != 1 || grid[0]["style"] != "--cols:"+tt.cols {
					t.Fatalf("grids %v, want one of %s columns", grid, tt.cols)
				}
				// Hex labels (0x88, 16x16) and 3-digit ones (10x12's 110):
				// repr.css widens the label column by this class.
				if !slices.Contains(strings.Fields(grid[0]["class"]), "long-labels") {
					t.Errorf("grid class %q, want long-labels among them", grid[0]["class"])
				}
				cells := gridcells(t, sec)
				if len(cells) != tt.cells {
					t.Fatalf("%d entries, want %d", len(cells), tt.cells)
				}
				codes := tt.codes(p)
				off := 0
				for i, c := range cells {
					sq := tt.square(i)
					if c.attrs["data-index"] != strconv.Itoa(i) || c.attrs["data-code"] != strconv.Itoa(int(codes[i])) {
						t.Errorf("entry %d: index %q code %q, want %d, %d", i, c.attrs["data-index"], c.attrs["data-code"], i, codes[i])
					}
					if c.has("data-offboard") {
						off++
						if sq != core.NoSquare || c.has("data-square") || !reprClass(c.attrs, "off") || codes[i] != repr.CodeOffBoard {
							t.Errorf("entry %d is marked off-board: %v (square %v, code %d)", i, c.attrs, sq, codes[i])
						}
						continue
					}
					if sq == core.NoSquare || c.attrs["data-square"] != sq.String() || reprClass(c.attrs, "off") {
						t.Errorf("entry %d: %v, want square %v", i, c.attrs, sq)
					}
				}
				if off != tt.off {
					t.Errorf("%d entries off the board, want %d", off, tt.off)
				}
				if got := cells[tt.firstSquare].attrs["data-square"]; got != "a1" {
					t.Errorf("entry %d is %q, want a1", tt.firstSquare, got)
				}
			})
		}
	}
}

func TestRepresentationsKnightTest(t *testing.T) {
	tests := []struct {
		id, hover string // hover "" for none
		on        []string
		jumps     func(int) []repr.KnightTarget
		index     func(core.Square) int
	}{
		{"0x88", "h1", []string{"f2", "g3"}, repr.KnightTargets0x88, func(sq core.Square) int { return 16*int(sq.Rank()) + int(sq.File()) }},
		{"0x88", "a1", []string{"b3", "c2"}, repr.KnightTargets0x88, func(sq core.Square) int { return 16*int(sq.Rank()) + int(sq.File()) }},
		{"0x88", "e4", []string{"c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5"}, repr.KnightTargets0x88, func(sq core.Square) int { return 16*int(sq.Rank()) + int(sq.File()) }},
		{"0x88", "", nil, nil, nil},
		{"10x12", "h1", []string{"f2", "g3"}, repr.KnightTargets10x12, func(sq core.Square) int { return 21 + 10*int(sq.Rank()) + int(sq.File()) }},
		{"10x12", "h8", []string{"f7", "g6"}, repr.KnightTargets10x12, func(sq core.Square) int { return 21 + 10*int(sq.Rank()) + int(sq.File()) }},
		{"10x12", "", nil, nil, nil},
		{"16x16", "h1", []string{"f2", "g3"}, repr.KnightTargets16x16, repr.Index16x16},
		{"16x16", "b7", []string{"a5", "c5", "d6", "d8"}, repr.KnightTargets16x16, repr.Index16x16},
		{"16x16", "", nil, nil, nil},
	}
	for _, pos := range reprFENs[:2] {
		for _, tt := range tests {
			t.Run(pos.name+"/"+tt.id+"/"+tt.hover, func(t *testing.T) {
				p := mustParse(t, pos.fen)
				hover := core.NoSquare
				if tt.hover != "" {
					hover = mustSquare(t, tt.hover)
				}
				sec := reprSection(t, Representations(p, hover), tt.id)
				blocks := startTags(t, sec, "div")
				var test []map[string]string
				for _, d := range blocks {
					if d["data-test"] == "knight" {
						test = append(test, d)
					}
				}
				if hover == core.NoSquare {
					if len(test) != 0 || strings.Contains(sec, "<tr") {
						t.Fatalf("a knight test without a hovered square: %v", test)
					}
					for _, c := range gridcells(t, sec) {
						if reprClass(c.attrs, "from") || reprClass(c.attrs, "jump") {
							t.Errorf("cell %v is marked without a hovered square", c.attrs)
						}
					}
					return
				}
				from := tt.index(hover)
				if len(test) != 1 || test[0]["data-from"] != tt.hover || test[0]["data-index"] != strconv.Itoa(from) {
					t.Fatalf("knight test blocks %v, want one from %s (index %d)", test, tt.hover, from)
				}
				if want := strconv.Itoa(len(tt.on)) + " of 8 jumps land on the board"; !strings.Contains(stripTags(sec), want) {
					t.Errorf("the test does not say %q", want)
				}
				want := tt.jumps(from)
				rows := reprBlocks(t, sec[strings.Index(sec, `data-test="knight"`):], "tr")[1:] // skip the head
				if len(rows) != 8 || len(want) != 8 {
					t.Fatalf("%d rows, core gives %d jumps, want 8", len(rows), len(want))
				}
				var on []string
				for i, r := range rows {
					j := want[i]
					if r.attrs["data-offset"] != strconv.Itoa(j.Offset) || r.attrs["data-target"] != strconv.Itoa(j.Target) {
						t.Errorf("row %d: offset %q target %q, want %d, %d", i, r.attrs["data-offset"], r.attrs["data-target"], j.Offset, j.Target)
					}
					tds := reprBlocks(t, r.inner, "td")
					if got := stripTags(tds[0].inner); got != reprSigned(j.Offset) {
						t.Errorf("row %d offset reads %q", i, got)
					}
					target := strconv.Itoa(j.Target)
					if tt.id != "10x12" {
						target = repr.HexIndex(j.Target) + " = " + target
					}
					if got := stripTags(tds[1].inner); got != target {
						t.Errorf("row %d target reads %q, want %q", i, got, target)
					}
					if tt.id == "0x88" {
						if got, want := stripTags(tds[2].inner), [...]string{0: "0x00", 0x08: "0x08", 0x80: "0x80", 0x88: "0x88"}[j.Target&0x88]; got != want {
							t.Errorf("row %d: target & 0x88 reads %q, want %q", i, got, want)
						}
					}
					checkText(t, "why", tds[4].inner, j.Why)
					sqs := startTags(t, r.inner, "span")
					if r.has("data-offboard") != j.OffBoard || reprClass(r.attrs, "off") != j.OffBoard {
						t.Errorf("row %d: %v, want off-board %v", i, r.attrs, j.OffBoard)
					}
					if j.OffBoard {
						if len(sqs) != 0 {
							t.Errorf("off-board row %d names squares %v", i, sqs)
						}
						continue
					}
					if len(sqs) != 1 {
						t.Fatalf("on-board row %d: spans %v, want one square", i, sqs)
					}
					on = append(on, sqs[0]["data-square"])
				}
				slices.Sort(on)
				if !slices.Equal(on, tt.on) {
					t.Errorf("on-board targets %v, want %v", on, tt.on)
				}
				var jumpCells []int
				for i, c := range gridcells(t, sec) {
					if reprClass(c.attrs, "from") != (i == from) {
						t.Errorf("cell %d: class %q, from is %d", i, c.attrs["class"], from)
					}
					if reprClass(c.attrs, "jump") {
						jumpCells = append(jumpCells, i)
					}
				}
				var wantCells []int
				size := len(gridcells(t, sec))
				for _, j := range want {
					if j.Target >= 0 && j.Target < size {
						wantCells = append(wantCells, j.Target)
					}
				}
				slices.Sort(wantCells)
				if !slices.Equal(jumpCells, wantCells) {
					t.Errorf("cells marked as targets %v, want %v", jumpCells, wantCells)
				}
			})
		}
	}
}

func TestRepresentationsPieceLists(t *testing.T) {
	for _, pos := range reprFENs {
		t.Run(pos.name, func(t *testing.T) {
			p := mustParse(t, pos.fen)
			sec := reprSection(t, Representations(p, core.NoSquare), "piece-lists")
			var rows []element
			for _, r := range reprBlocks(t, sec, "tr") {
				if r.has("data-piece") {
					rows = append(rows, r)
				}
			}
			if len(rows) != core.PieceCount {
				t.Fatalf("%d pieces, want %d", len(rows), core.PieceCount)
			}
			for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
				r := rows[pc.Index()]
				if r.attrs["data-piece"] != string(pc.Letter()) {
					t.Errorf("row %d is %q, want %c", pc, r.attrs["data-piece"], pc.Letter())
				}
				var got, want []string
				for _, s := range startTags(t, r.inner, "span") {
					if sq, ok := s["data-square"]; ok {
						got = append(got, sq)
					}
				}
				for sq := range p.Pieces(pc).Squares() {
					want = append(want, sq.String())
				}
				if !slices.Equal(got, want) {
					t.Errorf("%v: squares %v, want %v", pc, got, want)
				}
				if n := stripTags(reprBlocks(t, r.inner, "td")[0].inner); n != strconv.Itoa(len(want)) {
					t.Errorf("%v: count %q, want %d", pc, n, len(want))
				}
			}
			cells := gridcells(t, sec)
			if len(cells) != core.SquareCount {
				t.Fatalf("reverse map has %d entries, want 64", len(cells))
			}
			place := map[core.Square]int{}
			for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
				i := 0
				for sq := range p.Pieces(pc).Squares() {
					place[sq] = i
					i++
				}
			}
			for i, c := range cells {
				sq := core.Square(i)
				want := "–"
				if n, ok := place[sq]; ok {
					want = strconv.Itoa(n)
				}
				if c.attrs["data-square"] != sq.String() || reprText(t, c.inner, "b") != want {
					t.Errorf("reverse map entry %d: %v %q, want %v %q", i, c.attrs["data-square"], reprText(t, c.inner, "b"), sq, want)
				}
			}
		})
	}
}

func TestRepresentationsBitboards(t *testing.T) {
	for _, pos := range reprFENs {
		p := mustParse(t, pos.fen)
		out := Representations(p, core.NoSquare)
		want12 := map[string]core.Bitboard{}
		for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
			want12[string(pc.Letter())] = p.Pieces(pc)
		}
		want8 := map[string]core.Bitboard{"white": p.Colors(core.White), "black": p.Colors(core.Black)}
		for pt, n := range []string{"pawns", "knights", "bishops", "rooks", "queens", "kings"} {
			want8[n] = p.Types(core.PieceType(pt))
		}
		for _, tt := range []struct {
			id   string
			want map[string]core.Bitboard
		}{{"bitboards-12", want12}, {"bitboards-8", want8}} {
			t.Run(pos.name+"/"+tt.id, func(t *testing.T) {
				rows := reprBlocks(t, reprSection(t, out, tt.id), "tr")[1:]
				if len(rows) != len(tt.want) {
					t.Fatalf("%d bitboards, want %d", len(rows), len(tt.want))
				}
				seen := map[string]bool{}
				for _, r := range rows {
					name := r.attrs["data-bitboard"]
					want, ok := tt.want[name]
					if !ok || seen[name] {
						t.Errorf("unexpected or repeated bitboard %q", name)
						continue
					}
					seen[name] = true
					n, _ := core.LookupBitboard(name)
					tds := reprBlocks(t, r.inner, "td")
					if got := stripTags(tds[0].inner); got != n.Title {
						t.Errorf("%s: title %q, want %q", name, got, n.Title)
					}
					hex := stripTags(tds[1].inner)
					v, err := strconv.ParseUint(strings.TrimPrefix(hex, "0x"), 16, 64)
					if err != nil || len(hex) != 18 || core.Bitboard(v) != want {
						t.Errorf("%s: value %q, want %#016x", name, hex, uint64(want))
					}
				}
			})
		}
	}
}

func TestRepresentationsRotated(t *testing.T) {
	// The square each bit stands for, worked out from the rotations'
	// definitions rather than read from core.
	rl90 := func(n int) core.Square { return core.NewSquare(core.File(n/8), core.Rank(7-n%8)) }
	tests := []struct {
		hover string
		runs  map[string]func(sq core.Square) bool // the squares of each rotation's run
	}{
		{"", nil},
		{"e4", map[string]func(core.Square) bool{
			"r0":   func(sq core.Square) bool { return sq.Rank() == core.Rank4 },
			"rl90": func(sq core.Square) bool { return sq.File() == core.FileE },
			"rl45": func(sq core.Square) bool { return int(sq.File())+int(sq.Rank()) == 7 },
			"rr45": func(sq core.Square) bool { return int(sq.File())-int(sq.Rank()) == 1 },
		}},
		{"a1", map[string]func(core.Square) bool{
			"r0":   func(sq core.Square) bool { return sq.Rank() == core.Rank1 },
			"rl90": func(sq core.Square) bool { return sq.File() == core.FileA },
			"rl45": func(sq core.Square) bool { return sq == core.A1 },
			"rr45": func(sq core.Square) bool { return sq.File() == core.File(sq.Rank()) },
		}},
	}
	for _, pos := range reprFENs {
		for _, tt := range tests {
			t.Run(pos.name+"/"+tt.hover, func(t *testing.T) {
				p := mustParse(t, pos.fen)
				hover := core.NoSquare
				if tt.hover != "" {
					hover = mustSquare(t, tt.hover)
				}
				sec := reprSection(t, Representations(p, hover), "rotated")
				figs := reprBlocks(t, sec, "figure")
				var names []string
				for _, f := range figs {
					names = append(names, f.attrs["data-rotation"])
				}
				if !slices.Equal(names, []string{"r0", "rl90", "rl45", "rr45"}) {
					t.Fatalf("rotations %v", names)
				}
				for _, f := range figs {
					name := f.attrs["data-rotation"]
					cells := gridcells(t, f.inner)
					if len(cells) != core.SquareCount {
						t.Fatalf("%s: %d cells, want 64", name, len(cells))
					}
					var squares core.Bitboard
					var run []string
					for n, c := range cells {
						sq := mustSquare(t, c.attrs["data-square"])
						squares.Set(sq)
						if c.attrs["data-index"] != strconv.Itoa(n) {
							t.Errorf("%s: cell %d has index %q", name, n, c.attrs["data-index"])
						}
						if name == "r0" && sq != core.Square(n) || name == "rl90" && sq != rl90(n) {
							t.Errorf("%s: bit %d stands for %v", name, n, sq)
						}
						if bit := c.attrs["data-bit"]; bit != strconv.Itoa(btoi(p.Occupied().Has(sq))) {
							t.Errorf("%s: bit %d (%v) = %s, occupancy says %v", name, n, sq, bit, p.Occupied().Has(sq))
						}
						if reprClass(c.attrs, "run") {
							run = append(run, sq.String())
						}
						if reprClass(c.attrs, "self") != (sq == hover) {
							t.Errorf("%s: cell %v class %q, hover %v", name, sq, c.attrs["class"], hover)
						}
					}
					if squares != core.AllSquares {
						t.Errorf("%s: the cells cover %#x, not every square", name, uint64(squares))
					}
					var want []string
					for n := range core.SquareCount {
						sq := mustSquare(t, cells[n].attrs["data-square"])
						if tt.runs != nil && tt.runs[name](sq) {
							want = append(want, sq.String())
						}
					}
					slices.Sort(run)
					slices.Sort(want)
					if !slices.Equal(run, want) {
						t.Errorf("%s: run cells %v, want %v", name, run, want)
					}
					occ := reprBlocks(t, f.inner, "code")
					if hover == core.NoSquare {
						if len(occ) != 2 { // the caption's name and hex value only
							t.Errorf("%s: %d code elements without a hovered square", name, len(occ))
						}
						continue
					}
					var bits strings.Builder
					var spanSquares []string
					for _, s := range reprBlocks(t, occ[len(occ)-1].inner, "span") {
						bits.WriteString(stripTags(s.inner))
						spanSquares = append(spanSquares, s.attrs["data-square"])
						if s.inner != strconv.Itoa(btoi(p.Occupied().Has(mustSquare(t, s.attrs["data-square"])))) {
							t.Errorf("%s: occupancy digit of %s is %q", name, s.attrs["data-square"], s.inner)
						}
					}
					sorted := slices.Clone(spanSquares)
					slices.Sort(sorted)
					if !slices.Equal(sorted, want) {
						t.Errorf("%s: occupancy digits name %v, want the run %v", name, spanSquares, want)
					}
					v, _ := strconv.ParseUint(bits.String(), 2, 8)
					if !strings.Contains(stripTags(f.inner), bits.String()+" = "+strconv.FormatUint(v, 10)+",") {
						t.Errorf("%s: occupancy %s is not given as %d", name, bits.String(), v)
					}
				}
			})
		}
	}
	// The e-file of the start position, e1 (most significant) to e8.
	sec := reprSection(t, Representations(mustParse(t, core.StartFEN), core.E4), "rotated")
	for _, f := range reprBlocks(t, sec, "figure") {
		if f.attrs["data-rotation"] == "rl90" {
			if got := stripTags(reprBlocks(t, f.inner, "code")[2].inner); got != "11000011" {
				t.Errorf("start position e-file occupancy %q, want 11000011", got)
			}
		}
	}
}

func TestRepresentationsMinimal(t *testing.T) {
	for _, pos := range reprFENs {
		t.Run(pos.name, func(t *testing.T) {
			p := mustParse(t, pos.fen)
			bs := repr.EncodeMinimal(p)
			sec := reprSection(t, Representations(p, core.NoSquare), "minimal")
			var code element
			for _, c := range reprBlocks(t, sec, "code") {
				if reprClass(c.attrs, "repr-bitstring") {
					code = c
				}
			}
			spans := reprBlocks(t, code.inner, "span")
			var all strings.Builder
			var squares, fields []string
			for _, s := range spans {
				all.WriteString(s.inner)
				if sq, ok := s.attrs["data-square"]; ok {
					squares = append(squares, sq)
					what := "empty"
					if pc := p.PieceAt(mustSquare(t, sq)); pc != core.NoPiece {
						what = model.PieceName(pc)
					}
					if want := sq + ": " + s.inner + " (" + what + ")"; s.attrs["title"] != want {
						t.Errorf("title %q, want %q", s.attrs["title"], want)
					}
				} else {
					fields = append(fields, s.attrs["data-field"])
				}
			}
			if all.String() != bs.String() || stripTags(code.inner) != bs.String() {
				t.Errorf("spans read %q, want %q", all.String(), bs.String())
			}
			var wantSquares []string
			for r := 7; r >= 0; r-- {
				for f := range 8 {
					wantSquares = append(wantSquares, core.NewSquare(core.File(f), core.Rank(r)).String())
				}
			}
			if !slices.Equal(squares, wantSquares) {
				t.Errorf("square spans %v, want a8 … h1", squares)
			}
			var wantFields []string
			for f := core.FieldActiveColor; f <= core.FieldFullmoveNumber; f++ {
				wantFields = append(wantFields, core.FieldName(f))
			}
			if !slices.Equal(fields, wantFields) {
				t.Errorf("field spans %q, want %q", fields, wantFields)
			}
			lens := startTags(t, sec, `p class="repr-len"`)
			if len(lens) != 1 || lens[0]["data-bits"] != strconv.Itoa(bs.Len()) {
				t.Errorf("length %v, want %d bits", lens, bs.Len())
			}
			if pos.fen == core.StartFEN && bs.Len() != 172 {
				t.Errorf("start position takes %d bits, want 172", bs.Len())
			}
			text := stripTags(sec)
			r, _ := repr.RepresentationByID("minimal")
			if want := strconv.Itoa(bs.Len()) + " bits, " + strconv.Itoa(r.Size(p)) + " bytes, against 256 bits (32 bytes)"; !strings.Contains(text, want) {
				t.Errorf("section does not say %q", want)
			}
			if !strings.Contains(text, "decodes back to the same position") || !strings.Contains(sec, `data-roundtrip="ok"`) {
				t.Errorf("the round trip is not reported: %q", text)
			}
		})
	}
}

func TestReprDiff(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	tests := []struct {
		name string
		fen  string
		want []string
	}{
		{"board", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
			[]string{"e2: white pawn, decoded as empty", "e4: empty, decoded as white pawn"}},
		{"state", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Kq - 3 9",
			[]string{"active color: white to move, decoded as black to move", "castling availability: KQkq, decoded as Kq",
				"halfmove clock: 0, Elias gamma of 1, decoded as 3, Elias gamma of 4", "fullmove number: 1, Elias gamma, decoded as 9, Elias gamma"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := reprDiff(p, mustParse(t, tt.fen)); !slices.Equal(got, tt.want) {
				t.Errorf("reprDiff = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRepresentationsMemory(t *testing.T) {
	for _, pos := range reprFENs {
		t.Run(pos.name, func(t *testing.T) {
			p := mustParse(t, pos.fen)
			sec := reprSection(t, Representations(p, core.E4), "memory")
			rows := reprBlocks(t, sec, "tr")[1:]
			if len(rows) != len(repr.Representations) {
				t.Fatalf("%d rows, want %d", len(rows), len(repr.Representations))
			}
			for i, r := range repr.Representations {
				row := rows[i]
				if row.attrs["data-repr"] != r.ID {
					t.Errorf("row %d is %q, want %q", i, row.attrs["data-repr"], r.ID)
				}
				checkText(t, r.ID+" name", reprBlocks(t, row.inner, "th")[0].inner, r.Name)
				tds := reprBlocks(t, row.inner, "td")
				if tds[0].attrs["data-bytes"] != strconv.Itoa(r.Size(p)) || !strings.HasPrefix(stripTags(tds[0].inner), strconv.Itoa(r.Size(p))) {
					t.Errorf("%s: %v %q, want %d bytes", r.ID, tds[0].attrs, stripTags(tds[0].inner), r.Size(p))
				}
				checkText(t, r.ID+" about", tds[1].inner, r.About)
			}
		})
	}
}

func TestRepresentationsEscaped(t *testing.T) {
	out := Representations(mustParse(t, kiwipeteFEN), core.H1)
	if rest := entityRE.ReplaceAllString(out, ""); strings.Contains(rest, "&") {
		i := strings.Index(rest, "&")
		t.Errorf("unescaped & near %q", rest[max(0, i-40):min(len(rest), i+40)])
	}
	for _, m := range regexp.MustCompile(`>([^<]*)<`).FindAllStringSubmatch(out, -1) {
		if strings.Contains(m[1], ">") {
			t.Errorf("raw > in text %q", m[1])
		}
	}
	r, _ := repr.RepresentationByID("0x88")
	if !strings.Contains(out, escape(r.About)) || !strings.Contains(r.About, "&") {
		t.Errorf("the 0x88 about line is not escaped (or has no & to escape)")
	}
}

func TestRepresentationsEdgeCases(t *testing.T) {
	if got := Representations(nil, core.E4); got != "" {
		t.Errorf("Representations(nil) = %.80q, want \"\"", got)
	}
	p := mustParse(t, core.StartFEN)
	if got, want := Representations(p, core.NoSquare+7), Representations(p, core.NoSquare); got != want {
		t.Error("an invalid hover square is not treated as no square")
	}
	empty := core.NewPosition()
	out := Representations(&empty, core.A1)
	checkTagBalance(t, out, "div", "section", "table", "tr", "td", "span")
	if !strings.Contains(out, `data-roundtrip="ok"`) {
		t.Error("the empty board does not round-trip")
	}
}
