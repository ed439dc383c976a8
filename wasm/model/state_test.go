package model

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/expr"
)

func TestDefaultState(t *testing.T) {
	s := DefaultState()
	if s.FEN != core.StartFEN {
		t.Errorf("FEN = %q, want %q", s.FEN, core.StartFEN)
	}
	if s.Layout != "lerf" {
		t.Errorf("Layout = %q, want lerf", s.Layout)
	}
	if want := []string{"P", "occupied"}; !slices.Equal(s.Show, want) {
		t.Errorf("Show = %q, want %q", s.Show, want)
	}
	if s.Flipped || s.Labels {
		t.Errorf("Flipped, Labels = %v, %v; want false, false", s.Flipped, s.Labels)
	}
	// Every default name and the layout must be known to core.
	if _, ok := core.LayoutByID(s.Layout); !ok {
		t.Errorf("default layout %q is not in core.Layouts", s.Layout)
	}
	for _, n := range s.Show {
		if _, ok := core.LookupBitboard(n); !ok {
			t.Errorf("default bitboard %q is unknown to core", n)
		}
	}
	// Two calls must not share the Show slice.
	a, b := DefaultState(), DefaultState()
	a.Show[0] = "changed"
	if b.Show[0] != "P" {
		t.Errorf("DefaultState returns a shared Show slice: second call sees %q", b.Show[0])
	}
}

func TestParseQuery(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	def := DefaultState()
	tests := []struct {
		name  string
		query string
		want  State
	}{
		{"empty", "", def},
		{"just question mark", "?", def},
		{"fen only", "?fen=" + strings.NewReplacer(" ", "+", "/", "%2F").Replace(kiwipete),
			State{FEN: kiwipete, Layout: "lerf", Show: []string{"P", "occupied"}}},
		{"fen without leading ?", "fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-+0+1",
			State{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Layout: "lerf", Show: []string{"P", "occupied"}}},
		{"unescaped slashes in fen", "?fen=8/8/8/8/8/8/8/8%20b%20-%20-%200%201",
			State{FEN: "8/8/8/8/8/8/8/8 b - - 0 1", Layout: "lerf", Show: []string{"P", "occupied"}}},
		{"invalid fen kept as given", "?fen=not+a+fen",
			State{FEN: "not a fen", Layout: "lerf", Show: []string{"P", "occupied"}}},
		{"empty fen kept", "?fen=",
			State{FEN: "", Layout: "lerf", Show: []string{"P", "occupied"}}},
		{"every layout 0x88", "?layout=0x88", State{FEN: core.StartFEN, Layout: "0x88", Show: []string{"P", "occupied"}}},
		{"layout msb-a8", "?layout=msb-a8", State{FEN: core.StartFEN, Layout: "msb-a8", Show: []string{"P", "occupied"}}},
		{"layout berf", "?layout=berf", State{FEN: core.StartFEN, Layout: "berf", Show: []string{"P", "occupied"}}},
		{"layout 10x12", "?layout=10x12", State{FEN: core.StartFEN, Layout: "10x12", Show: []string{"P", "occupied"}}},
		{"unknown layout dropped", "?layout=bogus", def},
		{"layout is case sensitive", "?layout=LERF", def},
		{"empty layout dropped", "?layout=", def},
		{"show list", "?show=n,white,kings", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"n", "white", "kings"}}},
		{"show keeps order", "?show=empty,P,p", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"empty", "P", "p"}}},
		{"show keeps what it is given (the page says what means nothing)", "?show=P,bogus,x,Occupied,occupied,",
			State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "bogus", "x", "Occupied", "occupied"}}},
		{"show takes expressions and attack maps", "?show=P,(P+<<+8)+%26+~occupied,attacked:w,from:e2",
			State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "(P << 8) & ~occupied", "attacked:w", "from:e2"}}},
		{"show splits at the commas outside parentheses", "?show=(a,+b),c",
			State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"(a, b)", "c"}}},
		{"show drops duplicates", "?show=k,K,k,K,pawns,pawns",
			State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"k", "K", "pawns"}}},
		{"empty show gives none", "?show=", State{FEN: core.StartFEN, Layout: "lerf"}},
		{"unknown names kept", "?show=zz,yy", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"zz", "yy"}}},
		{"escaped comma", "?show=R%2Cq", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"R", "q"}}},
		{"flip", "?flip=1", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "occupied"}, Flipped: true}},
		{"flip other value", "?flip=true", def},
		{"labels", "?labels=1", State{FEN: core.StartFEN, Layout: "lerf", Show: []string{"P", "occupied"}, Labels: true}},
		{"labels other value", "?labels=0", def},
		{"everything", "?fen=" + strings.ReplaceAll(kiwipete, " ", "+") + "&layout=10x12&show=occupied,b&flip=1&labels=1",
			State{FEN: kiwipete, Layout: "10x12", Show: []string{"occupied", "b"}, Flipped: true, Labels: true}},
		{"unknown keys ignored", "?foo=bar&layout=berf", State{FEN: core.StartFEN, Layout: "berf", Show: []string{"P", "occupied"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseQuery(tt.query)
			if !equalState(got, tt.want) {
				t.Errorf("ParseQuery(%q) = %#v, want %#v", tt.query, got, tt.want)
			}
		})
	}
}

// equalState compares two States, treating a nil and an empty Show alike.
func equalState(a, b State) bool {
	return a.FEN == b.FEN && a.Layout == b.Layout && slices.Equal(a.Show, b.Show) &&
		a.Flipped == b.Flipped && a.Labels == b.Labels
}

func TestQuery(t *testing.T) {
	tests := []struct {
		name string
		s    State
		want string
	}{
		{"default", DefaultState(),
			"?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1&layout=lerf&show=P%2Coccupied"},
		{"no show", State{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Layout: "0x88"},
			"?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8+w+-+-+0+1&layout=0x88&show="},
		{"flags", State{FEN: "x", Layout: "berf", Show: []string{"k"}, Flipped: true, Labels: true},
			"?fen=x&layout=berf&show=k&flip=1&labels=1"},
		{"labels only", State{FEN: "x", Layout: "lerf", Labels: true},
			"?fen=x&layout=lerf&show=&labels=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Query(); got != tt.want {
				t.Errorf("Query() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestQueryRoundTrip(t *testing.T) {
	tests := []State{
		DefaultState(),
		{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Layout: "0x88", Show: []string{"occupied", "empty", "pawns"}},
		{FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Layout: "10x12", Show: nil, Flipped: true},
		{FEN: "  leading and   trailing spaces  ", Layout: "berf", Show: []string{"K"}, Labels: true},
		{FEN: "a+b&c=d#e?f%g;h", Layout: "msb-a8", Show: []string{"q", "Q"}, Flipped: true, Labels: true},
		{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 é ♔ 日本 \u00a0\t\n", Layout: "lerf", Show: []string{"white", "black"}},
		{FEN: "%41%zz", Layout: "lerf", Show: []string{"kings"}},
		{FEN: "", Layout: "lerf", Show: []string{"P"}},
	}
	for _, s := range tests {
		q := s.Query()
		if !strings.HasPrefix(q, "?") {
			t.Errorf("Query() = %q does not start with '?'", q)
		}
		got := ParseQuery(q)
		if !equalState(got, s) {
			t.Errorf("ParseQuery(%q) = %#v, want %#v", q, got, s)
		}
		if got.FEN != s.FEN {
			t.Errorf("FEN changed in round trip: %q → %q", s.FEN, got.FEN)
		}
	}
}

func TestToggle(t *testing.T) {
	tests := []struct {
		name string
		show []string
		tog  []string
		want []string
	}{
		{"add", []string{"P"}, []string{"n"}, []string{"P", "n"}},
		{"add to empty", nil, []string{"occupied"}, []string{"occupied"}},
		{"remove", []string{"P", "occupied"}, []string{"P"}, []string{"occupied"}},
		{"remove last", []string{"P"}, []string{"P"}, nil},
		{"remove middle", []string{"P", "n", "b"}, []string{"n"}, []string{"P", "b"}},
		{"add then remove", []string{"P"}, []string{"kings", "kings"}, []string{"P"}},
		{"re-add goes last", []string{"P", "n"}, []string{"P", "P"}, []string{"n", "P"}},
		{"unknown ignored", []string{"P"}, []string{"bogus"}, []string{"P"}},
		{"empty name ignored", []string{"P"}, []string{""}, []string{"P"}},
		{"case matters", []string{"P"}, []string{"Occupied"}, []string{"P"}},
		{"every name", nil, allNames(), allNames()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := State{FEN: core.StartFEN, Layout: "lerf", Show: slices.Clone(tt.show)}
			for _, n := range tt.tog {
				s.Toggle(n)
			}
			if !slices.Equal(s.Show, tt.want) {
				t.Errorf("Show after toggling %q on %q = %q, want %q", tt.tog, tt.show, s.Show, tt.want)
			}
		})
	}
}

func allNames() []string {
	var ns []string
	for _, n := range core.BitboardNames {
		ns = append(ns, n.Name)
	}
	return ns
}

func TestToggleDoesNotAlias(t *testing.T) {
	for _, tt := range []struct {
		name string
		show []string
		tog  string
	}{
		{"remove first", []string{"P", "n", "occupied"}, "P"},
		{"remove middle", []string{"P", "n", "occupied"}, "n"},
		{"remove last", []string{"P", "n", "occupied"}, "occupied"},
		{"add", []string{"P", "n"}, "b"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Spare capacity lets append write in place if Toggle does not copy.
			backing := make([]string, len(tt.show), len(tt.show)+4)
			copy(backing, tt.show)
			orig := State{FEN: core.StartFEN, Layout: "lerf", Show: backing}
			cp := orig
			cp.Toggle(tt.tog)
			if !slices.Equal(orig.Show, tt.show) {
				t.Errorf("toggling %q on a copy changed the original's Show to %q, want %q", tt.tog, orig.Show, tt.show)
			}
			if !slices.Equal(backing[:len(tt.show)], tt.show) {
				t.Errorf("toggling %q wrote into the shared backing array: %q", tt.tog, backing[:len(tt.show)])
			}
			// A second copy toggled differently must not see the first copy's change.
			cp2 := orig
			cp2.Toggle("kings")
			if slices.Contains(cp.Show, "kings") {
				t.Errorf("second copy's toggle leaked into the first: %q", cp.Show)
			}
		})
	}
}

// TestParseQueryMalformed checks that a query url.ParseQuery rejects (a
// stray '%', a ';') still yields a usable State: a known layout and known
// bitboard names, never a panic.
func TestParseQueryMalformed(t *testing.T) {
	for _, q := range []string{
		"?fen=%zz",
		"?layout=berf&show=%",
		"?fen=8/8/8/8/8/8/8/8;w",
		"?%%%&&&===",
		"?show=,,,",
		"&&&",
	} {
		s := ParseQuery(q)
		if _, ok := core.LayoutByID(s.Layout); !ok {
			t.Errorf("ParseQuery(%q).Layout = %q, not a layout", q, s.Layout)
		}
		for _, n := range s.Show {
			if _, ok := core.LookupBitboard(n); !ok {
				t.Errorf("ParseQuery(%q).Show has unknown %q", q, n)
			}
		}
		if q2 := s.Query(); !equalState(ParseQuery(q2), s) {
			t.Errorf("ParseQuery(%q) = %#v does not round-trip through %q", q, s, q2)
		}
	}
}

// TestParseQueryLimits: a link cannot carry more than the parsers read.
// The FEN and the expression keep one byte past their limits (so their
// parsers still refuse them with their own messages) and the show list
// its first MaxShowItems keys.
func TestParseQueryLimits(t *testing.T) {
	long := strings.Repeat("8/", 5_000_000) // 10 MB
	s := ParseQuery("?fen=" + long + "&expr=" + strings.Repeat("~", 5_000_000))
	if len(s.FEN) != core.MaxFENLength+1 || len(s.Expr) != expr.MaxLength+1 {
		t.Errorf("FEN %d bytes, expression %d bytes; want %d and %d", len(s.FEN), len(s.Expr), core.MaxFENLength+1, expr.MaxLength+1)
	}
	if _, err := core.ParseFEN(s.FEN); err == nil || !strings.Contains(err.Error(), "longer than 256 bytes") {
		t.Errorf("the clipped FEN is refused with %v, want the length limit", err)
	}
	if _, err := expr.Parse(s.Expr); err == nil || !errors.Is(err, expr.ErrLimit) {
		t.Errorf("the clipped expression is refused with %v, want ErrLimit", err)
	}
	at := ParseQuery("?fen=" + url.QueryEscape(strings.Repeat("x", core.MaxFENLength)))
	if len(at.FEN) != core.MaxFENLength {
		t.Errorf("a FEN at the limit is cut to %d bytes", len(at.FEN))
	}
	var names []string
	for sq := range core.SquareCount {
		names = append(names, "from:"+core.Square(sq).String())
	}
	if s := ParseQuery("?show=" + strings.Join(names, ",")); len(s.Show) != MaxShowItems {
		t.Errorf("64 attack maps + more: show keeps %d, want %d", len(s.Show), MaxShowItems)
	}
}

func TestClip(t *testing.T) {
	for _, tt := range []struct {
		in    string
		limit int
		want  string
	}{{"", 3, ""}, {"abc", 3, "abc"}, {"abcd", 3, "abcd"}, {"abcde", 3, "abcd"}} {
		if got := Clip(tt.in, tt.limit); got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.in, tt.limit, got, tt.want)
		}
	}
}

func TestTabState(t *testing.T) {
	tests := []struct {
		query, tab string
	}{
		{"", ""},
		{"?tab=perft", "perft"},
		{"?tab=engine&magic=Bishop:C1", "engine"},
		{"?tab=bogus", ""},
		// Links from before the tool area.
		{"?tools=magic,bogus,dump&magic=Bishop:C1", "engine"},
		{"?perft=3", "perft"},
		{"?tab=game&perft=3", "game"},
	}
	for _, tt := range tests {
		s := ParseQuery(tt.query)
		if s.Tab != tt.tab {
			t.Errorf("ParseQuery(%q).Tab = %q, want %q", tt.query, s.Tab, tt.tab)
		}
		if back := ParseQuery(s.Query()); back.Tab != s.Tab || back.Magic != s.Magic {
			t.Errorf("%q: round trip gives tab %q magic %q, want %q %q", tt.query, back.Tab, back.Magic, s.Tab, s.Magic)
		}
		if strings.Contains(s.Query(), "tools=") {
			t.Errorf("%q: Query() = %q still writes tools=", tt.query, s.Query())
		}
	}
	if s := ParseQuery("?tab=engine&magic=Bishop:C1"); s.Magic != "bishop:c1" || !strings.Contains(s.Query(), "&tab=engine&magic=bishop%3Ac1") {
		t.Errorf("magic %q, query %q", s.Magic, s.Query())
	}
	if bad := ParseQuery("?magic=queen:e4"); bad.Magic != "" {
		t.Errorf("bad magic kept: %q", bad.Magic)
	}
}
