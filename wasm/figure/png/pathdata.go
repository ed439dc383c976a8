package png

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core/excerpt"
)

// The piece images are drawn by github.com/srwiley/oksvg, which misreads
// some of the compact path data the Chessnut pieces use (arcs among
// them). normalizePaths rewrites every d="…" of an SVG document as
// absolute moves, lines and cubic curves, each number written out, which
// it reads as the browser does. It returns the first path's error, if
// any (that path is left as it was).
var pathData = regexp.MustCompile(`\sd="([^"]*)"`)

func normalizePaths(svg []byte) ([]byte, error) {
	var failed error
	out := pathData.ReplaceAllFunc(svg, func(m []byte) []byte {
		d := string(pathData.FindSubmatch(m)[1])
		n, err := normalizePath(d)
		if err != nil {
			if failed == nil {
				failed = err
			}
			return m
		}
		return []byte(` d="` + n + `"`)
	})
	return out, failed
}

// A pathScanner reads the commands and numbers of SVG path data by the
// grammar of SVG 1.1, 8.3.9: numbers may follow each other without
// separators ("-.5.5" is -0.5 and 0.5; a number is as long as the grammar
// lets it be, so "1.5.5e1" is 1.5 and 5), and arc flags are single digits
// (SVG 2, 9.3.9: "a1 1 0 011 1" has the flags 0 and 1, then 1 and 1). It
// is more lenient than the grammar in one way: a comma counts as white
// space wherever white space may stand ("M,0,,0" reads as "M0 0").
type pathScanner struct {
	s string
	i int
}

func (p *pathScanner) skip() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n,", p.s[p.i]) >= 0 {
		p.i++
	}
}

// number is the grammar's number (SVG 1.1, 8.3.9), which allows "1." and
// "1.e2".
var number = regexp.MustCompile(`^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`)

// num reads a number: ok is false where none starts, and err says why
// for one beyond float64's range.
func (p *pathScanner) num() (v float64, ok bool, err error) {
	p.skip()
	m := number.FindString(p.s[p.i:])
	if m == "" {
		return 0, false, nil
	}
	if v, err = strconv.ParseFloat(m, 64); err != nil {
		return 0, false, p.errorf(p.i, "the number is out of range")
	}
	p.i += len(m)
	return v, true, nil
}

func (p *pathScanner) flag() (float64, bool) {
	p.skip()
	if p.i < len(p.s) && (p.s[p.i] == '0' || p.s[p.i] == '1') {
		p.i++
		return float64(p.s[p.i-1] - '0'), true
	}
	return 0, false
}

// errorf returns an error naming byte at of the path data and quoting
// the text from there.
func (p *pathScanner) errorf(at int, format string, a ...any) error {
	rest := "the end"
	if at < len(p.s) {
		rest = excerpt.Quote(p.s[at:])
	}
	return fmt.Errorf("path data, byte %d (%s): %s", at, rest, fmt.Sprintf(format, a...))
}

// arity is how many numbers each command takes (SVG 1.1, 8.3.2–8.3.8),
// by its lower-case letter.
var arity = map[byte]int{'m': 2, 'z': 0, 'l': 2, 'h': 1, 'v': 1, 'c': 6, 's': 4, 'q': 4, 't': 2, 'a': 7}

func isCommand(c byte) bool { return strings.IndexByte("MmZzLlHhVvCcSsQqTtAa", c) >= 0 }

// normalizePath returns d as absolute M, L, C and Z commands, each
// number written out in decimal ("M 0 0 L 10 0 C 1 2 3 4 5 6 Z"), which
// normalizePath returns unchanged: moves and lines stay, H and V become
// L, quadratic curves (Q, T) and arcs (A) become cubic ones (C), S gets
// its first control point written out, numbers after a command repeat
// it (after a move, as lines: SVG 1.1, 8.3.2), and a command after Z
// other than a move starts with a move to the subpath's start (8.3.3).
// d empty, or white space, is "" (a path with no data). Path data that
// departs from the grammar (SVG 1.1, 8.3.9: no move first, a number
// missing or out of range, a flag neither 0 nor 1, a number after Z,
// another character) is an error naming its byte, where a browser would
// draw the path up to that command (SVG 1.1, F.2); so is a path whose
// coordinates overflow float64.
func normalizePath(d string) (string, error) {
	p := &pathScanner{s: d}
	var b strings.Builder
	finite := true
	emit := func(cmd byte, v ...float64) {
		b.WriteByte(' ')
		b.WriteByte(cmd)
		for _, x := range v {
			finite = finite && !math.IsInf(x, 0) && !math.IsNaN(x)
			b.WriteString(" " + strconv.FormatFloat(x, 'f', -1, 64))
		}
	}
	var x, y, sx, sy, cx, cy float64 // current point, subpath start, last control point
	var cmd, last byte               // the command, as written, and the last one's lower-case letter
	for {
		p.skip()
		if p.i >= len(p.s) {
			break
		}
		at := p.i
		switch c := p.s[p.i]; {
		case isCommand(c):
			cmd = c
			p.i++
		case !number.MatchString(p.s[p.i:]):
			return "", p.errorf(at, "not a command or a number")
		case cmd == 0:
			return "", p.errorf(at, "path data starts with M or m")
		case cmd|0x20 == 'z':
			return "", p.errorf(at, "Z takes no numbers")
		}
		kind := cmd | 0x20
		if last == 0 && kind != 'm' {
			return "", p.errorf(at, "path data starts with M or m")
		}
		if last == 'z' && kind != 'm' && kind != 'z' {
			emit('M', sx, sy)
		}
		var v [7]float64
		for k := range arity[kind] {
			flag := kind == 'a' && (k == 3 || k == 4)
			var ok bool
			if flag {
				v[k], ok = p.flag()
			} else {
				var err error
				if v[k], ok, err = p.num(); err != nil {
					return "", err
				}
			}
			if !ok {
				want := "a number"
				if flag {
					want = "a flag, 0 or 1"
				}
				return "", p.errorf(p.i, "want %s: %c takes %d numbers", want, cmd, arity[kind])
			}
		}
		ox, oy := 0.0, 0.0 // the origin of the numbers
		if cmd >= 'a' {
			ox, oy = x, y
		}
		switch kind {
		case 'z':
			emit('Z')
			x, y = sx, sy
		case 'm':
			x, y = ox+v[0], oy+v[1]
			sx, sy = x, y
			emit('M', x, y)
			cmd = 'L' | cmd&0x20 // more pairs are lines, relative after m
		case 'l':
			x, y = ox+v[0], oy+v[1]
			emit('L', x, y)
		case 'h':
			x = ox + v[0]
			emit('L', x, y)
		case 'v':
			y = oy + v[0]
			emit('L', x, y)
		case 'c':
			emit('C', ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
			cx, cy = ox+v[2], oy+v[3]
			x, y = ox+v[4], oy+v[5]
		case 's':
			x1, y1 := x, y // the reflection of the last C's or S's second control point (8.3.6)
			if last == 'c' || last == 's' {
				x1, y1 = 2*x-cx, 2*y-cy
			}
			emit('C', x1, y1, ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			cx, cy = ox+v[0], oy+v[1]
			x, y = ox+v[2], oy+v[3]
		case 'q', 't':
			qx, qy, ex, ey := ox+v[0], oy+v[1], ox+v[2], oy+v[3]
			if kind == 't' {
				qx, qy = x, y // the reflection of the last Q's or T's control point (8.3.7)
				if last == 'q' || last == 't' {
					qx, qy = 2*x-cx, 2*y-cy
				}
				ex, ey = ox+v[0], oy+v[1]
			}
			// The same curve as a cubic: its control points two thirds
			// of the way from each end to the quadratic's.
			emit('C', x+2*(qx-x)/3, y+2*(qy-y)/3, ex+2*(qx-ex)/3, ey+2*(qy-ey)/3, ex, ey)
			cx, cy, x, y = qx, qy, ex, ey
		case 'a':
			ex, ey := ox+v[5], oy+v[6]
			curves, ok := arcCurves(x, y, v[0], v[1], v[2], v[3] != 0, v[4] != 0, ex, ey)
			if !ok {
				return "", p.errorf(at, "the arc's numbers are out of range")
			}
			for _, c := range curves {
				emit('C', c[:]...)
			}
			x, y = ex, ey
		}
		if !finite {
			return "", p.errorf(at, "the coordinates are out of range")
		}
		last = kind
	}
	return strings.TrimSpace(b.String()), nil
}

// arcCurves returns the cubic curves (x1 y1 x2 y2 x y each) of an
// elliptical arc from (x0, y0) to (x, y), by the conversion of SVG 1.1,
// appendix F.6.5–F.6.6: none when the ends are the same point, a line
// when a radius is 0, one curve for each quarter turn or part of one.
// ok is false when the numbers are too large to compute with.
func arcCurves(x0, y0, rx, ry, angle float64, large, sweep bool, x, y float64) (curves [][6]float64, ok bool) {
	if x0 == x && y0 == y {
		return nil, true
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return [][6]float64{{x0, y0, x, y, x, y}}, true
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
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	t1 := ang(1, 0, (x1p-cxp)/rx, (y1p-cyp)/ry)
	dt := ang((x1p-cxp)/rx, (y1p-cyp)/ry, (-x1p-cxp)/rx, (-y1p-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	for _, v := range []float64{rx, ry, cx, cy, t1, dt} {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, false
		}
	}
	// A curve per quarter turn or part of one, and one (a line) when the
	// angle rounds to 0.
	n := max(1, int(math.Ceil(math.Abs(dt)/(math.Pi/2))))
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
	t := t1
	for i := range n {
		p1x, p1y, d1x, d1y := point(t)
		p2x, p2y, d2x, d2y := point(t + step)
		if i == n-1 {
			p2x, p2y = x, y
		}
		curves = append(curves, [6]float64{p1x + k*d1x, p1y + k*d1y, p2x - k*d2x, p2y - k*d2y, p2x, p2y})
		t += step
	}
	return curves, true
}
