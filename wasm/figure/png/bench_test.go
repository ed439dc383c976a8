package png_test

import (
	"testing"

	"github.com/bitview/bitview/wasm/figure"
	bvpng "github.com/bitview/bitview/wasm/figure/png"
)

// BenchmarkRasterize: figures at toPNG()'s scale, 2, each drawn once
// before the timer starts (the pieces' images are cached by size).
func BenchmarkRasterize(b *testing.B) {
	for _, tc := range []struct {
		name string
		o    figure.Options
	}{
		{"board", figure.Options{"grid": "false"}},
		{"board-2grids-labels", figure.Options{"show": "P,black", "labels": "", "arrows": "Ge2e4", "marks": "Rd5"}},
		{"8grids", figure.Options{"board": "false", "show": "P,N,B,R,p,n,b,r"}},
	} {
		f, err := figure.Resolve(tc.o)
		if err != nil {
			b.Fatal(err)
		}
		svg := f.SVG()
		if _, err := bvpng.Rasterize(svg, 2); err != nil {
			b.Fatal(err)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bvpng.Rasterize(svg, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
