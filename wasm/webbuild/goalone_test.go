//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/testproc"

	"github.com/andybalholm/brotli"
)

// goAloneTools are the only commands on the PATH of TestMakeServeGoAlone:
// Go, make, a POSIX shell and the POSIX utilities macOS has too. Not there:
// brotli, apt-get, gzip, sha256sum, awk, xargs, git, curl, a C compiler.
var goAloneTools = []string{"go", "make", "sh", "cat", "cp", "find", "id", "ls", "mkdir", "mv", "rm", "sed", "sort", "touch"}

// TestMakeServeGoAlone runs `make serve` in a clean copy of this checkout
// (its tracked files and its new ones that git does not ignore) with a PATH
// that holds nothing but goAloneTools, waits for the "serving" line, fetches
// /, /tutorial.html (built from wasm/webpages/tutorial.html) and
// /bitview.wasm with Accept-Encoding: br and checks that each answer
// is brotli that decodes to the file on disk; it then stops the server
// (Ctrl-C) and checks that make sees nothing left to do (make -q wasm). It
// builds the wasm, so it takes a minute: .ci/run runs it,
//
//	BITVIEW_GO_ALONE=1 go test -count=1 -run TestMakeServeGoAlone ./wasm/webbuild/
func TestMakeServeGoAlone(t *testing.T) {
	if os.Getenv("BITVIEW_GO_ALONE") == "" {
		t.Skip("builds the page in a copy of the checkout (a minute): BITVIEW_GO_ALONE=1 to run it (.ci/run does)")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(t.TempDir(), "bitview")
	copyCheckout(t, repo, clone)
	bin := toolsOnly(t, goAloneTools)
	env := testproc.Env(goAloneEnv(bin)) // marked: ends with the test binary

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "make"), "serve", "ADDR=127.0.0.1:0")
	cmd.Dir, cmd.Env = clone, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // make, go run and the server: one group to stop
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var (
		mu     sync.Mutex
		output bytes.Buffer
	)
	served := make(chan string, 1)
	go func() {
		serving := regexp.MustCompile(`^Bitview: serving .* at (http://\S+/)$`)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			mu.Lock()
			output.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				served <- m[1]
			}
		}
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait(); pw.Close() }()
	log := func() string { mu.Lock(); defer mu.Unlock(); return output.String() }

	var url string
	select {
	case url = <-served:
	case err := <-exited:
		t.Fatalf("make serve with PATH=%s exited before serving: %v\n%s", strings.Join(goAloneTools, ","), err, log())
	case <-ctx.Done():
		t.Fatalf("make serve did not print its serving line in time:\n%s", log())
	}
	t.Logf("make serve, with only %s on the PATH, answered at %s", strings.Join(goAloneTools, " "), url)

	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableCompression: true}}
	for _, tc := range []struct{ path, file string }{{"", "index.html"}, {"tutorial.html", "tutorial.html"}, {"bitview.wasm", "bitview.wasm"}} {
		want, err := os.ReadFile(filepath.Join(clone, "web", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequest("GET", url+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "br")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "br" {
			t.Errorf("GET /%s (Accept-Encoding: br): %s, Content-Encoding %q, want 200 and br", tc.path, resp.Status, resp.Header.Get("Content-Encoding"))
			continue
		}
		got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("GET /%s: %d B of brotli decode to %d B (%v), want web/%s's %d B", tc.path, len(body), len(got), err, tc.file, len(want))
			continue
		}
		t.Logf("GET /%s: %d B of brotli, decoding to web/%s's %d B", tc.path, len(body), tc.file, len(want))
	}

	// Ctrl-C, as a user stops it.
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Errorf("make serve still running 30 s after Ctrl-C:\n%s", log())
		cancel()
		<-exited
	}

	q := exec.Command(filepath.Join(bin, "make"), "-q", "wasm")
	q.Dir, q.Env = clone, env
	if out, err := q.CombinedOutput(); err != nil {
		t.Errorf("after make serve, make -q wasm: %v (something would be made again)\n%s", err, out)
	}
}

// copyCheckout copies the files of the git checkout repo that a clean
// clone of it with the work committed would hold (tracked files, and new
// ones git does not ignore) into dst.
func copyCheckout(t *testing.T, repo, dst string) {
	t.Helper()
	ls := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	ls.Dir = repo
	out, err := ls.Output()
	if err != nil {
		t.Skipf("%s is not a git checkout (git ls-files: %v)", repo, err)
	}
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		src := filepath.Join(repo, filepath.FromSlash(name))
		info, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() {
			t.Fatalf("%s is not a regular file: copyCheckout copies only those", name)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

// toolsOnly returns a new folder holding a link to each of tools, found on
// the PATH: a PATH with nothing else.
func toolsOnly(t *testing.T, tools []string) string {
	t.Helper()
	bin := t.TempDir()
	for _, name := range tools {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s is not installed: %v", name, err)
		}
		if err := os.Symlink(p, filepath.Join(bin, name)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// goAloneEnv returns this process's environment with PATH set to bin alone
// and no make variables inherited from a make that runs the test.
func goAloneEnv(bin string) []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return name == "PATH" || name == "MAKEFLAGS" || name == "MFLAGS" || name == "MAKELEVEL" || name == "ADDR"
	})
	return append(env, "PATH="+bin)
}
