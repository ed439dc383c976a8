//go:build !(js && wasm)

package browser

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestThemeContrast checks that every text colour of web/view.css, of
// presentation mode (web/style.css's .present colours) and of
// web/tutorial.css meets WCAG 2.1 AA (contrast ratio ≥ 4.5:1, §1.4.3) on
// each background it is drawn on, in the light theme and in the dark one;
// a faded or tinted colour is blended as the browser draws it. axe-core
// (TestA11y*) leaves out text of one character (a bit's digit, an
// off-board slot's dot) and generated content, which these pairs hold.
func TestThemeContrast(t *testing.T) {
	parallel(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(repo, "web", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// split returns the colours of css before and inside its dark theme,
	// the dark one with the light one's colours it does not override.
	split := func(what, css, darkAt string, names *regexp.Regexp) (light, dark map[string]string) {
		i := strings.Index(css, darkAt)
		if i < 0 {
			t.Fatalf("%s has no dark theme (%q)", what, darkAt)
		}
		light, dark = colours(names, css[:i]), colours(names, css[i:])
		for k, v := range light {
			if _, ok := dark[k]; !ok {
				dark[k] = v
			}
		}
		return light, dark
	}
	viewLight, viewDark := split("view.css", read("view.css"), "@media (prefers-color-scheme: dark)", bitviewVar)
	style := read("style.css")
	i := strings.Index(style, ".present { --bitview-")
	if i < 0 {
		t.Fatal("style.css has no presentation colours (.present { --bitview-… })")
	}
	j := strings.Index(style[i:], "html.present") // the presentation colours end where its sizes start
	if j < 0 {
		t.Fatal("style.css: no html.present after the presentation colours")
	}
	presentLight, presentDark := split("style.css", style[i:i+j], "@media (prefers-color-scheme: dark)", bitviewVar)
	over := func(base, top map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range top {
			m[k] = v
		}
		return m
	}
	themes := []struct {
		name string
		v    map[string]string
	}{{"light", viewLight}, {"dark", viewDark}, {"presentation, light", over(viewLight, presentLight)}, {"presentation, dark", over(viewDark, presentDark)}}
	type pair struct {
		what   string
		fg, bg func(v map[string]string) string
	}
	is := func(name string) func(map[string]string) string {
		return func(v map[string]string) string { return v[name] }
	}
	lit := func(hex string) func(map[string]string) string { return func(map[string]string) string { return hex } }
	// faded is the colour name drawn at opacity a over bg.
	faded := func(name string, a float64, bg func(map[string]string) string) func(map[string]string) string {
		return func(v map[string]string) string { return blend(v[name], bg(v), a) }
	}
	// offBoard is each colour of the off-board slots' stripes.
	offBoard := func(k int) func(map[string]string) string {
		return func(v map[string]string) string {
			cs := regexp.MustCompile(`#[0-9a-fA-F]{6}`).FindAllString(v["off-board"], -1)
			if k < len(cs) {
				return cs[k]
			}
			return ""
		}
	}
	pairs := []pair{
		{"text", is("fg"), is("bg")}, {"text on a panel", is("fg"), is("panel")},
		{"secondary text", is("muted"), is("bg")}, {"secondary text on a panel", is("muted"), is("panel")},
		{"links", is("accent"), is("panel")}, {"links on the page", is("accent"), is("bg")},
		{"errors", is("error"), is("panel")}, {"errors on the page", is("error"), is("bg")},
		{"warnings", is("warn"), is("warn-bg")},
		{"a set bit's digit and index", is("bit-on-text"), is("bit-on")},
		{"a clear bit's digit and index", is("bit-off-text"), is("bit-off")},
		{"a clear bit's muted text", is("muted"), is("bit-off")},
		{"an off-board slot's dot and index", is("muted"), offBoard(0)}, {"an off-board slot, second stripe", is("muted"), offBoard(1)},
		{"a bit dropped off the board (shift demo)", is("error"), offBoard(0)}, {"a dropped bit, second stripe", is("error"), offBoard(1)},
		{"an off-board slot in a figure", is("muted"), is("off-board-flat")},
		{"a pressed switch", is("bit-on-text"), is("bit-on")},
		{"a pressed action, the current move or step", is("panel"), is("accent")},
		{"the square pointed at, in a readout", is("on-hover"), is("hover")},
		{"a character marked in error, a bit that wrapped", is("on-error"), is("error")},
		{"an extra bit of a dump (stripe 1)", lit("#ffffff"), lit("#b42318")}, {"an extra bit of a dump (stripe 2)", lit("#ffffff"), lit("#8c1a12")},
		{"a verdict that agrees", is("bit-on"), is("panel")},
		{"a bit waiting to move (shift demo)", is("fg"), func(v map[string]string) string { return blend(v["bit-on"], v["bit-off"], 0.35) }},
		{"a perft step's depth", faded("fg", 0.8, is("panel")), is("panel")},
		{"the current perft step's depth", faded("panel", 0.8, is("accent")), is("accent")},
		{"a missing move", is("error"), func(v map[string]string) string { return blend(v["error"], v["panel"], 0.18) }},
		{"a missing move's row", is("fg"), func(v map[string]string) string { return blend(v["error"], v["panel"], 0.18) }},
		{"an extra move's row", is("fg"), func(v map[string]string) string { return blend(v["brush-blue"], v["panel"], 0.18) }},
		{"a wrong count", is("warn"), func(v map[string]string) string { return blend(v["hover"], v["panel"], 0.28) }},
		{"a wrong count's row", is("fg"), func(v map[string]string) string { return blend(v["hover"], v["panel"], 0.28) }},
		{"a board index on a light square", lit("#1b1d21"), func(v map[string]string) string { return blend("#ffffff", v["light"], 0.78) }},
		{"a board index on a dark square", lit("#1b1d21"), func(v map[string]string) string { return blend("#ffffff", v["dark"], 0.78) }},
	}
	for _, th := range themes {
		for _, p := range pairs {
			fg, bg := p.fg(th.v), p.bg(th.v)
			if fg == "" || bg == "" {
				t.Errorf("%s theme, %s: a colour is missing (%q on %q)", th.name, p.what, fg, bg)
				continue
			}
			if r := contrast(fg, bg); r < 4.5 {
				t.Errorf("%s theme, %s: %s on %s has contrast %.2f, want ≥ 4.5", th.name, p.what, fg, bg, r)
			}
		}
	}
	tutLight, tutDark := split("tutorial.css", read("tutorial.css"), "@media (prefers-color-scheme: dark)", regexp.MustCompile(`--([a-z]+):\s*(#[0-9a-fA-F]{6})\b`))
	for name, v := range map[string]map[string]string{"tutorial, light": tutLight, "tutorial, dark": tutDark} {
		for _, p := range [][2]string{{"fg", "bg"}, {"muted", "bg"}, {"accent", "bg"}, {"fg", "code"}, {"muted", "code"}} {
			if r := contrast(v[p[0]], v[p[1]]); v[p[0]] == "" || v[p[1]] == "" || r < 4.5 {
				t.Errorf("%s: --%s %s on --%s %s has contrast %.2f, want ≥ 4.5", name, p[0], v[p[0]], p[1], v[p[1]], r)
			}
		}
	}
}

// bitviewVar matches a --bitview-* colour declaration (#rrggbb, or a
// gradient's first declaration on its line).
var bitviewVar = regexp.MustCompile(`--bitview-([a-z-]+):\s*([^;]*#[0-9a-fA-F]{6}[^;]*);`)

// colours returns the colours names declares in css, by name: the value
// when it is one #rrggbb, the whole value otherwise (a gradient).
func colours(names *regexp.Regexp, css string) map[string]string {
	m := map[string]string{}
	for _, g := range names.FindAllStringSubmatch(css, -1) {
		m[g[1]] = strings.TrimSpace(g[2])
	}
	return m
}

// blend returns the colour of fg drawn at opacity a over bg (#rrggbb).
func blend(fg, bg string, a float64) string {
	out := "#"
	for i := 1; i < 7; i += 2 {
		f, _ := strconv.ParseUint(fg[i:i+2], 16, 8)
		b, _ := strconv.ParseUint(bg[i:i+2], 16, 8)
		out += fmt.Sprintf("%02x", int(math.Round(float64(f)*a+float64(b)*(1-a))))
	}
	return out
}

// contrast returns the WCAG contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// luminance returns the WCAG relative luminance of a #rrggbb colour.
func luminance(hex string) float64 {
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		c, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		s := float64(c) / 255
		if s <= 0.03928 {
			s /= 12.92
		} else {
			s = math.Pow((s+0.055)/1.055, 2.4)
		}
		l += w * s
	}
	return l
}
