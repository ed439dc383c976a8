// Package jsapi is Bitview's JavaScript API written once, in Go: the
// functions of the object load() resolves to (web/bitview.js), with their
// arguments and answers (Functions), the tables web/bitview.js reads
// from Go at load instead of restating them (Tables), and the answers
// themselves computed from plain arguments (answers.go: Layouts,
// MatchBitboards, Magic, Position, Lookup…, the one error object Error
// and its one conversion ErrorOf). Package main reads the arguments out
// of JavaScript and crosses these answers. From it,
// go generate ./wasm/model writes web/bitview-api.d.ts (the Bitview
// interface); web/bitview.js builds its API in the table's order and
// refuses to start when an entry has no implementation, or it has one the
// table lacks; wasm/api.test.mjs checks every name, argument count and
// answer shape against the table and bitview.d.ts. It holds no syscall/js:
// the host's tests and the generator read it.
package jsapi
