package expr_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
)

func ExampleParse() {
	e, err := expr.Parse("(P << 8) & ~occupied")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := core.ParseFEN(core.StartFEN)
	b, _ := e.Eval(&p)
	fmt.Printf("%#016x %d\n", uint64(b), b.Count())

	_, err = expr.Parse("whitepawn")
	fmt.Println(err)
	// Output:
	// 0x0000000000ff0000 8
	// expression at offset 0: unknown name 'whitepawn' — did you mean 'whitePawns'?
}
