package png

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// MaxScale bounds the PNG's scale: a figure is at most a few thousand
// units wide, and 8× a 1,000-unit figure is 64 megapixels already.
const MaxScale = 8

// maxPixels bounds the pixels of a PNG, and of an image drawn in it:
// 2^26, 256 MiB as RGBA.
const maxPixels = 1 << 26

// maxLayers bounds how deep groups with an opacity nest (view.SVG's,
// one per arrow, are one deep): each is drawn on a layer the PNG's size.
const maxLayers = 8

// ftoa writes a size or a position in an error.
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Rasterize draws an SVG document that view.SVG wrote (rectangles,
// rounded or not; text; images that are data: URLs of SVG documents;
// lines and polygons in groups with stroke, fill and opacity) as a PNG at
// scale ×. It is no general SVG renderer: other elements are an error,
// and so are a PNG over 2^26 pixels, an image drawn over that, and groups
// with an opacity nested more than 8 deep.
// Text is drawn with the Go fonts (golang.org/x/image/font/gofont): Go
// Mono where the text's font-family is view.css's monospace list, Go
// Regular elsewhere; the browser draws its own system fonts, so the
// glyphs differ a little while their places and sizes agree.
func Rasterize(svg string, scale float64) ([]byte, error) {
	if !(scale > 0 && scale <= MaxScale) {
		return nil, fmt.Errorf("scale %v: use a number above 0 and at most %d", scale, MaxScale)
	}
	r := &rasterizer{scale: scale}
	if err := r.run(svg); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, r.img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// A rasterizer walks the SVG's elements, drawing each onto img; groups
// with an opacity are drawn on a layer of their own and composited.
type rasterizer struct {
	scale  float64
	img    *image.RGBA
	stack  []group
	layers []*image.RGBA
}

// A group is the presentation attributes a <g> passes down.
type group struct {
	fill, stroke string
	opacity      float64
	layer        bool
}

func attrs(se xml.StartElement) map[string]string {
	m := make(map[string]string, len(se.Attr))
	for _, a := range se.Attr {
		m[a.Name.Local] = a.Value
	}
	return m
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f
}

func (r *rasterizer) target() *image.RGBA {
	if n := len(r.layers); n > 0 {
		return r.layers[n-1]
	}
	return r.img
}

func (r *rasterizer) run(svg string) error {
	d := xml.NewDecoder(strings.NewReader(svg))
	var text *map[string]string
	var content strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("the SVG does not parse: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			a := attrs(t)
			if r.img == nil {
				if t.Name.Local != "svg" {
					return errors.New("the document is not an SVG")
				}
				w, h := math.Round(num(a["width"])*r.scale), math.Round(num(a["height"])*r.scale)
				if !(w >= 1 && h >= 1 && w*h <= maxPixels) {
					return fmt.Errorf("a PNG of %s×%s pixels is not made", ftoa(w), ftoa(h))
				}
				r.img = image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
				r.stack = []group{{fill: "#000", opacity: 1}}
				continue
			}
			switch t.Name.Local {
			case "g":
				g := r.stack[len(r.stack)-1]
				g.layer = false
				if v, ok := a["fill"]; ok {
					g.fill = v
				}
				if v, ok := a["stroke"]; ok {
					g.stroke = v
				}
				if v, ok := a["opacity"]; ok {
					if len(r.layers) == maxLayers {
						return fmt.Errorf("groups with an opacity nested more than %d deep are not drawn", maxLayers)
					}
					g.opacity, g.layer = num(v), true
					b := r.img.Bounds()
					r.layers = append(r.layers, image.NewRGBA(b))
				}
				r.stack = append(r.stack, g)
			case "rect":
				r.rect(a)
			case "text":
				text = &a
				content.Reset()
			case "image":
				if err := r.image(a); err != nil {
					return err
				}
			case "line":
				r.line(a)
			case "polygon":
				r.polygon(a)
			default:
				return fmt.Errorf("<%s> is not drawn here", t.Name.Local)
			}
		case xml.CharData:
			if text != nil {
				content.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "text":
				if text != nil {
					r.text(*text, content.String())
				}
				text = nil
			case "g":
				g := r.stack[len(r.stack)-1]
				r.stack = r.stack[:len(r.stack)-1]
				if g.layer {
					layer := r.layers[len(r.layers)-1]
					r.layers = r.layers[:len(r.layers)-1]
					draw.DrawMask(r.target(), layer.Bounds(), layer, image.Point{}, image.NewUniform(color.Alpha{uint8(math.Round(g.opacity * 255))}), image.Point{}, draw.Over)
				}
			}
		}
	}
	if r.img == nil {
		return errors.New("the document is empty")
	}
	return nil
}

// paint returns a solid colour for a fill or stroke value with an extra
// opacity, or false for none.
func paint(v string, opacity float64) (color.NRGBA, bool) {
	c, ok := ParseColor(v)
	if !ok {
		return c, false
	}
	c.A = uint8(math.Round(float64(c.A) * opacity))
	return c, true
}

// fill fills the path that add builds, in colour c, where it lies
// within the box (x0, y0)–(x1, y1), in pixels: add draws it moved by
// (dx, dy), so that the box's corner is the rasteriser's origin. The
// rasteriser covers that box alone (over the whole PNG, each square and
// grid cell cost every pixel of the figure).
func (r *rasterizer) fill(c color.NRGBA, x0, y0, x1, y1 float64, add func(f *rasterx.Filler, dx, dy float64)) {
	dst := r.target()
	b := dst.Bounds()
	clamp := func(v float64, hi int) int { // NaN is 0
		if !(v > 0) {
			return 0
		}
		return int(math.Min(v, float64(hi)))
	}
	box := image.Rect(clamp(math.Floor(min(x0, x1))-1, b.Max.X), clamp(math.Floor(min(y0, y1))-1, b.Max.Y),
		clamp(math.Ceil(max(x0, x1))+1, b.Max.X), clamp(math.Ceil(max(y0, y1))+1, b.Max.Y))
	if box.Empty() {
		return
	}
	sc := rasterx.NewScannerGV(box.Dx(), box.Dy(), dst.SubImage(box).(*image.RGBA), box)
	f := rasterx.NewFiller(box.Dx(), box.Dy(), sc)
	f.SetColor(c)
	add(f, -float64(box.Min.X), -float64(box.Min.Y))
	f.Draw()
}

func fx(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }

func (r *rasterizer) rect(a map[string]string) {
	g := r.stack[len(r.stack)-1]
	fillv, ok := a["fill"]
	if !ok {
		fillv = g.fill
	}
	op := 1.0
	if v, ok := a["fill-opacity"]; ok {
		op = num(v)
	}
	c, ok := paint(fillv, op)
	if !ok {
		return
	}
	s := r.scale
	x, y, w, h := num(a["x"])*s, num(a["y"])*s, num(a["width"])*s, num(a["height"])*s
	if a["width"] == "100%" {
		b := r.img.Bounds()
		x, y, w, h = 0, 0, float64(b.Dx()), float64(b.Dy())
	}
	rx := num(a["rx"]) * s
	r.fill(c, x, y, x+w, y+h, func(f *rasterx.Filler, dx, dy float64) {
		if rx > 0 {
			rasterx.AddRoundRect(x+dx, y+dy, x+w+dx, y+h+dy, rx, rx, 0, rasterx.RoundGap, f)
		} else {
			rasterx.AddRect(x+dx, y+dy, x+w+dx, y+h+dy, 0, f)
		}
	})
}

func (r *rasterizer) line(a map[string]string) {
	g := r.stack[len(r.stack)-1]
	c, ok := paint(g.stroke, 1)
	if !ok {
		return
	}
	s := r.scale
	x1, y1, x2, y2 := num(a["x1"])*s, num(a["y1"])*s, num(a["x2"])*s, num(a["y2"])*s
	half := num(a["stroke-width"]) * s / 2
	l := math.Hypot(x2-x1, y2-y1)
	if l == 0 {
		return
	}
	nx, ny := -(y2-y1)/l*half, (x2-x1)/l*half // butt caps: a rectangle along the line
	ax, ay := math.Abs(nx), math.Abs(ny)
	r.fill(c, min(x1, x2)-ax, min(y1, y2)-ay, max(x1, x2)+ax, max(y1, y2)+ay, func(f *rasterx.Filler, dx, dy float64) {
		f.Start(fixed.Point26_6{X: fx(x1 + nx + dx), Y: fx(y1 + ny + dy)})
		f.Line(fixed.Point26_6{X: fx(x2 + nx + dx), Y: fx(y2 + ny + dy)})
		f.Line(fixed.Point26_6{X: fx(x2 - nx + dx), Y: fx(y2 - ny + dy)})
		f.Line(fixed.Point26_6{X: fx(x1 - nx + dx), Y: fx(y1 - ny + dy)})
		f.Stop(true)
	})
}

func (r *rasterizer) polygon(a map[string]string) {
	g := r.stack[len(r.stack)-1]
	fillv, ok := a["fill"]
	if !ok {
		fillv = g.fill
	}
	c, ok := paint(fillv, 1)
	if !ok {
		return
	}
	fields := strings.Fields(strings.ReplaceAll(a["points"], ",", " "))
	if len(fields) < 6 {
		return
	}
	pts := make([]float64, len(fields)&^1)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := range pts {
		pts[i] = num(fields[i]) * r.scale
		if i%2 == 0 {
			x0, x1 = min(x0, pts[i]), max(x1, pts[i])
		} else {
			y0, y1 = min(y0, pts[i]), max(y1, pts[i])
		}
	}
	r.fill(c, x0, y0, x1, y1, func(f *rasterx.Filler, dx, dy float64) {
		for i := 0; i < len(pts); i += 2 {
			p := fixed.Point26_6{X: fx(pts[i] + dx), Y: fx(pts[i+1] + dy)}
			if i == 0 {
				f.Start(p)
			} else {
				f.Line(p)
			}
		}
		f.Stop(true)
	})
}

// Fonts: Go Regular and Go Mono, parsed once; faces are made per size.
var (
	fontsOnce     sync.Once
	regular, mono *opentype.Font
	faces         sync.Map // faceKey → font.Face
)

type faceKey struct {
	mono bool
	size float64
}

func face(isMono bool, size float64) font.Face {
	fontsOnce.Do(func() {
		regular, _ = opentype.Parse(goregular.TTF)
		mono, _ = opentype.Parse(gomono.TTF)
	})
	k := faceKey{isMono, size}
	if f, ok := faces.Load(k); ok {
		return f.(font.Face)
	}
	fnt := regular
	if isMono {
		fnt = mono
	}
	f, err := opentype.NewFace(fnt, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	faces.Store(k, f)
	return f
}

// text draws a text element: x and y are its anchor and its central
// baseline (dominant-baseline="central": halfway between the font's
// ascent and descent).
func (r *rasterizer) text(a map[string]string, s string) {
	c, ok := paint(a["fill"], 1)
	if !ok || s == "" {
		return
	}
	fam := a["font-family"]
	f := face(strings.Contains(fam, "monospace"), num(a["font-size"])*r.scale) // view.css's mono list ends with monospace (figure's TestThemes)
	if f == nil {
		return
	}
	m := f.Metrics()
	x := num(a["x"]) * r.scale
	adv := font.MeasureString(f, s)
	switch a["text-anchor"] {
	case "middle":
		x -= float64(adv) / 128
	case "end":
		x -= float64(adv) / 64
	}
	y := num(a["y"])*r.scale + float64(m.Ascent-m.Descent)/128
	d := font.Drawer{Dst: r.target(), Src: image.NewUniform(c), Face: f, Dot: fixed.Point26_6{X: fx(x), Y: fx(y)}}
	d.DrawString(s)
}

// Pieces: each SVG image is drawn once at its own size (oksvg scales
// paths but not stroke widths) and then scaled down, per size.
var pieceImages sync.Map // string(href)+size → *image.RGBA

func (r *rasterizer) image(a map[string]string) error {
	href := a["href"]
	const prefix = "data:image/svg+xml;base64,"
	if !strings.HasPrefix(href, prefix) {
		return errors.New("an <image> that is not an SVG data: URL is not drawn here")
	}
	s := r.scale
	x, y, w, h := num(a["x"])*s, num(a["y"])*s, num(a["width"])*s, num(a["height"])*s
	if !(math.Abs(w*h) <= maxPixels && math.Abs(x)+math.Abs(w) < 1<<30 && math.Abs(y)+math.Abs(h) < 1<<30) {
		return fmt.Errorf("an image of %s×%s pixels at (%s, %s) is not drawn", ftoa(w), ftoa(h), ftoa(x), ftoa(y))
	}
	rect := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
	key := href + "@" + strconv.Itoa(rect.Dx()) + "x" + strconv.Itoa(rect.Dy())
	if v, ok := pieceImages.Load(key); ok {
		draw.Draw(r.target(), rect, v.(*image.RGBA), image.Point{}, draw.Over)
		return nil
	}
	data, err := base64.StdEncoding.DecodeString(href[len(prefix):])
	if err != nil {
		return fmt.Errorf("an image's data: URL: %w", err)
	}
	if data, err = normalizePaths(data); err != nil {
		return fmt.Errorf("an image's SVG: %w", err)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("an image's SVG: %w", err)
	}
	vw, vh := math.Ceil(icon.ViewBox.W), math.Ceil(icon.ViewBox.H)
	if !(vw >= 1 && vh >= 1 && vw*vh <= 4<<20) {
		return errors.New("an image's SVG has no usable viewBox")
	}
	icon.SetTarget(0, 0, vw, vh)
	iw, ih := int(vw), int(vh)
	big := image.NewRGBA(image.Rect(0, 0, iw, ih))
	icon.Draw(rasterx.NewDasher(iw, ih, rasterx.NewScannerGV(iw, ih, big, big.Bounds())), 1)
	small := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	xdraw.CatmullRom.Scale(small, small.Bounds(), big, big.Bounds(), draw.Src, nil)
	pieceImages.Store(key, small)
	draw.Draw(r.target(), rect, small, image.Point{}, draw.Over)
	return nil
}

// ParseColor reads a colour as the figure's SVG writes them and Rasterize
// paints them: #rgb, #rgba, #rrggbb or #rrggbbaa, and not
// anything else (false as the second result).
func ParseColor(s string) (color.NRGBA, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "#") {
		return color.NRGBA{}, false
	}
	h := s[1:]
	if len(h) == 3 || len(h) == 4 {
		var b strings.Builder
		for _, c := range h {
			b.WriteString(string(c) + string(c))
		}
		h = b.String()
	}
	if len(h) == 6 {
		h += "ff"
	}
	if len(h) != 8 {
		return color.NRGBA{}, false
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, true
}
