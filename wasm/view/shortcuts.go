package view

import (
	"strings"

	"github.com/bitview/bitview/wasm/model"
)

// The page's keyboard shortcuts, one table for the handler and the help.

// keyLabel writes a key as the list shows it: "Ctrl+Z" for "Ctrl+z",
// "Ctrl+Shift+Z" for "Ctrl+Shift+z".
func keyLabel(key string) string {
	if strings.HasPrefix(key, "Ctrl+") {
		return key[:len(key)-1] + strings.ToUpper(key[len(key)-1:])
	}
	return key
}

// ShortcutsHelp returns the list of shortcuts for the "?" overlay: each
// action with its keys, then what keys do on the board and in a grid.
func ShortcutsHelp() string {
	var b strings.Builder
	b.WriteString(`<button type="button" class="close" data-action="close">Close</button><h2 id="shortcuts-title">Keyboard shortcuts</h2><dl class="shortcuts">`)
	for _, s := range model.Shortcuts {
		b.WriteString(`<dt>`)
		for i, k := range s.Keys {
			if i > 0 {
				b.WriteString(` `)
			}
			b.WriteString(`<kbd>` + escape(keyLabel(k)) + `</kbd>`)
		}
		b.WriteString(`</dt><dd>` + escape(s.Help) + `</dd>`)
	}
	b.WriteString(`</dl><p class="hint">Ctrl is ⌘ on a Mac. On a focused board square: arrow keys move, a piece letter (PNBRQKpnbrqk) puts that piece, Delete or Backspace empties it; no shortcut is a piece letter. In a card's grid: arrow keys, Home and End move; in the free bitboard, Space or Enter toggles the bit.</p><p class="hint">With the mouse: right-drag from square to square draws an arrow, right-click marks a square (Shift red, Alt blue, both yellow; the same again takes it away). They are kept in the link.</p>`)
	return b.String()
}
