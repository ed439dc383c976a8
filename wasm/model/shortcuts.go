package model

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core"
)

// A Shortcut is what the page does for some keys (outside text fields):
// its Action and, for the "?" list, its Help. Each key is a KeyboardEvent
// key ("u", "?", "ArrowLeft"), or a key with Ctrl held as ShortcutKey
// names it ("Ctrl+z", "Ctrl+Shift+z"; ⌘ on macOS).
type Shortcut struct {
	Keys         []string
	Action, Help string
}

// Shortcuts lists the page's keyboard shortcuts (outside text fields); the
// page acts on Action and shows the list with the "?" key. No key is a
// piece letter (see core.PieceFromLetter), which puts a piece on a
// focused board square: a key means one thing wherever the focus is.
// Undo and redo also have the editors' keys (Ctrl+Z, Ctrl+Y). The digits
// pick the numbering layouts, 1 the first of core.Layouts (see
// layoutShortcuts).
var Shortcuts = slices.Concat([]Shortcut{
	{[]string{"?"}, "help", "show or hide this list"},
	{[]string{"/"}, "fen", "type a FEN"},
	{[]string{"e"}, "expr", "type an expression"},
	{[]string{"s"}, "present", "presentation mode on or off (slides)"},
	{[]string{"f"}, "flip", "flip the board"},
	{[]string{"i"}, "labels", "square indices on the board"},
}, layoutShortcuts(), []Shortcut{
	{[]string{"u", "Ctrl+z"}, "undo", "undo the last edit (with the editor open or on the board)"},
	{[]string{"y", "Ctrl+y", "Ctrl+Shift+z"}, "redo", "redo"},
	{[]string{"a"}, "animate", "animate the shift demo"},
	{[]string{"m"}, "mark", "mark the focused board square green (again: unmark)"},
	{[]string{"x"}, "clear-drawing", "clear the arrows and marks you drew"},
	{[]string{"ArrowLeft"}, "back", "the game's previous move"},
	{[]string{"ArrowRight"}, "forward", "the game's next move"},
	{[]string{"Home"}, "first", "the game's start"},
	{[]string{"End"}, "last", "the game's end"},
	{[]string{"Escape"}, "close", "close this list"},
})

// layoutShortcuts are the digits 1 to 9 for the first nine layouts of
// core.Layouts, in its order: "layout:ID", helped by the layout's name.
func layoutShortcuts() []Shortcut {
	var out []Shortcut
	for i, l := range core.Layouts[:min(len(core.Layouts), 9)] {
		out = append(out, Shortcut{[]string{strconv.Itoa(i + 1)}, "layout:" + l.ID, l.Name + " numbering"})
	}
	return out
}

// ShortcutKey names a key pressed (a KeyboardEvent's key and whether
// Ctrl or ⌘, Alt and Shift are held) as Shortcuts does: the key itself
// without Ctrl, or "Ctrl+" (then "Shift+" with Shift) and a one-character
// key in lower case, so that Ctrl+Shift+Z is "Ctrl+Shift+z". A key with
// Alt held, or a longer key with Ctrl, is the browser's or the system's:
// "".
func ShortcutKey(key string, ctrl, alt, shift bool) string {
	switch {
	case alt:
		return ""
	case !ctrl:
		return key
	case utf8.RuneCountInString(key) != 1:
		return ""
	case shift:
		return "Ctrl+Shift+" + strings.ToLower(key)
	}
	return "Ctrl+" + strings.ToLower(key)
}

// ShortcutFor returns the shortcut of a key named by ShortcutKey, or false.
func ShortcutFor(key string) (Shortcut, bool) {
	for _, s := range Shortcuts {
		if key != "" && slices.Contains(s.Keys, key) {
			return s, true
		}
	}
	return Shortcut{}, false
}

// ShortcutApplies reports whether the shortcut's action acts where the
// user is (onBoard: the focus is on the board): undo and redo only with
// the editor open or on the board; mark only on the board; the game's
// keys only with a game loaded; the rest anywhere.
func (p *Page) ShortcutApplies(action string, onBoard bool) bool {
	switch action {
	case "undo", "redo":
		return p.EditorOpen() || onBoard
	case "mark":
		return onBoard
	case "first", "back", "forward", "last":
		return p.game != nil
	}
	return true
}

// TabStep returns the tab the focus moves to from the tab named from (one
// of Tabs) with a key of the tab bar (a roving focus, WAI-ARIA's tabs
// pattern): ArrowRight and ArrowDown the next, ArrowLeft and ArrowUp the
// previous, both wrapping around, Home the first and End the last. It
// answers false for any other key.
func TabStep(from, key string) (string, bool) {
	i, n := slices.Index(Tabs, from), len(Tabs)
	switch key {
	case "ArrowRight", "ArrowDown":
		i = (i + 1) % n
	case "ArrowLeft", "ArrowUp":
		i = (i + n - 1) % n
	case "Home":
		i = 0
	case "End":
		i = n - 1
	default:
		return "", false
	}
	return Tabs[i], true
}
