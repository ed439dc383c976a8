//go:build !(js && wasm)

package browser

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/testproc"
)

var (
	// repo is the repository root, the folder holding go.mod.
	repo string
	// serveBin is serve.go built once for the whole run.
	serveBin string
	// buildDir is the temporary folder of the run's builds (serve.go, the
	// bitview command, the second origin's copy of web/), deleted at its end.
	buildDir string
	// siteURL is the server of web/ that the tests share, without a
	// trailing slash ("http://127.0.0.1:PORT").
	siteURL string
)

// TestMain finds the repository, builds serve.go, and serves web/ with it
// for the duration of the tests.
func TestMain(m *testing.M) {
	done := testproc.Guard() // servers, browsers and drivers end with the test binary, however it ends
	os.Exit(done(testMain(m)))
}

func testMain(m *testing.M) int {
	var err error
	if repo, err = repoRoot(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "bitview-serve-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	buildDir = tmp
	serveBin = filepath.Join(tmp, "serve")
	build := exec.Command("go", "build", "-o", serveBin, filepath.Join(repo, "serve.go"))
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building serve.go: %v\n%s", err, out)
		return 1
	}
	url, stop, err := startServe(filepath.Join(repo, "web"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	siteURL = url
	code := m.Run()
	closeBrowser()
	closeEngines()
	if err := stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return max(code, 1)
	}
	return code
}

// repoRoot walks up from the working directory to the folder with go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// startLine is serve.go's first line: "Bitview: serving DIR/ at URL/".
var startLine = regexp.MustCompile(`^Bitview: serving .* at (http://127\.0\.0\.1:\d+)/\n`)

// startServe runs the built serve.go over dir on a free loopback port. It
// returns the URL it prints (without the trailing slash) and a function
// that stops it with Ctrl-C, as a user would, and reports how it ended.
func startServe(dir string) (url string, stop func() error, err error) {
	cmd := exec.Command(serveBin, "-addr", "127.0.0.1:0", "-dir", dir)
	out := &firstLine{line: make(chan string, 1)}
	cmd.Stdout = out
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case line := <-out.line:
		m := startLine.FindStringSubmatch(line)
		if m == nil {
			cmd.Process.Kill()
			<-exited
			return "", nil, fmt.Errorf("serve.go printed %q, want %q", line, startLine)
		}
		url = m[1]
	case err := <-exited:
		return "", nil, fmt.Errorf("serve.go -dir %s: %v", dir, err)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-exited
		return "", nil, fmt.Errorf("serve.go -dir %s printed nothing in 30 s", dir)
	}
	stop = func() error {
		cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-exited:
			if err != nil {
				return fmt.Errorf("serve.go -dir %s after Ctrl-C: %v", dir, err)
			}
			return nil
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
			return fmt.Errorf("serve.go -dir %s did not stop within 10 s of Ctrl-C", dir)
		}
	}
	return url, stop, nil
}

// serveDir serves dir with serve.go for the rest of the test and returns
// its URL without the trailing slash.
func serveDir(t testing.TB, dir string) string {
	t.Helper()
	url, stop, err := startServe(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
	return url
}

// firstLine is a writer that sends the first line written to it on line
// and discards the rest.
type firstLine struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	sent bool
	line chan string
}

// Write keeps p until the first line is complete.
func (f *firstLine) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.sent {
		f.buf.Write(p)
		if i := bytes.IndexByte(f.buf.Bytes(), '\n'); i >= 0 {
			f.sent = true
			f.line <- string(f.buf.Bytes()[:i+1])
		}
	}
	return len(p), nil
}
