//go:build js && wasm

package main

import (
	"encoding/binary"
	"unsafe"
)

// wire is the shared buffer through which the hot paths cross between JS
// and Go without js.FuncOf: web/bitview.js writes the arguments into it,
// calls an exported function, and decodes the answer from the same bytes.
// The format of each answer is documented on the function that writes it;
// integers are little-endian, strings are a uint16 byte length then UTF-8.
// The arguments take the first argSize bytes, the answer the rest, so Go
// reads the arguments in place while it writes the answer.
var wire [8192]byte

// argSize is the room for arguments at the start of wire; the answer
// starts there (web/bitview.js knows it as ANSWER).
const argSize = 512

// A writer appends an answer to wire, from argSize on.
type writer struct{ n int }

func (w *writer) u8(v int)     { wire[w.n] = byte(v); w.n++ }
func (w *writer) u16(v int)    { binary.LittleEndian.PutUint16(wire[w.n:], uint16(v)); w.n += 2 }
func (w *writer) u32(v int)    { binary.LittleEndian.PutUint32(wire[w.n:], uint32(v)); w.n += 4 }
func (w *writer) str(s string) { w.u16(len(s)); w.n += copy(wire[w.n:], s) }

// strBuf returns the empty slice where the bytes of the next str go, for
// an append function to fill in place; strEnd then writes the str.
func (w *writer) strBuf() []byte { return wire[w.n+2 : w.n+2 : len(wire)] }

// strEnd completes the str whose bytes b were appended to strBuf().
func (w *writer) strEnd(b []byte) {
	w.u16(len(b))
	w.n += len(b)
}

// args returns the three strings web/bitview.js wrote at the start of wire,
// of byte lengths a, b and c one after the other, without copying them: they
// are valid until the next call from JS.
func args(a, b, c int32) (string, string, string) {
	if a < 0 || b < 0 || c < 0 || int(a)+int(b)+int(c) > argSize {
		return "", "", ""
	}
	s := unsafe.String(&wire[0], a+b+c)
	return s[:a], s[a : a+b], s[a+b:]
}
