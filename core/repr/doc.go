// Package repr computes the board representations the page's explorer
// compares, from a core.Position and back: 8×8, 0x88, 10×12 and 16×16
// arrays of piece codes, piece lists, the 12- and 8-bitboard sets, rotated
// bitboards and the minimal (Huffman) encoding, with each one's size in
// [Representations]. Values that cannot be a board give a *[Error]; bad
// minimal encodings a *[MinimalError] wrapping ErrTruncated, ErrMalformed
// or ErrRange. Every function that builds a position returns the empty
// position, core.NewPosition(), with its error, never a board built
// halfway.
package repr
