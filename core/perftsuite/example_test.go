package perftsuite_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/perftsuite"
)

// Parse reads a suite; each position's counts are checked here against
// core.PerftDepths, one walk of the tree a position.
func ExampleParse() {
	suite, err := perftsuite.Parse(`# two lines of perftsuite.epd
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197 ;D4 7059
8/8/8/8/8/8/6k1/4K2R b K - 0 1 ;D1 3 ;D2 32 ;D3 134 ;D4 2073
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range suite.Positions {
		counts := core.PerftDepths(p.Position, p.MaxListed())
		agree := true
		for _, c := range p.Counts {
			agree = agree && counts[c.Depth-1] == c.Nodes
		}
		fmt.Printf("line %d: %d counts, agree %v\n", p.Line, len(p.Counts), agree)
	}
	_, err = perftsuite.Parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 6six")
	fmt.Println(err)
	// Output:
	// line 2: 4 counts, agree true
	// line 3: 4 counts, agree true
	// line 1, column 43: D2 count "6six" is not a number
}
