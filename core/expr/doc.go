// Package expr is the bitboard expression language of the classroom
// playground: C-style bitboard code such as (P << 8) & ~occupied, parsed
// by [Parse] into an [Expr] whose [Expr.Eval] computes it on a
// core.Position and whose [Expr.Steps] lists every sub-expression with its
// source span and value. Every value is a 64-bit core.Bitboard in LERF
// order (bit n is square n, a1 = 0 … h8 = 63). Errors are *[Error] values
// wrapping ErrSyntax, ErrName, ErrRange, ErrLimit or ErrNoPosition.
package expr
