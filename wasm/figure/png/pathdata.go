package png

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// The piece images are drawn by github.com/srwiley/oksvg, which misreads
// some of the compact path data the Chessnut pieces use (arcs among
// them). normalizePaths rewrites every d="…" of an SVG document as
// absolute moves, lines and cubic curves, each number written out, which
// it reads as the browser does.
var pathData = regexp.MustCompile(`\sd="([^"]*)"`)

func normalizePaths(svg []byte) ([]byte, error) {
	var failed error
	out := pathData.ReplaceAllFunc(svg, func(m []byte) []byte {
		d := string(pathData.FindSubmatch(m)[1])
		n, err := normalizePath(d)
		if err != nil {
			failed = err
			return m
		}
		return []byte(` d="` + n + `"`)
	})
	return out, failed
}

// A pathScanner reads the commands and numbers of SVG path data
// (SVG 1.1, 8.3.9): numbers may follow each other without separators
// ("-.5.5" is -0.5 and 0.5), and arc flags are single digits ("0 011" is
// 0, 0, 1).
type pathScanner struct {
	s string
	i int
}

func (p *pathScanner) skip() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n,", p.s[p.i]) >= 0 {
		p.i++
	}
}

var number = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`)

func (p *pathScanner) num() (float64, bool) {
	p.skip()
	m := number.FindString(p.s[p.i:])
	if m == "" {
		return 0, false
	}
	p.i += len(m)
	v, err := strconv.ParseFloat(m, 64)
	return v, err == nil
}

func (p *pathScanner) flag() (float64, bool) {
	p.skip()
	if p.i < len(p.s) && (p.s[p.i] == '0' || p.s[p.i] == '1') {
		p.i++
		return float64(p.s[p.i-1] - '0'), true
	}
	return 0, false
}

// normalizePath returns d as absolute M, L, C and Z commands.
func normalizePath(d string) (string, error) {
	p := &pathScanner{s: d}
	var b strings.Builder
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	emit := func(cmd byte, v ...float64) {
		b.WriteByte(cmd)
		for _, x := range v {
			b.WriteString(" " + f(x))
		}
		b.WriteByte(' ')
	}
	var x, y, sx, sy, cx, cy float64 // current point, subpath start, last control point
	var cmd, last byte
	for {
		p.skip()
		if p.i >= len(p.s) {
			break
		}
		if c := p.s[p.i]; strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0 {
			cmd = c
			p.i++
		} else if cmd == 0 {
			return "", errors.New("path data does not start with a command")
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = x, y
		}
		var v [7]float64
		read := func(n int) bool {
			for k := 0; k < n; k++ {
				var ok bool
				if cmd|0x20 == 'a' && (k == 3 || k == 4) {
					v[k], ok = p.flag()
				} else {
					v[k], ok = p.num()
				}
				if !ok {
					return false
				}
			}
			return true
		}
		bad := errors.New("path data: numbers missing after " + string(cmd))
		switch cmd | 0x20 {
		case 'z':
			emit('Z')
			x, y = sx, sy
			cx, cy = x, y
			last = 'z'
			continue
		case 'm':
			if !read(2) {
				return "", bad
			}
			x, y = ox+v[0], oy+v[1]
			sx, sy = x, y
			emit('M', x, y)
			if rel {
				cmd = 'l'
			} else {
				cmd = 'L'
			}
			cx, cy, last = x, y, 'm'
			continue
		case 'l':
			if !read(2) {
				return "", bad
			}
			x, y = ox+v[0], oy+v[1]
			emit('L', x, y)
		case 'h':
			if !read(1) {
				return "", bad
			}
			x = ox + v[0]
			emit('L', x, y)
		case 'v':
			if !read(1) {
				return "", bad
			}
			y = oy + v[0]
			emit('L', x, y)
		case 'c':
			if !read(6) {
				return "", bad
			}
			emit('C', ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
			cx, cy = ox+v[2], oy+v[3]
			x, y = ox+v[4], oy+v[5]
			last = 'c'
			continue
		case 's':
			if !read(4) {
				return "", bad
			}
			x1, y1 := x, y
			if last == 'c' {
				x1, y1 = 2*x-cx, 2*y-cy
			}
			emit('C', x1, y1, ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			cx, cy = ox+v[0], oy+v[1]
			x, y = ox+v[2], oy+v[3]
			last = 'c'
			continue
		case 'q', 't':
			var qx, qy float64
			if cmd|0x20 == 'q' {
				if !read(4) {
					return "", bad
				}
				qx, qy = ox+v[0], oy+v[1]
				v[0], v[1] = v[2], v[3]
			} else {
				if !read(2) {
					return "", bad
				}
				qx, qy = x, y
				if last == 'q' {
					qx, qy = 2*x-cx, 2*y-cy
				}
			}
			ex, ey := ox+v[0], oy+v[1]
			emit('C', x+2*(qx-x)/3, y+2*(qy-y)/3, ex+2*(qx-ex)/3, ey+2*(qy-ey)/3, ex, ey)
			cx, cy, x, y = qx, qy, ex, ey
			last = 'q'
			continue
		case 'a':
			if !read(7) {
				return "", bad
			}
			ex, ey := ox+v[5], oy+v[6]
			for _, c := range arcCurves(x, y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, ex, ey) {
				emit('C', c[:]...)
			}
			x, y = ex, ey
		}
		cx, cy, last = x, y, cmd|0x20
	}
	return strings.TrimSpace(b.String()), nil
}

// arcCurves returns the cubic curves (x1 y1 x2 y2 x y each) of an
// elliptical arc from (x0, y0) to (x, y), by the conversion of SVG 1.1,
// appendix F.6.5–F.6.6.
func arcCurves(x0, y0, rx, ry, angle float64, large, sweep bool, x, y float64) [][6]float64 {
	if x0 == x && y0 == y {
		return nil
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return [][6]float64{{x0, y0, x, y, x, y}}
	}
	phi := angle * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (x0-x)/2, (y0-y)/2
	x1p, y1p := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	co := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		co = -co
	}
	cxp, cyp := co*rx*y1p/ry, -co*ry*x1p/rx
	cx, cy := cos*cxp-sin*cyp+(x0+x)/2, sin*cxp+cos*cyp+(y0+y)/2
	ang := func(ux, uy, vx, vy float64) float64 {
		a := math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
		return a
	}
	t1 := ang(1, 0, (x1p-cxp)/rx, (y1p-cyp)/ry)
	dt := ang((x1p-cxp)/rx, (y1p-cyp)/ry, (-x1p-cxp)/rx, (-y1p-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 2)))
	step := dt / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	point := func(t float64) (float64, float64, float64, float64) {
		ct, st := math.Cos(t), math.Sin(t)
		px := cx + rx*ct*cos - ry*st*sin
		py := cy + rx*ct*sin + ry*st*cos
		tx := -rx*st*cos - ry*ct*sin // derivative
		ty := -rx*st*sin + ry*ct*cos
		return px, py, tx, ty
	}
	var out [][6]float64
	t := t1
	for i := 0; i < n; i++ {
		p1x, p1y, d1x, d1y := point(t)
		p2x, p2y, d2x, d2y := point(t + step)
		if i == n-1 {
			p2x, p2y = x, y
		}
		out = append(out, [6]float64{p1x + k*d1x, p1y + k*d1y, p2x - k*d2x, p2y - k*d2y, p2x, p2y})
		t += step
	}
	return out
}
