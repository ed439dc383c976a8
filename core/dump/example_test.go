package dump_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
)

// An engine's bitboards pasted as it prints them, in an engine's own
// numbering (here BERF, rank 8 in the low bits): the best reading names
// that numbering and the order the labels give, and each number gets its
// verdict.
func ExampleMatch() {
	p, _ := core.ParseFEN(core.StartFEN)
	d := dump.Read("WhitePawns: 0x00FF000000000000\nWhiteKnights: 0x4200000000000000")
	best := dump.Match(&p, d.Numbers)[0]
	fmt.Println(len(d.Problems), best.Mapping.ID, best.Order.ID, best.Agree, best.Wrong)
	for _, v := range best.Verdicts {
		fmt.Println(v.Number.Label, v.Title, v.OK)
	}
	// Output:
	// 0 berf labels 2 0
	// WhitePawns WhitePawns true
	// WhiteKnights WhiteKnights true
}
