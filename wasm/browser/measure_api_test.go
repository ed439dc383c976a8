//go:build !(js && wasm)

package browser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMeasureSize records the size of dist/'s bitview.wasm.br (brotli at
// quality 11, as make dist writes it: what a browser downloads) for the
// table of targets. Run it with `make measure`; `make sizes` shows the
// code per package.
func TestMeasureSize(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	br, err := os.Stat(filepath.Join(repo, "dist", "bitview.wasm.br"))
	if err != nil {
		t.Fatal("dist/ is missing: run `make dist`")
	}
	raw, err := os.Stat(filepath.Join(repo, "dist", "bitview.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	record("wasm brotli bytes", float64(br.Size()))
	t.Logf("bitview.wasm: %d B, %d B after brotli -q 11", raw.Size(), br.Size())
}

// TestMeasureJSCall times the JS API's parseFen and bitboard through
// dist/'s bitview.js and bitview.wasm against chessops's parseFen in one
// Node process (wasm/jscall.bench.mjs, the measure of
// ../shared/bench/jscall: chessops 0.15.1 is installed with npm into a
// temporary folder; the test is skipped, saying why, when npm cannot
// fetch it) and records the median ratios for the table of targets.
// `make jscall` runs the same bench with plain syscall/js beside the wire.
func TestMeasureJSCall(t *testing.T) {
	if os.Getenv("BITVIEW_MEASURE") == "" {
		t.Skip("a measurement: run `make measure`")
	}
	wasm := filepath.Join(repo, "dist", "bitview.wasm")
	if _, err := os.Stat(wasm); err != nil {
		t.Fatal("dist/ is missing: run `make dist`")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	peer := t.TempDir()
	npm := exec.Command("npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", peer, "chessops@0.15.1")
	if out, err := npm.CombinedOutput(); err != nil {
		t.Skipf("npm install chessops@0.15.1: %v: %s", err, bytes.TrimSpace(out))
	}
	cmd := exec.Command(node, filepath.Join(repo, "wasm", "jscall.bench.mjs"), repo, wasm, peer)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("jscall.bench.mjs: %v\n%s", err, out)
	}
	var ratios struct{ ParseFen, Bitboard float64 }
	for _, line := range strings.Split(string(out), "\n") {
		if js, ok := strings.CutPrefix(line, "jscall-json "); ok {
			if err := json.Unmarshal([]byte(js), &ratios); err != nil {
				t.Fatalf("jscall.bench.mjs printed %q: %v", line, err)
			}
		}
	}
	if ratios.ParseFen <= 0 || ratios.Bitboard <= 0 {
		t.Fatalf("jscall.bench.mjs printed no ratios:\n%s", out)
	}
	record("jscall parseFen", ratios.ParseFen)
	record("jscall bitboard", ratios.Bitboard)
	t.Log("\n" + fmt.Sprint(strings.TrimSpace(string(out))))
}
