package model

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/expr"
)

// pinCheckFEN has a pin and a check for White and a pin for Black, worked
// out by hand:
//
//   - the black bishop b4 and the white king e1 share the diagonal
//     b4–c3–d2–e1, with only the white knight d2 between them: d2 is
//     pinned (and the knight alone does not put the king in check);
//   - the black rook e4 sees e1 down the empty e3 and e2: it checks the
//     white king, White (to move) is in check from e4 alone;
//   - the white queen h5 and the black king e8 share the diagonal
//     h5–g6–f7–e8, with only the black pawn f7 between them: f7 is pinned;
//   - White has no pawns, so no pushes; the black pawn f7 may go to f6 and
//     f5 (pushes ignore pins: they are the squares in front).
const pinCheckFEN = "4k3/5p2/8/7Q/1b2r3/8/3N4/4K3 w - - 0 1"

func TestKnownKey(t *testing.T) {
	var keys []string
	for _, n := range core.BitboardNames {
		keys = append(keys, n.Name)
	}
	for _, m := range AttackMaps {
		keys = append(keys, m.Key)
	}
	keys = append(keys, "from:e4", "from:a1", "from:h8")
	for _, k := range keys {
		if !KnownKey(k) {
			t.Errorf("KnownKey(%q) = false, want true", k)
		}
	}
	for _, k := range []string{
		"", "P & N", "(P << 8) & empty", "~occupied", "whitePawns", "rank4", "e4",
		"from:i9", "from:", "from:e", "from:e44", "from e4", "attacked:x", "attacked", "pinned", "push1:", "Checkers",
	} {
		if KnownKey(k) {
			t.Errorf("KnownKey(%q) = true, want false", k)
		}
	}
}

func TestAttackMapsTable(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range AttackMaps {
		if m.Key == "" || m.Title == "" || m.Label == "" || m.Of == nil {
			t.Errorf("incomplete attack map %+v", m)
		}
		if seen[m.Key] {
			t.Errorf("attack map key %q twice", m.Key)
		}
		seen[m.Key] = true
		if _, ok := core.LookupBitboard(m.Key); ok {
			t.Errorf("attack map key %q is also a bitboard name", m.Key)
		}
	}
	if len(AttackMaps) != 9 {
		t.Errorf("%d attack maps, want 9", len(AttackMaps))
	}
}

func TestResolveShownAttackMaps(t *testing.T) {
	// core computes each map; ResolveShown must return exactly that.
	coreOf := map[string]func(p *core.Position) core.Bitboard{
		"attacked:w": func(p *core.Position) core.Bitboard { return p.Attacked(core.White) },
		"attacked:b": func(p *core.Position) core.Bitboard { return p.Attacked(core.Black) },
		"pinned:w":   func(p *core.Position) core.Bitboard { return p.Pinned(core.White) },
		"pinned:b":   func(p *core.Position) core.Bitboard { return p.Pinned(core.Black) },
		"checkers":   func(p *core.Position) core.Bitboard { return p.Checkers() },
		"push1:w":    func(p *core.Position) core.Bitboard { return p.SinglePushes(core.White) },
		"push2:w":    func(p *core.Position) core.Bitboard { return p.DoublePushes(core.White) },
		"push1:b":    func(p *core.Position) core.Bitboard { return p.SinglePushes(core.Black) },
		"push2:b":    func(p *core.Position) core.Bitboard { return p.DoublePushes(core.Black) },
	}
	titles := map[string]string{
		"attacked:w": "attacked by white", "attacked:b": "attacked by black",
		"pinned:w": "pinned white pieces", "pinned:b": "pinned black pieces", "checkers": "checkers",
		"push1:w": "white single pushes", "push2:w": "white double pushes",
		"push1:b": "black single pushes", "push2:b": "black double pushes",
	}
	if len(coreOf) != len(AttackMaps) {
		t.Fatalf("test covers %d maps, AttackMaps has %d", len(coreOf), len(AttackMaps))
	}
	positions := []struct {
		name, fen string
		// hand-worked values of some maps (squares), checked as well
		want map[string][]string
	}{
		{"kiwipete", kiwipeteFEN, map[string][]string{
			// No pins (every line from a king to an enemy slider holds two
			// blockers or none), no check; pushes worked out square by square.
			"pinned:w": nil, "pinned:b": nil, "checkers": nil,
			"push1:w": {"a3", "b3", "d6", "g3"}, "push2:w": {"a4", "g4"},
			"push1:b": {"b3", "c6", "d6", "g5"}, "push2:b": {"c5"},
		}},
		{"pin and check", pinCheckFEN, map[string][]string{
			"pinned:w": {"d2"}, "pinned:b": {"f7"}, "checkers": {"e4"},
			"push1:w": nil, "push2:w": nil, "push1:b": {"f6"}, "push2:b": {"f5"},
		}},
		{"start", core.StartFEN, map[string][]string{
			"pinned:w": nil, "pinned:b": nil, "checkers": nil,
			"push1:w": {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"},
			"push2:w": {"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"},
		}},
	}
	for _, pos := range positions {
		p := mustParse(t, pos.fen)
		for _, m := range AttackMaps {
			t.Run(pos.name+"/"+m.Key, func(t *testing.T) {
				s, err := ResolveShown(p, m.Key)
				if err != nil {
					t.Fatalf("ResolveShown(%q): %v", m.Key, err)
				}
				want := coreOf[m.Key](p)
				if s.Bits != want {
					t.Errorf("bits = %#x, want %#x (core)", uint64(s.Bits), uint64(want))
				}
				if s.Key != m.Key || s.Title != titles[m.Key] {
					t.Errorf("key, title = %q, %q; want %q, %q", s.Key, s.Title, m.Key, titles[m.Key])
				}
				if sqs, ok := pos.want[m.Key]; ok {
					if hand := squares(t, sqs...); s.Bits != hand {
						t.Errorf("bits = %#x, want %v (worked out by hand)", uint64(s.Bits), sqs)
					}
				}
			})
		}
	}
}

func TestResolveShownFrom(t *testing.T) {
	kiwi := mustParse(t, kiwipeteFEN)
	tests := []struct {
		name, fen, item, title string
		want                   []string // worked out by hand; nil: the empty set
	}{
		// The queen on f3: up f4 f5 to the knight f6; down to the pawn f2;
		// right g3 to the pawn h3; left e3 d3 to the knight c3; g4 h5 up
		// the long diagonal, the pawn e4, the pawn g2, the bishop e2.
		{"queen", kiwipeteFEN, "from:f3", "attacks from f3 (white queen)",
			[]string{"f4", "f5", "f6", "f2", "g3", "h3", "e3", "d3", "c3", "g4", "h5", "e4", "g2", "e2"}},
		{"knight", kiwipeteFEN, "from:e5", "attacks from e5 (white knight)",
			[]string{"d7", "f7", "c6", "g6", "c4", "g4", "d3", "f3"}},
		{"black pawn", kiwipeteFEN, "from:b4", "attacks from b4 (black pawn)", []string{"a3", "c3"}},
		{"empty square", kiwipeteFEN, "from:d4", "attacks from d4", nil},
		{"pinned knight", pinCheckFEN, "from:d2", "attacks from d2 (white knight)",
			[]string{"b1", "b3", "c4", "e4", "f3", "f1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.fen)
			s, err := ResolveShown(p, tt.item)
			if err != nil {
				t.Fatalf("ResolveShown(%q): %v", tt.item, err)
			}
			if s.Key != tt.item || s.Title != tt.title {
				t.Errorf("key, title = %q, %q; want %q, %q", s.Key, s.Title, tt.item, tt.title)
			}
			if want := squares(t, tt.want...); s.Bits != want {
				t.Errorf("bits = %#x, want %#x", uint64(s.Bits), uint64(want))
			}
			if want := p.AttacksFrom(mustSquare(t, strings.TrimPrefix(tt.item, "from:"))); s.Bits != want {
				t.Errorf("bits = %#x, core AttacksFrom gives %#x", uint64(s.Bits), uint64(want))
			}
		})
	}
	if s, _ := ResolveShown(kiwi, "from:f3"); !strings.Contains(s.Title, "white queen") {
		t.Errorf("from:f3 title %q does not name the white queen", s.Title)
	}
}

func TestResolveShownNames(t *testing.T) {
	for _, fen := range []string{kiwipeteFEN, core.StartFEN, pinCheckFEN} {
		p := mustParse(t, fen)
		for _, n := range core.BitboardNames {
			s, err := ResolveShown(p, n.Name)
			if err != nil {
				t.Errorf("ResolveShown(%q): %v", n.Name, err)
				continue
			}
			if s.Key != n.Name || s.Title != n.Title || s.Bits != n.Of(p) {
				t.Errorf("ResolveShown(%q) = %+v, want key %q, title %q, bits %#x", n.Name, s, n.Name, n.Title, uint64(n.Of(p)))
			}
		}
	}
	// A few conventional titles spelled out.
	p := mustParse(t, kiwipeteFEN)
	for name, title := range map[string]string{
		"P": "WhitePawns", "k": "BlackKings", "white": "pieces[White]", "occupied": "occupied",
		"empty": "~occupied", "pawns": "pieces[Pawn]", "queens": "pieces[Queen]",
	} {
		if s, err := ResolveShown(p, name); err != nil || s.Title != title {
			t.Errorf("ResolveShown(%q) title = %q, %v; want %q", name, s.Title, err, title)
		}
	}
}

func TestResolveShownExpressions(t *testing.T) {
	start := mustParse(t, core.StartFEN)
	kiwi := mustParse(t, kiwipeteFEN)
	tests := []struct {
		p    *core.Position
		item string
		want core.Bitboard
	}{
		{start, "(P << 8) & empty", core.Rank3BB},
		{start, "(whitePawns << 8) & ~allOccupied", core.Rank3BB},
		{start, "P | p", core.Rank2BB | core.Rank7BB},
		{start, "rank4", core.Rank4BB},
		{start, "e4", squares(t, "e4")},
		{start, "popcount(occupied)", 32},
		{kiwi, "knightAttacks(e5) & p", squares(t, "d7", "f7", "g6")},
		{kiwi, "Q", squares(t, "f3")},
	}
	for _, tt := range tests {
		t.Run(short(tt.item), func(t *testing.T) {
			s, err := ResolveShown(tt.p, tt.item)
			if err != nil {
				t.Fatalf("ResolveShown(%q): %v", tt.item, err)
			}
			wantTitle := tt.item
			if n, ok := core.LookupBitboard(tt.item); ok {
				wantTitle = n.Title // a name keeps its conventional title
			}
			if s.Key != tt.item || s.Title != wantTitle {
				t.Errorf("key, title = %q, %q; want %q, %q", s.Key, s.Title, tt.item, wantTitle)
			}
			if s.Bits != tt.want {
				t.Errorf("bits = %#x, want %#x", uint64(s.Bits), uint64(tt.want))
			}
		})
	}
}

func TestResolveShownErrors(t *testing.T) {
	p := mustParse(t, core.StartFEN)
	long := strings.Repeat("é", 600) // 1200 bytes: over MaxExprLength
	tests := []struct {
		name, item string
		char       int // 1-based character at fault
	}{
		{"unknown name", "P & zzz", 5},
		{"non-ascii at start", "é & (P", 1},
		{"missing operand", "P &", 4},
		{"unknown map", "attacked:x", 1},  // the name "attacked" is unknown
		{"bad from square", "from:i9", 1}, // not a square: an expression, "from" unknown
		{"empty", "", 1},
		// The fault is the first character past MaxExprLength bytes: byte
		// 1000, which is character 501 after 500 two-byte characters.
		{"too long after non-ascii", long, expr.MaxLength/2 + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ResolveShown(p, tt.item)
			if err == nil {
				t.Fatalf("ResolveShown(%q) = %+v, want an error", short(tt.item), s)
			}
			if s != (Shown{}) {
				t.Errorf("ResolveShown returned %+v with its error", s)
			}
			msg := err.Error()
			if !strings.Contains(msg, excerpt.Quote(tt.item)) { // the item, cut to 40 characters
				t.Errorf("error %q does not name the item", short(msg))
			}
			if want := "(character " + strconv.Itoa(tt.char) + ")"; !strings.Contains(msg, want) {
				t.Errorf("error %q does not say %s", short(strings.ReplaceAll(msg, "é", "")), want)
			}
			// It also carries core's description of the fault.
			_, perr := expr.Parse(tt.item)
			var xe *expr.Error
			if errors.As(perr, &xe) && !strings.Contains(msg, xe.Msg) {
				t.Errorf("error %q lacks core's message %q", short(msg), xe.Msg)
			}
		})
	}
}
