package pages

import (
	"errors"
	"slices"
	"strings"

	"github.com/bitview/bitview/core/excerpt"
)

// The rule of a bitboard block's lines, which bitview-markdown.js applies
// the same way (its parseBlock; both are tested against one table of
// cases, testdata/blocks.json): after the blanks at either end of the
// line are taken away (space, tab, carriage return, form feed and
// vertical tab: ASCII's, no other), a line is
//
//   - blank, skipped;
//   - a comment: "#" alone, or "#" then a space or a tab ("# the pawns"),
//     skipped; "##", "#!" and "#x" are not comments (a Markdown heading
//     "## Pawns" is prose);
//   - "key: value", the key one of BlockKeys in any ASCII case, blanks
//     around the key and the value dropped;
//
// and anything else makes the block wrong: a line without a colon
// ("IMPORTANT prose", "## Pawn structure") and a key that is not an
// option ("Note: about doubled pawns."). Such a block is most often the
// prose after a fence left open, which the generator put into the code
// block: it is never replaced by a figure (prerender stops with the page
// unchanged; the browser loader leaves the block as text and says why),
// so that no line of it is lost.

// blockBlanks are the characters trimmed from a block line, its key and
// its value: ASCII's blanks, so that Go's and JavaScript's trims (which
// differ beyond ASCII) read a line alike.
const blockBlanks = " \t\r\f\v"

// blockComment reports whether a trimmed block line is a comment: "#"
// alone, or "#" then a space or a tab.
func blockComment(l string) bool {
	return l == "#" || strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "#\t")
}

// asciiLower returns s with its ASCII capitals made small and every
// other character left, as bitview-markdown.js lowers a key (Unicode's
// lowering differs between Go and JavaScript: "İ" is "i" in Go).
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// blockHint ends the error of a block's wrong line.
const blockHint = ` (a bitboard block holds only "key: value" lines, blank lines and "# comments": is the fence above it left open?); the page is left as it is`

// blockText returns the text of a block's <pre> with its line breaks as
// a browser reads them (CR LF and a lone CR are LF).
func blockText(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// parseBlock reads a bitboard block's text (blockText) by the rule above: show and
// expr lines joined into show, any other key set by its last line. line
// is the page's line of the text's first line. A wrong line is an error
// (a *PageError naming its line); every wrong line of the block is named
// (errors.Join, the first line's error first), and then attrs is nil.
func parseBlock(name, text string, line int) (attrs [][2]string, err error) {
	var show []string
	var errs []error
	for i, raw := range strings.Split(text, "\n") {
		l := strings.Trim(raw, blockBlanks)
		if l == "" || blockComment(l) {
			continue
		}
		key, value, ok := strings.Cut(l, ":")
		key, value = asciiLower(strings.Trim(key, blockBlanks)), strings.Trim(value, blockBlanks)
		switch {
		case !ok:
			errs = append(errs, &PageError{name, line + i, errors.New(excerpt.Quote(l) + ` is not "key: value", a blank line or a "# comment"` + blockHint)})
			continue
		case !slices.Contains(BlockKeys, key):
			errs = append(errs, &PageError{name, line + i, errors.New("unknown key " + excerpt.Quote(key) + "; keys: " + strings.Join(BlockKeys, ", ") + blockHint)})
			continue
		case key == "show" || key == "expr":
			if value != "" {
				show = append(show, value)
			}
			continue
		}
		attrs = slices.DeleteFunc(attrs, func(a [2]string) bool { return a[0] == key })
		attrs = append(attrs, [2]string{key, value})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if len(show) > 0 {
		attrs = append(attrs, [2]string{"show", strings.Join(show, ", ")})
	}
	return attrs, nil
}
