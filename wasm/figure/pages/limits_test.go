package pages

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/figure"
)

// TestFigureTooLarge: a figure over MaxFigureSquares is refused by
// Resolve before it is drawn, and a page's figures stop at MaxPageOutput
// with the line of the figure that would pass it; memory stays bounded.
func TestFigureTooLarge(t *testing.T) {
	grids := func(n int) string { return strings.TrimSuffix(strings.Repeat("P,", n), ",") }
	for _, tc := range []struct {
		o    figure.Options
		want string
	}{
		{figure.Options{"show": grids(64), "layout": "10x12", "labels": ""}, "figure too large: 7,744 squares (64 grids of 120, and the board) > 4,096"},
		{figure.Options{"show": grids(64), "layout": "0x88"}, "figure too large: 8,256 squares (64 grids of 128, and the board) > 4,096"},
		{figure.Options{"show": grids(64)}, "figure too large: 4,160 squares (64 grids of 64, and the board) > 4,096"},
	} {
		_, err := figure.Resolve(tc.o)
		if !errors.Is(err, figure.ErrTooLarge) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("Resolve(%v) = %v, want %q", tc.o["layout"], err, tc.want)
		}
	}
	for _, o := range []figure.Options{{"show": grids(63)}, {"show": grids(64), "board": "false"}, {"show": grids(33), "layout": "10x12"}} {
		if _, err := figure.Resolve(o); err != nil {
			t.Errorf("Resolve(%v): %v", o, err)
		}
	}

	// peak samples the heap in use while f runs, and returns its peak.
	peak := func(f func()) uint64 {
		done := make(chan struct{})
		top := make(chan uint64)
		go func() {
			var m runtime.MemStats
			var most uint64
			for {
				runtime.ReadMemStats(&m)
				most = max(most, m.HeapInuse)
				select {
				case <-done:
					top <- most
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		f()
		close(done)
		return <-top
	}
	// 100 elements of 64 grids of 10x12 (the attack's 19 KB page).
	var b strings.Builder
	b.WriteString("<html><head></head><body>\n")
	for range 100 {
		b.WriteString(`<bitboard-view show="` + grids(64) + `" layout="10x12" labels></bitboard-view>` + "\n")
	}
	var err error
	n := peak(func() { _, err = Page("big.html", []byte(b.String()), "./") })
	if !errors.Is(err, figure.ErrTooLarge) || !strings.HasPrefix(err.Error(), "big.html:2: figure too large: 7,744 squares") {
		t.Errorf("100 large elements: %v", err)
	}
	if n > 64<<20 {
		t.Errorf("100 large elements: a peak heap of %d MB before the error", n>>20)
	}
	// 16,000 one-grid blocks (0.8 MB): the output would be about 2.6 GB.
	page := strings.Repeat(fence("show: P"), 16000)
	n = peak(func() { _, err = Page("fences.html", []byte(page), "./") })
	var pe *PageError
	if !errors.Is(err, figure.ErrTooLarge) || !errors.As(err, &pe) || !strings.Contains(err.Error(), "the page's output would reach") || pe.Line < 100 {
		t.Errorf("16,000 blocks: %v", err)
	}
	if n > 128<<20 { // the output (MaxPageOutput), the page, and garbage not yet collected
		t.Errorf("16,000 blocks: a peak heap of %d MB", n>>20)
	}
	t.Logf("16,000 blocks: %v; peak heap %d MB", err, n>>20)
}

// fence is a built page's bitboard block of one line, as MkDocs writes a
// ```bitboard fence.
func fence(line string) string {
	return "<pre><code class=\"language-bitboard\">" + line + "\n</code></pre>\n\n"
}

// BenchmarkPageFences reads built pages of bitboard blocks of 0.46, 1.84
// and 16 MiB: "scan" blocks that fail to draw (the page is read to the
// first figure: blocks found, lines numbered), "draw" one-grid blocks
// (drawn up to MaxPageOutput). Both grow linearly with the page.
func BenchmarkPageFences(b *testing.B) {
	for _, kind := range []struct{ name, fence string }{
		{"scan", fence("show: Z")},
		{"draw", fence("show: P")},
	} {
		for _, size := range []float64{0.46, 1.84, 16} {
			page := []byte(strings.Repeat(kind.fence, int(size*(1<<20))/len(kind.fence)))
			b.Run(fmt.Sprintf("%s/%.2fMiB", kind.name, size), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(page)))
				for b.Loop() {
					if _, err := Page("fences.html", page, "./"); err == nil {
						b.Fatal("no error")
					}
				}
			})
		}
	}
}

// TestPageOutputRerun: a page whose figures are drawn is within
// MaxPageOutput on the next run too: what a run wrote is not counted
// twice.
func TestPageOutputRerun(t *testing.T) {
	grids := strings.TrimSuffix(strings.Repeat("P,", 40), ",")
	var b strings.Builder
	b.WriteString("<html><head><script type=module src=\"bitview-element.js\"></script></head><body>\n")
	n := 0
	for ; n < 100; n++ {
		b.WriteString(`<bitboard-view show="` + grids + `" labels></bitboard-view>` + "\n")
		if _, err := Page("p.html", []byte(b.String()+"</body></html>"), ""); err != nil {
			break
		}
	}
	page := b.String()
	page = page[:strings.LastIndex(strings.TrimSuffix(page, "\n"), "\n")+1] + "</body></html>" // the most figures within the limit
	o, err := Page("p.html", []byte(page), "")
	if err != nil {
		t.Fatal(err)
	}
	out, size := o.Page, len(o.Page)
	for _, f := range o.Figures {
		size += len(f)
	}
	if size < MaxPageOutput/2 {
		t.Fatalf("%d figures make %d bytes with their files, want over half of MaxPageOutput for the test to mean something", n-1, size)
	}
	again, err := Page("p.html", out, "")
	if err != nil || !bytes.Equal(again.Page, out) {
		t.Errorf("the second run of a page of %d bytes: %v", len(out), err)
	}
}
