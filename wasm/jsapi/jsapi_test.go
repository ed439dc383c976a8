package jsapi

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/web"
)

// readWeb returns a file of web/.
func readWeb(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "web", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBitviewJSTables: the two tables web/bitview.js keeps for the
// functions a page may call before Bitview is loaded (themeOf,
// pieceImages) are Go's, entry by entry; the ones it reads from Go at
// load are not restated.
func TestBitviewJSTables(t *testing.T) {
	js := readWeb(t, "bitview.js")
	theme := regexp.MustCompile(`(?s)\nconst THEME = \{(.*?)\n\};`).FindStringSubmatch(js)
	if theme == nil {
		t.Fatal("web/bitview.js: no const THEME = { … };")
	}
	var got [][2]string
	for _, m := range regexp.MustCompile(`(\w+): '([^']*)'`).FindAllStringSubmatch(theme[1], -1) {
		got = append(got, [2]string{m[1], m[2]})
	}
	if want := ThemeProperties(); !slices.Equal(got, want) {
		t.Errorf("THEME in web/bitview.js = %v,\nview.Theme's js and css tags = %v", got, want)
	}
	pieces := regexp.MustCompile(`\nconst PIECES = \[([^\]]*)\];`).FindStringSubmatch(js)
	if pieces == nil {
		t.Fatal("web/bitview.js: no const PIECES = [ … ];")
	}
	gotPieces := strings.Split(strings.NewReplacer("'", "", " ", "").Replace(pieces[1]), ",")
	if want := PieceFiles(); !slices.Equal(gotPieces, want) {
		t.Errorf("PIECES in web/bitview.js = %v, core.Piece order gives %v", gotPieces, want)
	}
	for _, restated := range []string{"'abcdefgh'", "'KQkq'"} {
		if strings.Contains(js, restated) {
			t.Errorf("web/bitview.js restates %s: the squares and castling fields come from Go (tables())", restated)
		}
	}
}

// TestPieceImagesOrder: web.PieceImages, which the command's figures
// embed, are the files of PieceFiles in that order.
func TestPieceImagesOrder(t *testing.T) {
	images := web.PieceImages()
	for i, name := range PieceFiles() {
		b := readWeb(t, "pieces/chessnut/"+name+".svg")
		if want := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(b)); images[i] != want {
			t.Errorf("web.PieceImages()[%d] is not %s.svg", i, name)
		}
	}
}

// TestTables: the squares and castling fields, and the API's entries.
func TestTables(t *testing.T) {
	tb := MakeTables()
	squares, castling := strings.Fields(tb.Squares), strings.Fields(tb.Castling)
	if len(squares) != 64 || squares[0] != "a1" || squares[28] != "e4" || squares[63] != "h8" {
		t.Errorf("Squares = %v", tb.Squares)
	}
	for cr, want := range map[int]string{0: "-", 1: "K", 3: "KQ", 5: "Kk", 15: "KQkq"} {
		if len(castling) != 16 || castling[cr] != want {
			t.Errorf("Castling = %q, want [%d] %q", tb.Castling, cr, want)
		}
	}
	for f, want := range map[*Function]string{&Functions[0]: "version", &Functions[1]: "mount(root,options?)"} {
		if got := f.Signature(); got != want {
			t.Errorf("%s.Signature() = %q, want %q", f.Name, got, want)
		}
	}
	seen := map[string]bool{}
	for i, f := range Functions {
		if seen[f.Name] {
			t.Errorf("Functions: %s twice", f.Name)
		}
		seen[f.Name] = true
		if sig := strings.Fields(tb.API)[i]; !regexp.MustCompile(`^\w+(\((\w+\??(,\w+\??)*)?\))?$`).MatchString(sig) || !strings.HasPrefix(sig, f.Name) {
			t.Errorf("API signature %d = %q, for %s", i, sig, f.Name)
		}
		optional := false
		for _, p := range f.Params {
			if optional && !p.Optional {
				t.Errorf("%s: %s is required after an optional argument", f.Name, p.Name)
			}
			optional = optional || p.Optional
		}
	}
}

// TestDeclaredTypes: every type the table names is declared in
// web/bitview.d.ts or web/bitview-options.d.ts, which
// bitview-api.d.ts imports it from.
func TestDeclaredTypes(t *testing.T) {
	decl := readWeb(t, "bitview.d.ts") + readWeb(t, "bitview-options.d.ts")
	name := regexp.MustCompile(`\b[A-Z][A-Za-z]+\b`)
	for _, f := range Functions {
		types := f.Returns
		for _, p := range f.Params {
			types += " " + p.Type
		}
		for _, n := range name.FindAllString(types, -1) {
			if n == "Element" || n == "Promise" || n == "Blob" {
				continue
			}
			if !regexp.MustCompile(`export (interface|type) ` + n + `\b`).MatchString(decl) {
				t.Errorf("%s names %s, which web/bitview.d.ts does not declare", f.Name, n)
			}
		}
	}
}
