// Package chars holds the one text helper that core's parsers (FEN) and
// those of its sub-packages (expr, pgn) share for their error messages.
package chars
