package view

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestPalette(t *testing.T) {
	tools := []string{"", "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k", "x"}
	for _, tool := range append(tools, "z", "select") {
		t.Run("tool="+tool, func(t *testing.T) {
			out := Palette(tool)
			checkTagBalance(t, out, "div", "button")
			buttons := startTags(t, out, "button")
			if len(buttons) != 14 {
				t.Fatalf("%d tools, want 14 (select, 12 pieces, eraser)", len(buttons))
			}
			pressed := 0
			for i, b := range buttons {
				if b["data-tool"] != tools[i] {
					t.Errorf("tool %d is %q, want %q", i, b["data-tool"], tools[i])
				}
				want := "false"
				if tools[i] == tool {
					want = "true"
					pressed++
				}
				if b["aria-pressed"] != want {
					t.Errorf("tool %q aria-pressed = %q, want %s", tools[i], b["aria-pressed"], want)
				}
				if b["aria-label"] == "" || b["title"] != b["aria-label"] {
					t.Errorf("tool %q: title %q, aria-label %q", tools[i], b["title"], b["aria-label"])
				}
			}
			known := tool != "z" && tool != "select"
			if known && pressed != 1 || !known && pressed != 0 {
				t.Errorf("%d tools pressed for %q", pressed, tool)
			}
			// Each piece tool shows that piece's image and names it.
			for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
				b := buttons[1+pc.Index()]
				if want := "Put a " + pc.Color().String() + " " + strings.ToLower(pc.Type().String()); b["aria-label"] != want {
					t.Errorf("tool %q labelled %q, want %q", tools[1+pc.Index()], b["aria-label"], want)
				}
			}
			if imgs := startTags(t, out, "img"); len(imgs) != 12 {
				t.Errorf("%d images, want 12", len(imgs))
			} else {
				for pc := core.WhitePawn; pc <= core.BlackKing; pc++ {
					if imgs[pc.Index()]["src"] != pieceImagePath(pc) {
						t.Errorf("image %d = %q, want %q", pc.Index(), imgs[pc.Index()]["src"], pieceImagePath(pc))
					}
				}
			}
		})
	}
}

func TestStateControls(t *testing.T) {
	var eps []string
	for _, r := range "36" {
		for f := 'a'; f <= 'h'; f++ {
			eps = append(eps, string(f)+string(r))
		}
	}
	tests := []struct {
		name, fen string
		side      string // the checked radio
		castling  string // the checked boxes, in KQkq order
		ep        string // the selected option's value
	}{
		{"start", core.StartFEN, "w", "KQkq", "-"},
		{"kiwipete", kiwipeteFEN, "w", "KQkq", "-"},
		{"after e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "b", "KQkq", "e3"},
		{"after d5 and Kq", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 2", "w", "Kq", "d6"},
		{"black, kingside only", "r3k2r/8/8/8/8/8/8/R3K2R b Kk - 0 1", "b", "Kk", "-"},
		{"no castling", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "b", "", "-"},
		{"queenside only", "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 0 1", "w", "Qq", "-"},
		{"a6", "4k3/8/8/pP6/8/8/8/4K3 w - a6 0 1", "w", "", "a6"},
		{"h3", "4k3/8/8/8/6pP/8/8/4K3 b - h3 0 1", "b", "", "h3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.fen)
			out := StateControls(p)
			checkTagBalance(t, out, "fieldset", "label", "legend", "select", "option")

			var checkedSide []string
			var radios []string
			var castles, checkedCastles string
			for _, in := range startTags(t, out, "input") {
				switch in["type"] {
				case "radio":
					if in["name"] != "side" {
						t.Errorf("radio named %q, want side", in["name"])
					}
					radios = append(radios, in["value"])
					if _, ok := in["checked"]; ok {
						checkedSide = append(checkedSide, in["value"])
					}
				case "checkbox":
					castles += in["data-castle"]
					if _, ok := in["checked"]; ok {
						checkedCastles += in["data-castle"]
					}
				case "number":
					if in["id"] != "sp960" || in["min"] != "0" || in["max"] != "959" {
						t.Errorf("number field %v, want #sp960, 0 to 959", in)
					}
				default:
					t.Errorf("unexpected input %v", in)
				}
			}
			if strings.Join(radios, "") != "wb" {
				t.Errorf("side radios %v, want w and b", radios)
			}
			if len(checkedSide) != 1 || checkedSide[0] != tt.side {
				t.Errorf("checked side %v, want [%s]", checkedSide, tt.side)
			}
			if castles != "KQkq" {
				t.Errorf("castling boxes %q, want KQkq", castles)
			}
			if checkedCastles != tt.castling {
				t.Errorf("checked castling %q, want %q", checkedCastles, tt.castling)
			}

			opts := startTags(t, out, "option")
			if len(opts) != 17 {
				t.Fatalf("%d en passant options, want 17", len(opts))
			}
			var selected []string
			for i, o := range opts {
				want := "-"
				if i > 0 {
					want = eps[i-1]
				}
				if o["value"] != want {
					t.Errorf("option %d = %q, want %q", i, o["value"], want)
				}
				if _, ok := o["selected"]; ok {
					selected = append(selected, o["value"])
				}
			}
			if m := regexp.MustCompile(`<option value="-"[^>]*>(.*?)</option>`).FindStringSubmatch(out); m == nil || m[1] != "–" {
				t.Errorf("no option reading – for no en passant square: %v", m)
			}
			// "-" is selected only implicitly (first option) when there is
			// no en passant square.
			switch {
			case tt.ep == "-" && len(selected) != 0:
				t.Errorf("selected %v, want none (the – option)", selected)
			case tt.ep != "-" && (len(selected) != 1 || selected[0] != tt.ep):
				t.Errorf("selected %v, want [%s]", selected, tt.ep)
			}
		})
	}
}

// TestStateControlsChess960: in a Chess960 position each right names its
// rook's square, and a select picks among the rooks on its side of the
// king; a standard position shows neither.
func TestStateControlsChess960(t *testing.T) {
	tests := []struct {
		name, fen string
		rooks     []string          // the squares written beside K, Q, k, q
		selects   map[string]string // letter → the options, selected one in brackets
	}{
		{"standard", core.StartFEN, nil, nil},
		{"a start position", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", []string{"h1", "f1", "h8", "f8"}, nil},
		{"an inner rook held, another outside it", "r2rk2r/8/8/8/8/8/8/R2RK2R w KDkd - 0 1", []string{"h1", "h8"},
			map[string]string{"Q": "a1 [d1]", "q": "a8 [d8]"}},
		{"white has no rights: Q would name the outermost rook", "r2rk2r/8/8/8/8/8/8/R2RK2R w d - 0 1", []string{"h1", "h8"},
			map[string]string{"Q": "[a1] d1", "q": "a8 [d8]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := StateControls(mustParse(t, tt.fen))
			checkTagBalance(t, out, "fieldset", "label", "legend", "select", "option", "span")
			var rooks []string
			for _, m := range regexp.MustCompile(`<span class="castle-rook">(\w+)</span>`).FindAllStringSubmatch(out, -1) {
				rooks = append(rooks, m[1])
			}
			if strings.Join(rooks, " ") != strings.Join(tt.rooks, " ") {
				t.Errorf("rook squares %v, want %v", rooks, tt.rooks)
			}
			selects := map[string]string{}
			for _, m := range regexp.MustCompile(`<select data-castle-rook="(\w)"[^>]*>(.*?)</select>`).FindAllStringSubmatch(out, -1) {
				var opts []string
				for _, o := range regexp.MustCompile(`<option value="(\w)"( selected)?>(\w+)</option>`).FindAllStringSubmatch(m[2], -1) {
					if o[1] != o[3][:1] {
						t.Errorf("option %q has value %q", o[3], o[1])
					}
					if o[2] != "" {
						o[3] = "[" + o[3] + "]"
					}
					opts = append(opts, o[3])
				}
				selects[m[1]] = strings.Join(opts, " ")
			}
			if len(selects) != len(tt.selects) {
				t.Errorf("selects %v, want %v", selects, tt.selects)
			}
			for k, v := range tt.selects {
				if selects[k] != v {
					t.Errorf("select %s: %q, want %q", k, selects[k], v)
				}
			}
		})
	}
}
