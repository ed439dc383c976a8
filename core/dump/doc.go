// Package dump answers an engine author's question "are my bitboards
// right, and in which numbering?": it reads what an engine dumps for a
// position ([Read]): its bitboards as numbers, as C, C++, Rust, Go, Java
// or Python literals and arrays, or as grids (Stockfish's
// Bitboards::pretty, BBC's print_bitboard, python-chess's SquareSet), the
// board it draws and the state it prints (Stockfish's d command: its
// board, Fen:, Key:, Checkers:; BBC's print_board). It finds the square
// mapping and the order of bitboards under which the bitboards agree with
// the position ([Match]), with a verdict per bitboard and, where it still
// differs, the squares; and it checks the dump's own board and state
// against the position ([Statements]).
//
// The square mappings come from core.Layouts (every 64-slot layout) and
// from the eight symmetries of the board (the rank-file and file-rank
// orders, mirrored and reversed) that engines use; the bitboard orders
// are the common ones (see Orders), the labels written before the
// numbers, or the indices the dump gives them (pieces[3] = …).
//
// testdata/SOURCES.md names the engines and libraries whose output the
// tests read.
package dump
