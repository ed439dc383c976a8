//go:build !(js && wasm)

package browsers

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// firefoxJS is the Node program that drives Firefox (see firefox.mjs).
//
//go:embed firefox.mjs
var firefoxJS string

// firefoxPath returns the path of Debian's Firefox ESR (or a Firefox).
func firefoxPath() (string, error) {
	for _, name := range []string{"firefox-esr", "firefox"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("firefox-esr is not on the PATH")
}

// puppeteerDir returns the folder Node runs firefox.mjs from: wasm/ of
// the module that holds the working directory, where `npm install`
// put puppeteer-core (wasm/package.json's devDependencies).
func puppeteerDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			wasm := filepath.Join(dir, "wasm")
			if _, err := os.Stat(filepath.Join(wasm, "node_modules", "puppeteer-core", "package.json")); err != nil {
				return "", fmt.Errorf("puppeteer-core is not installed in %s: run `cd wasm && npm install`", wasm)
			}
			return wasm, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// A firefoxDriver is the Node process of one Firefox and the requests
// waiting for its answers.
type firefoxDriver struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	exited chan struct{}
	stderr *tail

	mu      sync.Mutex
	lastID  int
	waiting map[int]chan firefoxAnswer
	err     error // why the process ended, once it has
}

type firefoxAnswer struct {
	ID    int             `json:"id"`
	Value json.RawMessage `json:"value"`
	Error *string         `json:"error"`
	Ready string          `json:"ready"`
}

func launchFirefox(ctx context.Context, o Options) (*Browser, error) {
	path, err := firefoxPath()
	if err != nil {
		return nil, err
	}
	dir, err := puppeteerDir()
	if err != nil {
		return nil, err
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(node, "--input-type=module", "--eval", firefoxJS)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BITVIEW_FIREFOX="+path, "BITVIEW_NOSCRIPT="+map[bool]string{true: "1", false: "0"}[o.NoScript])
	d := &firefoxDriver{cmd: cmd, exited: make(chan struct{}), stderr: &tail{max: 4096}, waiting: map[int]chan firefoxAnswer{}}
	cmd.Stderr = d.stderr
	if d.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	group(cmd, syscall.SIGTERM) // firefox.mjs then closes Firefox
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	ready := make(chan string, 1)
	go d.read(stdout, ready)
	go func() {
		err := cmd.Wait()
		d.mu.Lock()
		d.err = fmt.Errorf("firefox.mjs exited (%v): %s", err, d.stderr)
		for id, c := range d.waiting {
			close(c)
			delete(d.waiting, id)
		}
		d.mu.Unlock()
		close(d.exited)
	}()
	var version string
	select {
	case version = <-ready:
	case <-d.exited:
		return nil, d.err
	case <-ctx.Done():
		d.stop()
		return nil, fmt.Errorf("firefox did not start: %w: %s", ctx.Err(), d.stderr)
	}
	return &Browser{
		version: version,
		newTab: func(ctx context.Context) (Tab, error) {
			var id int
			if err := d.call(ctx, &id, "newTab", nil); err != nil {
				return nil, err
			}
			return &firefoxTab{d: d, id: id, noScript: o.NoScript}, nil
		},
		close: d.stop,
	}, nil
}

// read hands each answer on r to the request waiting for it, and the
// first line's version to ready.
func (d *firefoxDriver) read(r io.Reader, ready chan<- string) {
	s := bufio.NewScanner(r)
	s.Buffer(nil, 256<<20) // screenshots and values of many megabytes
	for s.Scan() {
		var a firefoxAnswer
		if err := json.Unmarshal(s.Bytes(), &a); err != nil {
			fmt.Fprintf(d.stderr, "unreadable answer %.200q\n", s.Bytes())
			continue
		}
		if a.Ready != "" {
			ready <- a.Ready
			continue
		}
		d.mu.Lock()
		c := d.waiting[a.ID]
		delete(d.waiting, a.ID)
		d.mu.Unlock()
		if c != nil {
			c <- a
		}
	}
}

// call sends op with the arguments args (a map, or nil) and decodes the
// answer's value into out (nil: ignore it).
func (d *firefoxDriver) call(ctx context.Context, out any, op string, args map[string]any) error {
	d.mu.Lock()
	if d.err != nil {
		d.mu.Unlock()
		return d.err
	}
	d.lastID++
	id := d.lastID
	c := make(chan firefoxAnswer, 1)
	d.waiting[id] = c
	req := map[string]any{"id": id, "op": op}
	for k, v := range args {
		req[k] = v
	}
	line, err := json.Marshal(req)
	if err == nil {
		_, err = d.stdin.Write(append(line, '\n')) // under mu: one line at a time
	}
	d.mu.Unlock()
	if err != nil {
		return fmt.Errorf("firefox %s: %w", op, err)
	}
	select {
	case a, ok := <-c:
		if !ok {
			d.mu.Lock()
			defer d.mu.Unlock()
			return d.err
		}
		if a.Error != nil {
			return errors.New(*a.Error)
		}
		if out != nil {
			return json.Unmarshal(a.Value, out)
		}
		return nil
	case <-ctx.Done():
		d.mu.Lock()
		delete(d.waiting, id)
		d.mu.Unlock()
		return ctx.Err()
	}
}

// stop closes firefox.mjs's input, which closes Firefox, and stops what
// is left of them after 10 s.
func (d *firefoxDriver) stop() error {
	d.stdin.Close()
	select {
	case <-d.exited:
		return nil
	case <-time.After(10 * time.Second):
	}
	stopGroup(d.cmd, d.exited, 5*time.Second)
	return nil
}

// A firefoxTab is a Tab of Firefox: a page of puppeteer-core.
type firefoxTab struct {
	d        *firefoxDriver
	id       int
	noScript bool
}

func (t *firefoxTab) Engine() Engine { return Firefox }

func (t *firefoxTab) Navigate(ctx context.Context, url string) error {
	return t.d.call(ctx, nil, "navigate", map[string]any{"tab": t.id, "url": url})
}

func (t *firefoxTab) Eval(ctx context.Context, js string, out any) error {
	var text string
	if err := t.d.call(ctx, &text, "eval", map[string]any{"tab": t.id, "js": script(js, !t.noScript)}); err != nil {
		if ctx.Err() == nil {
			return &JSError{Script: js, Message: err.Error()}
		}
		return err
	}
	return decode(text, js, out)
}

func (t *firefoxTab) EvalFrame(ctx context.Context, frame, js string, out any) error {
	var text string
	if err := t.d.call(ctx, &text, "evalFrame", map[string]any{"tab": t.id, "frame": frame, "js": script(js, !t.noScript)}); err != nil {
		if ctx.Err() == nil {
			return &JSError{Script: js, Message: err.Error()}
		}
		return err
	}
	return decode(text, js, out)
}

func (t *firefoxTab) Click(ctx context.Context, selector string) error {
	return t.d.call(ctx, nil, "click", map[string]any{"tab": t.id, "selector": selector})
}

func (t *firefoxTab) Type(ctx context.Context, selector, text string) error {
	if err := t.Eval(ctx, selectField(selector), nil); err != nil {
		return err
	}
	return t.d.call(ctx, nil, "keys", map[string]any{"tab": t.id, "text": text})
}

func (t *firefoxTab) SetViewport(ctx context.Context, width, height int) error {
	return t.d.call(ctx, nil, "viewport", map[string]any{"tab": t.id, "width": width, "height": height})
}

func (t *firefoxTab) Screenshot(ctx context.Context) ([]byte, error) {
	var b64 string
	if err := t.d.call(ctx, &b64, "screenshot", map[string]any{"tab": t.id}); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

func (t *firefoxTab) Errors() ([]string, error) {
	var errs []string
	err := t.d.call(context.Background(), &errs, "errors", map[string]any{"tab": t.id})
	return errs, err
}

func (t *firefoxTab) Close() error {
	return t.d.call(context.Background(), nil, "closeTab", map[string]any{"tab": t.id})
}

// A tail keeps the last max bytes written to it: a process's last
// words, for an error.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}
