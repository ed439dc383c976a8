package view

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestSquareInfo(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	tests := []struct {
		sq   core.Square
		what string
		want map[string]string // layout id → cell text
	}{
		{core.E4, "empty", map[string]string{"lerf": "28", "0x88": "52", "msb-a8": "27 (MSB index 36)", "berf": "36", "10x12": "55", "lefr": "35", "befr": "28"}},
		{core.A1, "white rook", map[string]string{"lerf": "0", "0x88": "0", "msb-a8": "7 (MSB index 56)", "berf": "56", "10x12": "21", "lefr": "0", "befr": "63"}},
		{core.H8, "black rook", map[string]string{"lerf": "63", "0x88": "119", "msb-a8": "56 (MSB index 7)", "berf": "7", "10x12": "98", "lefr": "63", "befr": "0"}},
		{core.E1, "white king", map[string]string{"lerf": "4", "0x88": "4", "msb-a8": "3 (MSB index 60)", "berf": "60", "10x12": "25", "lefr": "32", "befr": "31"}},
	}
	tdRE := regexp.MustCompile(`<td data-layout="([^"]+)">(.*?)</td>`)
	for _, tt := range tests {
		out := SquareInfo(p, tt.sq)
		checkTagBalance(t, out, "p", "table", "tr", "td", "th", "span", "strong")
		if !strings.Contains(out, `data-info-square="`+tt.sq.String()+`"`) {
			t.Errorf("%s: no data-info-square", tt.sq)
		}
		if !strings.Contains(out, "<span>"+tt.what+"</span>") {
			t.Errorf("%s: does not say %q", tt.sq, tt.what)
		}
		got := map[string]string{}
		for _, m := range tdRE.FindAllStringSubmatch(out, -1) {
			got[m[1]] = stripTags(m[2])
		}
		if len(got) != len(core.Layouts) {
			t.Errorf("%s: %d layout cells, want %d", tt.sq, len(got), len(core.Layouts))
		}
		for _, l := range core.Layouts {
			if _, ok := tt.want[l.ID]; !ok && l.Slots == 64 && !l.MSBFirst { // a layout added since: its index as core gives it
				tt.want[l.ID] = strconv.Itoa(l.Index(tt.sq))
			}
			if got[l.ID] != tt.want[l.ID] {
				t.Errorf("%s in %s: %q, want %q", tt.sq, l.ID, got[l.ID], tt.want[l.ID])
			}
		}
		ths := regexp.MustCompile(`<th scope="col" class="layout-short" title="([^"]*)">(.*?)</th>`).FindAllStringSubmatch(out, -1)
		if len(ths) != len(core.Layouts) {
			t.Fatalf("%s: %d headers, want %d", tt.sq, len(ths), len(core.Layouts))
		}
		for i, l := range core.Layouts {
			checkText(t, tt.sq.String()+" header", ths[i][2], l.Short)
			checkText(t, tt.sq.String()+" header title", ths[i][1], l.Name)
			if strings.Contains(ths[i][2], " ") {
				t.Errorf("%s header %q has a space: it may wrap", l.ID, ths[i][2])
			}
		}
	}
}

// TestSquareInfoIdle: with no square pointed at, the panel is the same
// table (so it keeps its size), its headings and a dash for each index,
// and a hint in place of the square's name.
func TestSquareInfoIdle(t *testing.T) {
	out := SquareInfo(nil, core.NoSquare)
	checkTagBalance(t, out, "p", "table", "tr", "td", "th")
	if strings.Contains(out, "data-info-square") || !strings.Contains(out, `<p class="hint">Point at or focus a square`) {
		t.Errorf("idle panel %q: want the hint and no square", out)
	}
	if n := strings.Count(out, `">–</td>`); n != len(core.Layouts) {
		t.Errorf("idle panel: %d dashes, want one per layout (%d)", n, len(core.Layouts))
	}
	if n := strings.Count(out, `<th scope="col" class="layout-short"`); n != len(core.Layouts) {
		t.Errorf("idle panel: %d headings, want %d", n, len(core.Layouts))
	}
	if NoSquareHint != out {
		t.Errorf("NoSquareHint is not the idle panel")
	}
}
