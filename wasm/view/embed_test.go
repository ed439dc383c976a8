package view

import (
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/wasm/model"
)

// short returns s cut to 30 characters, for a subtest name.
func short(s string) string {
	if r := []rune(s); len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}

// TestStatus: what a view says about its FEN, for the page (with its
// warnings) and for an element (without), in every case.
func TestStatus(t *testing.T) {
	const bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
	const twoKings = "8/8/8/8/8/8/8/KK5k" // a placement alone, with a warning
	tests := []struct {
		name     string
		fen      string
		fallback model.Fallback
		warnings bool
		want     []string // in this order
		not      []string
	}{
		{"fine", kiwipeteFEN, model.ShowsLast, true, nil, []string{"<"}},
		{"error, last kept", bad, model.ShowsLast, true, []string{`data-error-field="2"`, "<mark>x</mark>", "last valid position"}, []string{"start position"}},
		{"error over the start", bad, model.ShowsStart, true, []string{`data-error-field="2"`, "shows the start position instead"}, []string{"last valid"}},
		{"error, nothing shown", bad, model.ShowsNothing, false, []string{`data-error-field="2"`}, []string{"last valid", "start position", `class="kept"`}},
		{"placement and warnings", twoKings, model.ShowsLast, true,
			[]string{`data-notice="placement-only"`, core.PlacementOnlyNotice, "Read as <code>8/8/8/8/8/8/8/KK5k w - - 0 1</code>", `<li data-code="`}, nil},
		{"placement, no warnings said", twoKings, model.ShowsNothing, false, []string{`data-notice="placement-only"`}, []string{"<ul", "<li"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := model.Status{Read: model.Read(tt.fen), Fallback: tt.fallback, Warnings: tt.warnings}
			out := Status(s)
			checkTagBalance(t, out, "div", "p", "pre", "ul", "li", "code", "mark")
			if (out == "") != s.Empty() {
				t.Errorf("Status = %q, but Empty() = %v", out, s.Empty())
			}
			at := 0
			for _, w := range tt.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					t.Fatalf("Status(%q) lacks %q after offset %d: %s", tt.fen, w, at, out)
				}
				at += i + len(w)
			}
			for _, n := range tt.not {
				if strings.Contains(out, n) {
					t.Errorf("Status(%q) holds %q: %s", tt.fen, n, out)
				}
			}
		})
	}
}

var (
	alertRE   = regexp.MustCompile(`<div class="error" role="alert"><p>(.*?)</p></div>`)
	sectionRE = regexp.MustCompile(`(?s)<section(\s[^>]*)>(.*?)</section>`)
)

func TestEmbedMarkup(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	const badFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
	tests := []struct {
		name string
		o    model.Options
		last *core.Position
	}{
		{"board and cards", model.Options{Layout: "berf", Show: "P, knightAttacks(h1), occupied"}, nil},
		{"cards only", model.Options{FEN: kiwipeteFEN, Layout: "0x88", Show: "n,rookAttacks(e4, occupied)", Board: off}, nil},
		{"board only", model.Options{Orientation: "black", Labels: true, Show: "P", Grid: off}, nil},
		{"nothing", model.Options{Board: off, Grid: off}, nil},
		{"bad FEN, last kept", model.Options{FEN: badFEN, Layout: "10x12", Show: "P"}, kiwi},
		{"bad FEN, last kept, no board", model.Options{FEN: badFEN, Show: "P", Board: off}, kiwi},
		{"bad FEN, nothing kept", model.Options{FEN: badFEN, Show: "P"}, nil},
		{"bad name escaped", model.Options{Show: "P, <script>alert(1)</script>, n"}, nil},
		{"bad layout and names", model.Options{Layout: "<i>", Show: `zz"z, P & é, occupied`, Board: off}, nil},
		{"everything wrong", model.Options{FEN: "<b>&", Layout: "x", Show: "P, <q>"}, kiwi},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := model.ResolveEmbed(tt.o, tt.last)
			out := EmbedMarkup(e, core.NoSquare)
			checkTagBalance(t, out, "div", "section", "p", "pre")

			// The FEN error.
			hasFENError := strings.Contains(out, "data-error-field=")
			if hasFENError != (e.Read.Err != nil) {
				t.Errorf("FEN error markup present = %v, FENError = %v", hasFENError, e.Read.Err)
			}
			if e.Read.Err != nil {
				errs := startTags(t, out, "div")
				var fe map[string]string
				for _, a := range errs {
					if _, ok := a["data-error-field"]; ok {
						fe = a
					}
				}
				if fe == nil || fe["data-error-field"] != strconv.Itoa(e.Read.Err.Field) {
					t.Errorf("FEN error tag %v, want data-error-field=%d", fe, e.Read.Err.Field)
				}
				if !strings.Contains(out, Status(e.Status())) {
					t.Errorf("markup lacks the FEN error panel")
				}
			}
			if kept := strings.Contains(out, "last valid position"); kept != (e.Read.Err != nil && e.Pos != nil) {
				t.Errorf("says %q = %v, want %v", "last valid position", kept, e.Read.Err != nil && e.Pos != nil)
			}

			// One alert per problem, escaped.
			alerts := alertRE.FindAllStringSubmatch(out, -1)
			if len(alerts) != len(e.Problems) || strings.Count(out, `<div class="error" role="alert">`) != len(e.Problems) {
				t.Fatalf("%d alerts, want one per problem %q", len(alerts), e.Problems)
			}
			for i, a := range alerts {
				checkText(t, "problem "+strconv.Itoa(i), a[1], e.Problems[i])
			}
			if strings.Contains(out, "<script>") || strings.Contains(out, "<q>") || strings.Contains(out, "<i>") || strings.Contains(out, "<b>&") {
				t.Errorf("markup holds an unescaped tag from the options: %s", out)
			}

			// The board, iff Board.
			if got := strings.Count(out, `part="square"`); e.Board && got != 64 || !e.Board && got != 0 {
				t.Errorf("%d board squares with Board = %v", got, e.Board)
			}
			if got := strings.Count(out, `aria-label="Chess board`); got != map[bool]int{true: 1, false: 0}[e.Board] {
				t.Errorf("%d boards with Board = %v", got, e.Board)
			}
			if e.Board {
				side := map[bool]string{true: "black", false: "white"}[e.Flipped]
				if !strings.Contains(out, `aria-label="Chess board, `+side+` at the bottom"`) {
					t.Errorf("board is not drawn with %s at the bottom", side)
				}
				if got := strings.Count(out, `<span class="idx">`); e.Labels && got != 64 || !e.Labels && got != 0 {
					t.Errorf("%d square labels with Labels = %v", got, e.Labels)
				}
			}

			// One card per shown bitboard, in order, in the layout, with its bits.
			cards := sectionRE.FindAllStringSubmatch(out, -1)
			if len(cards) != len(e.Shown) {
				t.Fatalf("%d cards, want %d", len(cards), len(e.Shown))
			}
			for i, c := range cards {
				s := e.Shown[i]
				a := parseAttrs(t, c[1])
				if a["data-bitboard"] != s.Key || a["data-layout"] != e.Layout.ID {
					t.Errorf("card %d: data-bitboard %q, data-layout %q; want %q, %q", i, a["data-bitboard"], a["data-layout"], s.Key, e.Layout.ID)
				}
				var set core.Bitboard
				n := 0
				for _, cell := range gridcells(t, c[2]) {
					n++
					if cell.attrs["data-bit"] == "1" {
						set.Set(mustSquare(t, cell.attrs["data-square"]))
					}
				}
				if n != e.Layout.Slots || set != s.Bits {
					t.Errorf("card %d (%s): %d cells with bits %#x, want %d cells with %#x", i, s.Key, n, uint64(set), e.Layout.Slots, uint64(s.Bits))
				}
			}
		})
	}
}

// TestEmbedMarkupFENErrorMark checks that the FEN error marks the
// offending character of the FEN as the user gave it, blanks included.
func TestEmbedMarkupFENErrorMark(t *testing.T) {
	const bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
	markRE := regexp.MustCompile(`<mark>(.*?)</mark>`)
	for _, tt := range []struct{ name, fen string }{
		{"as is", bad},
		{"trailing blanks", bad + "  "},
		{"leading blanks", "  " + bad},
		{"leading tab and newline", "\t\n" + bad},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := model.ResolveEmbed(model.Options{FEN: tt.fen, Grid: off}, nil)
			if e.Read.Err == nil {
				t.Fatal("no FEN error")
			}
			out := EmbedMarkup(e, core.NoSquare)
			want := strings.Index(tt.fen, " x ") + 1 // the active colour 'x'
			var off string
			for _, a := range startTags(t, out, "div") {
				if v, ok := a["data-error-offset"]; ok {
					off = v
				}
			}
			m := markRE.FindStringSubmatch(out)
			if off != strconv.Itoa(want) || m == nil || m[1] != "x" {
				t.Errorf("error marks offset %s, %q; want offset %d, the 'x' of %q", off, m, want, tt.fen)
			}
		})
	}
}

var snippetRE = regexp.MustCompile(`(?s)<code data-snippet="([a-z]+)">(.*?)</code>`)

func TestSnippets(t *testing.T) {
	tests := []struct {
		name string
		s    model.State
		base string
	}{
		{"default", model.DefaultState(), "https://example.com/bitview/"},
		{"flipped and labels", model.State{FEN: kiwipeteFEN, Layout: "0x88", Show: []string{"n", "empty"}, Flipped: true, Labels: true}, "https://example.com/"},
		{"flipped only", model.State{FEN: core.StartFEN, Layout: "berf", Show: []string{"P"}, Flipped: true}, "/"},
		{"labels only", model.State{FEN: core.StartFEN, Layout: "10x12", Show: []string{"P", "p"}, Labels: true}, "./"},
		{"nothing shown", model.State{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Layout: "msb-a8"}, "https://a.example/x/"},
		{"quotes and tags", model.State{FEN: `8/8/8/8 w - - 0 1" onload="alert('<x>')&amp;`, Layout: `le"rf<`, Show: []string{"P", `<i>"&`}, Flipped: true, Labels: true},
			`https://example.com/a&b/"q"<x>/`},
		{"annotated, the grids fixed", model.State{FEN: kiwipeteFEN, Layout: "lerf", Show: []string{"P"}, Flipped: true, FixedGrids: true,
			Arrows: mustArrows(t, "Ge2e4,Rd7d5"), Marked: mustMarks(t, "Ye5")}, "/"},
		// Copied from the Embed tab with a perft path, a magic lookup, a
		// game and the expression field in the page's state: the iframe
		// shows the view, not the page's tools (it carried &tab=embed).
		{"the page's tools", model.State{FEN: kiwipeteFEN, Layout: "lerf", Show: []string{"P"}, Tab: "embed", Magic: "rook:e4", Perft: 2,
			Path: []string{"a1b1"}, Root: core.StartFEN, Expr: "P|N", Present: true, Moves: []string{"e2e4"}, Ply: 1}, "https://example.com/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := EmbedSnippets(tt.s, tt.base, "")
			checkTagBalance(t, out, "div", "pre", "code", "button")

			// Read the snippets back from the code elements and check each
			// copy button copies exactly that text.
			codes := snippetRE.FindAllStringSubmatch(out, -1)
			if len(codes) != 2 || codes[0][1] != "element" || codes[1][1] != "iframe" {
				t.Fatalf("code elements %q, want element then iframe", codes)
			}
			var copies []string
			for _, b := range startTags(t, out, "button") {
				if b["class"] == "copy" {
					copies = append(copies, b["data-copy"])
				}
			}
			if len(copies) != 2 {
				t.Fatalf("%d copy buttons, want 2", len(copies))
			}
			text := map[string]string{}
			for i, c := range codes {
				text[c[1]] = html.UnescapeString(c[2])
				checkText(t, c[1]+" snippet", c[2], text[c[1]])
				if copies[i] != text[c[1]] {
					t.Errorf("%s copy button copies %q, the snippet reads %q", c[1], copies[i], text[c[1]])
				}
			}

			// The element snippet: the script, then the element.
			el := text["element"]
			lines := strings.Split(el, "\n")
			if len(lines) != 2 {
				t.Fatalf("element snippet %q, want two lines", el)
			}
			// The element comes from the copy the page is served from (see
			// TestEmbedSnippets), through the classic loader.
			scripts := startTags(t, lines[0], "script")
			if src := tt.base + Loader; len(scripts) != 1 || scripts[0]["src"] != src || len(scripts[0]) != 2 ||
				!strings.HasSuffix(lines[0], ` defer></script>`) {
				t.Errorf("script line %q, want a deferred classic script from %q", lines[0], src)
			}
			views := startTags(t, lines[1], "bitboard-view")
			if len(views) != 1 || !strings.HasSuffix(lines[1], ">"+escape(Fallback(tt.base))+"</bitboard-view>") {
				t.Fatalf("element line %q, want one <bitboard-view> holding its fallback text, %q", lines[1], Fallback(tt.base))
			}
			v := views[0]
			want := map[string]string{"fen": tt.s.FEN, "layout": tt.s.Layout, "show": strings.Join(tt.s.Show, ",")}
			if tt.s.Flipped {
				want["orientation"] = "black"
				if tt.s.FixedGrids {
					want["grids"] = "fixed"
				}
			}
			if tt.s.Labels {
				want["labels"] = ""
			}
			if len(v) != len(want) {
				t.Errorf("bitboard-view attributes %q, want %q", v, want)
			}
			for k, w := range want {
				if got, ok := v[k]; !ok || got != w {
					t.Errorf("bitboard-view %s = %q (present %v), want %q", k, got, ok, w)
				}
			}
			if got := regexp.MustCompile(`\slabels[\s>]`).MatchString(lines[1]); got != tt.s.Labels {
				t.Errorf("bare labels attribute in %q is %v, want %v", lines[1], got, tt.s.Labels)
			}
			raw := regexp.MustCompile(`\sfen="([^"]*)"`).FindStringSubmatch(lines[1])
			if raw == nil {
				t.Fatalf("no fen attribute in %q", lines[1])
			}
			checkText(t, "fen attribute", raw[1], tt.s.FEN)

			// The iframe snippet.
			ifrLines := strings.Split(text["iframe"], "\n")
			if want := `<script src="` + escape(tt.base+FrameScript) + `" async></script>`; len(ifrLines) != 2 || ifrLines[1] != want {
				t.Fatalf("iframe snippet %q, want the frame and the height listener's script, %s", text["iframe"], want)
			}
			ifr := ifrLines[0]
			frames := startTags(t, ifr, "iframe")
			if len(frames) != 1 || !strings.HasSuffix(ifr, "></iframe>") {
				t.Fatalf("iframe snippet %q, want one <iframe></iframe>", ifr)
			}
			if _, ok := frames[0]["data-bitview"]; !ok || frames[0]["height"] != strconv.Itoa(FrameHeight(tt.s)) {
				t.Errorf("iframe %v, want data-bitview and height %d", frames[0], FrameHeight(tt.s))
			}
			src := frames[0]["src"]
			// The view's options only, none of the page's tools.
			wantSrc := tt.base + "embed.html?fen=" + url.QueryEscape(tt.s.FEN) + "&layout=" + url.QueryEscape(tt.s.Layout) +
				"&show=" + url.QueryEscape(strings.Join(tt.s.Show, ","))
			if tt.s.Labels {
				wantSrc += "&labels=1"
			}
			if tt.s.Flipped {
				wantSrc += "&orientation=black"
				if tt.s.FixedGrids {
					wantSrc += "&grids=fixed"
				}
			}
			var items []string
			for _, a := range tt.s.Arrows {
				items = append(items, a.String())
			}
			if len(items) > 0 {
				wantSrc += "&arrows=" + strings.Join(items, ",")
			}
			items = nil
			for _, m := range tt.s.Marked {
				items = append(items, m.String())
			}
			if len(items) > 0 {
				wantSrc += "&marks=" + strings.Join(items, ",")
			}
			if src != wantSrc {
				t.Errorf("iframe src = %q, want %q", src, wantSrc)
			}
			rawSrc := regexp.MustCompile(`\ssrc="([^"]*)"`).FindStringSubmatch(ifr)
			if rawSrc == nil {
				t.Fatalf("no src attribute in %q", ifr)
			}
			checkText(t, "iframe src", rawSrc[1], wantSrc)
			q, err := url.ParseQuery(src[strings.Index(src, "embed.html?")+len("embed.html?"):])
			if err != nil {
				t.Fatalf("iframe query: %v", err)
			}
			if q.Get("fen") != tt.s.FEN || q.Get("layout") != tt.s.Layout || q.Get("show") != strings.Join(tt.s.Show, ",") {
				t.Errorf("iframe query %v does not reproduce the state %+v", q, tt.s)
			}
			if got := q.Get("orientation") == "black"; got != tt.s.Flipped {
				t.Errorf("iframe orientation=black is %v, want %v", got, tt.s.Flipped)
			}
			if got := q.Get("labels") == "1"; got != tt.s.Labels {
				t.Errorf("iframe labels=1 is %v, want %v", got, tt.s.Labels)
			}
			for _, k := range []string{"tab", "magic", "perft", "path", "root", "expr", "present", "moves", "ply", "start", "flip", "free"} {
				if q.Has(k) {
					t.Errorf("iframe query has the page's %s=%q: %s", k, q.Get(k), src)
				}
			}
			if frames[0]["title"] != "Bitview: "+tt.s.FEN {
				t.Errorf("iframe title %q, want %q", frames[0]["title"], "Bitview: "+tt.s.FEN)
			}
		})
	}
}

// mustArrows reads arrows in the [%cal] syntax.
func mustArrows(t *testing.T, s string) []pgn.Arrow {
	t.Helper()
	a, err := pgn.ParseArrows(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// mustMarks reads marks in the [%csl] syntax.
func mustMarks(t *testing.T, s string) []pgn.Mark {
	t.Helper()
	m, err := pgn.ParseMarks(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestResolveEmbedPlacementOnly: a piece placement alone (the form
// articles print) shows its position, white to move with no rights, and
// says so; a full FEN says nothing; a bad placement keeps its error.
func TestResolveEmbedPlacementOnly(t *testing.T) {
	placement := strings.Fields(kiwipeteFEN)[0]
	e := model.ResolveEmbed(model.Options{FEN: " " + placement + "\n", Show: "P"}, nil)
	want := mustParse(t, placement+" w - - 0 1")
	if e.Read.Err != nil || e.Pos == nil || *e.Pos != *want || !e.Read.PlacementOnly || len(e.Shown) != 1 {
		t.Fatalf("ResolveEmbed(placement) = pos %v, error %v, placementOnly %v, %d cards", e.Pos, e.Read.Err, e.Read.PlacementOnly, len(e.Shown))
	}
	errs := EmbedErrors(e)
	checkTagBalance(t, errs, "p", "code")
	for _, want := range []string{`class="notice"`, `role="status"`, `data-notice="placement-only"`, "white to move",
		"no castling rights", "<code>" + placement + " w - - 0 1</code>"} {
		if !strings.Contains(errs, want) {
			t.Errorf("notice %q lacks %q", errs, want)
		}
	}
	if strings.Contains(errs, `role="alert"`) {
		t.Errorf("notice is an alert: %s", errs)
	}
	if !strings.Contains(EmbedMarkup(e, core.NoSquare), `data-notice="placement-only"`) {
		t.Error("Markup has no notice")
	}

	if e := model.ResolveEmbed(model.Options{FEN: kiwipeteFEN, Board: off, Grid: off}, nil); e.Read.PlacementOnly || strings.Contains(EmbedErrors(e), "notice") {
		t.Errorf("full FEN: placementOnly %v, errors %q", e.Read.PlacementOnly, EmbedErrors(e))
	}
	last := mustParse(t, core.StartFEN)
	bad := "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"
	e = model.ResolveEmbed(model.Options{FEN: bad, Board: off, Grid: off}, last)
	if e.Read.Err == nil || e.Read.Err.Field != 1 || e.Read.Err.Offset != 18 || e.Read.PlacementOnly || e.Pos != last ||
		strings.Contains(EmbedErrors(e), "notice") {
		t.Errorf("bad placement: error %v, placementOnly %v, pos kept %v", e.Read.Err, e.Read.PlacementOnly, e.Pos == last)
	}
	if e := model.ResolveEmbed(model.Options{FEN: placement + " w", Board: off, Grid: off}, nil); e.Read.Err == nil || e.Read.Err.Field != core.FieldCastling {
		t.Errorf("placement and side only: error %v, want castling missing", e.Read.Err)
	}
}
