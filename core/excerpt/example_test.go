package excerpt_test

import (
	"fmt"
	"strings"

	"github.com/bitview/bitview/core/excerpt"
)

func ExampleQuote() {
	fmt.Println(excerpt.Quote("Nf9"))
	fmt.Println(excerpt.Quote(strings.Repeat("\x01", 4<<20)))
	// Output:
	// "Nf9"
	// "\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"… (4,194,304 bytes)
}
