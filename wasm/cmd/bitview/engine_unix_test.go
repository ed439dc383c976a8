//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/testproc"
)

// stockfishPath returns a Stockfish to test with (Debian's package puts
// it in /usr/games), skipping t without one (failing it with CI set).
func stockfishPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("stockfish is not installed (Debian: apt-get install stockfish)")
	}
	t.Skip("stockfish is not installed (Debian: apt-get install stockfish)")
	return ""
}

// shScript writes an executable #!/bin/sh script with body into dir.
func shScript(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestStockfish compares Bitview with a real Stockfish: as a UCI engine,
// behind a #!/bin/sh wrapper that does not exec it (the engine is the
// shell's child), and behind a perftree script. Each agrees on the start
// position, Kiwipete and CPW position 3; stopped at its time limit, the
// wrapped Stockfish is ended with the shell; none is left running.
func TestStockfish(t *testing.T) {
	sf := stockfishPath(t)
	dir := t.TempDir()
	wrapper := shScript(t, dir, "wrapper.sh", strconv.Quote(sf)+"\n")
	perftree := shScript(t, dir, "perftree.sh", `depth=$1 fen=$2 moves=$3
{ echo "position fen $fen${moves:+ moves $moves}"; echo "go perft $depth"; echo quit; } | `+strconv.Quote(sf)+` |
	sed -n -e 's/^\([a-h][1-8][a-h][1-8][nbrq]*\): \([0-9]*\)$/\1 \2/p' -e 's/^Nodes searched: \([0-9]*\)$/\n\1/p'
`)
	for _, pos := range cpwPositions(t)[:3] {
		for _, engine := range [][2]string{{"-engine", sf}, {"-engine", wrapper}, {"-perftree", perftree}} {
			code, out, errOut := bench(t, "", "divide", "-fen", pos.fen, "-depth", "3", engine[0], engine[1])
			want := "All " + strconv.FormatUint(pos.counts[1], 10) + " moves agree."
			if code != 0 || !strings.Contains(out, want) {
				t.Errorf("%s %s, %s: exit %d, want 0 and %q:\n%s%s", engine[0], filepath.Base(engine[1]), pos.fen, code, want, out, errOut)
			}
			checkNoneLeft(t)
		}
	}
	// Kiwipete at depth 6 (8 billion leaves) takes Stockfish far more than
	// five seconds: the time limit stops it, and its shell.
	code, _, errOut := bench(t, "", "divide", "-fen", kiwipete, "-depth", "6", "-timeout", "5s", "-engine", wrapper)
	if code != 1 || !strings.Contains(errOut, `did not answer within 5s (-timeout); stopped it while answering "go perft 6"`) {
		t.Errorf("a wrapped Stockfish past its time limit: exit %d, %s", code, errOut)
	}
	checkNoneLeft(t)
}

// TestInterrupt sends Ctrl-C's SIGINT, and SIGTERM, to a built bitview
// (not to its process group: what a terminal sends reaches only
// bitview's group) while a wrapped engine counts: bitview ends the
// engine's group and exits 128 + the signal.
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bitview")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	engines := map[string]string{"fake": shScript(t, dir, "fake.sh", strconv.Quote(self(t))+"\n")}
	if sf, err := exec.LookPath("/usr/games/stockfish"); err == nil {
		engines["stockfish"] = shScript(t, dir, "stockfish.sh", strconv.Quote(sf)+"\n")
	} else if sf, err := exec.LookPath("stockfish"); err == nil {
		engines["stockfish"] = shScript(t, dir, "stockfish.sh", strconv.Quote(sf)+"\n")
	}
	for name, wrapper := range engines {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(name+" "+sig.String(), func(t *testing.T) {
				cmd := exec.Command(bin, "divide", "-fen", kiwipete, "-depth", strconv.Itoa(core.MaxDivideDepth), "-engine", wrapper)
				cmd.Env = append(os.Environ(), fakeEnv+"=uci:hang")
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				// Wait for the engine, the shell's child, to run; then give
				// bitview the time to ask it for the divide.
				deadline := time.Now().Add(10 * time.Second)
				for engineRunning(cmd.Process.Pid) < 2 && time.Now().Before(deadline) {
					time.Sleep(20 * time.Millisecond)
				}
				time.Sleep(300 * time.Millisecond)
				cmd.Process.Signal(sig)
				done := make(chan error, 1)
				go func() { done <- cmd.Wait() }()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					cmd.Process.Kill()
					<-done
					t.Fatalf("bitview did not exit within 10 s of %v", sig)
				}
				if got, want := cmd.ProcessState.ExitCode(), 128+int(sig); got != want || !strings.Contains(stderr.String(), "; the engine is stopped") {
					t.Errorf("exit %d (%v), want %d; stderr %q", got, cmd.ProcessState, want, stderr.String())
				}
				checkNoneLeft(t)
			})
		}
	}
}

// engineRunning returns how many marked processes run besides bitview
// (pid): the shell and, once it has started it, the engine.
func engineRunning(pid int) int {
	n := 0
	for p := range testproc.Marked(os.Getpid()) {
		if p != pid {
			n++
		}
	}
	return n
}
