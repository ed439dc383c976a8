package pgn

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// A Brush is the colour of an arrow or a marked square, as the letter the
// PGN comment commands [%cal …] and [%csl …] write it (the convention of
// ChessBase, lichess and chess.com).
type Brush byte

// The four brushes.
const (
	Green  Brush = 'G'
	Red    Brush = 'R'
	Yellow Brush = 'Y'
	Blue   Brush = 'B'
)

// String returns the brush's letter, "G".
func (b Brush) String() string { return string(rune(b)) }

// Name returns the brush's colour in lower case, "green", for class names.
func (b Brush) Name() string {
	switch b {
	case Green:
		return "green"
	case Red:
		return "red"
	case Yellow:
		return "yellow"
	case Blue:
		return "blue"
	}
	return ""
}

// An Arrow points from one square to another, "Ge2e4".
type Arrow struct {
	Brush    Brush
	From, To core.Square
}

// String returns the arrow as [%cal] writes it, "Ge2e4".
func (a Arrow) String() string { return a.Brush.String() + a.From.String() + a.To.String() }

// A Mark colours one square, "Rd4".
type Mark struct {
	Brush  Brush
	Square core.Square
}

// String returns the mark as [%csl] writes it, "Rd4".
func (m Mark) String() string { return m.Brush.String() + m.Square.String() }

// An AnnotationError reports the item of an arrow or mark list that is not
// one, e.g. `"Xe2e4" (character 1): the colour must be G, R, Y or B`.
type AnnotationError struct {
	Item   string // the item at fault, as written
	Offset int    // its 0-based byte offset in the list
	Msg    string // what is wrong, lower case
}

// Error returns the item (quoted by excerpt.Quote: at most 40 characters,
// then its length), the 1-based position of its first byte, and Msg.
func (e *AnnotationError) Error() string {
	return excerpt.Quote(e.Item) + " (character " + strconv.Itoa(e.Offset+1) + "): " + e.Msg
}

// MaxAnnotations bounds the items of one list: a board with more arrows
// than this reads as noise, and the bound keeps hostile input cheap.
const MaxAnnotations = 64

// ParseArrows reads a list of arrows as [%cal] writes them, "Ge2e4,Rd7d5",
// also separated by blanks ("Ge2e4 Rd7d5", as an HTML attribute would
// have it). Each item is a brush letter (G R Y B, also lower case) and two
// different squares. An empty list gives nil.
func ParseArrows(s string) ([]Arrow, error) {
	var arrows []Arrow
	err := eachItem(s, func(item string, at int) error {
		if len(item) != 5 {
			return &AnnotationError{item, at, "an arrow is a colour letter and two squares, e.g. Ge2e4"}
		}
		b, err := brush(item, at)
		if err != nil {
			return err
		}
		from, ok1 := core.ParseSquare(item[1:3])
		to, ok2 := core.ParseSquare(item[3:5])
		switch {
		case !ok1:
			return &AnnotationError{item, at, strconv.Quote(item[1:3]) + " is not a square (a1 … h8)"}
		case !ok2:
			return &AnnotationError{item, at, strconv.Quote(item[3:5]) + " is not a square (a1 … h8)"}
		case from == to:
			return &AnnotationError{item, at, "an arrow needs two different squares: mark a single square with " + b.String() + from.String()}
		}
		arrows = append(arrows, Arrow{b, from, to})
		return nil
	})
	return arrows, err
}

// ParseMarks reads a list of marked squares as [%csl] writes them,
// "Gd4,Ye5", also separated by blanks. Each item is a brush letter and a
// square. An empty list gives nil.
func ParseMarks(s string) ([]Mark, error) {
	var marks []Mark
	err := eachItem(s, func(item string, at int) error {
		if len(item) != 3 {
			return &AnnotationError{item, at, "a mark is a colour letter and a square, e.g. Gd4"}
		}
		b, err := brush(item, at)
		if err != nil {
			return err
		}
		sq, ok := core.ParseSquare(item[1:])
		if !ok {
			return &AnnotationError{item, at, strconv.Quote(item[1:]) + " is not a square (a1 … h8)"}
		}
		marks = append(marks, Mark{b, sq})
		return nil
	})
	return marks, err
}

// brush reads the brush letter that starts item.
func brush(item string, at int) (Brush, error) {
	switch c := item[0] &^ 0x20; Brush(c) { // upper case
	case Green, Red, Yellow, Blue:
		return Brush(c), nil
	}
	return 0, &AnnotationError{item, at, "the colour must be G, R, Y or B (green, red, yellow, blue)"}
}

// eachItem calls fn with each item of a list separated by commas and
// blanks, and its offset; it stops at the first error, or after
// MaxAnnotations items.
func eachItem(s string, fn func(item string, at int) error) error {
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		j := i
		for j < len(s) && !strings.ContainsRune(", \t\n\r", rune(s[j])) {
			j++
		}
		if n++; n > MaxAnnotations {
			return &AnnotationError{s[i:j], i, "more than " + strconv.Itoa(MaxAnnotations) + " items"}
		}
		if err := fn(s[i:j], i); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// CommentAnnotations returns the arrows and marks of a PGN comment's
// [%cal …] and [%csl …] commands, e.g. "{[%cal Ge2e4,Rd7d5] [%csl Gd4] a
// fine move}". A command whose list does not parse is skipped whole: a
// comment is free text, and one typo should not cost the game.
func CommentAnnotations(comment string) (arrows []Arrow, marks []Mark) {
	for rest := comment; ; {
		i := strings.Index(rest, "[%")
		if i < 0 {
			return arrows, marks
		}
		rest = rest[i+2:]
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return arrows, marks
		}
		cmd, args, _ := strings.Cut(strings.TrimSpace(rest[:end]), " ")
		switch cmd {
		case "cal":
			if a, err := ParseArrows(args); err == nil {
				arrows = append(arrows, a...)
			}
		case "csl":
			if m, err := ParseMarks(args); err == nil {
				marks = append(marks, m...)
			}
		}
		rest = rest[end+1:]
	}
}
