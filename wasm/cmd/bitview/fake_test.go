package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/testproc"
)

// The fake engines of the divide tests are this test binary itself, run
// again with BITVIEW_FAKE_ENGINE set (as os/exec's own tests do): no
// compiler run, no file to build. "uci:MODE" speaks UCI on standard
// input and output; "perftree:MODE" is a perftree script (arguments
// depth, fen and optionally the moves). The modes:
//
//   - correct: core's own divide;
//   - noep: a move generator that never generates en passant captures
//     (a missing move, found where one is legal);
//   - castle2: a perft that counts a castling move as 2 leaves at the
//     last ply (a move counted wrong);
//   - offbyone: adds 1 to the count of the first move of the root's
//     divide only (its divide disagrees with its own perft);
//   - exit: prints part of a divide and a message on standard error, then
//     exits with status 3 while answering "go perft";
//   - hang: never answers "go perft" (nor, as a script, finishes);
//   - search: an engine without "go perft", which searches and answers
//     "bestmove";
//   - stuck: answers "go perft" with one line and the start of another,
//     without its line break, and then hangs;
//   - castleoff: adds 1 to the count of each castling move of the root's
//     divide only;
//   - no960: a move generator without Chess960 castling (castling only
//     with the king on e1/e8 and the rook in its corner).
//
// As a UCI engine it lists the option UCI_Chess960 and, once it is set,
// writes castling king-takes-rook, as Stockfish does.
//
// After the mode, comma-separated changes to how it answers:
//
//   - exit3: exits at its third "go perft" (on the way down);
//   - trailer: prints "bestmove 0000" after each divide's total;
//   - twice: prints each divide's "Nodes searched" line twice;
//   - arrow: prints its moves as "e2e4 -> 20", a format Bitview does not read;
//   - nototal: a perftree script that prints no total;
//   - flaky: its first divide lacks its last move, its total their sum
//     (it answers the root two ways);
//   - errline: writes a 70,000-byte line and then 256 KiB more to
//     standard error before each divide;
//   - longline: prints a 2 MiB line while answering "go perft";
//   - flood: a perftree script that prints 8 MiB of "e2e4 20" lines;
//   - escape: prints terminal escapes (a window title, clear screen) on
//     both streams while answering, then exits with status 3;
//   - repeat: lists the first move of each divide twice (its total counts
//     both lines), as a generator that makes a move twice;
//   - kxr: writes castling king-takes-rook (e1h1) in any mode;
//   - kingmove: writes castling as the king's move (e1g1) in any mode;
//   - no960opt: lists no UCI_Chess960 option.
const fakeEnv = "BITVIEW_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeEngine(mode, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	if os.Getenv(commandEnv) != "" { // the bitview command itself (see runCommand)
		os.Exit(commandChild(os.Args[1:]))
	}
	done := testproc.Guard() // every process a test starts ends with the test binary
	os.Exit(done(m.Run()))
}

// fakeEngine runs the fake engine of mode and returns its exit status.
func fakeEngine(mode string, args []string, in io.Reader, out, errOut io.Writer) int {
	proto, bug, _ := strings.Cut(mode, ":")
	bug, extra, _ := strings.Cut(bug, ",")
	has := func(change string) bool { return slices.Contains(strings.Split(extra, ","), change) }
	w := bufio.NewWriter(out)
	defer w.Flush()
	format := map[string]string{"uci": "%s: %d\n", "perftree": "%s %d\n"}[proto]
	if has("arrow") {
		format = "%s -> %d\n"
	}
	// kxr says castling is written king-takes-rook: set by UCI_Chess960
	// as a UCI engine, or by the changes.
	kxr := has("kxr")
	changes := fakeChanges{repeat: has("repeat")}
	// before writes what the changes print before a divide, and reports
	// whether the divide follows.
	before := func() bool {
		if has("errline") {
			fmt.Fprintln(errOut, strings.Repeat("E", 70_000))
			for range 256 {
				fmt.Fprintln(errOut, strings.Repeat("e", 1023))
			}
		}
		if has("longline") {
			fmt.Fprintln(w, strings.Repeat("x", 2<<20))
			w.Flush()
		}
		if has("escape") {
			fmt.Fprintln(w, "e2e4: 20 \x1b]0;pwned\a\x1b[2J")
			w.Flush()
			fmt.Fprintln(errOut, "\x1b[41mfatal\x1b[0m")
			return false
		}
		return true
	}
	if proto == "perftree" {
		if len(args) < 2 {
			fmt.Fprintln(errOut, "usage: perft.sh depth fen [moves]")
			return 1
		}
		depth, _ := strconv.Atoi(args[0])
		p, err := core.ParseFEN(args[1])
		if err != nil {
			fmt.Fprintln(errOut, err)
			return 1
		}
		if len(args) > 2 {
			if err := play(&p, strings.Fields(args[2])); err != nil {
				fmt.Fprintln(errOut, err)
				return 1
			}
		}
		switch bug {
		case "exit":
			fmt.Fprintln(w, "e2e4 20")
			w.Flush()
			fmt.Fprintln(errOut, "perft.sh: line 3: 4242 Segmentation fault")
			return 3
		case "hang":
			time.Sleep(time.Hour) // never answers: a bare select {} would be a deadlock the runtime ends once no other goroutine is left
		}
		if !before() {
			return 3
		}
		if has("flood") {
			for range (8 << 20) / 8 {
				w.WriteString("e2e4 20\n")
			}
			return 0
		}
		total := fakeDivide(w, p, depth, bug, len(args) == 2, format, false, kxr, changes)
		if !has("nototal") {
			fmt.Fprintf(w, "\n%d\n", total)
		}
		return 0
	}
	sc := bufio.NewScanner(in)
	p, _ := core.ParseFEN(core.StartFEN)
	root := true // the last position command had no moves
	gos := 0     // the go commands so far
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Fprintln(w, "id name fake "+bug+"\nid author bitview tests")
			if !has("no960opt") {
				fmt.Fprintln(w, "option name UCI_Chess960 type check default false")
			}
			fmt.Fprintln(w, "uciok")
		case "setoption":
			if strings.Join(f, " ") == "setoption name UCI_Chess960 value true" && !has("kingmove") {
				kxr = true
			}
		case "isready":
			fmt.Fprintln(w, "readyok")
		case "position":
			line := sc.Text()
			fen, moves, _ := strings.Cut(strings.TrimPrefix(line, "position fen "), " moves ")
			root = moves == ""
			var err error
			if p, err = core.ParseFEN(strings.TrimSpace(fen)); err == nil && moves != "" {
				err = play(&p, strings.Fields(moves))
			}
			if err != nil {
				fmt.Fprintln(w, "info string", err)
			}
		case "go":
			depth, _ := strconv.Atoi(f[len(f)-1])
			gos++
			if has("exit3") && gos == 3 {
				fmt.Fprintln(errOut, "fake: out of memory")
				return 3
			}
			switch bug {
			case "exit":
				fmt.Fprintln(w, "e2e4: 20")
				w.Flush()
				fmt.Fprintln(errOut, "fake: assertion failed: popcount(occupied) == 32")
				return 3
			case "hang":
				fmt.Fprintln(w, "info string counting")
				w.Flush()
				time.Sleep(time.Hour) // never answers: a bare select {} would be a deadlock the runtime ends once no other goroutine is left
			case "search":
				fmt.Fprintln(w, "info depth 1 score cp 20 pv e2e4\nbestmove e2e4")
				w.Flush()
				continue
			case "stuck":
				fmt.Fprint(w, "e2e4: 20\ne7e5")
				w.Flush()
				time.Sleep(time.Hour) // stuck mid-line
			}
			if !before() {
				w.Flush()
				return 3
			}
			total := fakeDivide(w, p, depth, bug, root, format, has("flaky") && gos == 1, kxr, changes)
			fmt.Fprintf(w, "\nNodes searched: %d\n\n", total)
			if has("twice") {
				fmt.Fprintf(w, "Nodes searched: %d\n", total)
			}
			if has("trailer") {
				fmt.Fprintln(w, "bestmove 0000")
			}
		case "quit":
			return 0
		}
		w.Flush()
	}
	return 0
}

// play plays UCI moves on p.
func play(p *core.Position, moves []string) error {
	for _, uci := range moves {
		m, err := p.ParseUCI(uci)
		if err != nil {
			return err
		}
		p.Play(m)
	}
	return nil
}

// fakeChanges are the changes to how the fake engine writes a divide.
type fakeChanges struct {
	repeat bool // the first move's line twice
}

// fakeDivide writes the buggy engine's divide of p in format (move,
// count) and returns its total; root says p is the drill's root; dropLast
// leaves its last move out; kxr writes castling king-takes-rook.
func fakeDivide(w io.Writer, p core.Position, depth int, bug string, root bool, format string, dropLast, kxr bool, ch fakeChanges) uint64 {
	var total uint64
	moves := fakeMoves(p, bug)
	if dropLast {
		moves = moves[:len(moves)-1]
	}
	for i, m := range moves {
		next := p
		next.Play(m)
		n := fakePerft(next, depth-1, bug)
		if depth == 1 && bug == "castle2" && m.IsCastling() {
			n = 2
		}
		if i == 0 && root && bug == "offbyone" || root && bug == "castleoff" && m.IsCastling() {
			n++
		}
		uci := m.UCI()
		if kxr {
			uci = m.UCIChess960()
		}
		for range 1 + b2i(i == 0 && ch.repeat) {
			total += n
			fmt.Fprintf(w, format, uci, n)
		}
	}
	return total
}

// fakeMoves are the buggy engine's legal moves.
func fakeMoves(p core.Position, bug string) []core.Move {
	moves := p.LegalMoves(nil)
	if !strings.HasPrefix(bug, "noep") && bug != "no960" {
		return moves
	}
	kept := moves[:0]
	for _, m := range moves {
		switch {
		case bug == "no960" && m.IsCastling() && (m.From().File() != core.FileE || m.CastlingRook().File() != core.FileA && m.CastlingRook().File() != core.FileH):
		case bug != "no960" && m.IsEnPassant():
		default:
			kept = append(kept, m)
		}
	}
	return kept
}

// fakePerft is the buggy engine's perft.
func fakePerft(p core.Position, depth int, bug string) uint64 {
	if depth == 0 {
		return 1
	}
	if bug == "correct" || bug == "offbyone" || bug == "castleoff" || bug == "stuck" {
		return core.Perft(p, depth)
	}
	var n uint64
	for _, m := range fakeMoves(p, bug) {
		if depth == 1 {
			n++
			if bug == "castle2" && m.IsCastling() {
				n++
			}
			continue
		}
		next := p
		next.Play(m)
		n += fakePerft(next, depth-1, bug)
	}
	return n
}
