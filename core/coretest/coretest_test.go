package coretest

import (
	"fmt"
	"testing"

	"github.com/bitview/bitview/core"
)

// failures is a testing.TB that records what the helpers fail with
// instead of stopping.
type failures struct {
	testing.TB
	said []string
}

func (f *failures) Helper() {}

func (f *failures) Fatalf(format string, args ...any) {
	f.said = append(f.said, fmt.Sprintf(format, args...))
}

func TestHelpers(t *testing.T) {
	if p := MustPosition(t, core.StartFEN); p.PieceAt(core.E1) != core.WhiteKing {
		t.Errorf("MustPosition(start): e1 holds %v", p.PieceAt(core.E1))
	}
	if l := MustLayout(t, "0x88"); l.ID != "0x88" {
		t.Errorf("MustLayout(0x88): %q", l.ID)
	}
	if sq := MustSquare(t, "e4"); sq != core.E4 {
		t.Errorf("MustSquare(e4): %v", sq)
	}
	if b := NamedSquares(t, "a1", "h8"); uint64(b) != 1|1<<63 {
		t.Errorf("NamedSquares(a1, h8): %#x", uint64(b))
	}
	f := &failures{}
	MustPosition(f, "8/8")
	MustLayout(f, "lerg")
	MustSquare(f, "i9")
	NamedSquares(f, "a1", "z0")
	want := []string{`ParseFEN("8/8")`, `LayoutByID("lerg") not found`, `bad square "i9"`, `bad square "z0"`}
	if len(f.said) != len(want) {
		t.Fatalf("failed with %q, want %d failures", f.said, len(want))
	}
	for i, w := range want {
		if len(f.said[i]) < len(w) || f.said[i][:len(w)] != w {
			t.Errorf("failure %d: %q, want it to start %q", i, f.said[i], w)
		}
	}
}
