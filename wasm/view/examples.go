package view

import (
	"strconv"

	"github.com/bitview/bitview/wasm/model"
)

// ExampleButtons returns one button per example.
func ExampleButtons() string {
	s := ""
	for i, e := range model.Examples {
		s += `<button type="button" class="example" data-example="` + strconv.Itoa(i) + `" title="` + escape(e.FEN) + `">` + escape(e.Label) + `</button>`
	}
	return s
}
