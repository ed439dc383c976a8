package png_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/bitview/bitview/wasm/figure"
	bvpng "github.com/bitview/bitview/wasm/figure/png"
)

// Golden images: figures as the bitview command and toPNG() draw them
// (figure.Resolve's SVG through Rasterize), at goldenScale, compared
// pixel by pixel with testdata/NAME.png. After a change that is meant to
// change them, write them again with
//
//	BITVIEW_UPDATE=1 go test ./wasm/figure/png/
//
// and look at them before committing. Text is drawn with the Go fonts
// compiled into the package (see Rasterize), so the images do not depend
// on the machine's fonts.
const goldenScale = 0.5

// The tolerance: a pixel differs when one of its channels is more than
// goldenLevels off, and an image matches when at most goldenShare of its
// pixels differ. Anti-aliased edges may move a little between machines
// and compilers: built with GOAMD64=v3 (fused multiply-adds), up to 15
// pixels of an image move by 1 level. TestGoldenTolerance checks that a
// piece, an arrow or a mark changed is caught.
const (
	goldenLevels = 8
	goldenShare  = 0.002
)

// The annotated position: 1.e4 e5 2.Nf3 Nc6.
const goldenFEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"

var goldens = []struct {
	name string
	o    figure.Options
}{
	// The twelve pieces and the coordinates, light theme.
	{"start-light", figure.Options{"grid": "false"}},
	// An arrow and a mark of each brush: green, red, yellow, blue.
	{"annotated", figure.Options{"fen": goldenFEN, "grid": "false",
		"arrows": "Gf1c4 Rd8h4 Yf3e5 Bb1c3", "marks": "Ge5 Rf7 Yd4 Bc6"}},
	// From Black's side, in the dark theme (the twelve pieces again):
	// the arrows, the marks and the coordinates turn with the board.
	{"flipped-dark", figure.Options{"fen": goldenFEN, "grid": "false", "orientation": "black",
		"theme": "dark", "arrows": "Gf1c4 Rc6d4", "marks": "Re5"}},
	// Grids with set bits, without a board.
	{"grids", figure.Options{"fen": goldenFEN, "board": "false", "show": "P,black"}},
	// A 16×8 layout in the dark theme: off-board cells.
	{"grid-0x88-dark", figure.Options{"fen": goldenFEN, "board": "false", "show": "N", "layout": "0x88", "theme": "dark"}},
}

// render draws a figure's PNG at goldenScale and decodes it.
func render(t *testing.T, o figure.Options) image.Image {
	t.Helper()
	f, err := figure.Resolve(o)
	if err != nil {
		t.Fatal(err)
	}
	data, err := bvpng.Rasterize(f.SVG(), goldenScale)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestGolden compares each figure with its golden image; with
// BITVIEW_UPDATE set, it writes them instead. On a mismatch it writes the
// image drawn and a diff (the pixels off in red over the golden, faded)
// to a folder in the system's temporary folder and names them.
func TestGolden(t *testing.T) {
	update := os.Getenv("BITVIEW_UPDATE") != ""
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			got := render(t, g.o)
			file := filepath.Join("testdata", g.name+".png")
			if update {
				writePNG(t, file, got)
				return
			}
			want := readPNG(t, file)
			if msg := compare(got, want); msg != "" {
				dir, err := os.MkdirTemp("", "bitview-png-"+g.name+"-")
				if err != nil {
					t.Fatal(err)
				}
				gotFile, diffFile := filepath.Join(dir, "got.png"), filepath.Join(dir, "diff.png")
				writePNG(t, gotFile, got)
				writePNG(t, diffFile, diff(got, want))
				t.Errorf("%s: %s; the image drawn is %s, the diff %s (BITVIEW_UPDATE=1 writes the goldens)", file, msg, gotFile, diffFile)
			}
		})
	}
}

// TestGoldenTolerance: the tolerance lets no real change through: one
// piece swapped for another (a queen on e1 for the king), a mark or an
// arrow left out, the other theme.
func TestGoldenTolerance(t *testing.T) {
	start, annotated := readPNG(t, "testdata/start-light.png"), readPNG(t, "testdata/annotated.png")
	for _, tc := range []struct {
		name string
		o    figure.Options
		want image.Image
	}{
		{"queen for the king", figure.Options{"grid": "false", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1"}, start},
		{"dark theme", figure.Options{"grid": "false", "theme": "dark"}, start},
		{"a mark left out", figure.Options{"fen": goldenFEN, "grid": "false",
			"arrows": "Gf1c4 Rd8h4 Yf3e5 Bb1c3", "marks": "Ge5 Rf7 Yd4"}, annotated},
		{"an arrow left out", figure.Options{"fen": goldenFEN, "grid": "false",
			"arrows": "Gf1c4 Rd8h4 Yf3e5", "marks": "Ge5 Rf7 Yd4 Bc6"}, annotated},
	} {
		if msg := compare(render(t, tc.o), tc.want); msg == "" {
			t.Errorf("%s: the figure matches the golden image", tc.name)
		} else {
			t.Logf("%s: %s", tc.name, msg)
		}
	}
}

// compare returns "" when got matches want within the tolerance, or
// what differs.
func compare(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("the image is %v, the golden %v", got.Bounds().Size(), want.Bounds().Size())
	}
	b := got.Bounds()
	off, worst := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if d := channelDiff(got.At(x, y), want.At(x, y)); d > goldenLevels {
				off++
				worst = max(worst, d)
			}
		}
	}
	if limit := int(goldenShare * float64(b.Dx()*b.Dy())); off > limit {
		return fmt.Sprintf("%d pixels differ by more than %d levels (at most %d may; the worst by %d)", off, goldenLevels, limit, worst)
	}
	return ""
}

// channelDiff is the largest difference of two colours' channels, in
// 8-bit levels of their non-premultiplied values.
func channelDiff(a, b color.Color) int {
	ca, cb := color.NRGBAModel.Convert(a).(color.NRGBA), color.NRGBAModel.Convert(b).(color.NRGBA)
	d := 0
	for _, p := range [][2]uint8{{ca.R, cb.R}, {ca.G, cb.G}, {ca.B, cb.B}, {ca.A, cb.A}} {
		d = max(d, abs(int(p[0])-int(p[1])))
	}
	return d
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// diff returns want faded, with the pixels of got off by more than the
// tolerance in red.
func diff(got, want image.Image) *image.NRGBA {
	b := want.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(want.At(x, y)).(color.NRGBA)
			fade := func(v uint8) uint8 { return uint8(191 + int(v)/4) }
			out.SetNRGBA(x, y, color.NRGBA{fade(c.R), fade(c.G), fade(c.B), 255})
			if channelDiff(got.At(x, y), want.At(x, y)) > goldenLevels {
				out.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
			}
		}
	}
	return out
}

func readPNG(t *testing.T, file string) image.Image {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (BITVIEW_UPDATE=1 go test ./wasm/figure/png/ writes the goldens)", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return img
}

// writePNG writes img as a PNG, compressed hard (an opaque image is
// written as RGB): the goldens are 10 to 15 KB each.
func writePNG(t *testing.T, file string, img image.Image) {
	t.Helper()
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, rgba); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
