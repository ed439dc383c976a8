// Package web holds the files of Bitview that native Go code needs too: the
// Chessnut pieces and view.css, embedded from this folder, so that a
// command installed with `go install` or run with `go run …@version`
// draws the same figures as the element without a copy of the site. The
// folder stays a static site: this file is its only Go source, and make
// dist leaves it out.
package web

import (
	"embed"
	"encoding/base64"
)

//go:embed pieces/chessnut/*.svg view.css
var files embed.FS

// pieceFiles are the Chessnut pieces' files in core.Piece order (white
// pawn … king, then black), the order of pieceImages() in bitview.js.
var pieceFiles = [12]string{"wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"}

// PieceImages returns the twelve Chessnut pieces as data: URLs in
// core.Piece order, "data:image/svg+xml;base64," and the file's bytes in
// standard base64: the strings web/bitview.js's pieceImages() makes in the
// browser, so a figure drawn natively is byte-equal to the element's.
func PieceImages() []string {
	out := make([]string, len(pieceFiles))
	for i, name := range pieceFiles {
		b, err := files.ReadFile("pieces/chessnut/" + name + ".svg")
		if err != nil {
			panic("web: " + err.Error()) // embedded at build time: cannot happen
		}
		out[i] = "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(b)
	}
	return out
}

// ViewCSS returns web/view.css, whose --bitview-* custom properties are
// the colours and fonts of the light and dark themes.
func ViewCSS() string {
	b, err := files.ReadFile("view.css")
	if err != nil {
		panic("web: " + err.Error())
	}
	return string(b)
}
