package core

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The kinds of node of a parsed expression.
type exprNodeKind uint8

const (
	exprNodeConst  exprNodeKind = iota // a number, square or constant name: value
	exprNodeBoard                      // a bitboard of the position: board
	exprNodeColor                      // white or black as pawnAttacks' first argument: value is the Color
	exprNodeUnary                      // apply(a, 0)
	exprNodeBinary                     // apply(a, b)
	exprNodeCall                       // apply(a, b), b = 0 for a one-argument function
)

// An exprNode is one sub-expression. Nodes live in a slice in post-order
// (operands before the operator), so they evaluate in one pass.
type exprNode struct {
	kind       exprNodeKind
	sym        string // a leaf's text, an operator's symbol or a function's name
	apply      func(a, b Bitboard) Bitboard
	board      BitboardName
	value      Bitboard
	a, b       int32 // operand nodes, -1 when absent
	start, end int32 // the span in the source, parentheses included
}

// An exprParser reads an expression by precedence climbing: binary(level)
// reads a chain of operands joined by operators of at most that level
// (1 binds tightest), and recurses one level tighter for each right
// operand, so operators group left to right.
type exprParser struct {
	lex   exprLexer
	tok   exprToken // the current token
	prev  exprToken // the token before it, for messages ("after '&'")
	first bool      // tok is the first token
	nodes []exprNode
	depth int // nesting of parentheses, calls and unary operators
}

// ParseExpr parses a bitboard expression: names, squares and numbers
// joined by the operators of [ExprOperators] with C precedence, calls of
// the functions of [ExprFuncs], and parentheses; ASCII blanks (space, tab,
// CR, LF) separate tokens. Names are resolved as it parses, so a typo is
// reported here, not by Eval. [ExprHelp] describes the language.
//
// Every error is an *ExprError giving the byte span at fault and a message
// a student can act on; inputs over MaxExprLength bytes and nesting deeper
// than MaxExprDepth are rejected (ErrExprLimit). ParseExpr never panics.
func ParseExpr(src string) (*Expr, error) {
	if len(src) > MaxExprLength {
		at := MaxExprLength // the first byte past the limit, moved back to the start of its character
		for at > 0 && !utf8.RuneStart(src[at]) {
			at--
		}
		return nil, &ExprError{Input: src, Offset: at, End: len(src), Err: ErrExprLimit,
			Msg: "the expression is " + strconv.Itoa(len(src)) + " bytes long; the limit is " + strconv.Itoa(MaxExprLength)}
	}
	p := exprParser{lex: exprLexer{src: src}, first: true, nodes: make([]exprNode, 0, 8)}
	if err := p.advance(); err != nil {
		return nil, err
	}
	p.first = true
	if p.tok.kind == exprTokEnd {
		return nil, p.fail(p.tok.start, p.tok.end, ErrExprSyntax, "the expression is empty")
	}
	if _, err := p.binary(exprLoosestLevel); err != nil {
		return nil, err
	}
	switch p.tok.kind {
	case exprTokEnd:
		return &Expr{src: src, nodes: p.nodes}, nil
	case exprTokRParen:
		return nil, p.fail(p.tok.start, p.tok.end, ErrExprSyntax, "unmatched ')': there is no '(' for it to close")
	case exprTokComma:
		return nil, p.fail(p.tok.start, p.tok.end, ErrExprSyntax, "unexpected ',' outside a function call")
	}
	return nil, p.unexpected("missing operator before " + p.quote(p.tok))
}

// unexpected reports the current token where an operator or a closing
// token belongs: a word such as "and" gets the operator to write instead,
// anything else msg.
func (p *exprParser) unexpected(msg string) error {
	if p.tok.kind == exprTokName {
		word := p.text(p.tok)
		if op, ok := operatorWords[strings.ToLower(word)]; ok {
			msg = "'" + word + "' is not an operator here: write '" + op + "'"
		}
	}
	return p.fail(p.tok.start, p.tok.end, ErrExprSyntax, msg)
}

// advance reads the next token.
func (p *exprParser) advance() error {
	p.prev, p.first = p.tok, false
	tok, err := p.lex.next()
	p.tok = tok
	return err
}

// text returns the source text of tok.
func (p *exprParser) text(tok exprToken) string { return p.lex.src[tok.start:tok.end] }

// quote describes tok for a message: 'x', or "the end" at the end.
func (p *exprParser) quote(tok exprToken) string {
	if tok.kind == exprTokEnd {
		return "the end"
	}
	return "'" + p.text(tok) + "'"
}

// fail returns an *ExprError for src[start:end].
func (p *exprParser) fail(start, end int, kind error, msg string) error {
	return &ExprError{Input: p.lex.src, Offset: start, End: end, Msg: msg, Err: kind}
}

// add appends n and returns its index.
func (p *exprParser) add(n exprNode) int32 {
	p.nodes = append(p.nodes, n)
	return int32(len(p.nodes) - 1)
}

// leaf appends a leaf node for tok.
func (p *exprParser) leaf(kind exprNodeKind, tok exprToken, value Bitboard, board BitboardName) int32 {
	return p.add(exprNode{kind: kind, sym: p.text(tok), board: board, value: value, a: -1, b: -1,
		start: int32(tok.start), end: int32(tok.end)})
}

// enter counts one more level of nesting at tok, failing past MaxExprDepth.
func (p *exprParser) enter(tok exprToken) error {
	if p.depth++; p.depth > MaxExprDepth {
		return p.fail(tok.start, tok.end, ErrExprLimit, "more than "+strconv.Itoa(MaxExprDepth)+
			" parentheses, calls and unary operators nest here; split the expression up")
	}
	return nil
}

// binary reads operands joined by binary operators of level at most level
// and returns the node of the whole chain.
func (p *exprParser) binary(level int) (int32, error) {
	lhs, err := p.unary()
	for err == nil && p.tok.kind == exprTokOp {
		op, ok := exprBinaryOps[p.text(p.tok)]
		if !ok || op.Level > level {
			break
		}
		if err = p.advance(); err != nil {
			break
		}
		var rhs int32
		if rhs, err = p.binary(op.Level - 1); err != nil {
			break
		}
		lhs = p.add(exprNode{kind: exprNodeBinary, sym: op.Symbol, apply: op.apply, a: lhs, b: rhs,
			start: p.nodes[lhs].start, end: p.nodes[rhs].end})
	}
	return lhs, err
}

// unary reads a prefix operator and its operand, or a primary.
func (p *exprParser) unary() (int32, error) {
	if p.tok.kind != exprTokOp {
		return p.primary()
	}
	op, ok := exprUnaryOps[p.text(p.tok)]
	if !ok {
		return p.primary() // a binary operator where an operand belongs
	}
	opTok := p.tok
	if err := p.enter(opTok); err != nil {
		return 0, err
	}
	if err := p.advance(); err != nil {
		return 0, err
	}
	x, err := p.unary()
	if err != nil {
		return 0, err
	}
	p.depth--
	return p.add(exprNode{kind: exprNodeUnary, sym: op.Symbol, apply: op.apply, a: x, b: -1,
		start: int32(opTok.start), end: p.nodes[x].end}), nil
}

// primary reads a number, a name or square, a call or a parenthesised
// expression.
func (p *exprParser) primary() (int32, error) {
	switch tok := p.tok; tok.kind {
	case exprTokNumber:
		n := p.leaf(exprNodeConst, tok, tok.value, BitboardName{})
		return n, p.advance()
	case exprTokName:
		return p.name()
	case exprTokLParen:
		if err := p.enter(tok); err != nil {
			return 0, err
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
		if p.tok.kind == exprTokRParen {
			return 0, p.fail(tok.start, p.tok.end, ErrExprSyntax, "empty parentheses: put an expression between '(' and ')'")
		}
		x, err := p.binary(exprLoosestLevel)
		if err != nil {
			return 0, err
		}
		if p.tok.kind != exprTokRParen {
			return 0, p.unexpected("expected ')' to close '(' at " + strconv.Itoa(tok.start) + ", found " + p.quote(p.tok))
		}
		p.nodes[x].start, p.nodes[x].end = int32(tok.start), int32(p.tok.end)
		p.depth--
		return x, p.advance()
	}
	where := "at the start"
	if !p.first {
		where = "after " + p.quote(p.prev)
	}
	return 0, p.fail(p.tok.start, p.tok.end, ErrExprSyntax, "expected a name, number or '(' "+where+", found "+p.quote(p.tok))
}

// calledNext reports whether the next non-blank byte after the current
// token is '(' (the name is being called).
func (p *exprParser) calledNext() bool {
	s := p.lex.src
	i := p.tok.end
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
		i++
	}
	return i < len(s) && s[i] == '('
}

// name reads a name, a square or a function call.
func (p *exprParser) name() (int32, error) {
	tok := p.tok
	name := p.text(tok)
	if p.calledNext() {
		return p.call()
	}
	if f, ok := exprFuncIndex[name]; ok {
		return 0, p.fail(tok.start, tok.end, ErrExprName, "'"+name+"' is a function: write "+name+"("+f.Params+")")
	}
	if n, ok := exprNameIndex[name]; ok {
		kind := exprNodeConst
		if n.Board {
			kind = exprNodeBoard
		}
		return p.leaf(kind, tok, n.value, n.board), p.advance()
	}
	if sq, ok := ParseSquare(name); ok {
		return p.leaf(exprNodeConst, tok, sq.Bitboard(), BitboardName{}), p.advance()
	}
	return 0, p.fail(tok.start, tok.end, ErrExprName, unknownNameMsg(name, false))
}

// call reads a function call; the current token is its name.
func (p *exprParser) call() (int32, error) {
	nameTok := p.tok
	name := p.text(nameTok)
	f, ok := exprFuncIndex[name]
	if !ok {
		if _, known := exprNameIndex[name]; known {
			return 0, p.fail(nameTok.start, nameTok.end, ErrExprName, "'"+name+"' is a bitboard, not a function: write an operator between it and '('")
		}
		if _, square := ParseSquare(name); square {
			return 0, p.fail(nameTok.start, nameTok.end, ErrExprName, "'"+name+"' is a square, not a function: write an operator between it and '('")
		}
		return 0, p.fail(nameTok.start, nameTok.end, ErrExprName, unknownNameMsg(name, true))
	}
	if err := p.advance(); err != nil { // to '('
		return 0, err
	}
	open := p.tok
	if err := p.enter(open); err != nil {
		return 0, err
	}
	if err := p.advance(); err != nil {
		return 0, err
	}
	args := [2]int32{-1, -1}
	n := 0
	for p.tok.kind != exprTokRParen {
		x, err := p.binary(exprLoosestLevel)
		if err != nil {
			return 0, err
		}
		if n < len(args) {
			args[n] = x
		}
		n++
		if p.tok.kind != exprTokComma {
			break
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
	}
	if p.tok.kind != exprTokRParen {
		return 0, p.unexpected("expected ',' or ')' to close '" + name + "(' at " + strconv.Itoa(nameTok.start) + ", found " + p.quote(p.tok))
	}
	end := p.tok.end
	if n != f.arity {
		return 0, p.fail(nameTok.start, end, ErrExprName, name+" takes "+plural(f.arity, "argument")+
			", got "+strconv.Itoa(n)+": write "+name+"("+f.Params+")")
	}
	if f.color {
		c := &p.nodes[args[0]]
		if c.kind != exprNodeBoard || c.sym != "white" && c.sym != "black" {
			return 0, p.fail(int(c.start), int(c.end), ErrExprName,
				name+" takes the colour first: "+name+"(white, x) or "+name+"(black, x)")
		}
		c.kind, c.value = exprNodeColor, Bitboard(White)
		if c.sym == "black" {
			c.value = Bitboard(Black)
		}
	}
	p.depth--
	return p.add(exprNode{kind: exprNodeCall, sym: f.Name, apply: f.apply, a: args[0], b: args[1],
		start: int32(nameTok.start), end: int32(end)}), p.advance()
}

// plural writes n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// operatorWords maps words students write for operators to the operator.
var operatorWords = map[string]string{"and": "&", "or": "|", "xor": "^", "not": "~", "shl": "<<", "shr": ">>"}

// unknownNameMsg explains an unknown name (or, when called, an unknown
// function) and suggests the nearest known one.
func unknownNameMsg(name string, called bool) string {
	kind := "name"
	if called {
		kind = "function"
	}
	lower := strings.ToLower(name)
	if op, ok := operatorWords[lower]; ok && !called {
		return "'" + name + "' is not an operator here: write '" + op + "'"
	}
	if len(name) >= 2 && (lower[0] >= 'a' && lower[0] <= 'z') && strings.Trim(name[1:], "0123456789") == "" {
		if sq, ok := ParseSquare(lower); ok {
			return "unknown name '" + name + "' — did you mean the square '" + sq.String() + "'?"
		}
		return "there is no square '" + name + "': squares run from a1 to h8"
	}
	cands := exprCandidates(called)
	if s := sameButCase(name, cands); s != "" {
		return "unknown " + kind + " '" + name + "' — did you mean '" + s + "'? (names are case-sensitive)"
	}
	switch {
	case !called && strings.HasPrefix(lower, "rank"):
		return "unknown name '" + name + "': the ranks are rank1 … rank8"
	case !called && strings.HasPrefix(lower, "file"):
		return "unknown name '" + name + "': the files are fileA … fileH"
	}
	if s := nearest(name, cands); s != "" {
		return "unknown " + kind + " '" + name + "' — did you mean '" + s + "'?"
	}
	return "unknown " + kind + " '" + name + "'"
}

// exprCandidates lists the names a suggestion may offer: the functions,
// and unless called the names too.
func exprCandidates(called bool) []string {
	var cands []string
	if !called {
		for _, n := range ExprNames {
			cands = append(cands, n.Name)
		}
	}
	for _, f := range ExprFuncs {
		cands = append(cands, f.Name)
	}
	return cands
}

// sameButCase returns the first candidate equal to name but for case, or "".
func sameButCase(name string, cands []string) string {
	for _, c := range cands {
		if strings.EqualFold(c, name) {
			return c
		}
	}
	return ""
}

// nearest returns the first candidate nearest to name, ignoring case,
// within edit distance 1 for names of 3 or 4 bytes and 2 for longer ones;
// "" when none is that close or name is shorter than 3 bytes.
func nearest(name string, cands []string) string {
	if len(name) < 3 {
		return ""
	}
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	best, bestDist := "", limit+1
	lower := strings.ToLower(name)
	for _, c := range cands {
		if d := editDistance(lower, strings.ToLower(c), bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance returns the Levenshtein distance between a and b, or a
// value ≥ limit once it is certain to reach limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		rowMin := row[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			next := min(row[j]+1, row[j-1]+1, diag+cost)
			diag, row[j] = row[j], next
			rowMin = min(rowMin, next)
		}
		if rowMin >= limit {
			return limit
		}
	}
	return row[len(b)]
}
