// Package dump answers an engine author's question "are my bitboards
// right, and in which numbering?": it reads the numbers an engine dumps
// for a position ([ParseNumbers]) and finds the square mapping and the
// order of bitboards under which they agree with the position ([Match]),
// with a verdict per number and, where it still differs, the squares.
//
// The square mappings come from core.Layouts (every 64-slot layout) and
// from the eight symmetries of the board (the rank-file and file-rank
// orders, mirrored and reversed) that engines use; the bitboard orders
// are the common ones (see Orders), or the labels written before the
// numbers.
package dump
