//go:build !(js && wasm)

package browsers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// An Engine names a browser engine; its value names the subtests.
type Engine string

// The engines, each from Debian's packages.
const (
	Chromium Engine = "chromium" // chromium
	Firefox  Engine = "firefox"  // firefox-esr, driven over WebDriver BiDi
	WebKit   Engine = "webkit"   // webkit2gtk-driver (WebKitWebDriver, MiniBrowser), under Xvfb
)

// Engines are the three engines, in the order tests run them.
var Engines = []Engine{Chromium, Firefox, WebKit}

// Default viewport of a new tab, in CSS pixels.
const (
	DefaultWidth  = 1280
	DefaultHeight = 1000
)

// Options are how a Browser is launched.
type Options struct {
	// NoScript turns JavaScript off for the pages (see the package doc).
	NoScript bool
}

// A Tab is one page of a Browser. Its methods are for one goroutine at a
// time; tabs of one Browser may be used from different goroutines.
type Tab interface {
	// Engine is the tab's engine.
	Engine() Engine
	// Navigate loads url and returns once its load event has fired.
	Navigate(ctx context.Context, url string) error
	// Eval evaluates the JavaScript expression js in the page, awaits
	// it when it is a promise (scripts on), and decodes its value (sent
	// as JSON; undefined as null) into out, which may be nil. An
	// exception is an error that carries its message.
	Eval(ctx context.Context, js string, out any) error
	// EvalFrame is Eval in the document of the first <iframe> that the
	// CSS selector frame matches, of any origin.
	EvalFrame(ctx context.Context, frame, js string, out any) error
	// Click clicks the middle of the first element the CSS selector
	// matches (in the document, not in shadow roots), scrolled into view,
	// with the mouse's primary button.
	Click(ctx context.Context, selector string) error
	// Type focuses the first element the CSS selector matches, selects
	// its text, and types text over it, key by key.
	Type(ctx context.Context, selector, text string) error
	// SetViewport sets the size of the page's viewport in CSS pixels.
	SetViewport(ctx context.Context, width, height int) error
	// Screenshot returns the viewport as a PNG.
	Screenshot(ctx context.Context) ([]byte, error)
	// Errors returns the console errors and warnings and the uncaught
	// exceptions since the tab opened, or errors.ErrUnsupported where
	// the engine's protocol cannot read them (WebKit).
	Errors() ([]string, error)
	// Close closes the tab.
	Close() error
}

// A Browser is one running browser of an engine, with a fresh profile.
type Browser struct {
	engine   Engine
	noScript bool
	version  string
	newTab   func(ctx context.Context) (Tab, error)
	close    func() error
}

// Engine is the browser's engine.
func (b *Browser) Engine() Engine { return b.engine }

// Version is the browser's name and version, as it reports them.
func (b *Browser) Version() string { return b.version }

// NewTab opens a tab of DefaultWidth × DefaultHeight CSS pixels on
// about:blank.
func (b *Browser) NewTab(ctx context.Context) (Tab, error) {
	t, err := b.newTab(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: new tab: %w", b.engine, err)
	}
	if err := t.SetViewport(ctx, DefaultWidth, DefaultHeight); err != nil {
		t.Close()
		return nil, fmt.Errorf("%s: new tab: %w", b.engine, err)
	}
	return t, nil
}

// Close stops the browser and every process it started, and deletes its
// profile.
func (b *Browser) Close() error { return b.close() }

var launching sync.Mutex

// Launch starts a browser of engine e, one at a time in this process,
// within ctx (a launch that ctx ends is stopped and says so). Missing says beforehand what it
// would lack.
func Launch(ctx context.Context, e Engine, o Options) (*Browser, error) {
	if why := Missing(e); why != "" {
		return nil, errors.New(why)
	}
	var (
		b   *Browser
		err error
	)
	// One launch at a time: a browser starting takes seconds of both
	// cores, and tests asking for several engines at once would starve
	// each other's start.
	launching.Lock()
	defer launching.Unlock()
	switch e {
	case Chromium:
		b, err = launchChromium(ctx, o)
	case Firefox:
		b, err = launchFirefox(ctx, o)
	case WebKit:
		b, err = launchWebKit(ctx, o)
	default:
		return nil, fmt.Errorf("unknown engine %q (want chromium, firefox or webkit)", e)
	}
	if err != nil {
		return nil, fmt.Errorf("launching %s: %w", e, err)
	}
	b.engine, b.noScript = e, o.NoScript
	return b, nil
}

// Missing returns "" when engine e can be launched here, or else what
// is missing and the command that installs it (on Debian, as make test
// does in CI).
func Missing(e Engine) string {
	var miss, install []string
	need := func(ok bool, what, how string) {
		if !ok {
			miss = append(miss, what)
			install = append(install, how)
		}
	}
	switch e {
	case Chromium:
		_, err := ChromiumPath()
		need(err == nil, "chromium", "sudo apt-get install chromium-headless-shell")
	case Firefox:
		_, err := firefoxPath()
		need(err == nil, "firefox-esr", "sudo apt-get install firefox-esr")
		_, err = lookPath("node")
		need(err == nil, "node", "sudo apt-get install nodejs npm")
		_, err = puppeteerDir()
		need(err == nil, "puppeteer-core (wasm/node_modules)", "cd wasm && npm install")
	case WebKit:
		_, err := lookPath("WebKitWebDriver")
		need(err == nil, "WebKitWebDriver", "sudo apt-get install webkit2gtk-driver")
		_, err = lookPath("Xvfb")
		need(err == nil, "Xvfb", "sudo apt-get install xvfb")
	default:
		return fmt.Sprintf("unknown engine %q (want chromium, firefox or webkit)", e)
	}
	if len(miss) == 0 {
		return ""
	}
	return fmt.Sprintf("%s needs %s: %s", e, strings.Join(miss, ", "), strings.Join(unique(install), "; "))
}

// unique returns s without its repeats, in order.
func unique(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// lookPath is exec.LookPath, also in /usr/sbin and /usr/bin when the
// PATH lacks them.
func lookPath(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	for _, dir := range []string{"/usr/bin", "/usr/sbin"} {
		p := filepath.Join(dir, name)
		if info, err := os.Stat(p); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not on the PATH", name)
}

// Wait evaluates the expression js in the tab every 50 ms until it is
// truthy, and returns nil then, or an error naming js and its last value
// when ctx ends first.
func Wait(ctx context.Context, tab Tab, js string) error {
	return wait(ctx, js, func(ctx context.Context, js string, out any) error { return tab.Eval(ctx, js, out) })
}

// WaitFrame is Wait in the document of the first <iframe> that the CSS
// selector frame matches.
func WaitFrame(ctx context.Context, tab Tab, frame, js string) error {
	return wait(ctx, js, func(ctx context.Context, js string, out any) error { return tab.EvalFrame(ctx, frame, js, out) })
}

func wait(ctx context.Context, js string, eval func(context.Context, string, any) error) error {
	check := "!!(" + js + "\n)"
	var (
		last    bool
		lastErr error
	)
	for {
		lastErr = eval(ctx, check, &last)
		if lastErr == nil && last {
			return nil
		}
		select {
		case <-ctx.Done():
			if lastErr != nil {
				return fmt.Errorf("waiting for %.200s: %w (last: %v)", js, ctx.Err(), lastErr)
			}
			return fmt.Errorf("waiting for %.200s: %w", js, ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// script is the expression js as one expression whose value is the JSON
// text of js's value ("null" for undefined), awaited first unless await
// is false (scripts off: a page without JavaScript cannot run a promise's
// reactions in every engine).
func script(js string, await bool) string {
	if await {
		return "(async () => { const v = await (" + js + "\n); return JSON.stringify(v === undefined ? null : v); })()"
	}
	return "(() => { const v = (" + js + "\n); return JSON.stringify(v === undefined ? null : v); })()"
}

// decode decodes the JSON text of a value into out (nil: ignore it).
func decode(text, js string, out any) error {
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(text), out); err != nil {
		return fmt.Errorf("the value of %.120s: %w (%.200s)", js, err, text)
	}
	return nil
}

// A JSError is an exception thrown by a script the harness evaluated.
type JSError struct {
	Script  string // the expression, as the caller gave it
	Message string // the exception, as the engine reports it
}

func (e *JSError) Error() string {
	return fmt.Sprintf("evaluating %.200s: %s", e.Script, e.Message)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
