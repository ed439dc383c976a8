package pages

import "github.com/bitview/bitview/wasm/figure"

// optionError is a *figure.Error over the whole value of an option.
func optionError(name, value, msg string) *figure.Error {
	return &figure.Error{Option: name, Value: value, Offset: -1, Msg: msg}
}
