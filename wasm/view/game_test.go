package view

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/pgn"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
)

var (
	moveNumRE    = regexp.MustCompile(`<span class="num">(.*?)</span>`)
	plyButtonRE  = regexp.MustCompile(`<button type="button"([^>]*)>(.*?)</button>`)
	playersRE    = regexp.MustCompile(`<p class="players">(.*?)</p>`)
	moveResultRE = regexp.MustCompile(`<p class="result">(.*?)</p>`)
)

func mustGame(t *testing.T, text string) *pgn.Game {
	t.Helper()
	gs, err := pgn.Parse(text)
	if err != nil {
		t.Fatalf("ParsePGN: %v", err)
	}
	if len(gs) != 1 {
		t.Fatalf("ParsePGN: %d games, want 1", len(gs))
	}
	return &gs[0]
}

// checkPlyButtons checks the buttons of a move list: data-ply 0 … n, the
// text "start" then each move's SAN, and aria-current on ply alone.
func checkPlyButtons(t *testing.T, out string, g *pgn.Game, ply int) {
	t.Helper()
	ms := plyButtonRE.FindAllStringSubmatch(out, -1)
	if len(ms) != len(g.Moves)+1 {
		t.Fatalf("%d ply buttons, want %d", len(ms), len(g.Moves)+1)
	}
	current := 0
	for i, m := range ms {
		a := parseAttrs(t, m[1])
		if a["data-ply"] != strconv.Itoa(i) {
			t.Errorf("button %d data-ply = %q", i, a["data-ply"])
		}
		want := "start"
		if i > 0 {
			want = g.Moves[i-1].SAN
		}
		checkText(t, "button "+strconv.Itoa(i), m[2], want)
		cur, ok := a["aria-current"]
		if ok {
			current++
			if cur != "step" {
				t.Errorf("ply %d aria-current = %q, want step", i, cur)
			}
		}
		if ok != (i == ply) {
			t.Errorf("ply %d: aria-current %v, current ply %d", i, ok, ply)
		}
	}
	if in := ply >= 0 && ply <= len(g.Moves); in && current != 1 || !in && current != 0 {
		t.Errorf("%d buttons aria-current for ply %d", current, ply)
	}
}

func TestMoveListSample(t *testing.T) {
	g := mustGame(t, model.SamplePGN)
	if len(g.Moves) != 23 {
		t.Fatalf("sample has %d moves, want 23", len(g.Moves))
	}
	for _, ply := range []int{0, 1, 2, 12, 22, 23, -1, 24, 100} {
		t.Run("ply="+strconv.Itoa(ply), func(t *testing.T) {
			out := MoveList(g, ply)
			checkTagBalance(t, out, "ol", "li", "p", "button", "span", "strong")
			checkPlyButtons(t, out, g, ply)

			p := playersRE.FindStringSubmatch(out)
			if p == nil {
				t.Fatalf("no players line")
			}
			checkText(t, "players", stripTags(p[1]), "Botvinnik, Mikhail – Spielmann, Rudolf, Moscow 1935")
			strong := regexp.MustCompile(`<strong>(.*?)</strong>`).FindAllStringSubmatch(p[1], -1)
			if len(strong) != 2 || strong[0][1] != "Botvinnik, Mikhail" || strong[1][1] != "Spielmann, Rudolf" {
				t.Errorf("players %q", strong)
			}

			var nums []string
			for _, m := range moveNumRE.FindAllStringSubmatch(out, -1) {
				nums = append(nums, m[1])
			}
			var want []string
			for n := 1; n <= 12; n++ {
				want = append(want, strconv.Itoa(n)+".")
			}
			if strings.Join(nums, " ") != strings.Join(want, " ") {
				t.Errorf("numbers %v, want %v", nums, want)
			}
			// Each number comes before its White move: "1." then c4.
			if !regexp.MustCompile(`<span class="num">1\.</span><button type="button" data-ply="1"[^>]*>c4</button><button type="button" data-ply="2"[^>]*>c6</button></li>`).MatchString(out) {
				t.Errorf("move 1 is not 1. c4 c6 in one item")
			}
			if !regexp.MustCompile(`<span class="num">12\.</span><button type="button" data-ply="23"[^>]*>gxf3</button></li></ol>`).MatchString(out) {
				t.Errorf("the list does not end with 12. gxf3")
			}

			r := moveResultRE.FindAllStringSubmatch(out, -1)
			if len(r) != 1 || r[0][1] != "1-0" {
				t.Errorf("result %q, want one reading 1-0", r)
			}
		})
	}
}

func TestMoveListBlackFirst(t *testing.T) {
	const game = `[White "A"]
[Black "B"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"]

7... Kd7 8. e4 Kc6 9. Ke2 *`
	g := mustGame(t, game)
	if len(g.Moves) != 4 {
		t.Fatalf("%d moves, want 4", len(g.Moves))
	}
	out := MoveList(g, 2)
	checkTagBalance(t, out, "ol", "li", "p", "button", "span", "strong")
	checkPlyButtons(t, out, g, 2)
	var nums []string
	for _, m := range moveNumRE.FindAllStringSubmatch(out, -1) {
		nums = append(nums, m[1])
	}
	if want := []string{"7…", "8.", "9."}; strings.Join(nums, " ") != strings.Join(want, " ") {
		t.Errorf("numbers %v, want %v", nums, want)
	}
	if !strings.Contains(out, `<li><span class="num">7…</span><button type="button" data-ply="1">Kd7</button></li>`) {
		t.Errorf("Black's first move is not alone as 7… Kd7: %s", out)
	}
	if strings.Contains(out, `class="result"`) {
		t.Errorf("an unfinished game (*) shows a result")
	}
	if m := playersRE.FindStringSubmatch(out); m == nil || stripTags(m[1]) != "A – B" {
		t.Errorf("players %v, want A – B (no event, no date)", m)
	}
}

func TestMoveListNoTagsEscapes(t *testing.T) {
	g := mustGame(t, "1. e4 e5 2. Nf3 1/2-1/2")
	out := MoveList(g, 3)
	if strings.Contains(out, `class="players"`) {
		t.Errorf("players line without players: %s", out)
	}
	checkPlyButtons(t, out, g, 3)
	if r := moveResultRE.FindStringSubmatch(out); r == nil || r[1] != "1/2-1/2" {
		t.Errorf("result %v", r)
	}
	// Tag values are escaped.
	g = mustGame(t, `[White "<b>O'Kelly</b> & Co"]
[Black "\"Q\""]
[Event "Café <i>"]
[Date "2024.01.02"]

1. d4 *`)
	out = MoveList(g, 0)
	p := playersRE.FindStringSubmatch(out)
	if p == nil {
		t.Fatalf("no players line")
	}
	strong := regexp.MustCompile(`<strong>(.*?)</strong>`).FindAllStringSubmatch(p[1], -1)
	if len(strong) != 2 {
		t.Fatalf("players %q", p[1])
	}
	checkText(t, "white", strong[0][1], "<b>O'Kelly</b> & Co")
	checkText(t, "black", strong[1][1], `"Q"`)
	rest := strings.TrimPrefix(p[1], "<strong>"+strong[0][1]+"</strong> – <strong>"+strong[1][1]+"</strong>")
	checkText(t, "event and year", rest, ", Café <i> 2024")
}

func TestPGNError(t *testing.T) {
	// An illegal move: the error points at it and the moves before it play.
	const text = "1. e4 e5 2. Nf3 Ke7 3. Qh5 Nc6 *"
	gs, err := pgn.Parse(text)
	var pe *pgn.Error
	if !errors.As(err, &pe) {
		t.Fatalf("ParsePGN = %v, want a *PGNError", err)
	}
	playable := len(gs[0].Moves)
	tests := []struct {
		name     string
		e        *pgn.Error
		playable int
	}{
		{"illegal move", pe, playable},
		{"built by hand", &pgn.Error{Line: 12, Col: 34, Msg: `unexpected "<x>" & 'y'`}, 0},
		{"one move", &pgn.Error{Line: 1, Col: 1, Msg: "m"}, 1},
		{"past the game limit", &pgn.Error{Line: 110001, Col: 1, Game: 10001, Msg: "the text holds more than 10,000 games, the limit"}, 23},
	}
	if pe.Line != 1 || pe.Col != 24 || playable != 4 {
		t.Errorf("ParsePGN error at %d:%d after %d moves, want 1:24 after 4", pe.Line, pe.Col, playable)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := PGNError(tt.e, tt.playable)
			checkTagBalance(t, out, "div", "p", "strong")
			divs := startTags(t, out, "div")
			if len(divs) != 1 {
				t.Fatalf("%d divs", len(divs))
			}
			d := divs[0]
			if d["class"] != "error" || d["role"] != "alert" {
				t.Errorf("panel %v is not an error alert", d)
			}
			if d["data-error-line"] != strconv.Itoa(tt.e.Line) || d["data-error-column"] != strconv.Itoa(tt.e.Col) {
				t.Errorf("data-error-line/column = %q/%q, want %d/%d", d["data-error-line"], d["data-error-column"], tt.e.Line, tt.e.Col)
			}
			m := regexp.MustCompile(`<p><strong>Line (\d+), column (\d+):</strong> (.*?)</p>`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no line, column and message: %s", out)
			}
			if m[1] != strconv.Itoa(tt.e.Line) || m[2] != strconv.Itoa(tt.e.Col) {
				t.Errorf("says line %s column %s, want %d %d", m[1], m[2], tt.e.Line, tt.e.Col)
			}
			checkText(t, "message", m[3], tt.e.Msg)
			if tt.e.Game > 1 {
				if want := "The " + thousands.Itoa(tt.e.Game-1) + " games before it were read"; !strings.Contains(out, want) {
					t.Errorf("panel does not say %q: %s", want, out)
				}
				return
			}
			if !strings.Contains(out, playableText(tt.playable)) || (tt.playable > 1 && !strings.Contains(out, "The "+strconv.Itoa(tt.playable)+" moves before it can be played.")) {
				t.Errorf("panel does not give the %d playable moves: %s", tt.playable, out)
			}
		})
	}
}

func TestCardMarksChanges(t *testing.T) {
	// 1. e4 as the white pawns see it: e2 cleared, e4 set, the rest kept.
	prev := core.Rank2BB
	bb := core.Rank2BB&^squares(t, "e2") | squares(t, "e4")
	// A capture and a move: d5 taken, c3 emptied, a1 unchanged and empty.
	prev2 := squares(t, "c3", "d5", "h8")
	bb2 := squares(t, "b5", "h8")
	tests := []struct {
		name             string
		bb, prev         core.Bitboard
		set, cleared     []string
		unchangedSetBits int
	}{
		{"pawn push", bb, prev, []string{"e4"}, []string{"e2"}, 7},
		{"capture", bb2, prev2, []string{"b5"}, []string{"c3", "d5"}, 1},
		{"from nothing", core.Rank1BB, 0, []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}, nil, 0},
		{"to nothing", 0, core.FileABB, nil, []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"}, 0},
		{"same", bb, bb, nil, nil, 8},
	}
	for _, l := range core.Layouts {
		for _, tt := range tests {
			t.Run(l.ID+"/"+tt.name, func(t *testing.T) {
				out := Card(l, model.Shown{Key: "P", Title: "WhitePawns", Bits: tt.bb}, tt.prev, false)
				wantSet, wantCleared := squares(t, tt.set...), squares(t, tt.cleared...)
				var set, cleared core.Bitboard
				unchanged := 0
				for _, c := range gridcells(t, out) {
					if c.has("data-offboard") {
						if strings.Contains(c.attrs["class"], "bit-") {
							t.Errorf("off-board cell %v marked", c.attrs)
						}
						continue
					}
					sq := mustSquare(t, c.attrs["data-square"])
					classes := strings.Fields(c.attrs["class"])
					var marks []string
					for _, cl := range classes {
						if strings.HasPrefix(cl, "bit-") {
							marks = append(marks, cl)
						}
					}
					if len(marks) > 1 {
						t.Errorf("%s marked %v", sq, marks)
					}
					switch {
					case len(marks) == 0:
						if c.attrs["data-bit"] == "1" {
							unchanged++
						}
					case marks[0] == "bit-set":
						set.Set(sq)
					case marks[0] == "bit-cleared":
						cleared.Set(sq)
					default:
						t.Errorf("%s: unknown mark %q", sq, marks[0])
					}
					if want := map[bool]string{true: "1", false: "0"}[tt.bb.Has(sq)]; c.attrs["data-bit"] != want {
						t.Errorf("%s data-bit = %q, want %s (the new value)", sq, c.attrs["data-bit"], want)
					}
				}
				if set != wantSet || cleared != wantCleared {
					t.Errorf("set %#x cleared %#x, want %#x %#x", uint64(set), uint64(cleared), uint64(wantSet), uint64(wantCleared))
				}
				if unchanged != tt.unchangedSetBits {
					t.Errorf("%d unchanged set cells, want %d", unchanged, tt.unchangedSetBits)
				}
				// Apart from the marks, it is the card of the new value.
				unmarked := strings.NewReplacer(" bit-set", "", " bit-cleared", "").Replace(out)
				if unmarked != Card(l, model.Shown{Key: "P", Title: "WhitePawns", Bits: tt.bb}, tt.bb, false) {
					t.Errorf("Card with prev differs from Card without it beyond the marks")
				}
			})
		}
	}
}

func TestCardWithoutChangeMarksNothing(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	for _, l := range core.Layouts {
		for _, n := range core.BitboardNames {
			bb := n.Of(kiwi)
			card := Card(l, model.Shown{Key: n.Name, Title: n.Title, Bits: bb}, bb, false)
			if strings.Contains(card, "bit-set") || strings.Contains(card, "bit-cleared") {
				t.Errorf("%s/%s: Card marks changes", l.ID, n.Name)
			}
		}
	}
}
