// Package divide reads the perft divide output of other chess engines and
// compares it with Bitview's own ([core.Divide]): the tool an engine
// author uses to find the branch of the move tree where their move
// generator goes wrong.
//
// [Parse] is lenient: it reads what it can from pasted text and returns
// the lines it did not understand, with their line numbers, instead of
// failing. It understands
//
//   - Stockfish's "go perft" output: "e2e4: 20" lines and "Nodes
//     searched: 400" (Chess Programming Wiki, "Perft", section Divide);
//   - qperft's split output ("perft 4 -2"): "2. e2e4 moves =      600 (
//     0.001 sec)" lines and "perft( 2)=          400 ( 0.000 sec)" totals;
//     qperft prints a block of split lines for every depth up to the one
//     asked for, so a new block replaces the one before it (format from
//     the printf calls of H.G. Muller's qperft perft.c; usage described by
//     its author at https://talkchess.com/viewtopic.php?t=49515);
//   - plain "move: count", "move count", "move - count" or "move = count"
//     lines, with an optional piece letter before the move ("Nb1c3 …"),
//     thousands separators in counts ("8,102,108,221"), an "info string"
//     prefix, and text after the count;
//   - totals written "Nodes: N", "Total: N", "Total nodes: N" or "n = N",
//     and a "Moves: N" line giving the number of root moves.
//
// Moves are UCI long algebraic notation: from and to squares, and a
// promotion letter (n, b, r, q, either case).
//
// [Diff] compares one divide; [DrillDown] follows the first wrong count
// ply by ply through an engine it can ask ([Source]) down to the position
// whose depth-1 divide shows the bug, as perftree does by hand.
package divide
