package view

import (
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/coretest"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/wasm/model"
)

var (
	stepButtonRE = regexp.MustCompile(`<li><button type="button"([^>]*)><code>(.*?)</code> <span class="count">(\d+)</span></button></li>`)
	errorP1RE    = regexp.MustCompile(`<p><strong>Character (\d+):</strong> (.*?)</p>`)
	hexRE        = regexp.MustCompile(`<code part="readout" data-format="hex">(.*?)</code>`)
)

func TestPlaygroundEmpty(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	l := mustLayout(t, "lerf")
	for _, src := range []string{"", "   ", "\t\n"} {
		status, result, failed := Playground(src, p, l, 0, nil)
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
			status, result, failed := Playground(src, p, l, tt.selected, nil)
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
			if want := card(l, model.Shown{Key: s.Text, Title: s.Text, Bits: s.Value}, s.Value, false, CardToggle(s.Text, false)); result != want {
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
			status, result, failed := Playground(tt.src, p, l, 0, nil)
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

// TestPlaygroundCardToggle: the result's button shows the result's
// expression among the cards (data-card, its text), pressed while the
// page's show list holds it; the card has no × (it is not a card of the
// list).
func TestPlaygroundCardToggle(t *testing.T) {
	p, l := coretest.MustPosition(t, core.StartFEN), coretest.MustLayout(t, "lerf")
	for _, shown := range [][]string{nil, {"P", "occupied"}, {"P", "P << 8"}} {
		_, result, _ := Playground("P << 8", p, l, -1, shown)
		want := `<button type="button" class="add-card" data-card="P &lt;&lt; 8" aria-pressed="` + strconv.FormatBool(slices.Contains(shown, "P << 8")) + `">Show as a card</button>`
		if !strings.Contains(result, want) || strings.Contains(result, `class="close"`) {
			t.Errorf("shown %q: the result's header %s, want %s and no ×", shown, result[:strings.Index(result, "</header>")], want)
		}
	}
}
