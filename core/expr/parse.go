package expr

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// The kinds of node of a parsed expression.
type nodeKind uint8

const (
	nodeConst  nodeKind = iota // a number, square or constant name: value
	nodeBoard                  // a bitboard of the position: board
	nodeColor                  // white or black as pawnAttacks' first argument: value is the Color
	nodeUnary                  // apply(a, 0)
	nodeBinary                 // apply(a, b)
	nodeCall                   // apply(a, b), b = 0 for a one-argument function
)

// An node is one sub-expression. Nodes live in a slice in post-order
// (operands before the operator), so they evaluate in one pass.
type node struct {
	kind       nodeKind
	sym        string // a leaf's text, an operator's symbol or a function's name
	apply      func(a, b core.Bitboard) core.Bitboard
	of         func(*core.Position) core.Bitboard // a board leaf's value
	value      core.Bitboard
	a, b       int32 // operand nodes, -1 when absent
	start, end int32 // the span in the source, parentheses included
}

// An parser reads an expression by precedence climbing: binary(level)
// reads a chain of operands joined by operators of at most that level
// (1 binds tightest), and recurses one level tighter for each right
// operand, so operators group left to right.
type parser struct {
	lex   lexer
	tok   token // the current token
	prev  token // the token before it, for messages ("after '&'")
	first bool  // tok is the first token
	nodes []node
	depth int // nesting of parentheses, calls and unary operators
}

// Parse parses a bitboard expression: names, squares and numbers
// joined by the operators of [Operators] with C precedence, calls of
// the functions of [Funcs], and parentheses; ASCII blanks (space, tab,
// CR, LF) separate tokens. Names are resolved as it parses, so a typo is
// reported here, not by Eval. [Help] describes the language.
//
// Every error is an *Error giving the byte span at fault and a message
// a student can act on; inputs over MaxLength bytes and nesting deeper
// than MaxDepth are rejected (ErrLimit). Parse never panics.
func Parse(src string) (*Expr, error) {
	if len(src) > MaxLength {
		at := MaxLength // the first byte past the limit, moved back to the start of its character
		for at > 0 && !utf8.RuneStart(src[at]) {
			at--
		}
		return nil, &Error{Input: src, Offset: at, End: len(src), Err: ErrLimit,
			Msg: "the expression is longer than " + strconv.Itoa(MaxLength) + " bytes, the limit"}
	}
	p := parser{lex: lexer{src: src}, first: true, nodes: make([]node, 0, 8)}
	if err := p.advance(); err != nil {
		return nil, err
	}
	p.first = true
	if p.tok.kind == tokEnd {
		return nil, p.fail(p.tok.start, p.tok.end, ErrSyntax, "the expression is empty")
	}
	if _, err := p.binary(loosestLevel); err != nil {
		return nil, err
	}
	switch p.tok.kind {
	case tokEnd:
		return &Expr{src: src, nodes: p.nodes}, nil
	case tokRParen:
		return nil, p.fail(p.tok.start, p.tok.end, ErrSyntax, "unmatched ')': there is no '(' for it to close")
	case tokComma:
		return nil, p.fail(p.tok.start, p.tok.end, ErrSyntax, "unexpected ',' outside a function call")
	}
	return nil, p.unexpected("missing operator before " + p.quote(p.tok))
}

// unexpected reports the current token where an operator or a closing
// token belongs: a word such as "and" gets the operator to write instead,
// anything else msg.
func (p *parser) unexpected(msg string) error {
	if p.tok.kind == tokName {
		word := p.text(p.tok)
		if op, ok := operatorWords[strings.ToLower(word)]; ok {
			msg = "'" + word + "' is not an operator here: write '" + op + "'"
		}
	}
	return p.fail(p.tok.start, p.tok.end, ErrSyntax, msg)
}

// advance reads the next token.
func (p *parser) advance() error {
	p.prev, p.first = p.tok, false
	tok, err := p.lex.next()
	p.tok = tok
	return err
}

// text returns the source text of tok.
func (p *parser) text(tok token) string { return p.lex.src[tok.start:tok.end] }

// quote describes tok for a message: 'x', or "the end" at the end.
func (p *parser) quote(tok token) string {
	if tok.kind == tokEnd {
		return "the end"
	}
	return "'" + excerpt.Unquoted(p.text(tok)) + "'"
}

// fail returns an *Error for src[start:end].
func (p *parser) fail(start, end int, kind error, msg string) error {
	return &Error{Input: p.lex.src, Offset: start, End: end, Msg: msg, Err: kind}
}

// add appends n and returns its index.
func (p *parser) add(n node) int32 {
	p.nodes = append(p.nodes, n)
	return int32(len(p.nodes) - 1)
}

// leaf appends a leaf node for tok.
func (p *parser) leaf(kind nodeKind, tok token, value core.Bitboard, of func(*core.Position) core.Bitboard) int32 {
	return p.add(node{kind: kind, sym: p.text(tok), of: of, value: value, a: -1, b: -1,
		start: int32(tok.start), end: int32(tok.end)})
}

// enter counts one more level of nesting at tok, failing past MaxDepth.
func (p *parser) enter(tok token) error {
	if p.depth++; p.depth > MaxDepth {
		return p.fail(tok.start, tok.end, ErrLimit, "more than "+strconv.Itoa(MaxDepth)+
			" parentheses, calls and unary operators nest here; split the expression up")
	}
	return nil
}

// binary reads operands joined by binary operators of level at most level
// and returns the node of the whole chain.
func (p *parser) binary(level int) (int32, error) {
	lhs, err := p.unary()
	for err == nil && p.tok.kind == tokOp {
		op, ok := binaryOps[p.text(p.tok)]
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
		lhs = p.add(node{kind: nodeBinary, sym: op.Symbol, apply: op.apply, a: lhs, b: rhs,
			start: p.nodes[lhs].start, end: p.nodes[rhs].end})
	}
	return lhs, err
}

// unary reads a prefix operator and its operand, or a primary.
func (p *parser) unary() (int32, error) {
	if p.tok.kind != tokOp {
		return p.primary()
	}
	op, ok := unaryOps[p.text(p.tok)]
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
	return p.add(node{kind: nodeUnary, sym: op.Symbol, apply: op.apply, a: x, b: -1,
		start: int32(opTok.start), end: p.nodes[x].end}), nil
}

// primary reads a number, a name or square, a call or a parenthesised
// expression.
func (p *parser) primary() (int32, error) {
	switch tok := p.tok; tok.kind {
	case tokNumber:
		n := p.leaf(nodeConst, tok, tok.value, nil)
		return n, p.advance()
	case tokName:
		return p.name()
	case tokLParen:
		if err := p.enter(tok); err != nil {
			return 0, err
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
		if p.tok.kind == tokRParen {
			return 0, p.fail(tok.start, p.tok.end, ErrSyntax, "empty parentheses: put an expression between '(' and ')'")
		}
		x, err := p.binary(loosestLevel)
		if err != nil {
			return 0, err
		}
		if p.tok.kind != tokRParen {
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
	return 0, p.fail(p.tok.start, p.tok.end, ErrSyntax, "expected a name, number or '(' "+where+", found "+p.quote(p.tok))
}

// calledNext reports whether the next non-blank byte after the current
// token is '(' (the name is being called).
func (p *parser) calledNext() bool {
	s := p.lex.src
	i := p.tok.end
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n') {
		i++
	}
	return i < len(s) && s[i] == '('
}

// name reads a name, a square or a function call.
func (p *parser) name() (int32, error) {
	tok := p.tok
	name := p.text(tok)
	if p.calledNext() {
		return p.call()
	}
	if f, ok := funcIndex[name]; ok {
		return 0, p.fail(tok.start, tok.end, ErrName, "'"+name+"' is a function: write "+name+"("+f.Params+")")
	}
	if n, ok := nameIndex[name]; ok {
		kind := nodeConst
		if n.Board {
			kind = nodeBoard
		}
		return p.leaf(kind, tok, n.value, n.of), p.advance()
	}
	if sq, ok := core.ParseSquare(name); ok {
		return p.leaf(nodeConst, tok, sq.Bitboard(), nil), p.advance()
	}
	return 0, p.fail(tok.start, tok.end, ErrName, unknownNameMsg(name, false))
}

// call reads a function call; the current token is its name.
func (p *parser) call() (int32, error) {
	nameTok := p.tok
	name := p.text(nameTok)
	f, ok := funcIndex[name]
	if !ok {
		if _, known := nameIndex[name]; known {
			return 0, p.fail(nameTok.start, nameTok.end, ErrName, "'"+name+"' is a bitboard, not a function: write an operator between it and '('")
		}
		if _, square := core.ParseSquare(name); square {
			return 0, p.fail(nameTok.start, nameTok.end, ErrName, "'"+name+"' is a square, not a function: write an operator between it and '('")
		}
		return 0, p.fail(nameTok.start, nameTok.end, ErrName, unknownNameMsg(name, true))
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
	for p.tok.kind != tokRParen {
		x, err := p.binary(loosestLevel)
		if err != nil {
			return 0, err
		}
		if n < len(args) {
			args[n] = x
		}
		n++
		if p.tok.kind != tokComma {
			break
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
	}
	if p.tok.kind != tokRParen {
		return 0, p.unexpected("expected ',' or ')' to close '" + name + "(' at " + strconv.Itoa(nameTok.start) + ", found " + p.quote(p.tok))
	}
	end := p.tok.end
	if n != f.arity {
		return 0, p.fail(nameTok.start, end, ErrName, name+" takes "+plural(f.arity, "argument")+
			", got "+strconv.Itoa(n)+": write "+name+"("+f.Params+")")
	}
	if f.color {
		c := &p.nodes[args[0]]
		if c.kind != nodeBoard || c.sym != "white" && c.sym != "black" {
			msg := name + " takes the colour first: " + name + "(white, x) or " + name + "(black, x)"
			if c.sym == "b" || c.sym == "B" {
				msg += " ('" + c.sym + "' is the " + map[string]string{"b": "black", "B": "white"}[c.sym] + " bishops)"
			}
			return 0, p.fail(int(c.start), int(c.end), ErrName, msg)
		}
		c.kind, c.value = nodeColor, core.Bitboard(core.White)
		if c.sym == "black" {
			c.value = core.Bitboard(core.Black)
		}
	}
	p.depth--
	return p.add(node{kind: nodeCall, sym: f.Name, apply: f.apply, a: args[0], b: args[1],
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

// nameAliases maps names students type for a known name, lower case, to
// the suggestion: engine shorthand for the sides and pieces (w, wp … bk),
// and the attack maps without their colour.
var nameAliases = map[string]string{
	"w": "'white'", "white_pieces": "'white'", "black_pieces": "'black'",
	"wp": "'P'", "wn": "'N'", "wb": "'B'", "wr": "'R'", "wq": "'Q'", "wk": "'K'",
	"bp": "'p'", "bn": "'n'", "bb": "'b'", "br": "'r'", "bq": "'q'", "bk": "'k'",
	"occ": "'occupied'", "occupancy": "'occupied'", "all_occupied": "'occupied'",
	"attacked": "'attackedByWhite' or 'attackedByBlack'", "attacks": "'attackedByWhite' or 'attackedByBlack'",
	"pinned": "'pinnedWhite' or 'pinnedBlack'", "pins": "'pinnedWhite' or 'pinnedBlack'",
	"pushes": "'pushesWhite' or 'pushesBlack'", "check": "'checkers'", "checks": "'checkers'",
}

// unknownNameMsg explains an unknown name (or, when called, an unknown
// function) and suggests the nearest known one: a known alias (w → white),
// the same name in another case, or one within a small edit distance.
func unknownNameMsg(name string, called bool) string {
	kind, shown := "name", excerpt.Unquoted(name) // a name is letters, digits and '_'
	if called {
		kind = "function"
	}
	lower := strings.ToLower(name)
	if op, ok := operatorWords[lower]; ok && !called {
		return "'" + shown + "' is not an operator here: write '" + op + "'"
	}
	if len(name) >= 2 && (lower[0] >= 'a' && lower[0] <= 'z') && strings.Trim(name[1:], "0123456789") == "" {
		if sq, ok := core.ParseSquare(lower); ok {
			return "unknown name '" + shown + "' — did you mean the square '" + sq.String() + "'?"
		}
		return "there is no square '" + shown + "': squares run from a1 to h8"
	}
	if s, ok := nameAliases[lower]; ok && !called {
		return "unknown name '" + shown + "' — did you mean " + s + "?"
	}
	cands := candidates(called)
	if s := sameButCase(name, cands); s != "" {
		return "unknown " + kind + " '" + shown + "' — did you mean '" + s + "'? (names are case-sensitive)"
	}
	switch {
	case !called && strings.HasPrefix(lower, "rank"):
		return "unknown name '" + shown + "': the ranks are rank1 … rank8"
	case !called && strings.HasPrefix(lower, "file"):
		return "unknown name '" + shown + "': the files are fileA … fileH"
	}
	if s := nearest(name, cands); s != "" {
		return "unknown " + kind + " '" + shown + "' — did you mean '" + s + "'?"
	}
	return "unknown " + kind + " '" + shown + "'"
}

// candidates lists the names a suggestion may offer: the functions,
// and unless called the names too.
func candidates(called bool) []string {
	var cands []string
	if !called {
		for _, n := range Names {
			cands = append(cands, n.Name)
		}
	}
	for _, f := range Funcs {
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
