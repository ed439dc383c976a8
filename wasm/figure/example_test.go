package figure_test

import (
	"fmt"
	"strings"

	"github.com/bitview/bitview/wasm/figure"
)

// A figure from the options of the bitview command and /figure.svg (the
// element's attributes), as a standalone SVG document; a bad option is an
// error naming it and its character.
func ExampleFigure_SVG() {
	f, err := figure.Resolve(figure.Options{"fen": "8/8/8/8/4P3/8/8/K6k w - - 0 1", "show": "P", "layout": "0x88"})
	if err != nil {
		fmt.Println(err)
		return
	}
	svg := f.SVG()
	fmt.Println(strings.HasPrefix(svg, "<svg"), strings.Contains(svg, "WhitePawns"), strings.Count(svg, "data:image/svg+xml;base64,") > 0)
	_, err = figure.Resolve(figure.Options{"layout": "lerff"})
	msg, _, _ := strings.Cut(err.Error(), ": use one of") // then core.Layouts' ids
	fmt.Println(msg)
	// Output:
	// true true true
	// layout: unknown layout "lerff"
}
