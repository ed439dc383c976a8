//go:build !(js && wasm)

package browsers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// ChromiumFlags are the flags Chromium needs on a machine with no outside
// network: without the background-networking ones it stalls on refused
// connections.
var ChromiumFlags = []chromedp.ExecAllocatorOption{
	chromedp.NoSandbox, chromedp.DisableGPU,
	chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
	chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-sync", true),
	chromedp.Flag("no-first-run", true),
}

// ChromiumNames are the commands the tests drive Chromium as, in the order
// they are looked for on the PATH. Chromium's headless shell comes first:
// the same Blink and V8 as the chromium of its version (Debian builds both
// from one source package), without the browser's window and profile
// layers, which the tests do not use. It takes about a quarter less CPU
// time a page load: launching it and loading the main page in eight new
// tabs took 17.2–19.4 CPU-seconds of the machine, against 23.7–25.6 with
// chromium --headless (156.0.8078.114; four runs of the shell and two of
// chromium, alternating, on a quiet two-core machine).
// Debian packages it as chromium-headless-shell (make test installs it);
// Chrome for Testing names it chrome-headless-shell. Without either the
// browser itself is driven, headless.
var ChromiumNames = []string{"chromium-headless-shell", "chrome-headless-shell", "chromium", "chromium-browser"}

// ChromiumPath returns the path of the first of ChromiumNames on the PATH.
func ChromiumPath() (string, error) {
	for _, name := range ChromiumNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("none of %s is on the PATH", strings.Join(ChromiumNames, ", "))
}

func launchChromium(_ context.Context, o Options) (*Browser, error) {
	path, err := ChromiumPath()
	if err != nil {
		return nil, err
	}
	profile, err := os.MkdirTemp("", "bitview-chromium-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], ChromiumFlags...)
	opts = append(opts, chromedp.ExecPath(path), chromedp.UserDataDir(profile), chromedp.WindowSize(DefaultWidth, DefaultHeight))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	stop := func() error {
		cancelBrowser()
		cancelAlloc()
		return os.RemoveAll(profile)
	}
	if err := chromedp.Do(bctx); err != nil {
		stop()
		return nil, err
	}
	version := "Chromium"
	if v, err := chromedp.CallBrowser(bctx, browser.GetVersion, cdp.Empty{}); err == nil {
		version = v.Product
	}
	return &Browser{
		version: version,
		newTab: func(ctx context.Context) (Tab, error) {
			tctx, cancel := chromedp.NewContext(bctx)
			t := &ChromiumTab{ctx: tctx, cancel: cancel, noScript: o.NoScript}
			// The first run opens the tab, which lives as long as the
			// context it runs in: tctx, not one that ends with ctx.
			if err := chromedp.Do(tctx); err != nil {
				cancel()
				return nil, err
			}
			t.watchConsole()
			if o.NoScript {
				if err := t.run(ctx, func(c context.Context, _ ...chromedp.Action[chromedp.Void]) error {
					_, err := chromedp.Call(c, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
					return err
				}); err != nil {
					cancel()
					return nil, err
				}
			}
			return t, nil
		},
		close: stop,
	}, nil
}

// A ChromiumTab is a Tab of Chromium.
type ChromiumTab struct {
	ctx      context.Context
	cancel   context.CancelFunc
	noScript bool

	mu   sync.Mutex
	errs []string
}

// Context is the tab's chromedp context, for what only Chromium's
// protocol does (throttling, tracing, emulation).
func (t *ChromiumTab) Context() context.Context { return t.ctx }

// Engine is Chromium.
func (t *ChromiumTab) Engine() Engine { return Chromium }

// run runs do in the tab's context, ended when ctx is.
func (t *ChromiumTab) run(ctx context.Context, do func(context.Context, ...chromedp.Action[chromedp.Void]) error, actions ...chromedp.Action[chromedp.Void]) error {
	c, cancel := context.WithCancel(t.ctx)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	err := do(c, actions...)
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// Navigate loads url and waits for its load event.
func (t *ChromiumTab) Navigate(ctx context.Context, url string) error {
	return t.run(ctx, chromedp.Do, chromedp.Navigate(url))
}

// Eval evaluates js (see Tab).
func (t *ChromiumTab) Eval(ctx context.Context, js string, out any) error {
	var text string
	err := t.run(ctx, func(c context.Context, _ ...chromedp.Action[chromedp.Void]) error {
		var err error
		text, err = chromedp.Run(c, chromedp.Evaluate[string](script(js, !t.noScript), chromedp.EvalAwaitPromise))
		return err
	})
	if err != nil {
		var ex *chromedp.ExceptionError
		if errors.As(err, &ex) {
			return &JSError{Script: js, Message: ex.Error()}
		}
		return fmt.Errorf("evaluating %.120s: %w", js, err)
	}
	return decode(text, js, out)
}

// EvalFrame evaluates js in the first iframe that frame matches.
func (t *ChromiumTab) EvalFrame(ctx context.Context, frame, js string, out any) error {
	var text string
	err := t.run(ctx, func(c context.Context, _ ...chromedp.Action[chromedp.Void]) error {
		nodes, err := chromedp.Run(c, chromedp.Nodes(chromedp.CSS(frame), chromedp.AtLeast(0)))
		if err != nil {
			return err
		}
		if len(nodes) == 0 {
			return fmt.Errorf("no iframe matches %q", frame)
		}
		// A poll returns its predicate's first truthy value: the JSON
		// text, prefixed so that it is never empty.
		text, err = chromedp.Run(c, chromedp.Poll[string](`(async () => "=" + await `+script(js, !t.noScript)+`)()`, chromedp.WithPollingInFrame(nodes[0])))
		return err
	})
	if err != nil {
		return fmt.Errorf("evaluating %.120s in %s: %w", js, frame, err)
	}
	return decode(text[1:], js, out)
}

// Click clicks the element's middle.
func (t *ChromiumTab) Click(ctx context.Context, selector string) error {
	return t.run(ctx, chromedp.Do, chromedp.Click(chromedp.CSS(selector)))
}

// Type selects the field's text and types text over it.
func (t *ChromiumTab) Type(ctx context.Context, selector, text string) error {
	if err := t.Eval(ctx, selectField(selector), nil); err != nil {
		return err
	}
	return t.run(ctx, chromedp.Do, chromedp.KeyEvent(text))
}

// selectField is the expression that focuses the field matched by
// selector and selects its text, or throws.
func selectField(selector string) string {
	return `(() => { const e = document.querySelector(` + jsString(selector) + `);
		if (!e) throw new Error('no element matches ' + ` + jsString(selector) + `);
		e.focus(); e.select?.(); return true; })()`
}

// SetViewport sets the viewport's size.
func (t *ChromiumTab) SetViewport(ctx context.Context, width, height int) error {
	return t.run(ctx, chromedp.Do, chromedp.EmulateViewport(int64(width), int64(height)))
}

// Screenshot takes the viewport.
func (t *ChromiumTab) Screenshot(ctx context.Context) ([]byte, error) {
	var png []byte
	err := t.run(ctx, func(c context.Context, _ ...chromedp.Action[chromedp.Void]) error {
		var err error
		png, err = chromedp.Run(c, chromedp.CaptureScreenshot())
		return err
	})
	return png, err
}

// watchConsole collects the tab's console errors, warnings and
// exceptions from now on.
func (t *ChromiumTab) watchConsole() {
	messages := chromedp.Console(t.ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				t.mu.Lock()
				t.errs = append(t.errs, m.String())
				t.mu.Unlock()
			}
		}
	}()
}

// Errors returns the console's errors, warnings and exceptions.
func (t *ChromiumTab) Errors() ([]string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.errs...), nil
}

// Close closes the tab.
func (t *ChromiumTab) Close() error {
	t.cancel()
	return nil
}
