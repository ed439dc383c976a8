package repr_test

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/repr"
)

func ExampleEncodeMinimal() {
	p, _ := core.ParseFEN(core.StartFEN)
	bits := repr.EncodeMinimal(&p)
	back, err := repr.DecodeMinimal(bits)
	fmt.Println(bits.Len(), err, back == p)
	// Output:
	// 172 <nil> true
}
