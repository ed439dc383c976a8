package view

import (
	"errors"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
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
	for _, e := range Examples {
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

func TestCard(t *testing.T) {
	offboard := map[string]int{"lerf": 0, "0x88": 64, "msb-a8": 0, "berf": 0, "10x12": 56, "lefr": 0, "befr": 0}
	positions := []struct{ name, fen string }{{"kiwipete", kiwipeteFEN}, {"start", core.StartFEN}}
	names := []string{"P", "occupied", "empty", "pawns"}
	for _, n := range core.BitboardNames { // and every other name on Kiwipete
		names = append(names, n.Name)
	}
	for _, pos := range positions {
		p := mustParse(t, pos.fen)
		for _, l := range core.Layouts {
			for _, nm := range names {
				name, ok := core.LookupBitboard(nm)
				if !ok {
					t.Fatalf("unknown bitboard %q", nm)
				}
				t.Run(pos.name+"/"+l.ID+"/"+nm, func(t *testing.T) {
					checkCard(t, p, l, name, offboard[l.ID])
				})
			}
			if pos.name != "kiwipete" {
				break // only lerf for the start position
			}
		}
	}
}

func checkCard(t *testing.T, p *core.Position, l *core.Layout, name core.BitboardName, wantOff int) {
	bb := name.Of(p)
	r := l.Readout(bb)
	out := Card(l, Shown{name.Name, name.Title, name.Of(p)}, name.Of(p), false)
	checkTagBalance(t, out, "div", "section", "code", "dl", "dd", "dt", "header", "h3")

	secs := startTags(t, out, "section")
	if len(secs) != 1 {
		t.Fatalf("%d sections, want 1", len(secs))
	}
	if secs[0]["data-bitboard"] != name.Name {
		t.Errorf("data-bitboard = %q, want %q", secs[0]["data-bitboard"], name.Name)
	}
	if secs[0]["data-layout"] != l.ID {
		t.Errorf("data-layout = %q, want %q", secs[0]["data-layout"], l.ID)
	}
	if m := regexp.MustCompile(`<h3>(.*?)</h3>`).FindStringSubmatch(out); m == nil || html.UnescapeString(m[1]) != name.Title {
		t.Errorf("title = %v, want %q", m, name.Title)
	}
	if want := strconv.Itoa(bb.Count()) + " set"; !strings.Contains(out, want) {
		t.Errorf("card does not say %q", want)
	}
	// The close button hides this bitboard.
	closeBtn := false
	for _, b := range startTags(t, out, "button") {
		if b["class"] == "close" {
			closeBtn = b["data-toggle"] == name.Name
		}
	}
	if !closeBtn {
		t.Errorf("no close button with data-toggle=%q", name.Name)
	}

	// The grid.
	cells := gridcells(t, out)
	if len(cells) != l.Slots {
		t.Fatalf("%d cells, want %d", len(cells), l.Slots)
	}
	off, seenSq, seenIdx := 0, map[string]bool{}, map[string]bool{}
	for i, c := range cells {
		idx := c.attrs["data-index"]
		if seenIdx[idx] {
			t.Errorf("index %s appears twice", idx)
		}
		seenIdx[idx] = true
		// The index is also in the label and the tooltip: view.css hides
		// the printed one in narrow grids.
		for _, a := range []string{"aria-label", "title"} {
			if !regexp.MustCompile(`\b` + idx + `\b`).MatchString(c.attrs[a]) {
				t.Errorf("cell %d (index %s): %s %q lacks the index", i, idx, a, c.attrs[a])
			}
		}
		if c.has("data-offboard") {
			off++
			if c.has("data-square") || c.attrs["data-bit"] != "0" {
				t.Errorf("off-board cell %d: %v", i, c.attrs)
			}
			if sq := l.SquareAt(atoi(t, idx)); sq != core.NoSquare {
				t.Errorf("off-board cell %d has index %s of square %s", i, idx, sq)
			}
			if want := "off-board slot, index " + idx; c.attrs["aria-label"] != want {
				t.Errorf("off-board cell %d is named %q, want %q", i, c.attrs["aria-label"], want)
			}
			if want := `<b data-digit="·"></b><small>` + idx + `</small>`; c.inner != want {
				t.Errorf("off-board cell %d holds %q, want %q", i, c.inner, want)
			}
			continue
		}
		sqName, ok := c.attrs["data-square"]
		if !ok {
			t.Errorf("cell %d has neither data-square nor data-offboard: %v", i, c.attrs)
			continue
		}
		sq := mustSquare(t, sqName)
		if seenSq[sqName] {
			t.Errorf("square %s appears twice", sqName)
		}
		seenSq[sqName] = true
		if idx != strconv.Itoa(l.Index(sq)) {
			t.Errorf("%s data-index = %s, want %d", sq, idx, l.Index(sq))
		}
		if l.CellSquare(i) != sq {
			t.Errorf("cell %d is %s, want %s", i, sq, l.CellSquare(i))
		}
		wantBit := "0"
		if bb.Has(sq) {
			wantBit = "1"
		}
		if c.attrs["data-bit"] != wantBit {
			t.Errorf("%s data-bit = %q, want %q", sq, c.attrs["data-bit"], wantBit)
		}
		// The digit is drawn from data-digit; the index is the cell's
		// text, its visible label, which its name holds (see TestCellName).
		if want := `<b data-digit="` + wantBit + `"></b><small>` + idx + `</small>`; c.inner != want {
			t.Errorf("%s holds %q, want %q", sq, c.inner, want)
		}
		state := map[string]string{"0": "not set", "1": "set"}[wantBit]
		if want := sq.String() + ", index " + idx + ", " + state; c.attrs["aria-label"] != want || c.attrs["title"] != want {
			t.Errorf("%s is named %q (title %q), want %q", sq, c.attrs["aria-label"], c.attrs["title"], want)
		}
	}
	if off != wantOff || off != l.Slots-64 {
		t.Errorf("%d off-board cells, want %d", off, wantOff)
	}
	if len(seenSq) != 64 {
		t.Errorf("%d distinct squares, want 64", len(seenSq))
	}

	// The readouts.
	reads := map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)<code part="readout" data-format="([a-z]+)">(.*?)</code>`).FindAllStringSubmatch(out, -1) {
		if _, dup := reads[m[1]]; dup {
			t.Errorf("readout %q twice", m[1])
		}
		reads[m[1]] = m[2]
	}
	for _, f := range []string{"hex", "binary", "decimal"} {
		if _, ok := reads[f]; !ok {
			t.Errorf("no %s readout", f)
		}
	}
	if got := stripTags(reads["hex"]); got != r.Hex {
		t.Errorf("hex readout %q, want %q", got, r.Hex)
	}
	if wantLen := 2 + (l.Slots+3)/4; len(r.Hex) != wantLen {
		t.Errorf("Readout hex %q has %d characters, want %d", r.Hex, len(r.Hex), wantLen)
	}
	if got := strings.ReplaceAll(stripTags(reads["binary"]), " ", ""); got != r.Binary {
		t.Errorf("binary readout digits %q, want %q", got, r.Binary)
	}
	if len(r.Binary) != l.Slots {
		t.Errorf("binary has %d digits, want %d", len(r.Binary), l.Slots)
	}
	// Each binary digit that is a square names it and matches the board.
	bits := regexp.MustCompile(`<span data-square="([a-h][1-8])">([01])</span>`).FindAllStringSubmatch(reads["binary"], -1)
	if len(bits) != 64 {
		t.Errorf("binary readout names %d squares, want 64", len(bits))
	}
	for _, m := range bits {
		sq := mustSquare(t, m[1])
		if (m[2] == "1") != bb.Has(sq) {
			t.Errorf("binary digit of %s is %s, want %v", sq, m[2], bb.Has(sq))
		}
	}
	if got := strings.Count(reads["binary"], `<span class="off">0</span>`); got != l.Slots-64 {
		t.Errorf("binary readout has %d off-board digits, want %d", got, l.Slots-64)
	}
	// One line per group of Cols digits, each naming the rank (or, in the
	// file-major layouts, the file) its squares share.
	rows := regexp.MustCompile(`<span class="bin-row"(?: data-(rank|file)="([1-8a-h])")?>((?:<span[^>]*>[01]</span>)+) ?</span>`).
		FindAllStringSubmatch(reads["binary"], -1)
	if len(rows) != l.Slots/l.Cols || strings.Count(reads["binary"], `class="bin-row"`) != len(rows) {
		t.Errorf("binary readout has %d lines, want %d", len(rows), l.Slots/l.Cols)
	}
	for _, row := range rows {
		squares := regexp.MustCompile(`data-square="([a-h][1-8])"`).FindAllStringSubmatch(row[3], -1)
		if strings.Count(row[3], "</span>") != l.Cols {
			t.Errorf("binary line %q has %d digits, want %d", stripTags(row[3]), strings.Count(row[3], "</span>"), l.Cols)
		}
		for _, sq := range squares {
			if row[1] == "rank" && sq[1][1:] != row[2] || row[1] == "file" && sq[1][:1] != row[2] || row[1] == "" {
				t.Errorf("binary line %s=%q holds %s", row[1], row[2], sq[1])
			}
		}
	}
	copies := map[string]string{}
	for _, b := range startTags(t, out, "button") {
		if b["class"] == "copy" {
			copies[strings.TrimSuffix(strings.TrimPrefix(b["aria-label"], "Copy the "), " value")] = b["data-copy"]
		}
	}
	if copies["hex"] != r.Hex || copies["binary"] != r.Binary {
		t.Errorf("copy buttons %q, want hex %q and binary %q", copies, r.Hex, r.Binary)
	}
	dec := stripTags(reads["decimal"])
	if l.FitsUint64() {
		want := r.Decimal
		if r.Signed != r.Decimal {
			want += " (signed " + r.Signed + ")"
		}
		if dec != want {
			t.Errorf("decimal readout %q, want %q", dec, want)
		}
		if copies["decimal"] != r.Decimal {
			t.Errorf("decimal copy value %q, want %q", copies["decimal"], r.Decimal)
		}
		if u, err := strconv.ParseUint(r.Decimal, 10, 64); err != nil || l.Hex(core.Value{Lo: u}) != r.Hex {
			t.Errorf("decimal %q does not match hex %q", r.Decimal, r.Hex)
		}
	} else {
		if !strings.Contains(dec, strconv.Itoa(l.Slots)+" bits do not fit a 64-bit integer") {
			t.Errorf("decimal readout %q does not say the value does not fit 64 bits", dec)
		}
		if _, ok := copies["decimal"]; ok {
			t.Errorf("a copy button for a decimal that does not exist")
		}
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

func TestCardTitles(t *testing.T) {
	p := mustParse(t, kiwipeteFEN)
	l := mustLayout(t, "lerf")
	for _, tt := range []struct{ name, title string }{
		{"P", "WhitePawns"},
		{"k", "BlackKings"},
		{"white", "pieces[White]"},
		{"occupied", "occupied"},
		{"empty", "~occupied"},
		{"pawns", "pieces[Pawn]"},
		{"kings", "pieces[King]"},
	} {
		n, ok := core.LookupBitboard(tt.name)
		if !ok {
			t.Fatalf("unknown bitboard %q", tt.name)
		}
		out := Card(l, Shown{n.Name, n.Title, n.Of(p)}, n.Of(p), false)
		if !strings.Contains(out, "<h3>"+tt.title+"</h3>") {
			t.Errorf("card %q lacks title %q", tt.name, tt.title)
		}
	}
	// A known value: Kiwipete's white pawns in LERF.
	n, _ := core.LookupBitboard("P")
	out := Card(l, Shown{n.Name, n.Title, n.Of(p)}, n.Of(p), false)
	if !strings.Contains(out, `<code part="readout" data-format="hex">0x000000081000e700</code>`) {
		t.Errorf("Kiwipete WhitePawns hex is not 0x000000081000e700")
	}
}

func TestToggles(t *testing.T) {
	for _, show := range [][]string{
		nil,
		{"P", "occupied"},
		{"k", "white", "kings", "empty"},
		{"bogus", "P", "P"},
		allNames(),
	} {
		out := Toggles(show)
		checkTagBalance(t, out, "div", "button", "span")
		var btns []map[string]string
		for _, b := range startTags(t, out, "button") {
			if _, ok := b["data-toggle"]; ok {
				btns = append(btns, b)
			}
		}
		if len(btns) != 22 || len(core.BitboardNames) != 22 {
			t.Fatalf("show=%q: %d toggle buttons (%d names), want 22", show, len(btns), len(core.BitboardNames))
		}
		for i, b := range btns {
			n := core.BitboardNames[i]
			if b["data-toggle"] != n.Name {
				t.Errorf("button %d toggles %q, want %q", i, b["data-toggle"], n.Name)
			}
			if b["title"] != n.Title {
				t.Errorf("button %q title %q, want %q", n.Name, b["title"], n.Title)
			}
			want := "false"
			for _, s := range show {
				if s == n.Name {
					want = "true"
				}
			}
			if b["aria-pressed"] != want {
				t.Errorf("show=%q: %q aria-pressed=%q, want %q", show, n.Name, b["aria-pressed"], want)
			}
		}
		// The twelve piece toggles carry their piece's image.
		imgs := startTags(t, out, "img")
		if len(imgs) != 12 {
			t.Errorf("%d images, want 12", len(imgs))
		}
		for i, img := range imgs {
			if want := pieceImagePath(core.WhitePawn + core.Piece(i)); img["src"] != want {
				t.Errorf("image %d src %q, want %q", i, img["src"], want)
			}
		}
		if got := len(startTags(t, out, "div")); got != 4 {
			t.Errorf("%d groups, want 4", got)
		}
	}
}

func TestLayoutSwitch(t *testing.T) {
	for _, cur := range core.Layouts {
		out := LayoutSwitch(cur)
		radios := startTags(t, out, "input")
		if len(radios) != len(core.Layouts) {
			t.Fatalf("%s: %d radios, want %d", cur.ID, len(radios), len(core.Layouts))
		}
		var checked []string
		for i, r := range radios {
			if r["type"] != "radio" || r["name"] != "layout" {
				t.Errorf("%s: input %d is %v", cur.ID, i, r)
			}
			if r["value"] != core.Layouts[i].ID {
				t.Errorf("%s: radio %d value %q, want %q", cur.ID, i, r["value"], core.Layouts[i].ID)
			}
			if r["aria-label"] != core.Layouts[i].Name || !labelInName(core.Layouts[i].Short, r["aria-label"]) {
				t.Errorf("%s: radio %d is named %q, want %q (holding the short name %q shown)", cur.ID, i, r["aria-label"], core.Layouts[i].Name, core.Layouts[i].Short)
			}
			if _, ok := r["checked"]; ok {
				checked = append(checked, r["value"])
			}
		}
		if len(checked) != 1 || checked[0] != cur.ID {
			t.Errorf("%s: checked radios %q, want [%s]", cur.ID, checked, cur.ID)
		}
		if m := regexp.MustCompile(`<p class="about" id="layout-about">(.*?)</p>`).FindStringSubmatch(out); m == nil {
			t.Errorf("%s: no About paragraph", cur.ID)
		} else {
			checkText(t, cur.ID+" About", m[1], cur.About)
		}
		spans := regexp.MustCompile(`<span class="full">(.*?)</span><span class="short" aria-hidden="true">(.*?)</span>`).FindAllStringSubmatch(out, -1)
		if len(spans) != len(core.Layouts) {
			t.Fatalf("%s: %d layout names, want %d", cur.ID, len(spans), len(core.Layouts))
		}
		for i, l := range core.Layouts {
			checkText(t, cur.ID+" name", spans[i][1], l.Name)
			checkText(t, cur.ID+" short name", spans[i][2], l.Short)
		}
	}
	// 0x88's About contains '&', which must be escaped.
	out := LayoutSwitch(mustLayout(t, "0x88"))
	if !strings.Contains(out, "(index &amp; 0x88)") || strings.Contains(out, "(index & 0x88)") {
		t.Errorf("0x88 About not HTML-escaped: %s", out)
	}
}

// TestBinaryLines checks the first and last lines of the binary readout
// of each layout, worked out by hand: the most significant group first.
func TestBinaryLines(t *testing.T) {
	tests := []struct {
		id, first, last string // opening tag and the squares of the line, most significant first
	}{
		{"lerf", `data-rank="8"`, "h8 g8 f8 e8 d8 c8 b8 a8"},
		{"msb-a8", `data-rank="8"`, "a8 b8 c8 d8 e8 f8 g8 h8"},
		{"berf", `data-rank="1"`, "h1 g1 f1 e1 d1 c1 b1 a1"},
		{"lefr", `data-file="h"`, "h8 h7 h6 h5 h4 h3 h2 h1"},
		{"befr", `data-file="a"`, "a1 a2 a3 a4 a5 a6 a7 a8"},
		{"0x88", `data-rank="8"`, "h8 g8 f8 e8 d8 c8 b8 a8"},
		{"10x12", ``, ""},
	}
	for _, tt := range tests {
		out := binarySpans(mustLayout(t, tt.id), mustLayout(t, tt.id).Readout(0).Grouped)
		lines := strings.Split(out, `<span class="bin-row"`)[1:]
		first := lines[0]
		open := ">"
		if tt.first != "" {
			open = " " + tt.first + ">"
		}
		if !strings.HasPrefix(first, open) {
			t.Errorf("%s: first line %q, want it to open with %q", tt.id, first, tt.first)
		}
		var sqs []string
		for _, m := range regexp.MustCompile(`data-square="([a-h][1-8])"`).FindAllStringSubmatch(first, -1) {
			sqs = append(sqs, m[1])
		}
		if strings.Join(sqs, " ") != tt.last {
			t.Errorf("%s: first line holds %q, want %q", tt.id, sqs, tt.last)
		}
		if strings.HasSuffix(lines[len(lines)-1], " </span>") || !strings.HasSuffix(lines[0], " </span>") {
			t.Errorf("%s: lines should end in a space but the last", tt.id)
		}
	}
}

func TestSquareInfo(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	tests := []struct {
		sq   core.Square
		what string
		want map[string]string // layout id → cell text
	}{
		{core.E4, "empty", map[string]string{"lerf": "28", "0x88": "52", "msb-a8": "27 (MSB index 36)", "berf": "36", "10x12": "55", "lefr": "35", "befr": "28"}},
		{core.A1, "white rook", map[string]string{"lerf": "0", "0x88": "0", "msb-a8": "7 (MSB index 56)", "berf": "56", "10x12": "21", "lefr": "0", "befr": "63"}},
		{core.H8, "black rook", map[string]string{"lerf": "63", "0x88": "119", "msb-a8": "56 (MSB index 7)", "berf": "7", "10x12": "98", "lefr": "63", "befr": "0"}},
		{core.E1, "white king", map[string]string{"lerf": "4", "0x88": "4", "msb-a8": "3 (MSB index 60)", "berf": "60", "10x12": "25", "lefr": "32", "befr": "31"}},
	}
	tdRE := regexp.MustCompile(`<td data-layout="([^"]+)">(.*?)</td>`)
	for _, tt := range tests {
		out := SquareInfo(p, tt.sq)
		checkTagBalance(t, out, "p", "table", "tr", "td", "th", "span", "strong")
		if !strings.Contains(out, `data-info-square="`+tt.sq.String()+`"`) {
			t.Errorf("%s: no data-info-square", tt.sq)
		}
		if !strings.Contains(out, "<span>"+tt.what+"</span>") {
			t.Errorf("%s: does not say %q", tt.sq, tt.what)
		}
		got := map[string]string{}
		for _, m := range tdRE.FindAllStringSubmatch(out, -1) {
			got[m[1]] = stripTags(m[2])
		}
		if len(got) != len(core.Layouts) {
			t.Errorf("%s: %d layout cells, want %d", tt.sq, len(got), len(core.Layouts))
		}
		for _, l := range core.Layouts {
			if got[l.ID] != tt.want[l.ID] {
				t.Errorf("%s in %s: %q, want %q", tt.sq, l.ID, got[l.ID], tt.want[l.ID])
			}
		}
		ths := regexp.MustCompile(`<th scope="col" class="layout-short" title="([^"]*)">(.*?)</th>`).FindAllStringSubmatch(out, -1)
		if len(ths) != len(core.Layouts) {
			t.Fatalf("%s: %d headers, want %d", tt.sq, len(ths), len(core.Layouts))
		}
		for i, l := range core.Layouts {
			checkText(t, tt.sq.String()+" header", ths[i][2], l.Short)
			checkText(t, tt.sq.String()+" header title", ths[i][1], l.Name)
			if strings.Contains(ths[i][2], " ") {
				t.Errorf("%s header %q has a space: it may wrap", l.ID, ths[i][2])
			}
		}
	}
}

var (
	markRE  = regexp.MustCompile(`(?s)<mark>(.*?)</mark>`)
	fenPreR = regexp.MustCompile(`(?s)<pre class="fen-mark">(.*?)</pre>`)
)

func TestFENError(t *testing.T) {
	tests := []struct {
		name          string
		input         string
		field, offset int    // data-error-field, data-error-offset (characters)
		mark          string // the marked text, unescaped
	}{
		{"bad active color", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 2, 44, "x"},
		{"non-ascii castling", "8/8/8/8/8/8/8/8 w é - 0 1", 3, 18, "é"},
		{"missing active color", "8/8/8/8/8/8/8/8", 2, 15, "\u00a0"},
		{"html in input", "<b>", 1, 0, "<"},
		{"html later", "8/8/8/8/8/8/8/8 w <script>&amp; - 0 1", 3, 18, "<"},
		{"empty", "", 1, 0, "\u00a0"},
		{"bad rank", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 17, "p"},
		{"non-ascii en passant", "8/8/8/8/8/8/8/8 w - ☃ 0 1", 4, 20, "☃"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := core.ParseFEN(tt.input)
			var fe *core.FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q) = %v, want a *FENError", tt.input, err)
			}
			out := FENError(tt.input, fe, true)
			checkFENErrorPanel(t, out, tt.input, fe, tt.field, tt.offset, tt.mark)
		})
	}
}

func checkFENErrorPanel(t *testing.T, out, input string, fe *core.FENError, field, offset int, mark string) {
	t.Helper()
	divs := startTags(t, out, "div")
	if len(divs) != 1 {
		t.Fatalf("%d divs, want 1: %s", len(divs), out)
	}
	if got := divs[0]["data-error-field"]; got != strconv.Itoa(field) {
		t.Errorf("data-error-field = %q, want %d", got, field)
	}
	if got := divs[0]["data-error-offset"]; got != strconv.Itoa(offset) {
		t.Errorf("data-error-offset = %q, want %d", got, offset)
	}
	if divs[0]["role"] != "alert" {
		t.Errorf("role = %q, want alert", divs[0]["role"])
	}
	marks := markRE.FindAllStringSubmatch(out, -1)
	if len(marks) != 1 || html.UnescapeString(marks[0][1]) != mark {
		t.Errorf("marks %q, want one marking %q", marks, mark)
	}
	if len(marks) == 1 {
		checkText(t, "mark", marks[0][1], mark)
	}
	// The marked input reads as the input (the mark of a missing field
	// aside), with nothing raw.
	pre := fenPreR.FindStringSubmatch(out)
	if pre == nil {
		t.Fatalf("no <pre class=\"fen-mark\">")
	}
	if shown, want := stripTags(pre[1]), wantMarked(input, fe.Offset); shown != want {
		t.Errorf("marked input reads %q, want %q", shown, want)
	}
	if !strings.Contains(out, "character "+strconv.Itoa(offset+1)+":") {
		t.Errorf("panel does not say character %d", offset+1)
	}
	if m := regexp.MustCompile(`<p><strong>(.*?) \(field (\d+)\), character \d+:</strong> (.*?)</p>`).FindStringSubmatch(out); m == nil {
		t.Errorf("no field and message paragraph in %s", out)
	} else {
		checkText(t, "field name", m[1], fe.FieldName())
		if m[2] != strconv.Itoa(fe.Field) {
			t.Errorf("paragraph names field %s, want %d", m[2], fe.Field)
		}
		checkText(t, "message", m[3], fe.Msg)
	}
	// No raw markup from the input or the message.
	for _, s := range []string{input, fe.Msg} {
		if strings.ContainsAny(s, "<>&") && strings.Contains(out, s) {
			t.Errorf("raw %q in output", s)
		}
	}
	checkTagBalance(t, out, "div", "p", "pre", "mark", "strong")
	if strings.Contains(out, "<b>") || strings.Contains(out, "<script") {
		t.Errorf("unescaped markup in output: %s", out)
	}
}

// wantMarked returns the text the marked input should read as: the input,
// with a no-break space marking a missing field at its end or replacing a
// marked space.
func wantMarked(input string, byteOff int) string {
	switch b := min(byteOff, len(input)); {
	case b == len(input):
		return input + "\u00a0"
	case input[b] == ' ':
		return input[:b] + "\u00a0" + input[b+1:]
	}
	return input
}

// TestFENErrorCharacterOffset uses errors built by hand, to put non-ASCII
// characters before the offending one, which ParseFEN never does.
func TestFENErrorCharacterOffset(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		byteAt int
		offset int
		mark   string
	}{
		{"after é", "é x", 3, 2, "x"},
		{"after snowman and é", "☃é<y", 5, 2, "<"},
		{"marks a whole rune", "ab☃cd", 2, 2, "☃"},
		{"past the end clamps", "ééé", 99, 3, "\u00a0"},
		{"at the end", "ééé", 6, 3, "\u00a0"},
		{"at a space", "a b", 1, 1, "\u00a0"},
		{"at the start", "é", 0, 0, "é"},
		{"markup before", "<b>&é\"x</b>", 7, 6, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := &core.FENError{Field: 2, Offset: tt.byteAt, Input: tt.input, Msg: "m <&>", Err: core.ErrFENSyntax}
			out := FENError(tt.input, fe, true)
			if !strings.Contains(out, `data-error-offset="`+strconv.Itoa(tt.offset)+`"`) {
				t.Errorf("FENError(%q, offset %d): no data-error-offset=%d in %s", tt.input, tt.byteAt, tt.offset, out)
			}
			marks := markRE.FindAllStringSubmatch(out, -1)
			if len(marks) != 1 || html.UnescapeString(marks[0][1]) != tt.mark {
				t.Errorf("marks %q, want one marking %q", marks, tt.mark)
			}
			if !strings.Contains(out, "m &lt;&amp;&gt;") {
				t.Errorf("message not escaped: %s", out)
			}
			if strings.Contains(out, "<b>") || strings.Contains(out, "</b>") {
				t.Errorf("raw markup from the input in %s", out)
			}
			pre := fenPreR.FindStringSubmatch(out)
			if pre == nil {
				t.Fatalf("no <pre class=\"fen-mark\"> in %s", out)
			}
			want := wantMarked(tt.input, tt.byteAt)
			if shown := stripTags(pre[1]); shown != want {
				t.Errorf("marked input reads %q, want %q", shown, want)
			}
		})
	}
}

func TestWarnings(t *testing.T) {
	if got := Warnings(nil); got != "" {
		t.Errorf("Warnings(nil) = %q, want \"\"", got)
	}
	if got := Warnings([]core.Warning{}); got != "" {
		t.Errorf("Warnings(empty) = %q, want \"\"", got)
	}
	for _, ws := range [][]core.Warning{
		{{Code: core.WarnKingCount, Message: "white has no king"}},
		{{Code: core.WarnKingCount, Message: "a <b>bold</b> & \"quoted\" claim"},
			{Code: core.WarnEnPassantRank, Message: "<script>alert(1)</script>", Squares: core.B3.Bitboard()}},
		mustParse(t, "8/8/8/8/8/8/8/8 w - - 0 1").Warnings(),
		mustParse(t, Examples[2].FEN).Warnings(),
	} {
		if len(ws) == 0 {
			t.Fatalf("test position has no warnings")
		}
		out := Warnings(ws)
		checkTagBalance(t, out, "ul", "li")
		lis := regexp.MustCompile(`<li data-code="([^"]*)">(.*?)</li>`).FindAllStringSubmatch(out, -1)
		if len(lis) != len(ws) {
			t.Fatalf("%d items, want %d: %s", len(lis), len(ws), out)
		}
		for i, w := range ws {
			if lis[i][1] != string(w.Code) {
				t.Errorf("item %d code %q, want %q", i, lis[i][1], w.Code)
			}
			checkText(t, "warning "+strconv.Itoa(i), lis[i][2], w.Message)
		}
		if strings.Contains(out, "<b>") || strings.Contains(out, "<script>") {
			t.Errorf("raw markup in %s", out)
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

// TestFENErrorTooLong covers core's "input too long" error, reported at
// byte MaxFENLength of the untruncated input, which may fall inside a
// multi-byte character.
func TestFENErrorTooLong(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		offset int    // data-error-offset: the character holding byte MaxFENLength
		mark   string // that whole character
	}{
		{"ascii", strings.Repeat("8/", 200), core.MaxFENLength, "8"},
		{"rune boundary", strings.Repeat("é", 200), core.MaxFENLength / 2, "é"},
		{"inside a rune", "x" + strings.Repeat("é", 200), 1 + (core.MaxFENLength-1)/2, "é"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := core.ParseFEN(tt.input)
			var fe *core.FENError
			// Core reports the start of the character holding byte MaxFENLength.
			if !errors.As(err, &fe) || fe.Offset > core.MaxFENLength || fe.Offset < core.MaxFENLength-3 {
				t.Fatalf("ParseFEN(%d bytes) = %v, want a *FENError at offset %d or the character before", len(tt.input), err, core.MaxFENLength)
			}
			out := FENError(tt.input, fe, true)
			marks := markRE.FindAllStringSubmatch(out, -1)
			if !utf8.ValidString(out) {
				t.Errorf("output is not valid UTF-8")
			}
			if len(marks) != 1 || marks[0][1] != tt.mark {
				t.Errorf("marks %q, want one marking %q", marks, tt.mark)
			}
			if !strings.Contains(out, `data-error-offset="`+strconv.Itoa(tt.offset)+`"`) {
				t.Errorf("no data-error-offset=%d", tt.offset)
			}
		})
	}
}

// TestCardEscapesNames gives Card a name and title with markup in them
// (BitboardName's exported fields; its zero kind is WhitePawns) to check
// that attributes and text are escaped.
func TestCardEscapesNames(t *testing.T) {
	p := mustParse(t, kiwipeteFEN)
	name := core.BitboardName{Name: `x" onclick="y`, Title: `<b>T&'"</b>`}
	for _, l := range core.Layouts {
		out := Card(l, Shown{name.Name, name.Title, name.Of(p)}, name.Of(p), false)
		secs := startTags(t, out, "section")
		if len(secs) != 1 {
			t.Fatalf("%s: %d sections, want 1", l.ID, len(secs))
		}
		if _, ok := secs[0]["onclick"]; ok || secs[0]["data-bitboard"] != name.Name {
			t.Errorf("%s: section attributes %v, want data-bitboard %q and no onclick", l.ID, secs[0], name.Name)
		}
		if want := name.Title + " in " + l.Name; secs[0]["aria-label"] != want {
			t.Errorf("%s: aria-label %q, want %q", l.ID, secs[0]["aria-label"], want)
		}
		if m := regexp.MustCompile(`<h3>(.*?)</h3>`).FindStringSubmatch(out); m == nil {
			t.Errorf("%s: no title", l.ID)
		} else {
			checkText(t, l.ID+" title", m[1], name.Title)
		}
		for _, b := range startTags(t, out, "button") {
			if _, ok := b["onclick"]; ok {
				t.Errorf("%s: button attributes %v", l.ID, b)
			}
		}
		if strings.Contains(out, "<b>T") || strings.Contains(out, `x" onclick`) {
			t.Errorf("%s: raw name or title in the card", l.ID)
		}
		// The bits are WhitePawns'.
		wp := p.Pieces(core.WhitePawn)
		if got := stripTags(regexp.MustCompile(`<code part="readout" data-format="hex">(.*?)</code>`).FindStringSubmatch(out)[1]); got != l.Readout(wp).Hex {
			t.Errorf("%s: hex %q, want %q", l.ID, got, l.Readout(wp).Hex)
		}
	}
}
