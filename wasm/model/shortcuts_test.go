package model

import (
	"testing"
)

func TestShortcutKey(t *testing.T) {
	for _, c := range []struct {
		key              string
		ctrl, alt, shift bool
		want, wantAction string
	}{
		{"u", false, false, false, "u", "undo"},
		{"y", false, false, false, "y", "redo"},
		{"s", false, false, false, "s", "present"},
		{"?", false, false, true, "?", "help"}, // Shift makes the ?
		{"z", true, false, false, "Ctrl+z", "undo"},
		{"Z", true, false, true, "Ctrl+Shift+z", "redo"},
		{"y", true, false, false, "Ctrl+y", "redo"},
		{"r", false, false, false, "r", ""}, // a black rook on a focused square, nothing else
		{"p", false, false, false, "p", ""},
		{"z", false, true, false, "", ""},    // Alt: the system's
		{"Home", true, false, false, "", ""}, // Ctrl+Home: the browser's
		{"q", true, false, false, "Ctrl+q", ""},
	} {
		got := ShortcutKey(c.key, c.ctrl, c.alt, c.shift)
		s, ok := ShortcutFor(got)
		if got != c.want || s.Action != c.wantAction || ok != (c.wantAction != "") {
			t.Errorf("ShortcutKey(%q, ctrl %v, alt %v, shift %v) = %q (%q, %v), want %q (%q)", c.key, c.ctrl, c.alt, c.shift, got, s.Action, ok, c.want, c.wantAction)
		}
	}
}
