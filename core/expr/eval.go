package expr

import "github.com/bitview/bitview/core"

// String returns the expression's source text as given to Parse ("" for
// a nil *Expr).
func (e *Expr) String() string {
	if e == nil {
		return ""
	}
	return e.src
}

// NeedsPosition reports whether the expression names a bitboard of the
// position (P, white, occupied, …), so Eval and Steps need a non-nil
// *Position; constant expressions such as rank2 << 8 do not.
func (e *Expr) NeedsPosition() bool {
	if e == nil {
		return false
	}
	for i := range e.nodes {
		if e.nodes[i].kind == nodeBoard {
			return true
		}
	}
	return false
}

// Eval returns the expression's value on position p. p may be nil when the
// expression names no bitboard of the position (see NeedsPosition); else
// the error is an *Error wrapping ErrNoPosition at the first such
// name. Eval never panics and, given a position, never fails: names were
// resolved by Parse, a shift by 64 or more gives 0 and arithmetic
// wraps modulo 2^64.
func (e *Expr) Eval(p *core.Position) (core.Bitboard, error) {
	if e == nil || len(e.nodes) == 0 {
		return 0, &Error{Err: ErrSyntax, Msg: "no expression: parse one with Parse"}
	}
	var buf [32]core.Bitboard // enough for most classroom expressions without allocating
	vals := buf[:]
	if len(e.nodes) > len(buf) {
		vals = make([]core.Bitboard, len(e.nodes))
	}
	if err := e.run(p, vals); err != nil {
		return 0, err
	}
	return vals[len(e.nodes)-1], nil
}

// Steps evaluates the expression on p (nil as for Eval) and returns every
// sub-expression with its span and value, in evaluation order: each one
// after the sub-expressions it is made of, so the whole expression is
// last. Parenthesised sub-expressions span their parentheses; the colour
// keyword of pawnAttacks is not a bitboard and has no step.
func (e *Expr) Steps(p *core.Position) ([]Step, error) {
	if e == nil || len(e.nodes) == 0 {
		return nil, &Error{Err: ErrSyntax, Msg: "no expression: parse one with Parse"}
	}
	vals := make([]core.Bitboard, len(e.nodes))
	if err := e.run(p, vals); err != nil {
		return nil, err
	}
	stepOf := make([]int, len(e.nodes)) // node → step, -1 for none
	steps := make([]Step, 0, len(e.nodes))
	for i, n := range e.nodes {
		stepOf[i] = -1
		if n.kind != nodeColor {
			stepOf[i] = len(steps)
			steps = append(steps, Step{Start: int(n.start), End: int(n.end), Text: e.src[n.start:n.end], Value: vals[i], Parent: -1})
		}
	}
	for i, n := range e.nodes {
		for _, c := range [2]int32{n.a, n.b} {
			if c >= 0 && stepOf[c] >= 0 {
				steps[stepOf[c]].Parent = stepOf[i]
			}
		}
	}
	return steps, nil
}

// run computes every node's value into vals, one node after another: the
// nodes are in post-order, so operands are ready before their operator.
func (e *Expr) run(p *core.Position, vals []core.Bitboard) error {
	for i := range e.nodes {
		n := &e.nodes[i]
		switch n.kind {
		case nodeConst, nodeColor:
			vals[i] = n.value
		case nodeBoard:
			if p == nil {
				return &Error{Input: e.src, Offset: int(n.start), End: int(n.end), Err: ErrNoPosition,
					Msg: "'" + n.sym + "' is a bitboard of the position, and there is no position"}
			}
			vals[i] = n.of(p)
		default:
			var b core.Bitboard
			if n.b >= 0 {
				b = vals[n.b]
			}
			vals[i] = n.apply(vals[n.a], b)
		}
	}
	return nil
}

// Parenthesized returns the expression with every operation in
// parentheses, as the parser grouped it, so a student can see the
// precedence at work: "a & b << 1 | c" gives "((a & (b << 1)) | c)".
// Names, numbers and squares are written as typed; calls as name(args).
func (e *Expr) Parenthesized() string {
	if e == nil || len(e.nodes) == 0 {
		return ""
	}
	return string(e.appendGrouped(make([]byte, 0, 2*len(e.src)), int32(len(e.nodes)-1)))
}

// appendGrouped appends node i, fully parenthesised, to dst.
func (e *Expr) appendGrouped(dst []byte, i int32) []byte {
	n := &e.nodes[i]
	switch n.kind {
	case nodeUnary:
		return e.appendGrouped(append(dst, n.sym...), n.a)
	case nodeBinary:
		dst = e.appendGrouped(append(dst, '('), n.a)
		dst = append(append(append(dst, ' '), n.sym...), ' ')
		return append(e.appendGrouped(dst, n.b), ')')
	case nodeCall:
		dst = e.appendGrouped(append(append(dst, n.sym...), '('), n.a)
		if n.b >= 0 {
			dst = e.appendGrouped(append(dst, ", "...), n.b)
		}
		return append(dst, ')')
	}
	return append(dst, n.sym...)
}
