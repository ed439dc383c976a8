package model_test

import (
	"fmt"

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
