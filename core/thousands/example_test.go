package thousands_test

import (
	"fmt"

	"github.com/bitview/bitview/core/thousands"
)

// The node count of perft(6) from the start position, and a negative
// count.
func Example() {
	fmt.Println(thousands.FormatUint(119060324))
	fmt.Println(thousands.Itoa(-4194304))
	// Output:
	// 119,060,324
	// -4,194,304
}
