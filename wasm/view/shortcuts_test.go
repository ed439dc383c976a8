package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

func TestShortcuts(t *testing.T) {
	keys := map[string]bool{}
	actions := map[string]bool{}
	for _, s := range model.Shortcuts {
		if len(s.Keys) == 0 || s.Action == "" || s.Help == "" {
			t.Errorf("incomplete shortcut %+v", s)
		}
		for _, k := range s.Keys {
			if keys[k] || k == "" {
				t.Errorf("key %q used twice", k)
			}
			keys[k] = true
			// A piece letter puts a piece on a focused board square (the
			// editor's keys): no shortcut may mean something else by it.
			if _, piece := core.PieceFromLetter(k[0]); piece && len(k) == 1 {
				t.Errorf("the shortcut %q (%s) is a piece letter", k, s.Action)
			}
			// Each key is named as ShortcutKey names it.
			ctrl := strings.HasPrefix(k, "Ctrl+")
			shift := strings.HasPrefix(k, "Ctrl+Shift+")
			pressed := strings.TrimPrefix(strings.TrimPrefix(k, "Ctrl+"), "Shift+")
			if shift {
				pressed = strings.ToUpper(pressed) // the browser's key with Shift held
			}
			if got := model.ShortcutKey(pressed, ctrl, false, shift); got != k {
				t.Errorf("ShortcutKey(%q, ctrl %v, shift %v) = %q, want %q", pressed, ctrl, shift, got, k)
			}
		}
		if actions[s.Action] {
			t.Errorf("action %q bound twice", s.Action)
		}
		actions[s.Action] = true
	}
	for _, want := range []string{"?", "Escape", "u", "y", "s", "Ctrl+z", "Ctrl+y", "Ctrl+Shift+z"} {
		if !keys[want] {
			t.Errorf("no %q shortcut", want)
		}
	}
	// Layout shortcuts name existing layouts, and every layout has one.
	bound := map[string]bool{}
	for _, s := range model.Shortcuts {
		if id, ok := strings.CutPrefix(s.Action, "layout:"); ok {
			if _, ok := core.LayoutByID(id); !ok {
				t.Errorf("shortcut %q names unknown layout %q", s.Keys, id)
			}
			bound[id] = true
		}
	}
	for _, l := range core.Layouts {
		if !bound[l.ID] {
			t.Errorf("layout %q has no shortcut", l.ID)
		}
	}

	out := ShortcutsHelp()
	checkTagBalance(t, out, "dl", "dt", "dd", "kbd", "h2", "p")
	ms := regexp.MustCompile(`<dt>(.*?)</dt><dd>(.*?)</dd>`).FindAllStringSubmatch(out, -1)
	if len(ms) != len(model.Shortcuts) {
		t.Fatalf("help lists %d shortcuts, want %d", len(ms), len(model.Shortcuts))
	}
	for i, s := range model.Shortcuts {
		var want []string
		for _, k := range s.Keys {
			if strings.HasPrefix(k, "Ctrl+") { // as a keyboard's keys are labelled: Ctrl+Z
				k = k[:len(k)-1] + strings.ToUpper(k[len(k)-1:])
			}
			want = append(want, "<kbd>"+escape(k)+"</kbd>")
		}
		if got := ms[i][1]; got != strings.Join(want, " ") {
			t.Errorf("keys of shortcut %d listed as %q, want %q", i, got, strings.Join(want, " "))
		}
		checkText(t, "help of "+s.Action, ms[i][2], s.Help)
	}
	if !strings.Contains(out, "<kbd>Ctrl+Shift+Z</kbd>") || !strings.Contains(out, "<kbd>u</kbd> <kbd>Ctrl+Z</kbd>") {
		t.Errorf("the list does not write Ctrl+Z and Ctrl+Shift+Z as such: %s", short(out))
	}
}
