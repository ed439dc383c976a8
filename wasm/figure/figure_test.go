package figure

import (
	"bytes"
	"errors"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

// TestResolveErrors: bad input names the option, the field and the
// character.
func TestResolveErrors(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}, `fen: field 2 (active color), character 45 'x': `},
		{Options{"fen": "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, `fen: field 1 (piece placement), character 14 'X': `},
		{Options{"show": "P, (P << 8) & emty"}, `show: character 15 'e': "(P << 8) & emty": unknown name 'emty'`},
		{Options{"show": "P,nothing"}, `show: character 3 'n': `},
		{Options{"layout": "lerff"}, `layout: unknown layout "lerff"`},
		{Options{"arrows": "Ge2e4 Xd7d5"}, `arrows: character 7 'X': the colour must be`},
		{Options{"marks": "Gd4,Ye9"}, `marks: character 5 'Y': "e9" is not a square`},
		{Options{"orientation": "up"}, `orientation: "up": use white or black`},
		{Options{"grids": "loose"}, `grids: "loose": use fixed`},
		{Options{"board": "maybe"}, `board: use true or false`},
		{Options{"values": "bin"}, `values: use all, hex or none`},
		{Options{"theme": "light,bitOn=#12345"}, `theme: character 13 '#': bitOn must be a colour`},
		{Options{"theme": "sepia"}, `theme: character 1 's': "sepia" is not light, dark or name=value`},
		{Options{"theme": "dark,fg=#fff"}, `theme: character 6 'f': unknown name "fg"`},
		{Options{"flip": "1"}, `flip: unknown option`},
		{Options{"layout": strings.Repeat("x", 65)}, `layout: layout is 65 bytes; the limit is 64`},
		{Options{"show": strings.Repeat("P,", 2049)}, `show: show is 4,098 bytes; the limit is 4,096`},
	} {
		_, err := Resolve(tc.o)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Resolve(%.60v) = %v, want an error starting %q", tc.o, err, tc.want)
		}
	}
	_, err := Resolve(Options{"fen": "8/8/8/8/8/8/8/8 x - - 0 1"})
	var fe *core.FENError
	if !errors.As(err, &fe) || fe.Field != 2 {
		t.Errorf("Resolve's FEN error %v does not wrap core.FENError", err)
	}
}

// TestResolveDefaults: the element's defaults and the boolean spellings
// it reads.
func TestResolveDefaults(t *testing.T) {
	f, err := Resolve(Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := f.Embed
	if !e.Board || e.Flipped || e.Labels || len(e.Shown) != 0 || e.Layout.ID != "lerf" || e.Pos.FEN() != core.StartFEN {
		t.Errorf("Resolve({}) = board %v flipped %v labels %v shown %d layout %s fen %s", e.Board, e.Flipped, e.Labels, len(e.Shown), e.Layout.ID, e.Pos.FEN())
	}
	for _, v := range []string{"false", "0", "off", "NO", " False "} {
		if f, err := Resolve(Options{"board": v, "show": "P"}); err != nil || f.Embed.Board {
			t.Errorf("board=%q: board %v, %v", v, f != nil && f.Embed.Board, err)
		}
	}
	if f, _ := Resolve(Options{"labels": "", "orientation": "black", "grid": "false", "show": "P"}); !f.Embed.Labels || !f.Embed.Flipped || len(f.Embed.Shown) != 0 {
		t.Errorf("labels, orientation=black, grid=false: %+v", f.Embed)
	}
}

// TestThemes: light and dark come from web/view.css as the element's
// getComputedStyle gives them; pairs replace single colours. The mono
// font list names the generic monospace family, by which package png
// picks Go Mono for the figure's monospaced text.
func TestThemes(t *testing.T) {
	l, err := ParseTheme("")
	if err != nil || l.Light != "#eed9b6" || l.Background != "#ffffff" || !strings.HasPrefix(l.Mono, "ui-monospace") {
		t.Errorf(`ParseTheme("") = %+v, %v`, l, err)
	}
	if !strings.HasSuffix(l.Mono, ", monospace") {
		t.Errorf("the mono font list %q does not end with the generic monospace: package png would draw its text in Go Regular", l.Mono)
	}
	d, err := ParseTheme("dark")
	if err != nil || d.Light != "#c9b48f" || d.Background != "#1c1f24" || d.Mono != l.Mono {
		t.Errorf(`ParseTheme("dark") = %+v, %v`, d, err)
	}
	c, err := ParseTheme("dark, bitOn=#123, background=#000000ff")
	if err != nil || c.BitOn != "#123" || c.Background != "#000000ff" || c.Light != d.Light {
		t.Errorf("ParseTheme(pairs) = %+v, %v", c, err)
	}
}

// TestPNG: the PNG is the SVG's size times the scale, and a scale out of
// range is refused.
func TestPNG(t *testing.T) {
	f, err := Resolve(Options{"show": "P", "arrows": "Ge2e4", "marks": "Rd4"})
	if err != nil {
		t.Fatal(err)
	}
	for _, scale := range []float64{1, 2, 1.5} {
		data, err := f.PNG(scale)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		svg := f.SVG()
		var w, h float64
		if _, err := fmtSscan(svg, &w, &h); err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != int(w*scale+0.5) || got.Y != int(h*scale+0.5) {
			t.Errorf("PNG(%v) is %v, want %v×%v", scale, got, w*scale, h*scale)
		}
	}
	for _, scale := range []float64{0, -1, 9} {
		if _, err := f.PNG(scale); err == nil {
			t.Errorf("PNG(%v) succeeded", scale)
		}
	}
}

// fmtSscan reads the width and height attributes of an SVG document.
func fmtSscan(svg string, w, h *float64) (int, error) {
	_, rest, _ := strings.Cut(svg, `width="`)
	ws, rest, _ := strings.Cut(rest, `"`)
	_, rest, _ = strings.Cut(rest, `height="`)
	hs, _, _ := strings.Cut(rest, `"`)
	*w, _ = strconv.ParseFloat(ws, 64)
	*h, _ = strconv.ParseFloat(hs, 64)
	if *w == 0 || *h == 0 {
		return 0, errors.New("no size")
	}
	return 2, nil
}

// TestDescribe: a figure's alt text names the position, the side at the
// bottom, its arrows and marks, and each bitboard with its value and
// squares (their count beyond eight).
func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{"fen": "8/8/8/8/4P3/8/8/8 w - - 0 1", "show": "P", "board": "false"}, "Bitboards in LERF (a1 = 0): P (WhitePawns) 0x0000000010000000, 1 square: e4."},
		{Options{"show": "occupied", "orientation": "black", "arrows": "Ge2e4", "marks": "Rd4", "layout": "0x88"},
			"Chess position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, Black at the bottom; arrows Ge2e4; marked squares Rd4. " +
				"Bitboards in 0x88 (a1 = 0, h8 = 119): occupied 0x00ff00ff000000000000000000ff00ff, 32 squares."},
		{Options{"grid": "false"}, "Chess position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, White at the bottom."},
	} {
		f, err := Resolve(tc.o)
		if err != nil {
			t.Fatal(err)
		}
		if got := Describe(f); got != tc.want {
			t.Errorf("Describe(%v) =\n%q, want\n%q", tc.o, got, tc.want)
		}
	}
}
