//go:build !(js && wasm)

package browsers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// need skips the test when e cannot be launched here, naming what is
// missing and how to install it, or fails it when CI is set.
func need(t *testing.T, e Engine) {
	t.Helper()
	if why := Missing(e); why != "" {
		if os.Getenv("CI") != "" {
			t.Fatal(why)
		}
		t.Skip(why)
	}
}

// testSite serves a page whose script writes "scripts ran" and a
// <noscript> line, a form, and an iframe of another origin, under the
// strict Content-Security-Policy serve.go sends (no eval, scripts from
// the site alone).
func testSite(t *testing.T) string {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>frame</title><p id="in">inside the frame</p>`)
	}))
	t.Cleanup(other.Close)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src data:; frame-src *")
		switch r.URL.Path {
		case "/page.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, `document.getElementById('out').textContent = 'scripts ran';
document.getElementById('b').addEventListener('click', (e) => { e.target.dataset.clicks = (Number(e.target.dataset.clicks ?? 0) + 1) + ':' + e.isTrusted; });
console.error('an error for the log');`)
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><html><head><title>harness</title><link rel="icon" href="data:,"><script src="page.js" defer></script>
<style>body{margin:0;background:#0a0}</style></head><body>
<p id="out">no script</p><noscript><p id="ns">JavaScript is off</p></noscript>
<input id="f" value="old text"><button id="b" type="button">press</button>
<iframe src="%s/frame" width="300" height="100"></iframe></body></html>`, other.URL)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(site.Close)
	return site.URL
}

// TestEngines drives each engine through every method of Tab, with
// scripts on and off, against one page.
func TestEngines(t *testing.T) {
	url := testSite(t)
	for _, e := range Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			need(t, e)
			for _, noScript := range []bool{false, true} {
				t.Run(map[bool]string{false: "scripts", true: "noscript"}[noScript], func(t *testing.T) {
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
					defer cancel()
					start := time.Now()
					b, err := Launch(ctx, e, Options{NoScript: noScript})
					if err != nil {
						t.Fatal(err)
					}
					defer func() {
						if err := b.Close(); err != nil {
							t.Error(err)
						}
					}()
					t.Logf("%s launched in %v", b.Version(), time.Since(start).Round(time.Millisecond))
					tab, err := b.NewTab(ctx)
					if err != nil {
						t.Fatal(err)
					}
					defer tab.Close()
					if err := tab.Navigate(ctx, url+"/"); err != nil {
						t.Fatal(err)
					}
					var size [2]int
					if err := tab.Eval(ctx, `[innerWidth, innerHeight]`, &size); err != nil {
						t.Fatal(err)
					}
					if size != [2]int{DefaultWidth, DefaultHeight} {
						t.Errorf("a new tab's viewport is %v, want %d×%d", size, DefaultWidth, DefaultHeight)
					}
					var got struct {
						Out      string
						NoScript float64
						N        int
						Nothing  any
					}
					if err := tab.Eval(ctx, `({ out: document.getElementById('out').textContent,
						noScript: document.getElementById('ns')?.getBoundingClientRect().height ?? 0, n: 1 + 1, nothing: undefined })`, &got); err != nil {
						t.Fatal(err)
					}
					wantOut := map[bool]string{false: "scripts ran", true: "no script"}[noScript]
					if got.Out != wantOut || (got.NoScript > 0) != noScript || got.N != 2 || got.Nothing != nil {
						t.Errorf("the page reads %+v; want %q, the <noscript> line shown only with scripts off", got, wantOut)
					}
					var msg *JSError
					if err := tab.Eval(ctx, `(() => { throw new Error('thrown on purpose'); })()`, nil); !errors.As(err, &msg) || !strings.Contains(msg.Message, "thrown on purpose") {
						t.Errorf("a throwing script gives %v, want a JSError with its message", err)
					}
					var inner string
					if err := tab.EvalFrame(ctx, "iframe", `document.getElementById('in').textContent`, &inner); err != nil || inner != "inside the frame" {
						t.Errorf("in the other origin's frame: %q, %v", inner, err)
					}
					if err := tab.SetViewport(ctx, 360, 640); err != nil {
						t.Fatal(err)
					}
					shot, err := tab.Screenshot(ctx)
					if err != nil {
						t.Fatal(err)
					}
					img, err := png.Decode(bytes.NewReader(shot))
					if err != nil {
						t.Fatal(err)
					}
					// The viewport, in device pixels (1 or 2 a CSS pixel).
					if sz := img.Bounds().Size(); sz.X%360 != 0 || sz.Y%640 != 0 || sz.X/360 != sz.Y/640 {
						t.Errorf("the screenshot is %v, want the 360×640 viewport", sz)
					}
					if noScript {
						return
					}
					if err := Wait(ctx, tab, `document.getElementById('out').textContent === 'scripts ran'`); err != nil {
						t.Fatal(err)
					}
					var later int
					if err := tab.Eval(ctx, `new Promise((r) => setTimeout(() => r(42), 20))`, &later); err != nil || later != 42 {
						t.Errorf("a promise gives %d, %v; want 42", later, err)
					}
					if err := tab.Click(ctx, "#b"); err != nil {
						t.Fatal(err)
					}
					var clicks string
					if err := tab.Eval(ctx, `document.getElementById('b').dataset.clicks`, &clicks); err != nil || clicks != "1:true" {
						t.Errorf("after a click the button counted %q (%v), want one trusted click", clicks, err)
					}
					if err := tab.Type(ctx, "#f", "new"); err != nil {
						t.Fatal(err)
					}
					var typed string
					if err := tab.Eval(ctx, `document.getElementById('f').value`, &typed); err != nil || typed != "new" {
						t.Errorf("after typing the field holds %q (%v), want %q", typed, err, "new")
					}
					errs, err := tab.Errors()
					if e == WebKit {
						if !errors.Is(err, errors.ErrUnsupported) {
							t.Errorf("WebKit's Errors: %v, want errors.ErrUnsupported", err)
						}
					} else if err != nil || len(errs) != 1 || !strings.Contains(errs[0], "an error for the log") {
						t.Errorf("console errors %q (%v), want the page's one", errs, err)
					}
				})
			}
		})
	}
}

// TestRecord: the recorder passes requests on and lists them with the
// bytes sent back.
func TestRecord(t *testing.T) {
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/file" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, strings.Repeat("x", 1000))
	}))
	defer target.Close()
	r, err := Record(target.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, path := range []string{"/file?a=1", "/nothing"} {
		res, err := http.Get(r.URL() + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	var got []string
	for _, req := range r.Requests() {
		got = append(got, fmt.Sprintf("%s %s %d %d %s", req.Method, req.Path, req.Status, req.Bytes, req.Header.Get("User-Agent")))
	}
	if want := "GET /file?a=1 200 1000 Go-http-client/1.1, GET /nothing 404 19 Go-http-client/1.1"; strings.Join(got, ", ") != want {
		t.Errorf("recorded %s, want %s", strings.Join(got, ", "), want)
	}
	r.Reset()
	if n := len(r.Requests()); n != 0 {
		t.Errorf("%d requests after Reset", n)
	}
}
