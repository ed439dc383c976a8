//go:build !(js && wasm)

package browser

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needs skips t, saying which command makes them, unless the files
// (paths from the repository root) are there: a fresh clone's
// `go test ./...` passes with Go alone. With CI set, a missing file fails
// the test instead (`make test` makes them first).
func needs(t testing.TB, command string, files ...string) {
	t.Helper()
	var missing []string
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(repo, filepath.FromSlash(f))); err != nil {
			missing = append(missing, f)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := strings.Join(missing, ", ") + " missing: run `" + command + "` first (`make test` does)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// builtSite are the files `make wasm` adds to web/, which every test of
// the page, the element or the worker needs beside the sources.
var builtSite = []string{"web/bitview.wasm", "web/wasm_exec.js", "web/index.html", "web/tutorial.html", "web/sw-version.js"}

// needsSite skips t (fails it with CI set) unless `make wasm` has built
// the site.
func needsSite(t testing.TB) { t.Helper(); needs(t, "make wasm", builtSite...) }

// needsCommands skips t (fails it with CI set) unless every command is on
// the PATH: a test that runs `make dist` needs make and a POSIX shell,
// which a machine with Go alone may lack.
func needsCommands(t testing.TB, commands ...string) {
	t.Helper()
	var missing []string
	for _, c := range commands {
		if _, err := exec.LookPath(c); err != nil {
			missing = append(missing, c)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := strings.Join(missing, ", ") + " not found on the PATH: install it (`make test` needs it too)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
