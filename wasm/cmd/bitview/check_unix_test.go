//go:build unix

package main

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestCheckStockfishD pipes real Stockfish's d into bitview check, as an
// engine author would: the d of the position checked agrees (its board,
// Fen: and Checkers:; its own Key: named, not checked); the start
// position's d checked against Kiwipete differs, square by square.
func TestCheckStockfishD(t *testing.T) {
	sf := stockfishPath(t)
	d := func(position string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, sf)
		cmd.Stdin = strings.NewReader("uci\nposition " + position + "\nd\nquit\n")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("stockfish: %v", err)
		}
		return string(out)
	}
	mate := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	for _, tc := range []struct {
		position, fen string
		code          int
		want          []string
	}{
		{"fen " + kiwipete, kiwipete, 0, []string{"  Board (lines ", "):     agrees\n", "  Fen (line ", "  Key (line ", "not checked: not the Polyglot key (C3CE103F01D15E1D)", "  Checkers (line ", "agrees: none, as in the position\n"}},
		{"fen " + mate, mate, 0, []string{"agrees: h4, as in the position\n"}},
		{"startpos", kiwipete, 1, []string{"differs: b1 N in the dump, nothing in the position;", "differs: the placement: b1 N in the dump"}},
	} {
		code, out, errOut := bench(t, d(tc.position), "check", "-fen", tc.fen)
		ok := code == tc.code && errOut == "" && strings.HasPrefix(out, "The dump's own account of the position:\n")
		for _, w := range tc.want {
			ok = ok && strings.Contains(out, w)
		}
		if !ok {
			t.Errorf("stockfish's d of %s checked against %s: exit %d, %q\n%s\nwant %d and %q", tc.position, tc.fen, code, errOut, out, tc.code, tc.want)
		}
	}
}
