// Package model is what the page and every <bitboard-view> are drawn
// from, with no markup in it: the page itself as a Page (its State,
// everything a link reproduces, and its URL form; the position on show,
// the game, the undo/redo history, what it says and what the user
// dismissed), with a method for each thing a user does; the one reader
// of a FEN (Read) and what a view says about it (Status); an embedded
// view's Options (the one table of its attributes, their limits and the
// on/off rule) resolved into an Embed; the Figure a view shows and the
// Marks on its board; a bitboard drawn in a layout as a Grid and written
// out as a Readout; and the domain rules the controls apply (reading the
// free bitboard, a game from its UCI moves, toggling arrows and marks,
// the magic lookup's piece and square, the perft path, estimate and
// limits, stepping between squares, grid cells and tabs with the keys).
// Package wasm/view writes markup from it; package main turns each event
// of the page into a Page method and writes what view draws.
//
// It is named for its job in the data flow (text → core.Position → model
// → markup → DOM, see DESIGN.md); "state" would stutter (state.State) and
// is the name of many a local variable in package main. It is plain Go,
// tested natively.
//
// Each file holds one thing, and its name says which:
//
//   - page.go: Page, what a user does on the page, and GameNote;
//     history.go: its undo/redo history; perftpath.go: the perft
//     panel's PerftPath; read.go: Read, Reading and Status, the one
//     reader of a FEN for the page and the element.
//   - state.go: State and its URL query; options.go and limits.go:
//     Options, Attributes, and the limits ResolveEmbed checks; embed.go:
//     Embed and ResolveEmbed; figure.go: Figure, Shown and Marks;
//     shown.go: what a card shows (a bitboard name, an attack map, an
//     expression); grid.go: a bitboard drawn in a layout as a Grid of
//     cells and written out as a Readout (hex, binary, decimal).
//   - nav.go: the arrow keys on the board and in the grids (and
//     shortcuts.go the tab bar's, TabStep); annotate.go:
//     arrows and marks; free.go: the free bitboard's text forms; game.go:
//     a game from a link's moves; magic.go and perft.go: the engine
//     tools' options; shiftdemo.go, examples.go, shortcuts.go: the shift
//     demo's operations, the example positions and the keyboard shortcuts
//     as tables; names.go: export file names and piece names; dump.go:
//     the advice when a dump's readings tie.
//   - optgen/: the generator of the files written from Attributes
//     (go generate ./wasm/model).
package model
