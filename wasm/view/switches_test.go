package view

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

func TestToggles(t *testing.T) {
	for _, show := range [][]string{
		nil,
		{"P", "occupied"},
		{"k", "white", "kings", "empty"},
		{"bogus", "P", "P"},
		allNames(),
	} {
		out := Toggles(show)
		checkTagBalance(t, out, "div", "button", "span")
		var btns []map[string]string
		for _, b := range startTags(t, out, "button") {
			if _, ok := b["data-toggle"]; ok {
				btns = append(btns, b)
			}
		}
		if len(btns) != 22 || len(core.BitboardNames) != 22 {
			t.Fatalf("show=%q: %d toggle buttons (%d names), want 22", show, len(btns), len(core.BitboardNames))
		}
		for i, b := range btns {
			n := core.BitboardNames[i]
			if b["data-toggle"] != n.Name {
				t.Errorf("button %d toggles %q, want %q", i, b["data-toggle"], n.Name)
			}
			if b["title"] != n.Title {
				t.Errorf("button %q title %q, want %q", n.Name, b["title"], n.Title)
			}
			want := "false"
			for _, s := range show {
				if s == n.Name {
					want = "true"
				}
			}
			if b["aria-pressed"] != want {
				t.Errorf("show=%q: %q aria-pressed=%q, want %q", show, n.Name, b["aria-pressed"], want)
			}
		}
		// The twelve piece toggles carry their piece's image.
		imgs := startTags(t, out, "img")
		if len(imgs) != 12 {
			t.Errorf("%d images, want 12", len(imgs))
		}
		for i, img := range imgs {
			if want := pieceImagePath(core.WhitePawn + core.Piece(i)); img["src"] != want {
				t.Errorf("image %d src %q, want %q", i, img["src"], want)
			}
		}
		if got := len(startTags(t, out, "div")); got != 4 {
			t.Errorf("%d groups, want 4", got)
		}
	}
}

func TestLayoutSwitch(t *testing.T) {
	for _, cur := range core.Layouts {
		out := LayoutSwitch(cur)
		radios := startTags(t, out, "input")
		if len(radios) != len(core.Layouts) {
			t.Fatalf("%s: %d radios, want %d", cur.ID, len(radios), len(core.Layouts))
		}
		var checked []string
		for i, r := range radios {
			if r["type"] != "radio" || r["name"] != "layout" {
				t.Errorf("%s: input %d is %v", cur.ID, i, r)
			}
			if r["value"] != core.Layouts[i].ID {
				t.Errorf("%s: radio %d value %q, want %q", cur.ID, i, r["value"], core.Layouts[i].ID)
			}
			if r["aria-label"] != core.Layouts[i].Name || !labelInName(core.Layouts[i].Short, r["aria-label"]) {
				t.Errorf("%s: radio %d is named %q, want %q (holding the short name %q shown)", cur.ID, i, r["aria-label"], core.Layouts[i].Name, core.Layouts[i].Short)
			}
			if _, ok := r["checked"]; ok {
				checked = append(checked, r["value"])
			}
		}
		if len(checked) != 1 || checked[0] != cur.ID {
			t.Errorf("%s: checked radios %q, want [%s]", cur.ID, checked, cur.ID)
		}
		if m := regexp.MustCompile(`<p class="about" id="layout-about">(.*?)</p>`).FindStringSubmatch(out); m == nil {
			t.Errorf("%s: no About paragraph", cur.ID)
		} else {
			checkText(t, cur.ID+" About", m[1], cur.About)
		}
		spans := regexp.MustCompile(`<span class="full">(.*?)</span><span class="short" aria-hidden="true">(.*?)</span>`).FindAllStringSubmatch(out, -1)
		if len(spans) != len(core.Layouts) {
			t.Fatalf("%s: %d layout names, want %d", cur.ID, len(spans), len(core.Layouts))
		}
		for i, l := range core.Layouts {
			checkText(t, cur.ID+" name", spans[i][1], l.Name)
			checkText(t, cur.ID+" short name", spans[i][2], l.Short)
		}
	}
	// 0x88's About contains '&', which must be escaped.
	out := LayoutSwitch(mustLayout(t, "0x88"))
	if !strings.Contains(out, "(index &amp; 0x88)") || strings.Contains(out, "(index & 0x88)") {
		t.Errorf("0x88 About not HTML-escaped: %s", out)
	}
}

func TestAttackToggles(t *testing.T) {
	tests := []struct {
		name     string
		show     []string
		selected string // "" for NoSquare
	}{
		{"nothing", nil, ""},
		{"some", []string{"attacked:w", "checkers", "P", "push2:b"}, ""},
		{"all", []string{"attacked:w", "attacked:b", "pinned:w", "pinned:b", "checkers", "push1:w", "push2:w", "push1:b", "push2:b"}, ""},
		{"selected e4", []string{"pinned:b"}, "e4"},
		{"selected and shown", []string{"from:a8", "attacked:b"}, "a8"},
		{"other square shown", []string{"from:a8"}, "h1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel := core.NoSquare
			if tt.selected != "" {
				sel = mustSquare(t, tt.selected)
			}
			out := AttackToggles(tt.show, sel)
			checkTagBalance(t, out, "div", "button", "span")
			shown := map[string]bool{}
			for _, s := range tt.show {
				shown[s] = true
			}
			type want struct{ key, title, label string }
			var wants []want
			for _, m := range model.AttackMaps {
				wants = append(wants, want{m.Key, m.Title, m.Label})
			}
			if tt.selected != "" {
				wants = append(wants, want{"from:" + tt.selected, "attacks of the piece on " + tt.selected, "from " + tt.selected})
			}
			buttons := startTags(t, out, "button")
			labels := regexp.MustCompile(`<button[^>]*>(.*?)</button>`).FindAllStringSubmatch(out, -1)
			if len(buttons) != len(wants) || len(labels) != len(wants) {
				t.Fatalf("%d toggles, want %d", len(buttons), len(wants))
			}
			for i, w := range wants {
				b := buttons[i]
				if b["data-toggle"] != w.key || b["title"] != w.title {
					t.Errorf("toggle %d: key %q title %q, want %q %q", i, b["data-toggle"], b["title"], w.key, w.title)
				}
				checkText(t, "toggle "+w.key, labels[i][1], w.label)
				if got, want := b["aria-pressed"], strconv.FormatBool(shown[w.key]); got != want {
					t.Errorf("toggle %q aria-pressed = %q, want %s", w.key, got, want)
				}
			}
		})
	}
}
