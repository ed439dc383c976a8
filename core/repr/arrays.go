package repr

import (
	"strconv"

	"github.com/bitview/bitview/core"
)

// The piece codes of the array representations, as tutorials number them:
//
//	code  piece     code  piece
//	   0  EMPTY
//	   1  WPAWN        7  BPAWN
//	   2  WKNIGHT      8  BKNIGHT
//	   3  WBISHOP      9  BBISHOP
//	   4  WROOK       10  BROOK
//	   5  WQUEEN      11  BQUEEN
//	   6  WKING       12  BKING
//	 255  OFFBOARD (a border cell of the 0x88, 10×12 and 16×16 arrays)
//
// A piece's code is its [core.Piece] value, and 0, the empty square, is
// NoPiece's. Every array form (64, 0x88, 10×12, 16×16) uses this one table.
const (
	CodeEmpty    uint8 = 0    // EMPTY: an empty square
	CodeOffBoard uint8 = 0xFF // OFFBOARD: a cell that is not a square
)

// codeNames holds the tutorial name of each code 0 … 12.
var codeNames = [core.PieceCount + 1]string{"EMPTY", "WPAWN", "WKNIGHT", "WBISHOP", "WROOK", "WQUEEN", "WKING",
	"BPAWN", "BKNIGHT", "BBISHOP", "BROOK", "BQUEEN", "BKING"}

// Code returns the piece's code in the array representations (see
// CodeEmpty): WhitePawn 1 … BlackKing 12, and CodeEmpty (0) for NoPiece.
func Code(pc core.Piece) uint8 {
	if pc > core.BlackKing {
		return CodeEmpty
	}
	return uint8(pc)
}

// PieceFromCode returns the piece whose array code is c: NoPiece for
// CodeEmpty, WhitePawn … BlackKing for 1 … 12. It reports false for any
// other code, CodeOffBoard included.
func PieceFromCode(c uint8) (core.Piece, bool) {
	if c > uint8(core.BlackKing) {
		return core.NoPiece, false
	}
	return core.Piece(c), true // CodeEmpty is NoPiece
}

// CodeName returns the tutorial name of an array code: "EMPTY", "WPAWN" …
// "BKING", "OFFBOARD", or the number for any other code.
func CodeName(c uint8) string {
	switch {
	case c <= core.PieceCount:
		return codeNames[c]
	case c == CodeOffBoard:
		return "OFFBOARD"
	}
	return strconv.Itoa(int(c))
}

// A boardArray describes one array form: its size, the grid width the
// knight offsets are computed in, and where each square lives.
type boardArray struct {
	repr    string                // id in Representations
	size    int                   // number of cells
	width   int                   // cells per row
	index   func(core.Square) int // cell of a square
	square  func(int) core.Square // square of a cell, NoSquare when off-board or out of range
	and0x88 bool                  // off-board test: index & 0x88 (else: read the OFFBOARD sentinel)
}

// The layouts the bordered arrays share their numbering with (layout.go).
var (
	layout0x88, _  = core.LayoutByID("0x88")
	layout10x12, _ = core.LayoutByID("10x12")
)

// The four array forms.
var (
	array64 = &boardArray{repr: "array64", size: core.SquareCount, width: 8,
		index: func(sq core.Square) int { return int(sq) }, square: square64}
	array0x88 = &boardArray{repr: "0x88", size: 128, width: 16,
		index:   func(sq core.Square) int { return layout0x88.Index(sq) },
		square:  func(i int) core.Square { return layout0x88.SquareAt(i) },
		and0x88: true}
	array10x12 = &boardArray{repr: "10x12", size: 120, width: 10,
		index:  func(sq core.Square) int { return layout10x12.Index(sq) },
		square: func(i int) core.Square { return layout10x12.SquareAt(i) }}
	array16x16 = &boardArray{repr: "16x16", size: 256, width: 16,
		index: Index16x16, square: SquareAt16x16}
)

// square64 returns Square(i), or NoSquare outside 0 … 63.
func square64(i int) core.Square {
	if i < 0 || i >= core.SquareCount {
		return core.NoSquare
	}
	return core.Square(i)
}

// fill writes p into dst (size cells): every cell CodeOffBoard, then each
// square's piece code.
func (a *boardArray) fill(p *core.Position, dst []uint8) {
	for i := range dst {
		dst[i] = CodeOffBoard
	}
	for sq := core.A1; sq < core.NoSquare; sq++ {
		dst[a.index(sq)] = Code(p.PieceAt(sq))
	}
}

// position builds the position src describes through Put, with the state
// of NewPosition. Each square's cell must hold a code 0 … 12 and each
// off-board cell CodeOffBoard.
func (a *boardArray) position(src []uint8) (core.Position, error) {
	p := core.NewPosition()
	for i, c := range src {
		sq := a.square(i)
		if sq == core.NoSquare {
			if c != CodeOffBoard {
				return core.NewPosition(), reprError(a.repr, i, "off-board cell holds "+strconv.Itoa(int(c))+", want OFFBOARD (255)")
			}
			continue
		}
		pc, ok := PieceFromCode(c)
		if !ok {
			return core.NewPosition(), reprError(a.repr, i, "square "+sq.String()+" holds "+CodeName(c)+", which is not a piece code (0–12)")
		}
		if pc != core.NoPiece {
			p.Put(pc, sq)
		}
	}
	return p, nil
}

// Array64 returns the 64-entry array representation: the piece code (see
// CodeEmpty) of every square, indexed by LERF square (a1 = 0 … h8 = 63).
func Array64(p *core.Position) [core.SquareCount]uint8 {
	var a [core.SquareCount]uint8
	array64.fill(p, a[:])
	return a
}

// PositionFromArray64 builds the position whose Array64 is a, placing each
// piece with Put; side to move and the rest of the state are those of
// NewPosition. A code other than 0 … 12 is a *Error.
func PositionFromArray64(a [core.SquareCount]uint8) (core.Position, error) {
	return array64.position(a[:])
}

// Array0x88 returns the 0x88 array: 128 cells, index = 16·rank + file (the
// "0x88" layout of [core.Layouts]), each square's cell holding its piece code
// (see CodeEmpty). Engines never read the right half of a row (files 8–15),
// because index & 0x88 ≠ 0 rejects it first; Bitview fills it with
// CodeOffBoard so the page can draw it and PositionFromArray0x88 can check
// it.
//
//	8 | 112 113 … 119 | 120 … 127
//	…
//	1 |   0   1 …   7 |   8 …  15
//	      a   b …   h   off-board
func Array0x88(p *core.Position) [128]uint8 {
	var a [128]uint8
	array0x88.fill(p, a[:])
	return a
}

// PositionFromArray0x88 builds the position whose Array0x88 is a, through
// Put, with the state of NewPosition. A square's cell holding a code other
// than 0 … 12, or an off-board cell other than CodeOffBoard, is a
// *Error.
func PositionFromArray0x88(a [128]uint8) (core.Position, error) { return array0x88.position(a[:]) }

// Array10x12 returns the 10×12 mailbox: 120 cells, index = 21 + 10·rank +
// file (the "10x12" layout of [core.Layouts]), each square's cell holding its
// piece code and every border cell CodeOffBoard, the sentinel a move
// generator reads to stop.
//
//	  | 110 111 … 118 119      (border)
//	  | 100 101 … 108 109      (border)
//	8 |  90  91 …  98  99      a8 = 91, h8 = 98
//	…
//	1 |  20  21 …  28  29      a1 = 21, h1 = 28
//	  |  10  11 …  18  19      (border)
//	  |   0   1 …   8   9      (border)
func Array10x12(p *core.Position) [120]uint8 {
	var a [120]uint8
	array10x12.fill(p, a[:])
	return a
}

// PositionFromArray10x12 builds the position whose Array10x12 is a, through
// Put, with the state of NewPosition. A square's cell holding a code other
// than 0 … 12, or a border cell other than CodeOffBoard, is a *Error.
func PositionFromArray10x12(a [120]uint8) (core.Position, error) { return array10x12.position(a[:]) }

// Index16x16 returns the cell of sq in the 16×16 board: 16·(rank + 4) +
// file + 4, so a1 = 0x44 = 68 and h8 = 0xBB = 187. This is the numbering of
// Fabien Letouzey's Fruit 2.1 (square.h: FileNb = RankNb = 16, FileA =
// Rank1 = 0x4, A1 = 0x44, SQUARE_MAKE(file, rank) = rank<<4 | file), read in
// its derivative FireFather/cyclone-xTreme, src/square.h, commit
// 139e1d12a727f2e1005889982424c6b5ebc19242. Four rows and columns of border
// on every side keep every knight jump and every slide that stops at the
// first border cell inside the array.
//
//	  | 240 … 255              (4 border rows, 192 … 255)
//	8 | 176 177 178 179 180 … 187 188 … 191     a8 = 180, h8 = 187
//	…
//	1 |  64  65  66  67  68 …  75  76 …  79     a1 =  68, h1 =  75
//	  |   0 …  63              (4 border rows)
func Index16x16(sq core.Square) int { return 16*(int(sq.Rank())+4) + int(sq.File()) + 4 }

// SquareAt16x16 returns the square in cell i of the 16×16 board, or
// NoSquare for a border cell or an index outside 0 … 255.
func SquareAt16x16(i int) core.Square {
	if i < 0 || i >= 256 {
		return core.NoSquare
	}
	f, r := i%16-4, i/16-4
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return core.NoSquare
	}
	return core.NewSquare(core.File(f), core.Rank(r))
}

// Array16x16 returns the 16×16 board: 256 cells, index = Index16x16(sq),
// each square's cell holding its piece code and every border cell
// CodeOffBoard.
func Array16x16(p *core.Position) [256]uint8 {
	var a [256]uint8
	array16x16.fill(p, a[:])
	return a
}

// PositionFromArray16x16 builds the position whose Array16x16 is a, through
// Put, with the state of NewPosition. A square's cell holding a code other
// than 0 … 12, or a border cell other than CodeOffBoard, is a *Error.
func PositionFromArray16x16(a [256]uint8) (core.Position, error) { return array16x16.position(a[:]) }

// A KnightTarget is one knight jump on an array board, with the verdict of
// the board's off-board test, for the page to explain which targets are
// off the board and why.
type KnightTarget struct {
	Offset   int         // the jump as an index difference, e.g. +33 (two ranks up, one file right, in 0x88)
	Target   int         // from + Offset; may lie outside the array for 0x88
	Square   core.Square // the square at Target, NoSquare when off the board
	OffBoard bool        // the board's test rejects Target
	Why      string      // the test and its outcome, e.g. "0x38 & 0x88 = 0x08: the file left a–h"
}

// knightJumps lists the eight knight moves as (file, rank) steps; an
// array's offsets are rank·width + file.
var knightJumps = [8][2]int{{1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {1, -2}, {-1, -2}, {2, -1}, {-2, -1}}

// knightTargets returns the eight knight jumps from cell from, or nil when
// from is not the cell of a square.
func (a *boardArray) knightTargets(from int) []KnightTarget {
	sq := a.square(from)
	if sq == core.NoSquare || a.index(sq) != from {
		return nil
	}
	empty := core.NewPosition()
	board := make([]uint8, a.size) // the cells a move generator reads
	a.fill(&empty, board)
	ts := make([]KnightTarget, 0, len(knightJumps))
	for _, j := range knightJumps {
		off := j[1]*a.width + j[0]
		to := from + off
		var why string
		if a.and0x88 {
			why = test0x88(to)
		} else {
			why = testSentinel(board, to)
		}
		t := KnightTarget{Offset: off, Target: to, Square: core.NoSquare, OffBoard: why != "", Why: why}
		if !t.OffBoard {
			t.Square = a.square(to)
			t.Why = "on the board: " + t.Square.String()
			if a.and0x88 {
				t.Why = HexIndex(to) + " & 0x88 = 0: " + t.Why
			}
		}
		ts = append(ts, t)
	}
	return ts
}

// test0x88 is the 0x88 test: index & 0x88 ≠ 0 means off the board. It also
// catches indices below 0, whose two's complement has bit 0x80 set. It
// returns "" for a square, else the reason.
func test0x88(i int) string {
	switch m := i & 0x88; m {
	case 0:
		return ""
	case 0x08:
		return HexIndex(i) + " & 0x88 = 0x08: the file left a–h"
	case 0x80:
		return HexIndex(i) + " & 0x88 = 0x80: the rank left 1–8"
	default:
		return HexIndex(i) + " & 0x88 = 0x88: both the file and the rank left the board"
	}
}

// HexIndex writes an array index as the off-board explanations do: "0x"
// and at least two lower-case hex digits, "-0x21" when negative.
func HexIndex(i int) string {
	sign := ""
	if i < 0 {
		sign, i = "-", -i
	}
	h := strconv.FormatInt(int64(i), 16)
	if len(h) < 2 {
		h = "0" + h
	}
	return sign + "0x" + h
}

// testSentinel is the bordered arrays' test: read cell i of board and stop
// on OFFBOARD. It returns "" for a square, else the reason.
func testSentinel(board []uint8, i int) string {
	if i < 0 || i >= len(board) {
		return "index " + strconv.Itoa(i) + " is outside the array: the border is too thin"
	}
	if board[i] != CodeOffBoard {
		return ""
	}
	return "cell " + strconv.Itoa(i) + " holds OFFBOARD (255): the sentinel border"
}

// KnightTargets0x88 returns the eight knight jumps from 0x88 index from
// (offsets +33, +31, +18, +14, −31, −33, −14, −18), each with the target
// index and the verdict of the test target & 0x88 ≠ 0. It returns nil when
// from is not the index of a square (from & 0x88 ≠ 0 or out of 0 … 127).
func KnightTargets0x88(from int) []KnightTarget { return array0x88.knightTargets(from) }

// KnightTargets10x12 returns the eight knight jumps from 10×12 index from
// (offsets +21, +19, +12, +8, −19, −21, −8, −12), each judged by reading the
// target cell of the board: OFFBOARD means off the board. The two border
// rows above and below make every target index fall inside 0 … 119. It
// returns nil when from is not the index of a square.
func KnightTargets10x12(from int) []KnightTarget { return array10x12.knightTargets(from) }

// KnightTargets16x16 returns the eight knight jumps from 16×16 index from
// (the 0x88 offsets +33, +31, +18, +14, −31, −33, −14, −18: rows are 16
// cells wide), each judged by reading the target cell: OFFBOARD means off
// the board. It returns nil when from is not the index of a square.
func KnightTargets16x16(from int) []KnightTarget { return array16x16.knightTargets(from) }
