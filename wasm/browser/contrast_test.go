//go:build !(js && wasm)

package browser

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestThemeContrast checks that the text colours of web/view.css meet WCAG
// 2.1 AA (contrast ratio ≥ 4.5:1) on their backgrounds, in the light theme
// and in the dark one.
func TestThemeContrast(t *testing.T) {
	css, err := os.ReadFile(filepath.Join(repo, "web", "view.css"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(css)
	dark := strings.Index(text, "@media (prefers-color-scheme: dark)")
	if dark < 0 {
		t.Fatal("view.css has no dark theme")
	}
	themes := map[string]map[string]string{"light": vars(text[:dark]), "dark": vars(text[dark:])}
	for k, v := range themes["light"] { // the dark theme overrides some of the light one
		if _, ok := themes["dark"][k]; !ok {
			themes["dark"][k] = v
		}
	}
	pairs := [][2]string{{"fg", "bg"}, {"fg", "panel"}, {"muted", "bg"}, {"muted", "panel"}, {"muted", "bit-off"},
		{"bit-on-text", "bit-on"}, {"bit-off-text", "bit-off"}, {"accent", "panel"}, {"accent", "bg"},
		{"error", "panel"}, {"warn", "warn-bg"}}
	for name, v := range themes {
		for _, p := range pairs {
			fg, bg := v[p[0]], v[p[1]]
			if fg == "" || bg == "" {
				t.Errorf("%s theme: --bitview-%s or --bitview-%s missing", name, p[0], p[1])
				continue
			}
			if r := contrast(fg, bg); r < 4.5 {
				t.Errorf("%s theme: --bitview-%s %s on --bitview-%s %s has contrast %.2f, want ≥ 4.5", name, p[0], fg, p[1], bg, r)
			}
		}
	}
}

// vars returns the --bitview-* colours (#rrggbb) declared in css.
func vars(css string) map[string]string {
	m := map[string]string{}
	for _, g := range regexp.MustCompile(`--bitview-([a-z-]+):\s*(#[0-9a-fA-F]{6})\b`).FindAllStringSubmatch(css, -1) {
		m[g[1]] = g[2]
	}
	return m
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
