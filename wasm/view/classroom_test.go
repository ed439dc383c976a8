package view

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
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
			for _, m := range AttackMaps {
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

var (
	stepButtonRE = regexp.MustCompile(`<li><button type="button"([^>]*)><code>(.*?)</code> <span class="count">(\d+)</span></button></li>`)
	errorP1RE    = regexp.MustCompile(`<p><strong>Character (\d+):</strong> (.*?)</p>`)
	hexRE        = regexp.MustCompile(`<code part="readout" data-format="hex">(.*?)</code>`)
)

func TestPlaygroundEmpty(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	for _, src := range []string{"", "   ", "\t\n"} {
		status, result, failed := Playground(src, p, l, 0)
		if result != "" || failed {
			t.Errorf("Playground(%q) result = %q, failed = %v; want none, false", src, result, failed)
		}
		if !strings.Contains(status, `class="hint"`) {
			t.Errorf("Playground(%q) status %q is not a hint", src, status)
		}
		if strings.Contains(status, "<ol") || strings.Contains(status, `class="error"`) {
			t.Errorf("Playground(%q) shows steps or an error: %s", src, status)
		}
		// The example in the hint is escaped, and it works.
		if m := regexp.MustCompile(`<code>(.*?)</code>`).FindStringSubmatch(status); m == nil {
			t.Errorf("hint has no example")
		} else {
			checkText(t, "example", m[1], "(whitePawns << 8) & ~allOccupied")
		}
		checkTagBalance(t, status, "p", "code")
	}
}

func TestPlaygroundSteps(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	const src = "(whitePawns << 8) & ~allOccupied"
	x, err := expr.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := x.Steps(p)
	if err != nil {
		t.Fatal(err)
	}
	last := len(steps) - 1
	if steps[last].Text != src {
		t.Fatalf("core's last step is %q, not the whole expression", steps[last].Text)
	}
	tests := []struct {
		selected, want int
		hex            string // the card's hex readout, when known by hand
	}{
		{last, last, "0x0000000000ff0000"},
		{-1, last, "0x0000000000ff0000"},
		{len(steps), last, "0x0000000000ff0000"},
		{1000, last, "0x0000000000ff0000"},
		{0, 0, "0x000000000000ff00"}, // whitePawns
		{2, 2, ""},
	}
	for _, tt := range tests {
		t.Run("selected="+strconv.Itoa(tt.selected), func(t *testing.T) {
			status, result, failed := Playground(src, p, l, tt.selected)
			if failed {
				t.Errorf("Playground(%q) failed", src)
			}
			checkTagBalance(t, status, "ol", "li", "button", "code", "span")
			ms := stepButtonRE.FindAllStringSubmatch(status, -1)
			if len(ms) != len(steps) {
				t.Fatalf("%d step buttons, want %d: %s", len(ms), len(steps), status)
			}
			for i, m := range ms {
				a := parseAttrs(t, m[1])
				if a["data-step"] != strconv.Itoa(i) {
					t.Errorf("step %d data-step = %q", i, a["data-step"])
				}
				if got, want := a["aria-pressed"], strconv.FormatBool(i == tt.want); got != want {
					t.Errorf("step %d aria-pressed = %q, want %s", i, got, want)
				}
				checkText(t, "step "+strconv.Itoa(i), m[2], steps[i].Text)
				if m[3] != strconv.Itoa(steps[i].Value.Count()) {
					t.Errorf("step %d count %s, want %d", i, m[3], steps[i].Value.Count())
				}
			}
			checkText(t, "last step", ms[last][2], src)

			s := steps[tt.want]
			if want := Card(l, Shown{s.Text, s.Text, s.Value}, s.Value, false); result != want {
				t.Errorf("result is not the card of step %d (%q)", tt.want, s.Text)
			}
			secs := startTags(t, result, "section")
			if len(secs) != 1 || secs[0]["data-bitboard"] != s.Text {
				t.Errorf("result card %v, want data-bitboard %q", secs, s.Text)
			}
			hex := hexRE.FindStringSubmatch(result)
			if hex == nil || tt.hex != "" && hex[1] != tt.hex {
				t.Errorf("hex readout %v, want %s", hex, tt.hex)
			}
		})
	}
}

func TestPlaygroundErrors(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	long := strings.Repeat("é", 600) // 1200 bytes
	tests := []struct {
		name, src string
		offset    int    // data-error-offset, in characters
		mark      string // the marked text
	}{
		{"unknown name", "P & zzz", 4, "zzz"},
		{"non-ascii", "é & (P", 0, "é"},
		{"missing operand", "P &", 3, "\u00a0"},
		{"html in message", "P < N", 2, "<"},
		{"html in input", "P & <b>", 4, "<"},
		{"logical and", "P && N", 2, "&&"},
		// Byte 1000 is the fault; 500 two-byte characters come before it.
		{"too long", long, 500, strings.Repeat("é", 100)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, result, failed := Playground(tt.src, p, l, 0)
			if result != "" || !failed {
				t.Errorf("result %q, failed = %v; want none, true", result, failed)
			}
			_, err := expr.Parse(tt.src)
			xe, ok := err.(*expr.Error)
			if !ok {
				t.Fatalf("ParseExpr(%q) = %v, want an *ExprError", short(tt.src), err)
			}
			checkExprErrorPanel(t, status, tt.src, xe.Msg, tt.offset, tt.mark)
		})
	}
}

// TestExprErrorPanel builds errors by hand to put non-ASCII characters
// before the fault, which ParseExpr only does for an over-long input.
func TestExprErrorPanel(t *testing.T) {
	tests := []struct {
		name, src  string
		off, end   int // bytes
		msg        string
		offset     int // characters
		mark, want string
	}{
		{"after é", "é & zzz", 5, 8, "unknown name 'zzz'", 4, "zzz", "é & zzz"},
		{"after snowman", "☃☃ | <x>", 9, 12, `bad "<x>" & more`, 5, "<x>", "☃☃ | <x>"},
		{"empty span", "ü & P", 3, 3, "here", 2, "&", "ü & P"},
		{"at the end", "é &", 4, 4, "missing operand", 3, "\u00a0", "é &\u00a0"},
		{"on a space", "é P", 2, 2, "space", 1, "\u00a0", "é\u00a0P"},
		{"past the end", "ab", 7, 9, "clamped", 2, "\u00a0", "ab\u00a0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := exprErrorPanel(tt.src, &expr.Error{Input: tt.src, Offset: tt.off, End: tt.end, Msg: tt.msg})
			checkExprErrorPanel(t, out, tt.src, tt.msg, tt.offset, tt.mark)
			pre := fenPreR.FindStringSubmatch(out)
			if pre == nil || stripTags(pre[1]) != tt.want {
				t.Errorf("marked input %v, want to read %q", pre, tt.want)
			}
		})
	}
}

func checkExprErrorPanel(t *testing.T, out, src, msg string, offset int, mark string) {
	t.Helper()
	checkTagBalance(t, out, "div", "p", "pre", "mark", "strong")
	divs := startTags(t, out, "div")
	if len(divs) != 1 {
		t.Fatalf("%d divs, want 1: %s", len(divs), out)
	}
	if divs[0]["role"] != "alert" || divs[0]["class"] != "error" {
		t.Errorf("panel %v is not an error alert", divs[0])
	}
	if got := divs[0]["data-error-offset"]; got != strconv.Itoa(offset) {
		t.Errorf("data-error-offset = %q, want %d (characters)", got, offset)
	}
	if m := errorP1RE.FindStringSubmatch(out); m == nil {
		t.Errorf("no character and message paragraph in %s", short(out))
	} else {
		if m[1] != strconv.Itoa(offset+1) {
			t.Errorf("panel says character %s, want %d", m[1], offset+1)
		}
		checkText(t, "message", m[2], msg)
	}
	marks := markRE.FindAllStringSubmatch(out, -1)
	if len(marks) != 1 {
		t.Fatalf("%d marks, want 1", len(marks))
	}
	checkText(t, "mark", marks[0][1], mark)
	if pre := fenPreR.FindStringSubmatch(out); pre == nil {
		t.Errorf("no marked input")
	} else if shown := strings.ReplaceAll(stripTags(pre[1]), "\u00a0", " "); strings.TrimRight(shown, " ") != strings.TrimRight(src, " ") {
		t.Errorf("marked input reads %q, want %q", short(shown), short(src))
	}
	if !strings.Contains(out, "<pre") || !strings.Contains(out, `class="kept"`) {
		t.Errorf("panel lacks the marked input or the kept note")
	}
	// Nothing raw in the marked input: only the <mark> tags are markup.
	if pre := fenPreR.FindStringSubmatch(out); pre != nil {
		inner := strings.NewReplacer("<mark>", "", "</mark>", "").Replace(pre[1])
		if rest := entityRE.ReplaceAllString(inner, ""); strings.ContainsAny(rest, `<>&`) {
			t.Errorf("marked input %q is not escaped", short(inner))
		}
	}
}

func TestExprHelp(t *testing.T) {
	out := ExprHelp()
	// It scrolls: a named stop in the tab order (axe-core's scrollable-region-focusable).
	m := regexp.MustCompile(`(?s)^<pre class="help" tabindex="0" role="region" aria-label="Operators, names and functions">(.*)</pre>$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("help is not one named, focusable <pre class=\"help\">: %s", short(out))
	}
	checkText(t, "help", m[1], expr.Help)
	if !strings.Contains(m[1], "&lt;&lt;") {
		t.Errorf("help does not escape <<")
	}
	if html.UnescapeString(m[1]) != expr.Help {
		t.Errorf("help does not read as expr.Help")
	}
}

func TestShortcuts(t *testing.T) {
	keys := map[string]bool{}
	actions := map[string]bool{}
	for _, s := range Shortcuts {
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
			if got := ShortcutKey(pressed, ctrl, false, shift); got != k {
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
	for _, s := range Shortcuts {
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
	if len(ms) != len(Shortcuts) {
		t.Fatalf("help lists %d shortcuts, want %d", len(ms), len(Shortcuts))
	}
	for i, s := range Shortcuts {
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
