package pgn

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/internal/chars"
	"github.com/bitview/bitview/core/thousands"
)

// ErrSyntax is the kind of a [Error] for text that departs from the
// PGN format (test with errors.Is). An illegal or ambiguous move instead
// wraps a *core.MoveError, and a bad FEN tag a *FENError.
var ErrSyntax = errors.New("invalid PGN")

// ErrLimit is the kind of a [Error] for a text over one of the limits
// below (test with errors.Is).
var ErrLimit = errors.New("PGN over a limit")

// The limits of [Parse]. Each is checked as soon as it is crossed, before
// any more work: the size first, in O(1), then the others as they are
// counted, so no text makes Parse hold more than about MaxBytes of games.
// They are chosen from what people paste into a browser, with room to
// spare:
const (
	// MaxBytes is the longest PGN text, 4 MiB. A year of a strong
	// player's games or a weekly TWIC issue (about 2,000–5,000 games,
	// 2–5 MB) fits; a whole database (lichess' monthly dumps are tens of
	// GB) is not something to step through in a browser tab.
	MaxBytes = 4 << 20
	// MaxGames is the most games in one text, 10,000: more than any
	// 4 MiB file of real games holds (a game with its tags is 0.7–1.5 KB),
	// so it only stops texts of empty games ("* * * …"), which would
	// otherwise cost a Game each.
	MaxGames = 10_000
	// MaxPlies is the most plies (half-moves) in one game's main line,
	// 20,000. The longest game played in a tournament, Nikolić–Arsović,
	// Belgrade 1989, has 269 moves (538 plies); the longest game the
	// 75-move rule allows has 8,848.5 moves (17,697 plies), so every
	// legal game under today's rules fits.
	MaxPlies = 20_000
	// MaxTags is the most tag pairs in one game, 100. The Seven Tag Roster
	// and the tags databases add (lichess exports about 18, ChessBase a
	// few more) stay far below it.
	MaxTags = 100
	// MaxTagLength is the longest tag value, 1,024 bytes. Real values
	// are names, dates, places and FENs (at most core.MaxFENLength, 256
	// bytes); 1 KB leaves room for a long Annotator or Event.
	MaxTagLength = 1024
)

// A Tag is one tag pair of a PGN game, e.g. {Name: "White", Value:
// "Botvinnik"} for [White "Botvinnik"] (PGN standard, section 8.1.1). The
// value is unescaped (\" and \\ become " and \).
type Tag struct {
	Name, Value string
}

// A GameMove is one move of a game's main line.
type GameMove struct {
	Move core.Move
	// SAN is the move as the PGN text writes it, without its move number
	// but with any check sign or annotation attached to it, e.g. "Nxe5+!?".
	// [SAN] gives the canonical form.
	SAN string
	// Line and Col locate SAN's first character in the text, both 1-based;
	// Col counts characters (Unicode code points), a tab as one.
	Line, Col int
	// Arrows and Marks are the [%cal …] and [%csl …] commands of the
	// comments after the move (see CommentAnnotations), nil when none.
	Arrows []Arrow
	Marks  []Mark
}

// A Game is one game of a PGN text: its tag pairs, start position, main
// line and result. Variations, comments and NAGs are skipped, except the
// arrows and marks of the main line's comments.
type Game struct {
	// Tags holds the tag pairs in the order the text gives them
	// (duplicates included).
	Tags []Tag
	// Start is the position before the first move: the FEN tag's position
	// when there is one (unless the SetUp tag is "0"), else the standard
	// starting position.
	Start core.Position
	// Moves is the main line, each move legal in the position before it.
	Moves []GameMove
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or
	// "*" (unknown or unfinished). When the movetext ends without one, it
	// is the Result tag's value if that is one of the four, else "*".
	Result string

	// checkpoints[i] is the position after the first i*checkpointEvery
	// moves, recorded by Parse so that PositionAt replays fewer than
	// checkpointEvery moves.
	checkpoints []core.Position
}

// Tag returns the value of the game's first tag pair named name (names
// are case-sensitive, "White"), or "" when there is none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// checkpointEvery is how many plies apart Parse records a position: 16
// keeps a step under 16 moves of work at any ply, for 13 bytes a ply (a
// core.Position is 208 bytes, a GameMove 40).
const checkpointEvery = 16

// PositionAt returns the position after the game's first ply moves: Start
// for 0, the final position for len(g.Moves). ply is clamped to that
// range. For a game from [Parse] it costs the same at any ply: it starts
// from the nearest position Parse recorded before ply (one every 16
// plies) and plays at most 15 moves. A game whose Start or Moves were
// changed after Parse (other than by appending moves) must be copied
// into a new Game, whose positions are then replayed from Start.
func (g *Game) PositionAt(ply int) core.Position {
	ply = max(0, min(ply, len(g.Moves)))
	p, from := g.Start, 0
	if i := min(ply/checkpointEvery, len(g.checkpoints)-1); i > 0 {
		p, from = g.checkpoints[i], i*checkpointEvery
	}
	for _, m := range g.Moves[from:ply] {
		p.Play(m.Move)
	}
	return p
}

// A Error reports where a PGN text departs from the format, or holds a
// move that is not legal.
type Error struct {
	Line   int    // 1-based line of the fault
	Col    int    // 1-based column, in characters (Unicode code points), a tab counting one
	Offset int    // 0-based byte offset of the fault in the text
	Game   int    // 1-based number of the game the fault is in
	Msg    string // what is wrong, lower case, e.g. "unterminated comment: '{' has no matching '}'"
	Err    error  // ErrSyntax, ErrLimit, a *core.MoveError (a move that is not SAN, illegal or ambiguous) or a *FENError (bad FEN tag)
}

// Error returns e.g. `PGN line 12, column 4: white's move 9: no legal move
// matches Nf3`.
func (e *Error) Error() string {
	return "PGN line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Unwrap returns the error's cause: ErrSyntax, a *core.MoveError or a
// *FENError.
func (e *Error) Unwrap() error { return e.Err }

// Parse reads every game of a PGN text (PGN standard, sections 8 and
// 16.1): each game's tag pairs, then its movetext, whose main line is
// replayed from the start position ([Game.Start]) with [ParseSAN].
// Skipped: comments in braces (the [%cal]/[%csl] arrows and marks of a
// main-line comment go to the move before it, GameMove.Arrows and Marks)
// and from ';' to the end of the line, lines
// starting with '%', NAGs ("$1") and annotation marks ("!", "?!"),
// recursive variations in parentheses (nested, with their comments), move
// numbers ("12.", "12...", also attached: "12.Nf3"), and a UTF-8 byte
// order mark at the start. A game ends at its termination marker ("1-0",
// "0-1", "1/2-1/2", "*"), at the next game's tag pairs, or at the end of
// the text. Text with no game (empty, or only comments) gives no games
// and no error.
//
// On error it returns a *Error, with the 1-based line and column of
// the fault, together with the games read so far: every game completed
// before the fault and, when the fault is in a game's movetext, that game
// with the moves before the fault and Result "*", so that a caller can
// still show what was read. The error wraps ErrSyntax, the *core.MoveError
// of an illegal, ambiguous or unreadable move, or the *FENError of a bad
// FEN tag.
//
// Texts over the limits (MaxBytes, MaxGames, MaxPlies, MaxTags,
// MaxTagLength) give an error wrapping ErrLimit that names the limit; a
// text over MaxBytes is refused before any of it is read (its error is at
// line 1, column 1, and no games are returned).
func Parse(text string) ([]Game, error) {
	if len(text) > MaxBytes {
		return nil, &Error{Line: 1, Col: 1, Game: 1, Err: ErrLimit,
			Msg: "PGN is " + thousands.Itoa(len(text)) + " bytes; the limit is " + thousands.Itoa(MaxBytes)}
	}
	r := reader{text: text, loc: locator{text: text, line: 1, col: 1}}
	if strings.HasPrefix(text, byteOrderMark) {
		r.i, r.start, r.loc.off = len(byteOrderMark), len(byteOrderMark), len(byteOrderMark)
	}
	err := r.read()
	if err != nil && r.inMovetext {
		r.game.Result = "*"
		r.games = append(r.games, r.game)
	}
	return r.games, err
}

// byteOrderMark is the UTF-8 encoding of U+FEFF, which some editors put
// at the start of a file.
const byteOrderMark = "\uFEFF"

// reader holds the state of one Parse call.
type reader struct {
	text  string
	start int // offset of the text proper, after any byte order mark
	i     int // offset of the next byte to read
	loc   locator
	games []Game

	game       Game          // the game being read, while inGame
	inGame     bool          // a game has begun (a tag pair or movetext seen)
	inMovetext bool          // its movetext has begun: game.Start and pos are set
	pos        core.Position // the position after game.Moves
	fenAt      int           // offset of the first FEN tag's value in the text
	fenEscaped bool          // that value has escapes, so its offsets differ from the text's
	depth      int           // how many variations ('(' not yet closed) are being skipped
	openedAt   int           // offset of the '(' of the outermost variation being skipped, while depth > 0
}

// read reads the whole text.
func (r *reader) read() error {
	s := r.text
	for r.i < len(s) {
		c := s[r.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			r.i++
		case c == ';' || c == '%' && (r.i == r.start || s[r.i-1] == '\n'):
			r.skipLine()
		case c == '{':
			end := strings.IndexByte(s[r.i+1:], '}')
			if end < 0 {
				return r.syntax(r.i, "unterminated comment: '{' has no matching '}'")
			}
			if n := len(r.game.Moves); n > 0 && r.inMovetext && r.depth == 0 {
				a, m := CommentAnnotations(s[r.i+1 : r.i+1+end])
				r.game.Moves[n-1].Arrows = append(r.game.Moves[n-1].Arrows, a...)
				r.game.Moves[n-1].Marks = append(r.game.Moves[n-1].Marks, m...)
			}
			r.i += end + 2
		case c == '(':
			if err := r.beginMovetext(); err != nil {
				return err
			}
			if r.depth == 0 {
				r.openedAt = r.i
			}
			r.depth++
			r.i++
		case c == ')':
			if r.depth == 0 {
				return r.syntax(r.i, "')' closes no variation")
			}
			r.depth--
			r.i++
		case c == '[':
			if err := r.tagPair(); err != nil {
				return err
			}
		case c == '$':
			j := r.i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j == r.i+1 {
				return r.syntax(r.i, "'$' must be followed by a number, a NAG such as $1")
			}
			r.i = j
		case c == '}' || c == ']' || c == '"':
			return r.syntax(r.i, chars.Describe(s, r.i)+" outside a comment or tag pair")
		default:
			j := r.i
			for j < len(s) && !isDelimiter(s[j]) {
				j++
			}
			if j == r.i { // a lone '*'
				j++
			}
			if err := r.token(s[r.i:j], r.i); err != nil {
				return err
			}
			r.i = j
		}
	}
	if r.depth > 0 {
		return r.syntax(r.openedAt, "unterminated variation: '(' has no matching ')'")
	}
	if r.inGame {
		return r.endGame("")
	}
	return nil
}

// isDelimiter reports whether c ends a movetext token: white space or
// a character that starts another kind of token ('*' is a token of its
// own).
func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', '{', '}', '(', ')', '[', ']', ';', '$', '"', '*':
		return true
	}
	return false
}

// skipLine skips to the end of the line (a ';' comment or a '%' escape).
func (r *reader) skipLine() {
	if end := strings.IndexByte(r.text[r.i:], '\n'); end >= 0 {
		r.i += end + 1
	} else {
		r.i = len(r.text)
	}
}

// tagPair reads a tag pair, [Name "value"], starting at the '['. A tag
// pair after movetext begins the next game.
func (r *reader) tagPair() error {
	s, start := r.text, r.i
	if r.depth > 0 {
		return r.syntax(r.openedAt, "unterminated variation: '(' has no matching ')' before the next tag pair")
	}
	if r.inMovetext {
		if err := r.endGame(""); err != nil {
			return err
		}
	}
	if !r.inGame {
		if err := r.beginGame(start); err != nil {
			return err
		}
	}
	i := skipSpaces(s, start+1)
	nameAt := i
	for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	name := s[nameAt:i]
	if name == "" {
		return r.syntax(nameAt, "a tag name (letters, digits, '_') must follow '['")
	}
	shown := excerpt.Unquoted(name) // the name as messages quote it
	i = skipSpaces(s, i)
	if i >= len(s) || s[i] != '"' {
		return r.syntax(i, "tag "+shown+" needs a value in double quotes, e.g. ["+shown+" \"?\"]")
	}
	quote := i
	var value []byte
	escaped := false
	for i++; ; i++ {
		if i >= len(s) || s[i] == '\n' {
			return r.syntax(quote, "unterminated string: the value of tag "+shown+" has no closing '\"' on its line")
		}
		if s[i] == '"' {
			break
		}
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
			escaped = true
		}
		if len(value) == MaxTagLength {
			return r.fail(quote, "the value of tag "+shown+" is longer than "+thousands.Itoa(MaxTagLength)+" bytes, the limit", ErrLimit)
		}
		value = append(value, s[i])
	}
	i = skipSpaces(s, i+1)
	if i >= len(s) || s[i] != ']' {
		return r.syntax(i, "tag pair "+shown+" must end with ']' after its value")
	}
	if len(r.game.Tags) == MaxTags {
		return r.fail(start, "game "+thousands.Itoa(len(r.games)+1)+" has more than "+thousands.Itoa(MaxTags)+" tag pairs, the limit", ErrLimit)
	}
	if name == "FEN" && r.game.Tag("FEN") == "" {
		r.fenAt, r.fenEscaped = quote+1, escaped
	}
	r.game.Tags = append(r.game.Tags, Tag{Name: name, Value: string(value)})
	r.i = i + 1
	return nil
}

// skipSpaces returns the offset of the first byte at or after i that is
// not a space or tab.
func skipSpaces(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// beginMovetext starts the current game's movetext (and the game itself
// if it has no tag pairs): it sets the start position from the tags.
func (r *reader) beginMovetext() error {
	if r.inMovetext {
		return nil
	}
	if !r.inGame {
		if err := r.beginGame(r.i); err != nil {
			return err
		}
	}
	start, _ := core.ParseFEN(core.StartFEN) // StartFEN always parses
	if fen := r.game.Tag("FEN"); fen != "" && r.game.Tag("SetUp") != "0" {
		var err error
		if start, err = core.ParseFEN(fen); err != nil {
			var fe *core.FENError
			errors.As(err, &fe)
			at := r.fenAt
			if !r.fenEscaped {
				at += min(fe.Offset, len(fen))
			}
			return r.fail(at, "FEN tag: "+fe.Msg, err)
		}
	}
	r.game.Start, r.pos, r.inMovetext = start, start, true
	r.game.checkpoints = append(r.game.checkpoints, start)
	return nil
}

// beginGame starts a new game at offset at, unless the text already holds
// MaxGames games.
func (r *reader) beginGame(at int) error {
	if len(r.games) == MaxGames {
		return r.fail(at, "the text holds more than "+thousands.Itoa(MaxGames)+" games, the limit", ErrLimit)
	}
	r.game, r.inGame = Game{}, true
	return nil
}

// token handles one movetext token starting at offset at: a move number,
// a move, an annotation mark, or a game termination marker. Tokens inside
// variations are skipped.
func (r *reader) token(tok string, at int) error {
	if err := r.beginMovetext(); err != nil {
		return err
	}
	if r.depth > 0 {
		return nil
	}
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*":
		return r.endGame(tok)
	}
	if strings.Trim(tok, "!?") == "" || strings.Trim(tok, ".") == "" {
		return nil // an annotation mark, or the "..." of a black move
	}
	if c := tok[0]; c >= '0' && c <= '9' && !strings.HasPrefix(tok, "0-0") {
		// A move number, "12." or "12...", perhaps with the move attached.
		j := 0
		for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
			j++
		}
		k := j
		for k < len(tok) && tok[k] == '.' {
			k++
		}
		if k == j && k < len(tok) {
			number := `"12."` // an example when the digits are too many to quote
			if j < excerpt.MaxChars {
				number = strconv.Quote(tok[:j] + ".")
			}
			return r.syntax(at, excerpt.Quote(tok)+" is neither a move number nor a move: write a move number as "+number)
		}
		if tok, at = tok[k:], at+k; tok == "" {
			return nil
		}
	}
	m, err := ParseSAN(&r.pos, tok)
	if err != nil {
		var me *core.MoveError
		errors.As(err, &me)
		return r.fail(at, r.pos.SideToMove.String()+"'s move "+strconv.Itoa(r.pos.FullmoveNumber)+": "+me.Msg, err)
	}
	if len(r.game.Moves) == MaxPlies {
		return r.fail(at, "game "+thousands.Itoa(len(r.games)+1)+" has more than "+thousands.Itoa(MaxPlies)+" plies, the limit", ErrLimit)
	}
	line, col := r.loc.at(at)
	r.game.Moves = append(r.game.Moves, GameMove{Move: m, SAN: tok, Line: line, Col: col})
	r.pos.Play(m)
	if len(r.game.Moves)%checkpointEvery == 0 {
		r.game.checkpoints = append(r.game.checkpoints, r.pos)
	}
	return nil
}

// endGame completes the current game with the given termination marker,
// or, for "", with the Result tag's value.
func (r *reader) endGame(result string) error {
	if err := r.beginMovetext(); err != nil {
		return err
	}
	if result == "" {
		switch result = r.game.Tag("Result"); result {
		case "1-0", "0-1", "1/2-1/2", "*":
		default:
			result = "*"
		}
	}
	r.game.Result = result
	r.games = append(r.games, r.game)
	r.game, r.inGame, r.inMovetext = Game{}, false, false
	return nil
}

// syntax returns a *Error wrapping ErrSyntax at offset at.
func (r *reader) syntax(at int, msg string) error {
	return r.fail(at, msg, ErrSyntax)
}

// fail returns a *Error at offset at; it is the only constructor.
func (r *reader) fail(at int, msg string, err error) error {
	line, col := r.loc.at(at)
	return &Error{Line: line, Col: col, Offset: at, Game: len(r.games) + 1, Msg: msg, Err: err}
}

// A locator turns byte offsets into 1-based lines and columns, walking
// forward from the last offset asked for (offsets are asked for in
// increasing order, so a whole text costs one pass).
type locator struct {
	text           string
	off, line, col int
}

// at returns the line and column (in characters) of offset off.
func (l *locator) at(off int) (line, col int) {
	if off < l.off {
		l.off, l.line, l.col = 0, 1, 1
	}
	for l.off < off && l.off < len(l.text) {
		c := l.text[l.off]
		switch {
		case c == '\n':
			l.line, l.col = l.line+1, 1
			l.off++
		case c < utf8.RuneSelf:
			l.col++
			l.off++
		default:
			_, n := utf8.DecodeRuneInString(l.text[l.off:])
			l.col++
			l.off += n
		}
	}
	return l.line, l.col
}
