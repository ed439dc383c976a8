//go:build !(js && wasm)

package browsers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// webkitElement is the key of an element reference in classic WebDriver
// (W3C WebDriver, "Elements").
const webkitElement = "element-6066-11e4-a52e-4f735466cecf"

// A webkitDriver is one Xvfb display, WebKitWebDriver on it and its one
// session (one MiniBrowser). Its tabs are the session's windows; a
// command runs in one window at a time, switched to first.
type webkitDriver struct {
	xvfb, driver         *exec.Cmd
	xvfbDone, driverDone chan struct{}
	stderr               *tail
	base                 string // http://127.0.0.1:PORT/session/ID
	config               string // XDG_CONFIG_HOME of MiniBrowser (see miniBrowserCSS)
	client               http.Client

	mu      sync.Mutex // one command at a time, in window current
	current string
	home    string // the session's first window, never a tab: closing the last window would end the session
}

func launchWebKit(ctx context.Context, o Options) (*Browser, error) {
	driverPath, err := lookPath("WebKitWebDriver")
	if err != nil {
		return nil, err
	}
	xvfbPath, err := lookPath("Xvfb")
	if err != nil {
		return nil, err
	}
	d := &webkitDriver{stderr: &tail{max: 4096}}
	// MiniBrowser's window is at least 447 px wide with GTK's default
	// theme (its toolbar's widgets): a style sheet of its own without
	// their padding and text lets it go down to 290, so that a viewport
	// of a phone's 360 CSS pixels is a window of 360 pixels. The page's
	// content is drawn by WebKit, not GTK: the sheet does not reach it.
	if d.config, err = os.MkdirTemp("", "bitview-webkit-"); err != nil {
		return nil, err
	}
	if err := os.Mkdir(filepath.Join(d.config, "gtk-3.0"), 0o755); err != nil {
		d.stop()
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(d.config, "gtk-3.0", "gtk.css"), []byte(miniBrowserCSS), 0o644); err != nil {
		d.stop()
		return nil, err
	}
	display, err := d.startXvfb(ctx, xvfbPath)
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		d.stop()
		return nil, err
	}
	d.driver = exec.Command(driverPath, "--port="+strconv.Itoa(port))
	d.driver.Env = append(os.Environ(), "DISPLAY=:"+display, "XDG_CONFIG_HOME="+d.config)
	d.driver.Stdout, d.driver.Stderr = d.stderr, d.stderr
	group(d.driver, syscall.SIGKILL)
	if err := d.driver.Start(); err != nil {
		d.stop()
		return nil, err
	}
	d.driverDone = make(chan struct{})
	go func() { d.driver.Wait(); close(d.driverDone) }()

	// The session: MiniBrowser, WebKitWebDriver's browser, with its
	// settings as arguments (MiniBrowser --help-websettings). Its
	// scrollbars do not fade (WebKit's MockScrollbarsController feature,
	// MiniBrowser --features=help): they are drawn the same, but on each
	// page with a scrollbar (the page's, or a scrolling box's such as a
	// figure's column of grids) WebKit otherwise fades the overlay
	// scrollbar out about 1.5 s after the load, and WebKitGTK composites
	// the whole window in software (Mesa's llvmpipe) at each frame of the
	// fade: 3.5 CPU-seconds a page at 1280×1000, for every page the tests
	// load (MiniBrowser 2.50; none after the load with the feature on).
	// Chromium's tests hide scrollbars for the same kind of reason.
	args := []string{"--automation", "--features=+MockScrollbarsController"}
	if o.NoScript {
		args = append(args, "--enable-javascript=false")
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{"args": args},
		"timeouts":                 map[string]any{"script": 600_000, "pageLoad": 600_000},
	}}}
	root := "http://127.0.0.1:" + strconv.Itoa(port)
	var session struct {
		SessionID    string `json:"sessionId"`
		Capabilities struct {
			BrowserName    string `json:"browserName"`
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		err = d.request(ctx, http.MethodPost, root+"/session", caps, &session)
		if err == nil || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(100 * time.Millisecond) // the driver is not listening yet
	}
	if err != nil {
		d.stop()
		return nil, fmt.Errorf("WebKitWebDriver's session: %w (%s)", err, d.stderr)
	}
	d.base = root + "/session/" + session.SessionID
	if err := d.request(ctx, http.MethodGet, d.base+"/window", nil, &d.home); err != nil {
		d.stop()
		return nil, err
	}
	d.current = d.home
	return &Browser{
		version: session.Capabilities.BrowserName + "/" + session.Capabilities.BrowserVersion,
		newTab: func(ctx context.Context) (Tab, error) {
			d.mu.Lock()
			defer d.mu.Unlock()
			if d.current == "" { // its tab closed it: the session needs a window to act from
				if err := d.request(ctx, http.MethodPost, d.base+"/window", map[string]any{"handle": d.home}, nil); err != nil {
					return nil, err
				}
				d.current = d.home
			}
			var w struct{ Handle string }
			if err := d.request(ctx, http.MethodPost, d.base+"/window/new", map[string]any{"type": "window"}, &w); err != nil {
				return nil, err
			}
			return &webkitTab{d: d, handle: w.Handle, noScript: o.NoScript}, nil
		},
		close: d.stop,
	}, nil
}

// startXvfb starts an X server on a free display (Xvfb writes the one it
// chose to the pipe -displayfd names) and returns the display's number.
func (d *webkitDriver) startXvfb(ctx context.Context, path string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	d.xvfb = exec.Command(path, "-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp")
	d.xvfb.ExtraFiles = []*os.File{w}
	d.xvfb.Stderr = d.stderr
	group(d.xvfb, syscall.SIGKILL) // MiniBrowser ends with its display
	err = d.xvfb.Start()
	w.Close()
	if err != nil {
		return "", err
	}
	d.xvfbDone = make(chan struct{})
	go func() { d.xvfb.Wait(); close(d.xvfbDone) }()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			d.stop()
			return "", fmt.Errorf("xvfb chose no display: %s", d.stderr)
		}
		return n, nil
	case <-ctx.Done():
		d.stop()
		return "", ctx.Err()
	case <-time.After(30 * time.Second):
		d.stop()
		return "", fmt.Errorf("xvfb chose no display within 30 s: %s", d.stderr)
	}
}

// miniBrowserCSS is the GTK style sheet of MiniBrowser's window (see
// launchWebKit).
const miniBrowserCSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"

// freePort returns a loopback port that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// stop ends the session (MiniBrowser quits), then WebKitWebDriver and
// Xvfb with whatever they left.
func (d *webkitDriver) stop() error {
	if d.base != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		d.request(ctx, http.MethodDelete, d.base, nil, nil)
		cancel()
	}
	if d.driver != nil && d.driver.Process != nil {
		stopGroup(d.driver, d.driverDone, 5*time.Second)
	}
	if d.xvfb != nil && d.xvfb.Process != nil {
		stopGroup(d.xvfb, d.xvfbDone, 5*time.Second)
	}
	if d.config != "" {
		return os.RemoveAll(d.config)
	}
	return nil
}

// A webDriverError is classic WebDriver's error value.
type webDriverError struct {
	Code    string `json:"error"`
	Message string `json:"message"`
}

func (e *webDriverError) Error() string { return e.Code + ": " + e.Message }

// request sends one command and decodes its answer's value into out.
func (d *webkitDriver) request(ctx context.Context, method, url string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	} else if method == http.MethodPost {
		rd = strings.NewReader("{}")
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := d.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var answer struct{ Value json.RawMessage }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil {
		return fmt.Errorf("%s %s: HTTP %s, %w", method, url, res.Status, err)
	}
	if res.StatusCode != http.StatusOK {
		var e webDriverError
		if json.Unmarshal(answer.Value, &e) == nil && e.Code != "" {
			return &e
		}
		return fmt.Errorf("%s %s: HTTP %s", method, url, res.Status)
	}
	if out != nil {
		return json.Unmarshal(answer.Value, out)
	}
	return nil
}

// A webkitTab is a Tab of WebKit: a window of the session.
type webkitTab struct {
	d        *webkitDriver
	handle   string
	noScript bool
}

// in runs f with the tab's window current; f sends commands with do.
func (t *webkitTab) in(ctx context.Context, f func(do func(method, path string, body, out any) error) error) error {
	d := t.d
	d.mu.Lock()
	defer d.mu.Unlock()
	do := func(method, path string, body, out any) error {
		return d.request(ctx, method, d.base+path, body, out)
	}
	if d.current != t.handle {
		if err := do(http.MethodPost, "/window", map[string]any{"handle": t.handle}, nil); err != nil {
			return err
		}
		d.current = t.handle
	}
	return f(do)
}

func (t *webkitTab) Engine() Engine { return WebKit }

func (t *webkitTab) Navigate(ctx context.Context, url string) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		return do(http.MethodPost, "/url", map[string]any{"url": url}, nil)
	})
}

// execute runs js (see script) in the current browsing context.
func (t *webkitTab) execute(do func(string, string, any, any) error, js string, out any) error {
	var text string
	if err := do(http.MethodPost, "/execute/sync", map[string]any{"script": "return " + script(js, !t.noScript), "args": []any{}}, &text); err != nil {
		if e, ok := err.(*webDriverError); ok && e.Code == "javascript error" {
			return &JSError{Script: js, Message: e.Message}
		}
		return fmt.Errorf("evaluating %.120s: %w", js, err)
	}
	return decode(text, js, out)
}

func (t *webkitTab) Eval(ctx context.Context, js string, out any) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error { return t.execute(do, js, out) })
}

// find returns the reference of the first element that the CSS selector
// matches in the current document.
func find(do func(string, string, any, any) error, selector string) (map[string]string, error) {
	var el map[string]string
	if err := do(http.MethodPost, "/element", map[string]any{"using": "css selector", "value": selector}, &el); err != nil {
		return nil, fmt.Errorf("finding %s: %w", selector, err)
	}
	return el, nil
}

func (t *webkitTab) EvalFrame(ctx context.Context, frame, js string, out any) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		el, err := find(do, frame)
		if err != nil {
			return err
		}
		if err := do(http.MethodPost, "/frame", map[string]any{"id": el}, nil); err != nil {
			return err
		}
		err = t.execute(do, js, out)
		if perr := do(http.MethodPost, "/frame/parent", nil, nil); err == nil {
			err = perr
		}
		return err
	})
}

func (t *webkitTab) Click(ctx context.Context, selector string) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		el, err := find(do, selector)
		if err != nil {
			return err
		}
		return do(http.MethodPost, "/element/"+el[webkitElement]+"/click", nil, nil)
	})
}

func (t *webkitTab) Type(ctx context.Context, selector, text string) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		if err := t.execute(do, selectField(selector), nil); err != nil {
			return err
		}
		// Key presses to the focused field (Perform Actions), which
		// leave its selection as it is, where Element Send Keys may move
		// the caret to the end first.
		var keys []map[string]any
		for _, r := range text {
			keys = append(keys, map[string]any{"type": "keyDown", "value": string(r)}, map[string]any{"type": "keyUp", "value": string(r)})
		}
		actions := map[string]any{"actions": []any{map[string]any{"type": "key", "id": "keyboard", "actions": keys}}}
		if err := do(http.MethodPost, "/actions", actions, nil); err != nil {
			return err
		}
		return do(http.MethodDelete, "/actions", nil, nil)
	})
}

// SetViewport sizes the window so that its viewport is width × height:
// classic WebDriver sizes the window, which holds more than the page (its
// toolbar), and the page learns its new size a moment later.
func (t *webkitTab) SetViewport(ctx context.Context, width, height int) error {
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		w, h := width, height
		var inner [2]int
		for range 4 {
			if err := do(http.MethodPost, "/window/rect", map[string]any{"width": w, "height": h}, nil); err != nil {
				return fmt.Errorf("sizing the window %d×%d for a viewport of %d×%d: %w", w, h, width, height, err)
			}
			// The page's size once it has stopped changing.
			var last [2]int
			for i := 0; i < 40; i++ {
				if err := t.execute(do, "[innerWidth, innerHeight]", &inner); err != nil {
					return err
				}
				if inner == [2]int{width, height} || (i > 0 && inner == last) {
					break
				}
				last = inner
				time.Sleep(25 * time.Millisecond)
			}
			if inner == [2]int{width, height} {
				return nil
			}
			w, h = max(w+width-inner[0], 1), max(h+height-inner[1], 1)
		}
		return fmt.Errorf("the viewport is %d×%d, not %d×%d, after sizing the window four times", inner[0], inner[1], width, height)
	})
}

func (t *webkitTab) Screenshot(ctx context.Context) ([]byte, error) {
	var b64 string
	err := t.in(ctx, func(do func(string, string, any, any) error) error {
		return do(http.MethodGet, "/screenshot", nil, &b64)
	})
	if err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}

// Errors is not supported: classic WebDriver has no console log.
func (t *webkitTab) Errors() ([]string, error) {
	return nil, fmt.Errorf("webkit: classic WebDriver has no console log: %w", errors.ErrUnsupported)
}

func (t *webkitTab) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The window is gone once the request is sent, whatever it answers:
	// current is cleared under the same lock, so that no other tab's
	// command (or NewTab) runs in the closed window meanwhile ("no such
	// window").
	return t.in(ctx, func(do func(string, string, any, any) error) error {
		err := do(http.MethodDelete, "/window", nil, nil)
		t.d.current = ""
		return err
	})
}
