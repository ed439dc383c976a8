// Package perftsuite reads perft suites: text files in the manner of EPD
// (Extended Position Description, PGN standard section 16.2) where each
// line gives a position and its published perft counts, such as the
// classic perftsuite.epd:
//
//	4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197 ;D4 7059
//
// A line is a FEN, in its six-field form or EPD's four fields (the
// clocks then read 0 and 1), then operations separated by semicolons:
// "D<depth> <count>" is the perft count at that depth, "id "name"" names
// the position, and any other operation (bm, c0, …) is kept out of the
// way. Blank lines and lines starting with '#' or "//" are comments.
// Counts may carry thousands separators ("4,865,609"). The D operations
// of a line are kept in depth order; a depth given twice with two counts
// is an error.
//
// Every FEN is read by [core.ParseFEN] and nothing else, so the suite
// reads whatever positions core reads, Chess960 suites included: castling
// in Shredder-FEN ("HFhf"), X-FEN or KQkq, as the published Chess960
// suites write it (core/testdata/chess960.epd).
//
// Bad input is an [*Error] naming the line and the column (1-based, in
// bytes) of the first fault, with the line quoted; the whole text is
// checked against [MaxBytes] and its positions against [MaxPositions]
// before they are read.
package perftsuite
