package figure

import (
	"reflect"
	"regexp"
	"strings"
	"sync"

	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/wasm/figure/png"
	"github.com/bitview/bitview/wasm/view"
	"github.com/bitview/bitview/web"
)

// themeProperties are view.Theme's fields, by the names the theme option
// and bitview.js's themeOf use (their js tags), each with the custom
// property of web/view.css it is read from (its css tag; THEME in
// web/bitview/export.js, which jsapi's tests hold to the same tags).
var themeProperties = func() []themeProperty {
	t := reflect.TypeOf(view.Theme{})
	out := make([]themeProperty, t.NumField())
	for i := range out {
		f := t.Field(i)
		out[i] = themeProperty{f.Tag.Get("js"), f.Tag.Get("css"), i}
	}
	return out
}()

// A themeProperty is one field of view.Theme: its js name, its custom
// property and its index.
type themeProperty struct {
	name, property string
	index          int
}

// field returns p's field of t.
func (p themeProperty) field(t *view.Theme) *string {
	return reflect.ValueOf(t).Elem().Field(p.index).Addr().Interface().(*string)
}

var (
	themesOnce  sync.Once
	light, dark view.Theme
)

// cssBlock matches the first ":root, :host { … }" block after a point.
var (
	cssBlock    = regexp.MustCompile(`(?s):root,\s*:host\s*\{(.*?)\}`)
	cssProperty = regexp.MustCompile(`(--bitview-[a-z-]+)\s*:\s*([^;]*);`)
	cssComment  = regexp.MustCompile(`(?s)/\*.*?\*/`)
)

// themes reads the light and dark themes from web/view.css: its first
// ":root, :host" block, and the same block inside
// "@media (prefers-color-scheme: dark)" over it, each value as
// getComputedStyle gives it to the element (trimmed).
func themes() (view.Theme, view.Theme) {
	themesOnce.Do(func() {
		css := cssComment.ReplaceAllString(web.ViewCSS(), "")
		read := func(block string, t *view.Theme) {
			for _, m := range cssProperty.FindAllStringSubmatch(block, -1) {
				for _, p := range themeProperties {
					if p.property == m[1] {
						*p.field(t) = strings.TrimSpace(m[2])
					}
				}
			}
		}
		if m := cssBlock.FindStringSubmatch(css); m != nil {
			read(m[1], &light)
		}
		dark = light
		if i := strings.Index(css, "prefers-color-scheme: dark"); i >= 0 {
			if m := cssBlock.FindStringSubmatch(css[i:]); m != nil {
				read(m[1], &dark)
			}
		}
	})
	return light, dark
}

// ParseTheme reads the theme option: "" or "light" is the light theme of
// web/view.css (what an element shows by default), "dark" its dark theme
// (prefers-color-scheme: dark), and either may be followed by
// comma-separated name=value pairs that replace single colours or fonts,
// "light,bitOn=#1d4ed8,background=#fffdf5"; a list of pairs alone starts
// from light. The names are view.Theme's (light, dark, bitOn, bitOnText,
// bitOff, bitOffText, offBoard, text, muted, background); colours are
// #rgb, #rrggbb or #rrggbbaa. The fonts are view.css's (font and mono are
// refused: the PNG is drawn with the Go fonts whatever the SVG names).
func ParseTheme(s string) (view.Theme, error) {
	l, d := themes()
	t := l
	at := 0
	for i, item := range strings.Split(s, ",") {
		start := at
		at += len(item) + 1
		name, value, pair := strings.Cut(strings.TrimSpace(item), "=")
		name = strings.TrimSpace(name)
		if !pair {
			switch {
			case i == 0 && (name == "" || name == "light"):
				continue
			case i == 0 && name == "dark":
				t = d
				continue
			case name == "":
				continue
			}
			return view.Theme{}, &Error{Option: "theme", Value: s, Offset: start + strings.Index(item, name),
				Msg: excerpt.Quote(name) + ` is not light, dark or name=value`}
		}
		value = strings.TrimSpace(value)
		var field *string
		for _, p := range themeProperties {
			if p.name == name {
				field = p.field(&t)
			}
		}
		if field == nil {
			names := make([]string, len(themeProperties))
			for i, p := range themeProperties {
				names[i] = p.name
			}
			return view.Theme{}, &Error{Option: "theme", Value: s, Offset: start + strings.Index(item, name),
				Msg: `unknown name "` + name + `"; the names are ` + strings.Join(names, ", ")}
		}
		if name == "font" || name == "mono" {
			return view.Theme{}, &Error{Option: "theme", Value: s, Offset: start + strings.Index(item, name),
				Msg: "fonts are not set here: the PNG uses the Go fonts, and an SVG's fonts follow web/view.css"}
		}
		if _, ok := png.ParseColor(value); !ok {
			eq := strings.Index(item, "=") + 1
			off := start + eq + len(item[eq:]) - len(strings.TrimLeft(item[eq:], " \t"))
			return view.Theme{}, &Error{Option: "theme", Value: s, Offset: off,
				Msg: name + " must be a colour: #rgb, #rrggbb or #rrggbbaa"}
		}
		*field = value
	}
	return t, nil
}
