package png_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/figure"
	bvpng "github.com/bitview/bitview/wasm/figure/png"
)

// decode rasterizes svg at scale and decodes the PNG.
func decode(t *testing.T, svg string, scale float64) image.Image {
	t.Helper()
	data, err := bvpng.Rasterize(svg, scale)
	if err != nil {
		t.Fatalf("Rasterize: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// ink returns the bounds of img's pixels that are not white, and how
// many there are.
func ink(img image.Image) (image.Rectangle, int) {
	var box image.Rectangle
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA); c != (color.NRGBA{255, 255, 255, 255}) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
				n++
			}
		}
	}
	return box, n
}

// textSVG is a 200×40 white figure with one text at (100, 20), 20 units
// high, in #cc0000, as view.SVG writes text.
func textSVG(family, anchor, text string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" font-family="system-ui, sans-serif">` +
		`<rect width="100%" height="100%" fill="#ffffff"/>` +
		`<text x="100" y="20" font-size="20" fill="#cc0000" text-anchor="` + anchor + `" dominant-baseline="central" font-family="` +
		family + `">` + text + `</text></svg>`
}

// TestText: what the PNG does with text. It draws it with the Go fonts
// compiled into the package, never the machine's: Go Mono when the
// font-family names the generic monospace, Go Regular for any other
// family (a machine font named in the SVG changes nothing); text-anchor
// start, middle and end put the text's start, middle or end at x; y is
// its middle (dominant-baseline central); the glyphs are the fill
// colour, and scale with the figure.
func TestText(t *testing.T) {
	const x, y = 100, 20
	for _, tc := range []struct {
		anchor string
		ok     func(box image.Rectangle) bool
	}{
		{"start", func(b image.Rectangle) bool { return b.Min.X >= x && b.Min.X <= x+3 }},
		{"middle", func(b image.Rectangle) bool { return math.Abs(float64(b.Min.X+b.Max.X)/2-x) <= 2 }},
		{"end", func(b image.Rectangle) bool { return b.Max.X <= x && b.Max.X >= x-3 }},
	} {
		box, n := ink(decode(t, textSVG("", tc.anchor, "MMMM"), 1))
		if n == 0 || !tc.ok(box) {
			t.Errorf("text-anchor %s at x = %d: the text's ink is %v", tc.anchor, x, box)
		}
		if mid := float64(box.Min.Y+box.Max.Y) / 2; math.Abs(mid-y) > 2 {
			t.Errorf("text-anchor %s: capitals from y = %d to %d, want them about y = %d", tc.anchor, box.Min.Y, box.Max.Y, y)
		}
	}

	regular := decode(t, textSVG("system-ui, sans-serif", "start", "MMMM"), 1)
	for _, family := range []string{"", "Times New Roman", "DejaVu Sans Mono"} {
		if img := decode(t, textSVG(family, "start", "MMMM"), 1); !bytes.Equal(img.(*image.RGBA).Pix, regular.(*image.RGBA).Pix) {
			t.Errorf("font-family %q draws other pixels than system-ui: only the generic monospace picks a font", family)
		}
	}
	width := func(family, s string) int {
		box, _ := ink(decode(t, textSVG(family, "start", s), 1))
		return box.Dx()
	}
	for _, tc := range []struct {
		family string
		mono   bool
	}{{"system-ui, sans-serif", false}, {"ui-monospace, monospace", true}} {
		narrow, wide := width(tc.family, "iiii"), width(tc.family, "MMMM")
		if r := float64(narrow) / float64(wide); tc.mono != (r > 0.7) {
			t.Errorf("font-family %q: iiii is %d px wide, MMMM %d: want the same advance only in the monospace font", tc.family, narrow, wide)
		}
	}

	img := decode(t, textSVG("", "start", "MMMM"), 1)
	box, _ := ink(img)
	fill := false
	for py := box.Min.Y; py < box.Max.Y; py++ {
		for px := box.Min.X; px < box.Max.X; px++ {
			fill = fill || color.NRGBAModel.Convert(img.At(px, py)) == color.NRGBA{0xcc, 0, 0, 255}
		}
	}
	if !fill {
		t.Error("no pixel of the text is its fill colour, #cc0000")
	}
	if big, _ := ink(decode(t, textSVG("", "start", "MMMM"), 2)); math.Abs(float64(big.Dx())-2*float64(box.Dx())) > 3 {
		t.Errorf("at scale 2 the text is %d px wide, at 1 %d: want twice", big.Dx(), box.Dx())
	}
	if _, n := ink(decode(t, strings.Replace(textSVG("", "start", "MMMM"), `fill="#cc0000"`, `fill="red"`, 1), 1)); n != 0 {
		t.Error(`a text with fill="red" is drawn: the PNG paints only #rgb, #rgba, #rrggbb and #rrggbbaa (ParseColor)`)
	}
}

// pieceSVG is a 40×40 figure with one <image> of the SVG document doc
// as a data: URL, as view.SVG draws the pieces.
func pieceSVG(doc string, size string) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="100%" height="100%" fill="#ffffff"/>` +
		`<image x="0" y="0" width="` + size + `" height="` + size + `" href="data:image/svg+xml;base64,` +
		base64.StdEncoding.EncodeToString([]byte(doc)) + `"/></svg>`
}

// TestImageArcs: an image's path data in the compact forms is drawn as
// written: a disc of radius 10 from two arcs whose flags run into the
// numbers (SVG 2, 9.3.9), another from arcs in exponents and implicit
// repeats, each about π·10² pixels at its place.
func TestImageArcs(t *testing.T) {
	for _, d := range []string{
		"M10 20a10 10 0 1020 0 10 10 0 10-20 0z",
		"M1e1 2e1A1e1 1E1 0 1 0 3e1 2e1 10 10 0 1 0 10 20Z",
	} {
		doc := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><path fill="#000" d="` + d + `"/></svg>`
		img := decode(t, pieceSVG(doc, "40"), 1)
		box, n := ink(img)
		if want := math.Pi * 100; math.Abs(float64(n)-want) > 0.1*want || box != image.Rect(10, 10, 30, 30) {
			t.Errorf("d=%q: %d pixels inked in %v; want a disc of about %.0f in (10,10)-(30,30)", d, n, box, want)
		}
		if c := color.GrayModel.Convert(img.At(20, 20)).(color.Gray); c.Y > 8 {
			t.Errorf("d=%q: the disc's centre is %v, want black", d, c)
		}
	}
}

// TestRasterizeErrors: what Rasterize refuses, with the error it gives;
// none panics or allocates beyond its limits.
func TestRasterizeErrors(t *testing.T) {
	piece := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><path d="M0 0 L40 40 L0 40z"/></svg>`
	for _, tc := range []struct {
		name, svg string
		scale     float64
		want      string
	}{
		{"scale 0", `<svg width="10" height="10"/>`, 0, "scale 0: use a number above 0 and at most 8"},
		{"scale negative", `<svg width="10" height="10"/>`, -1, "scale -1: use a number above 0 and at most 8"},
		{"scale NaN", `<svg width="10" height="10"/>`, math.NaN(), "scale NaN: use a number above 0 and at most 8"},
		{"scale over MaxScale", `<svg width="10" height="10"/>`, bvpng.MaxScale + 1, "scale 9: use a number above 0 and at most 8"},
		{"empty", ``, 1, "the document is empty"},
		{"not XML", `<svg width="10"`, 1, "the SVG does not parse: "},
		{"not an SVG", `<html/>`, 1, "the document is not an SVG"},
		{"no size", `<svg/>`, 1, "a PNG of 0×0 pixels is not made"},
		{"too large", `<svg width="10000" height="10000"/>`, 1, "a PNG of 10000×10000 pixels is not made"},
		{"too large to count", `<svg width="4294967296" height="4294967296"/>`, 1, "a PNG of 4294967296×4294967296 pixels is not made"},
		{"infinite", `<svg width="1e999" height="10"/>`, 1, "a PNG of +Inf×10 pixels is not made"},
		{"unknown element", `<svg width="10" height="10"><circle r="5"/></svg>`, 1, "<circle> is not drawn here"},
		{"image not a data: URL", `<svg width="10" height="10"><image width="5" height="5" href="p.svg"/></svg>`, 1, "an <image> that is not an SVG data: URL is not drawn here"},
		{"image not base64", `<svg width="10" height="10"><image width="5" height="5" href="data:image/svg+xml;base64,%%%"/></svg>`, 1, "an image's data: URL: "},
		{"image with bad path data", pieceSVG(`<svg viewBox="0 0 40 40"><path d="M0 0 z 1 2"/></svg>`, "40"), 1, `an image's SVG: path data, byte 7 ("1 2"): Z takes no numbers`},
		{"image without a viewBox", pieceSVG(`<svg><path d="M0 0 L1 1"/></svg>`, "40"), 1, "an image's SVG has no usable viewBox"},
		{"image with a huge viewBox", pieceSVG(`<svg viewBox="0 0 4294967296 4294967296"><path d="M0 0 L1 1"/></svg>`, "40"), 1, "an image's SVG has no usable viewBox"},
		{"image drawn too large", pieceSVG(piece, "1e9"), 1, "an image of 1000000000×1000000000 pixels at (0, 0) is not drawn"},
		{"image drawn too large to count", pieceSVG(piece, "4294967296"), 1, "an image of 4294967296×4294967296 pixels at (0, 0) is not drawn"},
		{"groups nested too deep", `<svg width="10" height="10">` + strings.Repeat(`<g opacity="0.5">`, 9) + strings.Repeat(`</g>`, 9) + `</svg>`, 1,
			"groups with an opacity nested more than 8 deep are not drawn"},
	} {
		data, err := bvpng.Rasterize(tc.svg, tc.scale)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: Rasterize = %d bytes, %v; want the error %q", tc.name, len(data), err, tc.want)
		}
	}
}

// A figure's SVG as view.SVG writes it, drawn at 2×: the PNG is the
// SVG's size times the scale.
func ExampleRasterize() {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20">` +
		`<rect width="100%" height="100%" fill="#ffffff"/>` +
		`<rect x="2" y="2" width="16" height="16" rx="3" fill="#0b6e4f"/>` +
		`<text x="40" y="10" font-size="13" fill="#1b1d21" text-anchor="middle" dominant-baseline="central">e4</text></svg>`
	data, err := bvpng.Rasterize(svg, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, _ := png.Decode(bytes.NewReader(data))
	fmt.Println(img.Bounds().Size(), img.At(20, 20))
	_, err = bvpng.Rasterize(svg, 10)
	fmt.Println(err)
	// Output:
	// (120,40) {11 110 79 255}
	// scale 10: use a number above 0 and at most 8
}

// rootSize finds the root's width and height attributes, for
// FuzzRasterize's guard.
var rootSize = regexp.MustCompile(`(?s)^\s*<svg[^>]*?\swidth="([^"]*)"[^>]*?\sheight="([^"]*)"`)

// FuzzRasterize: no document panics; one that draws is a PNG that
// decodes, at most 2^26 pixels. Seeded with a figure's SVG and the
// documents above. The target skips documents it cannot size or that
// would be over a megapixel, so that fuzzing stays fast (the limits
// themselves are TestRasterizeErrors').
func FuzzRasterize(f *testing.F) {
	fig, err := figure.Resolve(figure.Options{"fen": "8/8/8/3k4/8/8/4P3/4K3 w - - 0 1", "show": "P", "arrows": "Ge2e4", "marks": "Rd5", "labels": ""})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(fig.SVG(), 0.25)
	f.Add(textSVG("ui-monospace, monospace", "middle", "e4"), 1.0)
	f.Add(pieceSVG(`<svg viewBox="0 0 40 40"><path d="M10 20a10 10 0 1020 0 10 10 0 10-20 0z"/></svg>`, "40"), 0.5)
	f.Add(`<svg width="10" height="10"><g opacity="0.5" stroke="#f00" fill="#0f0"><line x1="0" y1="0" x2="10" y2="10" stroke-width="2"/>`+
		`<polygon points="0,0 10,0 5,5"/></g><rect x="1" y="1" width="4" height="4" rx="1" fill="#00f8" fill-opacity=".5"/></svg>`, 2.0)
	f.Fuzz(func(t *testing.T, svg string, scale float64) {
		m := rootSize.FindStringSubmatch(svg)
		if m == nil {
			return
		}
		w, errw := strconv.ParseFloat(strings.TrimSpace(m[1]), 64)
		h, errh := strconv.ParseFloat(strings.TrimSpace(m[2]), 64)
		if errw != nil || errh != nil || !(w*h*scale*scale <= 1<<20) || len(svg) > 1<<20 {
			return
		}
		data, err := bvpng.Rasterize(svg, scale)
		if err != nil {
			return
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("Rasterize wrote a PNG that does not decode: %v", err)
		}
		if b := img.Bounds(); b.Dx()*b.Dy() > 1<<26 || b.Empty() {
			t.Errorf("Rasterize drew %v", b)
		}
	})
}
