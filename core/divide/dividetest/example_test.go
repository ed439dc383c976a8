package dividetest_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide/dividetest"
)

// White may take d5 en passant (e5d6), which the buggy engine does not
// see: its divide has four root moves where core.Divide has five.
func ExampleNoEnPassant() {
	p, err := core.ParseFEN("7k/8/8/3pP3/8/8/8/K7 w - d6 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Print(dividetest.NoEnPassant(p, 1))
	// Output:
	// a1b1: 1
	// a1a2: 1
	// a1b2: 1
	// e5e6: 1
	//
	// Nodes searched: 4
}
