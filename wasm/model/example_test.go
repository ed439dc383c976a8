package model_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// A link's query read into the page's state and written back: an unknown
// show key is dropped, the rest kept in order, and the query written back
// names the position too.
func ExampleParseQuery() {
	s := model.ParseQuery("?layout=0x88&show=P,(P+<<+8)+%26+empty,occupied")
	fmt.Println(s.Layout, s.Show)
	fmt.Println(s.Query())
	// Output:
	// 0x88 [P (P << 8) & empty occupied]
	// ?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1&layout=0x88&show=P%2C%28P+%3C%3C+8%29+%26+empty%2Coccupied
}

// The arrow keys in a two-row grid whose first child in each row is a
// rank label, not a stop.
func ExampleGridStep() {
	stops := [][]bool{
		{false, true, true},
		{false, true, true},
	}
	from := model.GridCell{Row: 1, Col: 1}
	for _, key := range []string{"ArrowUp", "ArrowLeft", "End", "Enter"} {
		to, handled := model.GridStep(stops, from, key)
		fmt.Println(key, to, handled)
	}
	// Output:
	// ArrowUp {0 1} true
	// ArrowLeft {-1 -1} true
	// End {1 2} true
	// Enter {-1 -1} false
}

// What a user does on the page, as the page's controls call it: type a
// FEN, edit it, undo, load and step a game, and dismiss a notice; the
// link follows.
func ExamplePage() {
	p := model.NewPage(model.DefaultState())
	p.Type("8/8/8/8/8/8/8/4K3 w - - 0 1") // no black king: a warning
	fmt.Println(p.Status().Read.Warnings[0].Code, p.NoticeShown())
	p.Dismiss()
	p.Put(core.BlackKing, core.E8)
	fmt.Println(p.FEN, p.NoticeShown())
	p.Undo()
	p.Undo()
	fmt.Println(p.FEN == core.StartFEN)
	p.LoadPGN("1. e4 e5 2. Nf3 *")
	p.GoTo(2)
	lm, _ := p.LastMove()
	fmt.Println(lm.SAN, p.Link())
	// Output:
	// king-count true
	// 4k3/8/8/8/8/8/8/4K3 w - - 0 1 false
	// true
	// e5 ?fen=rnbqkbnr%2Fpppp1ppp%2F8%2F4p3%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR+w+KQkq+e6+0+2&layout=lerf&show=P%2Coccupied&moves=e2e4,e7e5,g1f3&ply=2&tab=game
}

// One reader for the page's FEN field and an element's fen attribute: a
// piece placement alone is read as a whole FEN, and said so; an error
// says where.
func ExampleRead() {
	r := model.Read("4k3/8/8/8/8/8/8/4K3")
	fmt.Println(r.OK(), r.PlacementOnly, r.Pos.FEN())
	r = model.Read("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
	fmt.Println(r.OK(), r.Err.FieldName(), r.Err.Offset, r.Err.Msg)
	// Output:
	// true true 4k3/8/8/8/8/8/8/4K3 w - - 0 1
	// false active color 20 active color "x" must be 'w' or 'b'
}

// An element's options resolved into what it draws: an unknown show item
// is a problem said inside the view, and the rest is drawn.
func ExampleResolveEmbed() {
	e := model.ResolveEmbed(model.Options{FEN: "8/8/8/8/4P3/8/8/K6k w - - 0 1", Layout: "0x88", Show: "P, nonsense"}, nil)
	fmt.Println(e.Layout.ID, len(e.Shown), e.Shown[0].Title, e.Shown[0].Bits.SquareList())
	fmt.Println(e.Problems)
	// Output:
	// 0x88 1 WhitePawns e4
	// [cannot show "nonsense": unknown name 'nonsense' (character 1). Use bitboard names (P, white, occupied, pawns…), attack maps or expressions such as (P << 8) & empty]
}
