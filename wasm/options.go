//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/wasm/jsapi"
	"github.com/bitview/bitview/wasm/model"
	"github.com/norunners/vert"
)

// readOptions reads a view's options (model.Options) from v, the plain
// object web/bitview.js copied out of what the caller handed mount or
// update (undefined or null: the default view). Every field is read by its
// js tag: first each string's length is checked on the JS string against
// its field's limit (model.OptionLimit), before anything is copied into Go
// (a FEN over core.MaxFENLength is cut to one byte more, for the FEN
// parser to refuse with its field; any other string over its limit is an
// error naming it); then vert assigns the fields. A value that is not an
// object of strings and booleans is an error. With an error, the default
// options are answered beside it. What the options mean is
// model.ResolveEmbed's to say.
func readOptions(v js.Value) (model.Options, *jsapi.Error) {
	var o model.Options
	if v.IsUndefined() || v.IsNull() {
		return o, nil
	}
	shape := jsapi.Arg("options", "the options must be an object of strings and booleans")
	if v.Type() != js.TypeObject {
		return o, shape
	}
	for _, f := range model.OptionFields {
		jv := v.Get(f.Key)
		switch t := jv.Type(); {
		case t == js.TypeUndefined || t == js.TypeNull:
		case !f.String && t == js.TypeBoolean:
		case f.String && t == js.TypeString:
			limit := model.OptionLimit(f.Limit)
			if n := strLen(jv); limit > 0 && n > limit {
				if f.Limit != "fen" {
					return model.Options{}, jsapi.Arg(f.Key, model.LimitMessage(f.Key, n, limit, "characters")+" bytes")
				}
				v.Set(f.Key, clipped(jv, limit)) // v is bitview.js's copy: ours to change
			}
		default:
			return model.Options{}, shape
		}
	}
	if err := (vert.Value{Value: v}).AssignTo(&o); err != nil {
		return model.Options{}, shape
	}
	return o, nil
}
