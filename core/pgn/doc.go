// Package pgn reads chess notation that needs a whole game or the whole
// legal move list: Standard Algebraic Notation ([ParseSAN], [SAN],
// [AppendSAN]; PGN standard, section 8.2.3) and PGN import ([Parse]; PGN
// standard, sections 8 and 16.1) with line and column errors (*[Error]).
// SAN errors are *core.MoveError, as UCI's are; UCI move text itself is a
// property of a core.Move and stays in core.
package pgn
