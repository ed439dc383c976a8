// Package view turns core's answers into the page's markup and keeps the
// page's state (FEN, layout, shown bitboards, board options). It is plain
// Go, tested natively; package main only copies its strings into the DOM.
//
// Each file holds one thing, and its name says which:
//
//   - state.go: State, everything a link reproduces, and its URL form;
//     options.go and limits.go: Options, the one options type of an
//     embedded view, its attributes and its limits; embed.go: an
//     embedded view resolved from its Options, and the Embed panel's
//     snippets; page.go: the page's regions and its prerendered first
//     drawing.
//   - board.go: the board and its squares; card.go: a bit grid with its
//     readouts; shown.go: what a card shows (a bitboard, an attack map,
//     an expression); switches.go: the switches that choose the cards;
//     squarepanel.go: the pointed square in every layout; notices.go:
//     FEN errors, notes and warnings; annotate.go: arrows and marks.
//   - The tools: editor.go, playground.go, free.go (the free bitboard),
//     game.go, shiftdemo.go, repr.go (other representations), perft.go
//     and divide.go (perft divide), dump.go, zobrist.go and magic.go
//     (the engine author's checks); shortcuts.go, the keyboard shortcuts.
//   - svg.go: the SVG export; names.go: export file names; examples.go:
//     the example positions; escape.go: HTML escaping.
package view
