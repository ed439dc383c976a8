package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/expr"
	"github.com/bitview/bitview/core/perftsuite"
	"github.com/bitview/bitview/core/pgn"
	bvfigure "github.com/bitview/bitview/wasm/figure"
	bvhandler "github.com/bitview/bitview/wasm/figure/handler"
	bvpages "github.com/bitview/bitview/wasm/figure/pages"
	bvpng "github.com/bitview/bitview/wasm/figure/png"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/version"
	"github.com/bitview/bitview/wasm/view"
)

// root returns the repository's root or ends the test.
func root(t *testing.T) string {
	t.Helper()
	r, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReadmeFigures checks the versions and the figures README.md and
// CONTRIBUTING.md quote against go.mod, wasm/version and the code.
func TestReadmeFigures(t *testing.T) {
	repo := root(t)
	fences := func(t *testing.T, name string) ([]Fence, string) {
		t.Helper()
		fs, prose, err := Fences(repo, name)
		if err != nil {
			t.Fatal(err)
		}
		return fs, prose
	}
	_, readme := fences(t, "README.md")
	rawReadme, _ := os.ReadFile(filepath.Join(repo, "README.md"))
	_, contributing := fences(t, "CONTRIBUTING.md")
	rawContributing, _ := os.ReadFile(filepath.Join(repo, "CONTRIBUTING.md"))
	if n := strings.Count(string(rawReadme), "\n"); n > 300 {
		t.Errorf("README.md has %d lines; it promises its users at most 300", n)
	}

	// The Go version: go.mod's go line, as the README says it.
	gomod, _ := os.ReadFile(filepath.Join(repo, "go.mod"))
	goLine := regexp.MustCompile(`(?m)^go (\d+\.\d+)(\.\d+)?$`).FindStringSubmatch(string(gomod))
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "Go " + goLine[1] + " or newer (go.mod's `go " + goLine[1] + goLine[2] + "`)"; !strings.Contains(readme, want) {
		t.Errorf("README.md does not say %q", want)
	}
	// Bitview's version: every version the files quote is wasm/version's.
	for name, text := range map[string]string{"README.md": string(rawReadme), "CONTRIBUTING.md": string(rawContributing)} {
		for _, m := range regexp.MustCompile(`(?:bitview@|bitview-|version |\bv)(\d+\.\d+\.\d+)`).FindAllStringSubmatch(text, -1) {
			if m[1] != version.Version {
				t.Errorf("%s quotes %q; the version is %s (wasm/version)", name, m[0], version.Version)
			}
		}
	}
	if !strings.Contains(string(rawReadme), view.CDN+version.Version+"/"+view.Loader) {
		t.Errorf("README.md's CDN line is not at version %s", version.Version)
	}
	// The npm and CDN lines are marked as unpublished until they are.
	if marked := strings.Contains(readme, "**Not published yet.**"); marked == version.Published {
		t.Errorf("README.md marks the package unpublished: %v; wasm/version says Published = %v", marked, version.Published)
	}

	// The figures the README quotes, each against the code.
	lerf, _ := core.LayoutByID("lerf")
	x88, _ := core.LayoutByID("0x88")
	berf, _ := core.LayoutByID("berf")
	lefr, _ := core.LayoutByID("lefr")
	mailbox, _ := core.LayoutByID("10x12")
	sq := func(s string) core.Square {
		q, ok := core.ParseSquare(s)
		if !ok {
			t.Fatalf("no square %s", s)
		}
		return q
	}
	figures := []struct {
		quote string
		ok    bool
	}{
		{"a1 = 0, h1 = 7, a8 = 56,\nh8 = 63", lerf.Index(sq("a1")) == 0 && lerf.Index(sq("h1")) == 7 && lerf.Index(sq("a8")) == 56 && lerf.Index(sq("h8")) == 63},
		{"16·rank + file in 128 slots", x88.Slots == 128 && x88.Index(sq("e4")) == 16*3+4},
		{"**BERF**: a8 = 0 … h1 = 63", berf.Index(sq("a8")) == 0 && berf.Index(sq("h1")) == 63},
		{"a1 = 0, a2 = 1 … h8 = 63", lefr.Index(sq("a1")) == 0 && lefr.Index(sq("a2")) == 1 && lefr.Index(sq("h8")) == 63},
		{"a1 = 21, h8 = 98", mailbox.Index(sq("a1")) == 21 && mailbox.Index(sq("h8")) == 98},
		{"view, 1–4 plies", model.MaxElementPerft == 4},
		{"depth 1–6", core.MaxDivideDepth == 6},
		{"up to 14 numbers", dump.MaxNumbers == 14},
		{"a FEN 256 bytes, a PGN 4 MiB, an\nexpression 1,000 bytes", core.MaxFENLength == 256 && pgn.MaxBytes == 4<<20 && expr.MaxLength == 1000},
	}
	// Quotes are compared with their white space collapsed, so that a
	// paragraph may be wrapped anew.
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, f := range figures {
		if !strings.Contains(norm(string(rawReadme)), norm(f.quote)) {
			t.Errorf("README.md no longer quotes %q: update the test", f.quote)
		} else if !f.ok {
			t.Errorf("README.md quotes %q, which the code does not bear out", f.quote)
		}
	}
	// The expressions the README gives as examples parse.
	for _, m := range regexp.MustCompile("`([^`]*(?:<<|Attacks\\()[^`]*)`").FindAllStringSubmatch(readme, -1) {
		e := regexp.MustCompile(`\bx\b`).ReplaceAllString(m[1], "P") // the shift demo's x, a bitboard
		if _, err := expr.Parse(e); err != nil {
			t.Errorf("README.md's expression %q: %v", m[1], err)
		}
	}
	// Figures checked by other tests of this package, where they are measured.
	elsewhere := map[string]string{
		"Bitview at 1280×800":      "the screenshot's size (TestPageScreenshots takes it)",
		"Wider than 1024 px":       "TestFirstScreenWidths and TestRoomTools",
		"1920×1080 or 1280×720":    "TestPresentation… in present_test.go",
		"up to four cards":         "TestPresentation… in present_test.go",
		"byte for byte":            "TestFigureSVGMatchesElement",
		`width="760" height="440"`: "the iframe's size, checked against view.FrameHeight below",
		"ADDR=127.0.0.1:9000":      "an example address",
		"`element.toPNG(2)`":       "toPNG's default scale",
		"-scale 2":                 "the PNG's scale",
		"status 400":               "TestReadmeCommands fetches a bad /figure.svg",
		"status\n1":                "wasm/cmd/bitview's TestRun",
	}
	// The page's weight, measured by TestReadmeSizes in wasm/browser
	// against dist/ (quoted here by its shape: the sizes move with the
	// code).
	if size := regexp.MustCompile(`[\d.]+ MB as brotli \(the wasm [\d.]+ MB of it, [\d.]+ MB uncompressed\)`).FindString(norm(readme)); size != "" {
		elsewhere[size] = "TestReadmeSizes"
	} else {
		t.Error("README.md no longer quotes what a page with figures loads (… MB as brotli (the wasm … MB of it, … MB uncompressed)): update the test")
	}
	// Every quantity with a unit of measurement in the README's prose is one of the above.
	for _, m := range regexp.MustCompile(`\d[\d,.]*\s?(px|ms|s|KB|MB|MiB|KiB|B|bytes|%)\b`).FindAllString(readme, -1) {
		known := false
		for _, f := range figures {
			known = known || strings.Contains(norm(f.quote), norm(m))
		}
		for q := range elsewhere {
			known = known || strings.Contains(norm(q), norm(m))
		}
		if !known {
			t.Errorf("README.md quotes %q, which no test measures: measure it here or drop it", m)
		}
	}
	st := model.DefaultState()
	st.FEN, st.Show = "8/8/8/8/4P3/8/8/8 w - - 0 1", []string{"P"}
	if h := view.FrameHeight(st); !strings.Contains(string(rawReadme), fmt.Sprintf(`width="760" height="%d"`, h)) {
		t.Errorf("README.md's iframe is not %d px tall, the height the Embed tab gives that view", h)
	}
	// CONTRIBUTING.md's limits table: each value is its constant's.
	consts := map[string]int{"core.MaxFENLength": core.MaxFENLength, "expr.MaxLength": expr.MaxLength, "expr.MaxDepth": expr.MaxDepth,
		"pgn.MaxBytes": pgn.MaxBytes, "pgn.MaxGames": pgn.MaxGames, "pgn.MaxPlies": pgn.MaxPlies, "pgn.MaxTags": pgn.MaxTags,
		"pgn.MaxTagLength": pgn.MaxTagLength, "model.MaxShowItems": model.MaxShowItems, "model.MaxShowLength": model.MaxShowLength,
		"model.MaxOptionLength": model.MaxOptionLength, "figure.MaxThemeLength": bvfigure.MaxThemeLength,
		"handler.MaxQueryBytes": bvhandler.MaxQueryBytes, "pages.MaxPageBytes": bvpages.MaxPageBytes, "png.MaxScale": int(bvpng.MaxScale),
		"dump.MaxTextLength": dump.MaxTextLength, "dump.MaxNumbers": dump.MaxNumbers, "core.MaxDivideDepth": core.MaxDivideDepth,
		"model.MaxElementPerft": model.MaxElementPerft, "model.MaxPerftPath": model.MaxPerftPath, "model.MaxPerftPaste": model.MaxPerftPaste,
		"perftsuite.MaxBytes": perftsuite.MaxBytes, "perftsuite.MaxPositions": perftsuite.MaxPositions}
	quoted := regexp.MustCompile("(\\d[\\d,]*)[^|(\\d]*\\(`(\\w+\\.Max\\w+)`\\)").FindAllStringSubmatch(contributing, -1)
	seen := map[string]bool{}
	for _, m := range quoted {
		want, ok := consts[m[2]]
		if !ok {
			t.Errorf("CONTRIBUTING.md quotes %s, which the test does not know", m[2])
			continue
		}
		seen[m[2]] = true
		if got := strings.ReplaceAll(m[1], ",", ""); got != fmt.Sprint(want) {
			t.Errorf("CONTRIBUTING.md: %s is %s; the code says %d", m[2], m[1], want)
		}
	}
	if len(seen) != len(consts) {
		t.Errorf("CONTRIBUTING.md's limits table quotes %d of the %d limits", len(seen), len(consts))
	}
}
