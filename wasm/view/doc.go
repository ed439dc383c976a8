// Package view writes the page's markup and SVG from the model (package
// wasm/model: State, Options, Embed, Figure, Marks) and from core's
// answers. It holds no state and decides no CSS sizes: every function
// returns a string of HTML whose classes and data- attributes the rules in
// web/*.css lay out (inline styles carry data only: --cols, a grid's
// column count; --w, a bar's share). The SVG export (svg.go) is a
// standalone file and carries its own geometry, and FrameHeight the
// height of the iframe snippet an author pastes. It is plain Go, tested natively; package main only
// copies its strings into the DOM, and wasm/webpages writes the default
// page's at build time.
//
// Each file holds one thing, and its name says which:
//
//   - page.go: the page's regions, drawn from a model.Page, and its
//     prerendered first drawing;
//     embed.go: an embedded view's markup (EmbedMarkup, EmbedDrawing,
//     EmbedErrors, EmbedTools) and the Embed panel's snippets.
//   - board.go: the board and its squares; card.go: a bit grid with its
//     readouts, and what a new position changes in it (CardPatch, for
//     the card patcher, which finds the card's CardParts); switches.go:
//     the switches that choose the cards; squarepanel.go: the pointed
//     square in every layout; notices.go: what a view says about its FEN
//     (Status: its error, the note on a placement alone, the warnings);
//     annotate.go: arrows and marks.
//   - The tools: editor.go, playground.go, free.go (the free bitboard's
//     card), game.go, shiftdemo.go, repr.go (other representations),
//     perft.go and divide.go (perft divide, by kind of move too),
//     perftsuite.go (a pasted perft suite), dump.go, zobrist.go and
//     magic.go (the engine author's checks); shortcuts.go, the keyboard
//     shortcuts' help.
//   - svg.go: the SVG export and its Theme; examples.go: the example
//     buttons; escape.go: HTML escaping.
package view
