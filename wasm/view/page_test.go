package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// TestDefaultPageIsWhatThePageWrites checks that DefaultPage, which
// wasm/webpages writes into index.html, is what the page (wasm/page.go)
// writes for a fresh page: mountPage's FixedRegions with the shift demo's
// defaults, then render's PageRegions for the default state opened as
// model.NewPage does it, and the figureView's board and cards for
// model.Page.Figure (one CardMarkup per shown bitboard, no bits changed).
func TestDefaultPageIsWhatThePageWrites(t *testing.T) {
	pre := DefaultPage()
	// As mountPage opens the page and render reads the FEN.
	p := model.NewPage(model.DefaultState())
	regions, attrs := PageRegions(p)
	f, m, _ := p.Figure()
	if len(f.Shown) != 2 || f.Shown[0].Key != "P" || f.Shown[1].Key != "occupied" {
		t.Fatalf("default figure shows %v, want P and occupied", f.Shown)
	}
	want := append(FixedRegions("P", 0), regions...)
	want = append(want, Region{"board", BoardMarkup(f, m)},
		Region{"cards", CardMarkup(f, 0, f.Shown[0].Bits) + CardMarkup(f, 1, f.Shown[1].Bits)})
	if !slices.Equal(pre.Regions, want) {
		for i := range max(len(pre.Regions), len(want)) {
			if i >= len(pre.Regions) || i >= len(want) || pre.Regions[i] != want[i] {
				t.Errorf("region %d differs", i)
			}
		}
	}
	wantAttrs := append(attrs, Attr{"fen", "value", core.StartFEN})
	if !slices.Equal(pre.Attrs, wantAttrs) {
		t.Errorf("attributes %v, want %v", pre.Attrs, wantAttrs)
	}
	ids := map[string]bool{}
	for _, r := range pre.Regions {
		if ids[r.ID] {
			t.Errorf("region %s twice", r.ID)
		}
		ids[r.ID] = true
	}
	for _, id := range []string{"examples", "expr-help", "shortcuts", "shift-op", "shift-src", "fen-status", "layout-switch",
		"toggles", "expr-status", "expr-result", "square-info", "board", "cards"} {
		if !ids[id] {
			t.Errorf("no region %s", id)
		}
	}
	if pre.Query != model.DefaultState().Query() || model.ParseQuery(pre.Query).Query() != pre.Query {
		t.Errorf("default query %q", pre.Query)
	}
	if got := pre.Regions[len(pre.Regions)-2].Markup; strings.Count(got, `role="gridcell"`) != 64 || strings.Count(got, "<img") != 32 {
		t.Errorf("board: %d squares, %d pieces", strings.Count(got, `role="gridcell"`), strings.Count(got, "<img"))
	}
}

// TestPrerenderHash: the digest follows every region, attribute and
// value, so a page holding other markup is not taken over.
func TestPrerenderHash(t *testing.T) {
	pre := DefaultPage()
	h := pre.Hash()
	if h != DefaultPage().Hash() {
		t.Fatal("the digest is not stable")
	}
	changed := func(name string, edit func(p *Prerender)) {
		p := DefaultPage()
		edit(&p)
		if p.Hash() == h {
			t.Errorf("%s: same digest", name)
		}
	}
	changed("a region's markup", func(p *Prerender) { p.Regions[0].Markup += " " })
	changed("a region's id", func(p *Prerender) { p.Regions[0].ID = "x" })
	changed("a region less", func(p *Prerender) { p.Regions = p.Regions[1:] })
	changed("an attribute's value", func(p *Prerender) { p.Attrs[0].Value = "true" })
	changed("markup moved between regions", func(p *Prerender) {
		a, b := &p.Regions[0].Markup, &p.Regions[1].Markup
		*a, *b = (*a)[:len(*a)-1], (*a)[len(*a)-1:]+*b
	})
}

// TestPageRegions: the regions and attributes follow the state, the
// square pointed at, a failing expression (its last result stays: no
// expr-result region) and a FEN that does not parse.
func TestPageRegions(t *testing.T) {
	region := func(rs []Region, id string) (string, bool) {
		for _, r := range rs {
			if r.ID == id {
				return r.Markup, true
			}
		}
		return "", false
	}
	attr := func(as []Attr, id, name string) string {
		for _, a := range as {
			if a.ID == id && a.Name == name {
				return a.Value
			}
		}
		return "(none)"
	}

	s := model.DefaultState()
	s.Layout, s.Show, s.Expr, s.Present = "0x88", []string{"n"}, "N | n", true
	p := model.NewPage(s)
	p.Point(core.E4)
	rs, as := PageRegions(p)
	if got, _ := region(rs, "layout-switch"); !strings.Contains(got, `value="0x88" checked`) {
		t.Errorf("layout switch: 0x88 not checked")
	}
	if got, _ := region(rs, "toggles"); !strings.Contains(got, `aria-pressed="true" data-toggle="n"`) || strings.Contains(got, `aria-pressed="true" data-toggle="P"`) {
		t.Errorf("toggles: n not the only one pressed")
	}
	if got, _ := region(rs, "square-info"); !strings.Contains(got, `data-info-square="e4"`) {
		t.Errorf("square panel %q, want e4's", got)
	}
	if got, ok := region(rs, "expr-result"); !ok || !strings.Contains(got, `data-bitboard="N | n"`) {
		t.Errorf("expression result %q", got)
	}
	if a := attr(as, `[data-action="present"]`, "aria-pressed"); a != "true" {
		t.Errorf("present aria-pressed %s", a)
	}
	if a := attr(as, "fen", "aria-invalid") + attr(as, "expr", "aria-invalid"); a != "falsefalse" {
		t.Errorf("aria-invalid fen, expr: %s", a)
	}

	s.FEN, s.Expr = "not a fen", "N |"
	p = model.NewPage(s)
	rs, as = PageRegions(p)
	if _, ok := region(rs, "expr-result"); ok {
		t.Error("a failing expression replaces the last result")
	}
	if got, _ := region(rs, "fen-status"); !strings.Contains(got, "data-error-field") {
		t.Errorf("FEN status %q, want the error", got)
	}
	if a := attr(as, "fen", "aria-invalid") + attr(as, "expr", "aria-invalid"); a != "truetrue" {
		t.Errorf("aria-invalid fen, expr: %s", a)
	}
	if got, _ := region(rs, "fen-status"); !strings.Contains(got, "start position instead") {
		t.Errorf("FEN status %q, want it to say the start position is shown", got)
	}
	// A page opened on a FEN that does not parse shows the start
	// position, as no position parsed before.
	if f, _, _ := p.Figure(); f.Pos == nil || f.Pos.FEN() != core.StartFEN {
		t.Error("a FEN that does not parse: not the start position")
	}
	s.Show = nil
	if f, _, _ := model.NewPage(s).Figure(); len(f.Shown) != 0 {
		t.Errorf("nothing shown: %d cards", len(f.Shown))
	}
}
