package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/bitview/bitview/wasm/testproc"
)

// mainEnv makes the test binary act as the serve command (see TestMain).
const mainEnv = "BITVIEW_SERVE_RUN_MAIN"

// TestMain lets TestMainProcess re-execute this test binary as the real
// command: with mainEnv set it runs main() with the given arguments.
func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		main()
		os.Exit(0)
	}
	done := testproc.Guard() // the servers a test starts end with the test binary
	os.Exit(done(m.Run()))
}

const (
	secret   = "TOP-SECRET outside the served directory"
	jsSource = "console.log('bitboard');\n"
)

var (
	gzippedJS = gzipBytes(jsSource)
	brotliJS  = brotliBytes(jsSource)
	bigJS     = strings.Repeat(jsSource, 400)
)

// brotliBytes returns s brotli-compressed.
func brotliBytes(s string) []byte {
	var b bytes.Buffer
	bw := brotli.NewWriter(&b)
	bw.Write([]byte(s))
	bw.Close()
	return b.Bytes()
}

// gzipBytes returns s gzip-compressed.
func gzipBytes(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// gunzip decompresses b, failing the test on error.
func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gzip.NewReader: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("reading gzip body: %v", err)
	}
	return string(out)
}

// writeFiles creates files (slash-separated names relative to dir) with
// modification times an hour in the past, so later siblings count as fresh.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// newSite builds a served directory "web" inside a temp dir whose parent also
// holds secret.txt, which must never be reachable. It returns the web dir.
func newSite(t *testing.T) string {
	t.Helper()
	parent := t.TempDir()
	writeFiles(t, parent, map[string]string{"secret.txt": secret})
	web := filepath.Join(parent, "web")
	writeFiles(t, web, map[string]string{
		"index.html":      "<!doctype html><title>Bitview</title>",
		"embed.html":      "<!doctype html><title>embed</title>",
		"app.js":          bigJS,
		"mod.mjs":         "export const x = 1;\n",
		"style.css":       "body { color: black }\n",
		"main.wasm":       "\x00asm\x01\x00\x00\x00",
		"logo.svg":        "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"data.json":       `{"ok":true}`,
		"notes.txt":       "plain notes\n",
		"image.png":       "\x89PNG\r\n\x1a\nnot really",
		"blob.bin":        "\x00\x01\x02",
		"UPPER.JS":        jsSource,
		"sub/index.html":  "<p>sub index</p>",
		"sub/page.html":   "<p>page</p>",
		"sub/.hidden":     "hidden",
		"empty/file.txt":  "in a directory without index.html",
		".env":            "PASSWORD=hunter2",
		".git/config":     "[core]",
		".well-known/x":   "dot directory",
		"pre.js":          jsSource,
		"stale.css":       "body { color: red }\n",
		"legacy.png":      "png bytes",
		"with:colon.txt":  "colon",
		"deep/a/b/c.json": "[]",
		"bitview.d.ts":    "export declare function load(): Promise<void>;\n",
		"app.webmanifest": `{"name":"Bitview"}`,
		"Figure.jsx":      "export const Figure = () => <p/>;\n",
		"README.md":       "# Bitview\n",
		"clip.mp4":        "not a video",
		"LICENSE":         "MIT\n",
	})
	// Precompressed siblings, written after (and so newer than) the originals.
	mustWrite(t, filepath.Join(web, "pre.js.br"), brotliJS)
	mustWrite(t, filepath.Join(web, "pre.js.gz"), gzippedJS)
	mustWrite(t, filepath.Join(web, "legacy.png.gz"), gzipBytes("png bytes"))
	// Siblings written by a tool that keeps only whole seconds of the
	// source's time (brotli -k): they look up to a second older.
	writeWholeSecondSiblings(t, web)
	// A stale sibling: older than the file it claims to encode.
	stale := filepath.Join(web, "stale.css.gz")
	mustWrite(t, stale, gzipBytes("body { color: OLD }\n"))
	older := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stale, older, older); err != nil {
		t.Fatal(err)
	}
	return web
}

// The whole-second case: late.wasm was modified at hh:mm:ss.7, its .br and
// .gz carry hh:mm:ss.0, as brotli -k leaves them.
var (
	lateWasm   = "\x00asm\x01\x00\x00\x00" + strings.Repeat("late wasm body ", 500)
	lateBrotli = brotliBytes(lateWasm)
	lateGzip   = gzipBytes(lateWasm)
)

// writeWholeSecondSiblings writes late.wasm and its siblings into web.
func writeWholeSecondSiblings(t *testing.T, web string) {
	t.Helper()
	second := time.Now().Add(-30 * time.Minute).Truncate(time.Second)
	src := filepath.Join(web, "late.wasm")
	mustWrite(t, src, []byte(lateWasm))
	mustWrite(t, src+".br", lateBrotli)
	mustWrite(t, src+".gz", lateGzip)
	for name, mtime := range map[string]time.Time{
		src: second.Add(700 * time.Millisecond), src + ".br": second, src + ".gz": second,
	} {
		if err := os.Chtimes(name, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
}

// mustWrite writes data to path with the current modification time.
func mustWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// startServer serves dir with newHandler on a loopback httptest server.
func startServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	h, err := newHandler(dir)
	if err != nil {
		t.Fatalf("newHandler(%q): %v", dir, err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// do sends method path with the given headers, without transparent
// decompression or redirect following, and returns the response and body.
func do(t *testing.T, srv *httptest.Server, method, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	defer client.CloseIdleConnections()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", method, path, err)
	}
	return resp, body
}

// rawGet writes a hand-made request line to srv, so the path reaches the
// handler exactly as written (Go's client would clean "..").
func rawGet(t *testing.T, srv *httptest.Server, target string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, srv.Listener.Addr())
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestContentTypes checks the type of each kind of file: from serve.go's
// own table, whatever the machine's MIME database says (Debian's maps .ts
// to text/vnd.trolltech.linguist and .mp4 to video/mp4).
func TestContentTypes(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		path, want string
	}{
		{"/bitview.d.ts", "text/plain; charset=utf-8"},
		{"/app.webmanifest", "application/manifest+json"},
		{"/Figure.jsx", "text/plain; charset=utf-8"},
		{"/README.md", "text/markdown; charset=utf-8"},
		{"/clip.mp4", "application/octet-stream"},
		{"/LICENSE", "application/octet-stream"},
		{"/main.wasm", "application/wasm"},
		{"/app.js", "text/javascript; charset=utf-8"},
		{"/mod.mjs", "text/javascript; charset=utf-8"},
		{"/UPPER.JS", "text/javascript; charset=utf-8"},
		{"/logo.svg", "image/svg+xml"},
		{"/sub/page.html", "text/html; charset=utf-8"},
		{"/style.css", "text/css; charset=utf-8"},
		{"/data.json", "application/json"},
		{"/notes.txt", "text/plain; charset=utf-8"},
		{"/image.png", "image/png"},
		{"/blob.bin", "application/octet-stream"},
		{"/pre.js.gz", "application/gzip"},
		{"/pre.js.br", "application/octet-stream"},
		{"/", "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, _ := do(t, srv, "GET", tt.path, nil)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Type"); got != tt.want {
				t.Errorf("Content-Type = %q, want %q", got, tt.want)
			}
			if got := resp.Header.Get("Content-Encoding"); got != "" {
				t.Errorf("Content-Encoding = %q without Accept-Encoding", got)
			}
		})
	}
}

func TestIndexAndDirectories(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		path         string
		wantStatus   int
		wantBody     string
		wantLocation string
	}{
		{"/", http.StatusOK, "<!doctype html><title>Bitview</title>", ""},
		{"/sub/", http.StatusOK, "<p>sub index</p>", ""},
		{"/sub/page.html", http.StatusOK, "<p>page</p>", ""},
		{"/sub", http.StatusMovedPermanently, "", "sub/"},
		{"/index.html", http.StatusMovedPermanently, "", "./"},
		{"/sub/index.html", http.StatusMovedPermanently, "", "./"},
		{"/empty/", http.StatusNotFound, "", ""},
		{"/empty", http.StatusNotFound, "", ""},
		{"/deep/a/", http.StatusNotFound, "", ""},
		{"/deep/a/b/c.json", http.StatusOK, "[]", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := do(t, srv, "GET", tt.path, nil)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if tt.wantBody != "" && string(body) != tt.wantBody {
				t.Errorf("body = %q, want %q", body, tt.wantBody)
			}
			if got := resp.Header.Get("Location"); got != tt.wantLocation {
				t.Errorf("Location = %q, want %q", got, tt.wantLocation)
			}
			if strings.Contains(string(body), "file.txt") {
				t.Errorf("body looks like a directory listing: %q", body)
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	srv := startServer(t, newSite(t))
	for _, p := range []string{
		"/missing.js",
		"/sub/missing.html",
		"/.env",
		"/.git/config",
		"/.git/",
		"/.well-known/x",
		"/sub/.hidden",
		"/notes.txt/",       // a file is not a directory
		"//notes.txt",       // empty segment
		"/with:colon.txt",   // colons are refused (Windows streams)
		"/index.html%00.js", // NUL byte
		"/empty/file.txt/",
	} {
		t.Run(p, func(t *testing.T) {
			resp, body := do(t, srv, "GET", p, nil)
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("status = %d, want 404 (body %q)", resp.StatusCode, body)
			}
		})
	}
}

func TestTraversalRawRequests(t *testing.T) {
	srv := startServer(t, newSite(t))
	if resp, body := rawGet(t, srv, "/notes.txt"); resp.StatusCode != http.StatusOK || string(body) != "plain notes\n" {
		t.Fatalf("control request: status %d body %q", resp.StatusCode, body)
	}
	for _, target := range []string{
		"/../secret.txt",
		"/%2e%2e/secret.txt",
		"/%2E%2E/secret.txt",
		"/..%2fsecret.txt",
		"/..%2Fsecret.txt",
		"/sub/../../secret.txt",
		"/sub/%2e%2e/%2e%2e/secret.txt",
		"/./../secret.txt",
		"/..\\secret.txt",
		"/%5c..%5csecret.txt",
		"/../web/notes.txt",
		"http://example.invalid/../secret.txt",
	} {
		t.Run(target, func(t *testing.T) {
			resp, body := rawGet(t, srv, target)
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("status = %d, want 404", resp.StatusCode)
			}
			for _, leak := range []string{secret, "PASSWORD", "[core]", "dot directory", "hidden"} {
				if strings.Contains(string(body), leak) {
					t.Errorf("%q leaked: %q", leak, body)
				}
			}
		})
	}
}

func TestSymlinks(t *testing.T) {
	web := newSite(t)
	parent := filepath.Dir(web)
	links := map[string]string{
		"escape.txt": filepath.Join(parent, "secret.txt"), // absolute, outside
		"rel.txt":    "../secret.txt",                     // relative, outside
		"outdir":     parent,                              // directory outside
		"inside.txt": "notes.txt",                         // stays inside: allowed
		// The dotfile rule holds for where a link leads.
		"env.txt":          ".env",
		"gitcfg.txt":       ".git/config",
		"wellknown":        ".well-known",
		"sneaky.txt":       "sub/../.env",
		"sub/up.txt":       "../.env",
		"hidden.txt":       "sub/.hidden",
		"chain.txt":        "env.txt",
		"absinside.txt":    filepath.Join(web, "notes.txt"), // absolute: os.Root refuses it
		"loop1":            "loop2",
		"loop2":            "loop1",
		"subdir":           "sub",        // a folder inside: allowed
		"twice.txt":        "inside.txt", // a chain inside: allowed
		"empty/index.html": "../.env",    // a folder's index page
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(web, name)); err != nil {
			t.Skipf("cannot create symlinks here: %v", err)
		}
	}
	srv := startServer(t, web)
	tests := []struct {
		path       string
		wantStatus int
	}{
		{"/escape.txt", http.StatusNotFound},
		{"/rel.txt", http.StatusNotFound},
		{"/outdir/secret.txt", http.StatusNotFound},
		{"/outdir/", http.StatusNotFound},
		{"/inside.txt", http.StatusOK},
		{"/env.txt", http.StatusNotFound},
		{"/gitcfg.txt", http.StatusNotFound},
		{"/wellknown/x", http.StatusNotFound},
		{"/sneaky.txt", http.StatusNotFound},
		{"/sub/up.txt", http.StatusNotFound},
		{"/hidden.txt", http.StatusNotFound},
		{"/chain.txt", http.StatusNotFound},
		{"/absinside.txt", http.StatusNotFound},
		{"/loop1", http.StatusNotFound},
		{"/subdir/page.html", http.StatusOK},
		{"/subdir/", http.StatusOK},
		{"/twice.txt", http.StatusOK},
		{"/empty/", http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := do(t, srv, "GET", tt.path, nil)
			if resp.StatusCode != tt.wantStatus {
				t.Errorf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if strings.Contains(string(body), secret) {
				t.Errorf("secret leaked: %q", body)
			}
		})
	}
}

func TestMethodNotAllowed(t *testing.T) {
	srv := startServer(t, newSite(t))
	for _, method := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		t.Run(method, func(t *testing.T) {
			resp, _ := do(t, srv, method, "/index.html", nil)
			if resp.StatusCode != http.StatusMethodNotAllowed {
				t.Errorf("status = %d, want 405", resp.StatusCode)
			}
			if got := resp.Header.Get("Allow"); got != "GET, HEAD" {
				t.Errorf("Allow = %q, want %q", got, "GET, HEAD")
			}
		})
	}
}

func TestPrecompressed(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		name, path, acceptEncoding string
		wantEncoding               string
		wantBody                   []byte
		wantType                   string
	}{
		{"br preferred", "/pre.js", "gzip, deflate, br", "br", brotliJS, "text/javascript; charset=utf-8"},
		{"br only", "/pre.js", "br", "br", brotliJS, "text/javascript; charset=utf-8"},
		{"gzip only", "/pre.js", "gzip", "gzip", gzippedJS, "text/javascript; charset=utf-8"},
		{"gzip weighted higher", "/pre.js", "br;q=0.5, gzip;q=0.9", "gzip", gzippedJS, "text/javascript; charset=utf-8"},
		{"br refused", "/pre.js", "br;q=0, gzip", "gzip", gzippedJS, "text/javascript; charset=utf-8"},
		{"wildcard", "/pre.js", "*", "br", brotliJS, "text/javascript; charset=utf-8"},
		{"none", "/pre.js", "", "", []byte(jsSource), "text/javascript; charset=utf-8"},
		{"identity", "/pre.js", "identity", "", []byte(jsSource), "text/javascript; charset=utf-8"},
		{"incompressible type", "/legacy.png", "gzip", "gzip", gzipBytes("png bytes"), "image/png"},
		{"sibling requested directly", "/pre.js.gz", "gzip", "", gzippedJS, "application/gzip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, srv, "GET", tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
			}
			if got := resp.Header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if !bytes.Equal(body, tt.wantBody) {
				t.Errorf("body = %q, want %q", body, tt.wantBody)
			}
			if resp.ContentLength != int64(len(tt.wantBody)) {
				t.Errorf("Content-Length = %d, want %d", resp.ContentLength, len(tt.wantBody))
			}
			if tt.path != "/pre.js.gz" && resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", resp.Header.Get("Vary"))
			}
		})
	}
}

func TestStalePrecompressedIgnored(t *testing.T) {
	srv := startServer(t, newSite(t))
	resp, body := do(t, srv, "GET", "/stale.css", map[string]string{"Accept-Encoding": "gzip"})
	if got := resp.Header.Get("Content-Encoding"); got != "" {
		t.Fatalf("Content-Encoding = %q, want identity (the only .gz is stale)", got)
	}
	if string(body) != "body { color: red }\n" {
		t.Errorf("body = %q, want the current file, not the stale .gz", body)
	}
	if got := resp.Header.Get("Vary"); got != "" {
		t.Errorf("Vary = %q, want none: no fresh sibling, one representation", got)
	}
}

// TestEncodings asks for br, gzip and identity and checks the bytes and
// headers of each, on late.wasm, whose siblings carry whole-second times a
// fraction of a second before the source's (as brotli -k leaves them).
func TestEncodings(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		acceptEncoding string
		wantEncoding   string
		wantBody       []byte
	}{
		{"br", "br", lateBrotli},
		{"gzip, deflate, br, zstd", "br", lateBrotli}, // what Chromium sends
		{"gzip", "gzip", lateGzip},
		{"br;q=0, gzip", "gzip", lateGzip},
		{"", "", []byte(lateWasm)},
		{"identity", "", []byte(lateWasm)},
		{"br;q=0, gzip;q=0", "", []byte(lateWasm)},
	}
	for _, tt := range tests {
		for _, method := range []string{"GET", "HEAD"} {
			t.Run(method+" "+tt.acceptEncoding, func(t *testing.T) {
				resp, body := do(t, srv, method, "/late.wasm", map[string]string{"Accept-Encoding": tt.acceptEncoding})
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("status = %d, want 200", resp.StatusCode)
				}
				if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
					t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
				}
				if got := resp.Header.Get("Content-Type"); got != "application/wasm" {
					t.Errorf("Content-Type = %q, want application/wasm (the original's)", got)
				}
				if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
					t.Errorf("Vary = %q, want Accept-Encoding", got)
				}
				if resp.ContentLength != int64(len(tt.wantBody)) {
					t.Errorf("Content-Length = %d, want %d", resp.ContentLength, len(tt.wantBody))
				}
				if method == "GET" && !bytes.Equal(body, tt.wantBody) {
					t.Errorf("body = %d bytes %.20q, want %d bytes %.20q", len(body), body, len(tt.wantBody), tt.wantBody)
				}
				if method == "GET" && tt.wantEncoding == "gzip" && gunzip(t, body) != lateWasm {
					t.Error("the gzip body does not decode to the file")
				}
				if got := resp.Header.Get("Last-Modified"); got == "" {
					t.Error("no Last-Modified")
				}
			})
		}
	}
}

func TestFresh(t *testing.T) {
	src := time.Date(2026, 2, 1, 12, 0, 7, 700_000_000, time.UTC)
	tests := []struct {
		name string
		sib  time.Time
		want bool
	}{
		{"same time (touch -r)", src, true},
		{"whole second of the source (brotli -k)", src.Truncate(time.Second), true},
		{"later", src.Add(3 * time.Second), true},
		{"a second before", src.Add(-time.Second), false},
		{"an earlier build", src.Add(-time.Minute), false},
	}
	for _, tt := range tests {
		if got := fresh(tt.sib, src); got != tt.want {
			t.Errorf("%s: fresh(%v, %v) = %v, want %v", tt.name, tt.sib, src, got, tt.want)
		}
	}
}

// TestCORS checks that the assets other sites load carry CORS and CORP
// headers, and the pages do not.
func TestCORS(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		path, acceptEncoding string
		wantStatus           int
		asset                bool
	}{
		{"/app.js", "", http.StatusOK, true},
		{"/pre.js", "br", http.StatusOK, true},
		{"/late.wasm", "gzip", http.StatusOK, true},
		{"/main.wasm", "", http.StatusOK, true},
		{"/style.css", "", http.StatusOK, true},
		{"/logo.svg", "", http.StatusOK, true},
		{"/missing.js", "", http.StatusNotFound, true}, // so a page elsewhere can read the 404
		{"/", "", http.StatusOK, false},
		{"/sub/", "", http.StatusOK, false},
		{"/sub/page.html", "", http.StatusOK, false},
		{"/embed.html", "", http.StatusOK, false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, _ := do(t, srv, "GET", tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding, "Origin": "http://author.example"})
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			acao, corp := resp.Header.Get("Access-Control-Allow-Origin"), resp.Header.Get("Cross-Origin-Resource-Policy")
			if tt.asset && (acao != "*" || corp != "cross-origin") {
				t.Errorf("Access-Control-Allow-Origin %q, Cross-Origin-Resource-Policy %q; want *, cross-origin", acao, corp)
			}
			if !tt.asset && (acao != "" || corp != "") {
				t.Errorf("a page carries Access-Control-Allow-Origin %q, Cross-Origin-Resource-Policy %q; want neither", acao, corp)
			}
			if resp.Header.Get("Access-Control-Allow-Credentials") != "" {
				t.Error("credentials allowed")
			}
		})
	}
}

// TestFrameAncestors checks that any site may frame embed.html and only
// this server may frame the other pages.
func TestFrameAncestors(t *testing.T) {
	srv := startServer(t, newSite(t))
	for _, tt := range []struct{ path, want string }{
		{"/embed.html", "frame-ancestors *"},
		{"/", "frame-ancestors 'self'"},
		{"/sub/", "frame-ancestors 'self'"},
		{"/sub/page.html", "frame-ancestors 'self'"},
		{"/app.js", "frame-ancestors 'self'"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			resp, _ := do(t, srv, "GET", tt.path, nil)
			csp := resp.Header.Get("Content-Security-Policy")
			if !strings.HasSuffix(csp, "; "+tt.want) || strings.Count(csp, "frame-ancestors") != 1 {
				t.Errorf("Content-Security-Policy = %q, want it to end in %q", csp, tt.want)
			}
			if rest, _ := strings.CutSuffix(csp, tt.want); rest != strings.TrimSuffix(contentSecurityPolicy, "frame-ancestors 'self'") {
				t.Errorf("the rest of the policy differs from the page's: %q", rest)
			}
		})
	}
}

// TestLoad holds 200 idle TCP connections open (half silent, half with a
// request header that never ends) while 50 clients fetch the page and a
// few-MB wasm repeatedly in every encoding, through the real server limits
// (newServer). Every fetch must succeed with the right bytes, the server
// must stay responsive, and the test process's RSS must stay bounded. It
// holds for 5 s, or 30 s with BITVIEW_LONG=1; with 30 s it also checks that
// the server dropped the idle connections (ReadHeaderTimeout).
func TestLoad(t *testing.T) {
	const (
		idleConns  = 200
		clients    = 50
		pace       = 250 * time.Millisecond // between a client's rounds
		maxRounds  = 120                    // per client; the hold time ends them first
		wasmSize   = 3 << 20
		maxRSSGrow = 128 << 20
		maxProbe   = 5 * time.Second
	)
	hold := 5 * time.Second
	if os.Getenv("BITVIEW_LONG") == "1" {
		hold = 30 * time.Second
	}

	web := t.TempDir()
	page := []byte("<!doctype html><title>Bitview</title>" + strings.Repeat("<p>board</p>", 1000))
	wasm := make([]byte, wasmSize)
	x := uint64(88172645463325252) // xorshift: bytes that hardly compress, so the siblings are as large
	for i := range wasm {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		wasm[i] = byte(x)
	}
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, 0)
	bw.Write(wasm)
	bw.Close()
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	zw.Write(wasm)
	zw.Close()
	bodies := map[string][]byte{"": wasm, "br": br.Bytes(), "gzip": gz.Bytes()} // true siblings: the server compares them with the file
	mustWrite(t, filepath.Join(web, "index.html"), page)
	mustWrite(t, filepath.Join(web, "bitview.wasm"), wasm)
	mustWrite(t, filepath.Join(web, "bitview.wasm.br"), bodies["br"])
	mustWrite(t, filepath.Join(web, "bitview.wasm.gz"), bodies["gzip"])

	rssBefore := rss(t)
	h, err := newHandler(web)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(h)
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()
	start := time.Now()
	deadline := start.Add(hold)

	// The idle connections.
	idle := make([]net.Conn, 0, idleConns)
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for i := range idleConns {
		c, err := net.DialTimeout("tcp", ln.Addr().String(), 5*time.Second)
		if err != nil {
			t.Fatalf("idle connection %d: %v", i, err)
		}
		idle = append(idle, c)
		if i%2 == 1 {
			fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nX-Slow: ", ln.Addr())
		}
	}

	// A probe that keeps asking for the page on a new connection.
	probeDone := make(chan time.Duration)
	stopProbe := make(chan struct{})
	go func() {
		var worst time.Duration
		client := &http.Client{Timeout: 2 * maxProbe, Transport: &http.Transport{DisableKeepAlives: true}}
		for {
			select {
			case <-stopProbe:
				probeDone <- worst
				return
			case <-time.After(200 * time.Millisecond):
			}
			t0 := time.Now()
			resp, err := client.Get(base + "/")
			if err != nil {
				worst = 2 * maxProbe
				continue
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			worst = max(worst, time.Since(t0))
		}
	}()

	// The clients: each round fetches the page and the wasm, cycling
	// through br, gzip and identity, then waits a little (the machine is
	// shared; the point is many clients at once, not saturating it).
	type result struct {
		fetches, bytes int64
		err            error
	}
	results := make(chan result, clients)
	for c := range clients {
		go func() {
			var r result
			client := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{DisableCompression: true}}
			defer client.CloseIdleConnections()
			codings := []string{"br", "gzip", ""}
			for i := 0; i < maxRounds && (i == 0 || time.Now().Before(deadline)); i++ {
				if i > 0 {
					time.Sleep(pace)
				}
				coding := codings[(c+i)%len(codings)]
				for _, f := range []struct {
					path string
					want []byte
				}{{"/", page}, {"/bitview.wasm", bodies[coding]}} {
					n, err := fetch(client, base+f.path, coding, f.want)
					r.fetches++
					r.bytes += n
					if err != nil {
						r.err = fmt.Errorf("client %d round %d %s (%q): %w", c, i, f.path, coding, err)
						results <- r
						return
					}
				}
			}
			results <- r
		}()
	}
	var fetches, sent int64
	for range clients {
		r := <-results
		fetches += r.fetches
		sent += r.bytes
		if r.err != nil {
			t.Error(r.err)
		}
	}
	clientsDone := time.Since(start)
	time.Sleep(time.Until(deadline)) // hold the idle connections to the end
	close(stopProbe)
	worst := <-probeDone

	// Which idle connections has the server dropped (ReadHeaderTimeout)?
	dropped := 0
	for _, c := range idle {
		c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		if _, err := c.Read(make([]byte, 512)); err == nil || !errors.Is(err, os.ErrDeadlineExceeded) {
			dropped++ // EOF, reset, or a 408 answer
		}
	}
	if resp, body := do(t, &httptest.Server{URL: base}, "GET", "/", nil); resp.StatusCode != http.StatusOK || !bytes.Equal(body, page) {
		t.Errorf("after the load: status %d, %d bytes", resp.StatusCode, len(body))
	}
	rssAfter := rss(t)
	t.Logf("%d idle connections held %v (%d dropped by the server); %d clients made %d fetches (%.0f MB) in %v; slowest probe %v; RSS %d MB before, %d MB after",
		idleConns, hold, dropped, clients, fetches, float64(sent)/1e6, clientsDone.Round(time.Millisecond), worst.Round(time.Millisecond), rssBefore>>20, rssAfter>>20)
	if worst > maxProbe {
		t.Errorf("the slowest probe took %v, want ≤ %v", worst, maxProbe)
	}
	if hold > srv.ReadHeaderTimeout+2*time.Second && dropped != idleConns {
		t.Errorf("%d of %d idle connections still open after %v, want all dropped after ReadHeaderTimeout (%v)", idleConns-dropped, idleConns, hold, srv.ReadHeaderTimeout)
	}
	if rssBefore > 0 && rssAfter-rssBefore > maxRSSGrow {
		t.Errorf("RSS grew from %d MB to %d MB, want at most %d MB more", rssBefore>>20, rssAfter>>20, maxRSSGrow>>20)
	}
}

// fetch GETs url with the given Accept-Encoding ("" for none) and checks
// the status, the Content-Encoding and that the body is want, comparing as
// it reads so no client holds a whole body. It returns the bytes read.
func fetch(client *http.Client, url, coding string, want []byte) (int64, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return 0, err
	}
	if coding != "" {
		req.Header.Set("Accept-Encoding", coding)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	cmp := &compareWriter{want: want}
	n, err := io.Copy(cmp, resp.Body)
	switch {
	case err != nil:
		return n, err
	case resp.StatusCode != http.StatusOK:
		return n, fmt.Errorf("status %d", resp.StatusCode)
	case strings.HasSuffix(url, ".wasm") && resp.Header.Get("Content-Encoding") != coding:
		return n, fmt.Errorf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	case cmp.bad || cmp.off != len(want):
		return n, fmt.Errorf("body differs (%d bytes, want %d)", n, len(want))
	}
	return n, nil
}

// compareWriter compares what is written to it with want.
type compareWriter struct {
	want []byte
	off  int
	bad  bool
}

// Write records whether p continues want.
func (c *compareWriter) Write(p []byte) (int, error) {
	if c.off+len(p) > len(c.want) || !bytes.Equal(p, c.want[c.off:c.off+len(p)]) {
		c.bad = true
	}
	c.off += len(p)
	return len(p), nil
}

// rss returns the test process's resident set size in bytes, after a
// garbage collection that returns freed memory to the system, or 0 where
// /proc/self/status is not available.
func rss(t *testing.T) int64 {
	debug.FreeOSMemory()
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Logf("no RSS figure: %v", err)
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

func TestAcceptEncodingQZero(t *testing.T) {
	srv := startServer(t, newSite(t))
	bodies := map[string][]byte{"": []byte(jsSource), "br": brotliJS, "gzip": gzippedJS}
	for _, tt := range []struct{ acceptEncoding, want string }{
		{"gzip;q=0", ""},
		{"gzip; q=0.000", ""},
		{"br, gzip;q=0", "br"},
		{"br;q=0, gzip;q=0", ""},
		{"br;q=0, *", "gzip"},
		{"*;q=0", ""},
		{"gzip;q=0, *", "br"},
		{"identity", ""},
		{"deflate", ""},
	} {
		t.Run(tt.acceptEncoding, func(t *testing.T) {
			resp, body := do(t, srv, "GET", "/pre.js", map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if got := resp.Header.Get("Content-Encoding"); got != tt.want {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.want)
			}
			want := bodies[tt.want]
			if !bytes.Equal(body, want) || resp.ContentLength != int64(len(want)) {
				t.Errorf("got %d bytes (Content-Length %d), want the %d bytes of %q", len(body), resp.ContentLength, len(want), tt.want)
			}
			if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
		})
	}
}

func TestAcceptQ(t *testing.T) {
	tests := []struct {
		header         string
		gzip, br       float64
		deflate, ident float64
	}{
		{"", 0, 0, 0, 0},
		{"gzip", 1, 0, 0, 0},
		{"gzip, deflate, br", 1, 1, 1, 0},
		{"gzip;q=0", 0, 0, 0, 0},
		{" GZIP ; Q=0.5 ", 0.5, 0, 0, 0},
		{"br;q=0, gzip", 1, 0, 0, 0},
		{"*", 1, 1, 1, 1},
		{"*;q=0, gzip", 1, 0, 0, 0},
		{"gzip;q=0, *", 0, 1, 1, 1},
		{"x-gzip", 1, 0, 0, 0},
		{"gzip;q=2", 0, 0, 0, 0},
		{"gzip;q=abc", 0, 0, 0, 0},
		{"gzip;q=NaN", 0, 0, 0, 0},
		{"gzip;q=-1", 0, 0, 0, 0},
		{"gzip;q=0.8, gzip;q=0", 0.8, 0, 0, 0},
		{"deflate;q=0.3, br;level=5;q=0.7", 0, 0.7, 0.3, 0},
		{"identity;q=0.5, *;q=0.2", 0.2, 0.2, 0.2, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			for _, c := range []struct {
				coding string
				want   float64
			}{{"gzip", tt.gzip}, {"br", tt.br}, {"deflate", tt.deflate}, {"identity", tt.ident}} {
				if got := acceptQ(tt.header, c.coding); got != c.want {
					t.Errorf("acceptQ(%q, %q) = %v, want %v", tt.header, c.coding, got, c.want)
				}
			}
		})
	}
}

func TestFileName(t *testing.T) {
	tests := []struct {
		path string
		name string
		ok   bool
	}{
		{"/", ".", true},
		{"/a.js", "a.js", true},
		{"/sub/", "sub", true},
		{"/sub/a/b.css", "sub/a/b.css", true},
		{"", "", false},
		{"a.js", "", false},
		{"*", "", false},
		{"//a.js", "", false},
		{"/a//b", "", false},
		{"/../a", "", false},
		{"/a/..", "", false},
		{"/./a", "", false},
		{"/.env", "", false},
		{"/a/.git/config", "", false},
		{"/a\\b", "", false},
		{"/c:/x", "", false},
		{"/a\x00b", "", false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.path), func(t *testing.T) {
			name, ok := fileName(tt.path)
			if name != tt.name || ok != tt.ok {
				t.Errorf("fileName(%q) = %q, %v; want %q, %v", tt.path, name, ok, tt.name, tt.ok)
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	srv := startServer(t, newSite(t))
	want := map[string]string{
		"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
			"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
			"object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "no-referrer",
		"Cache-Control":          "no-cache",
	}
	tests := []struct {
		method, path, acceptEncoding string
		wantStatus                   int
	}{
		{"GET", "/", "", http.StatusOK},
		{"GET", "/app.js", "gzip", http.StatusOK},
		{"GET", "/pre.js", "br", http.StatusOK},
		{"HEAD", "/main.wasm", "", http.StatusOK},
		{"GET", "/missing", "", http.StatusNotFound},
		{"GET", "/.env", "", http.StatusNotFound},
		{"GET", "/sub", "", http.StatusMovedPermanently},
		{"POST", "/", "", http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			resp, _ := do(t, srv, tt.method, tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			for k, v := range want {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if csp := resp.Header.Get("Content-Security-Policy"); strings.Contains(csp, "http") || strings.Contains(csp, "*") {
				t.Errorf("CSP allows external sources: %q", csp)
			}
		})
	}
}

func TestHead(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		path, acceptEncoding, wantEncoding string
		wantLength                         int64
	}{
		{"/notes.txt", "", "", int64(len("plain notes\n"))},
		{"/app.js", "", "", int64(len(bigJS))},
		{"/app.js", "gzip", "", int64(len(bigJS))},
		{"/pre.js", "gzip", "gzip", int64(len(gzippedJS))},
		{"/pre.js", "br", "br", int64(len(brotliJS))},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.acceptEncoding, func(t *testing.T) {
			resp, body := do(t, srv, "HEAD", tt.path, map[string]string{"Accept-Encoding": tt.acceptEncoding})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", resp.StatusCode)
			}
			if len(body) != 0 {
				t.Errorf("HEAD returned a %d-byte body", len(body))
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
			}
			if resp.ContentLength != tt.wantLength {
				t.Errorf("Content-Length = %d, want %d", resp.ContentLength, tt.wantLength)
			}
		})
	}
}

// TestConditionalEncodings sends each conditional header (If-Match,
// If-None-Match, If-Modified-Since, If-Unmodified-Since, Range, If-Range)
// in each encoding (identity, gzip, br) for a file with precompressed
// siblings (pre.js) and one without (app.js), pipelined on one connection
// with a plain request behind it, as browsers and proxies may send them.
// A 200 or 206 carries the chosen coding and the length of what it sends;
// a 304, 412 or 416 describes no representation: no Content-Encoding, and
// a Content-Length that is that of its own body (none, or the error text),
// so the request behind it is answered too.
func TestConditionalEncodings(t *testing.T) {
	srv := startServer(t, newSite(t))
	head, _ := do(t, srv, "HEAD", "/pre.js", nil)
	modified := head.Header.Get("Last-Modified")
	past := time.Now().Add(-48 * time.Hour).UTC().Format(http.TimeFormat)
	future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	siblings := map[string][]byte{"": []byte(jsSource), "gzip": gzippedJS, "br": brotliJS}

	tests := []struct {
		name   string
		header map[string]string
		status int
		part   [2]int // the bytes [from, to) of the representation a 206 sends
	}{
		{"If-Match other", map[string]string{"If-Match": `"x"`}, 412, [2]int{}},
		{"If-Match any", map[string]string{"If-Match": "*"}, 200, [2]int{}},
		{"If-None-Match any", map[string]string{"If-None-Match": "*"}, 304, [2]int{}},
		{"If-None-Match other", map[string]string{"If-None-Match": `"x"`}, 200, [2]int{}},
		{"If-Modified-Since later", map[string]string{"If-Modified-Since": future}, 304, [2]int{}},
		{"If-Modified-Since earlier", map[string]string{"If-Modified-Since": past}, 200, [2]int{}},
		{"If-Unmodified-Since earlier", map[string]string{"If-Unmodified-Since": past}, 412, [2]int{}},
		{"If-Unmodified-Since later", map[string]string{"If-Unmodified-Since": future}, 200, [2]int{}},
		{"Range", map[string]string{"Range": "bytes=2-7"}, 206, [2]int{2, 8}},
		{"Range past the end", map[string]string{"Range": "bytes=100000-"}, 416, [2]int{}},
		{"If-Range current", map[string]string{"Range": "bytes=2-7", "If-Range": modified}, 206, [2]int{2, 8}},
		{"If-Range earlier", map[string]string{"Range": "bytes=2-7", "If-Range": past}, 200, [2]int{}},
	}
	for _, path := range []string{"/pre.js", "/app.js"} {
		for _, tt := range tests {
			for _, coding := range []string{"", "gzip", "br"} {
				t.Run(fmt.Sprintf("%s %s %q", path, tt.name, coding), func(t *testing.T) {
					header := maps.Clone(tt.header)
					header["Accept-Encoding"] = coding
					resps := pipelined(t, srv, path, header)
					resp, body := resps[0].resp, resps[0].body
					if resp.StatusCode != tt.status {
						t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
					}
					wantCoding, whole := coding, siblings[coding]
					if path == "/app.js" {
						wantCoding, whole = "", []byte(bigJS)
					}
					var want []byte
					switch tt.status {
					case 200:
						want = whole
					case 206:
						want = whole[tt.part[0]:tt.part[1]]
					default:
						wantCoding = ""
					}
					if got := resp.Header.Get("Content-Encoding"); got != wantCoding {
						t.Errorf("Content-Encoding %q, want %q", got, wantCoding)
					}
					if tt.status == 200 || tt.status == 206 {
						if !bytes.Equal(body, want) {
							t.Errorf("body %d bytes %.20q, want %d bytes %.20q", len(body), body, len(want), want)
						}
					}
					if cl := resp.Header.Get("Content-Length"); tt.status != 304 && cl != strconv.Itoa(len(body)) {
						t.Errorf("Content-Length %q with a %d-byte body", cl, len(body))
					}
					if tt.status == 304 && (resp.Header.Get("Content-Length") != "" || len(body) != 0) {
						t.Errorf("304 with Content-Length %q and a %d-byte body", resp.Header.Get("Content-Length"), len(body))
					}
					if next := resps[1]; next.err != nil || next.resp.StatusCode != 200 || string(next.body) != "plain notes\n" {
						t.Errorf("the request behind it: %v, %+v", next.err, next.body)
					}
				})
			}
		}
	}
}

// TestNotModifiedCoding (issue 46.11): a conditional request is
// answered 304 only for the entity tag of the coding it would get. For
// /figure.svg, the brotli answer's tag sent by a client that takes gzip
// only, or nothing, gets that client's own answer (200, its coding and
// tag): a shared cache holding both is never told to give brotli to a
// client that cannot decode it. A precompressed file (which has no
// entity tag: its validator is its time, the same in every coding) is
// 304 only for "*" or a time, and every answer of both, 304 included,
// says Vary: Accept-Encoding.
func TestNotModifiedCoding(t *testing.T) {
	srv := startServer(t, newSite(t))
	tags := map[string]string{}
	for _, enc := range []string{"br", "gzip", ""} {
		resp, _ := do(t, srv, "GET", "/figure.svg?show=P", map[string]string{"Accept-Encoding": enc})
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != enc {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q", enc, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		tags[enc] = resp.Header.Get("ETag")
	}
	for sent, tag := range tags {
		for _, enc := range []string{"br", "gzip", ""} {
			resp, body := do(t, srv, "GET", "/figure.svg?show=P", map[string]string{"Accept-Encoding": enc, "If-None-Match": tag})
			want := 200
			if sent == enc {
				want = 304
			}
			if resp.StatusCode != want || resp.Header.Get("ETag") != tags[enc] || resp.Header.Get("Vary") != "Accept-Encoding" ||
				want == 200 && (resp.Header.Get("Content-Encoding") != enc || len(body) == 0) {
				t.Errorf("/figure.svg, the %q answer's tag with Accept-Encoding %q: %d, ETag %s, Vary %q, Content-Encoding %q; want %d, ETag %s",
					sent, enc, resp.StatusCode, resp.Header.Get("ETag"), resp.Header.Get("Vary"), resp.Header.Get("Content-Encoding"), want, tags[enc])
			}
		}
	}
	head, _ := do(t, srv, "HEAD", "/pre.js", nil)
	modified := head.Header.Get("Last-Modified")
	for _, enc := range []string{"br", "gzip", ""} {
		for _, tc := range []struct {
			header map[string]string
			want   int
		}{
			{map[string]string{"If-None-Match": tags["br"]}, 200},
			{map[string]string{"If-None-Match": `"pre.js-br"`}, 200},
			{map[string]string{"If-None-Match": "*"}, 304},
			{map[string]string{"If-Modified-Since": modified}, 304},
		} {
			tc.header["Accept-Encoding"] = enc
			resp, _ := do(t, srv, "GET", "/pre.js", tc.header)
			if resp.StatusCode != tc.want || resp.Header.Get("Vary") != "Accept-Encoding" || resp.Header.Get("ETag") != "" {
				t.Errorf("/pre.js, %v: %d, Vary %q, ETag %q; want %d, Vary: Accept-Encoding and no tag", tc.header, resp.StatusCode, resp.Header.Get("Vary"), resp.Header.Get("ETag"), tc.want)
			}
		}
	}
}

// answer is one response read off a connection, or why it could not be.
type answer struct {
	resp *http.Response
	body []byte
	err  error
}

// pipelined writes two requests to srv on one connection before reading
// anything, GET path with header and then GET /notes.txt, and reads both
// answers. A response whose headers promise more bytes than it sends makes
// the second one unreadable.
func pipelined(t *testing.T, srv *httptest.Server, path string, header map[string]string) [2]answer {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	var req strings.Builder
	fmt.Fprintf(&req, "GET %s HTTP/1.1\r\nHost: %s\r\n", path, srv.Listener.Addr())
	for _, k := range slices.Sorted(maps.Keys(header)) {
		fmt.Fprintf(&req, "%s: %s\r\n", k, header[k])
	}
	fmt.Fprintf(&req, "\r\nGET /notes.txt HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", srv.Listener.Addr())
	if _, err := io.WriteString(conn, req.String()); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	var out [2]answer
	for i := range out {
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			out[i].err = err
			if i == 0 {
				t.Fatalf("reading the answer to GET %s: %v", path, err)
			}
			break
		}
		out[i].resp = resp
		out[i].body, out[i].err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	return out
}

func TestDirectoryRebuiltWhileServing(t *testing.T) {
	web := newSite(t)
	srv := startServer(t, web)
	if err := os.RemoveAll(web); err != nil {
		t.Fatal(err)
	}
	if resp, _ := do(t, srv, "GET", "/index.html", nil); resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("status with the directory gone = %d, want 500", resp.StatusCode)
	}
	writeFiles(t, web, map[string]string{"index.html": "rebuilt"})
	if resp, body := do(t, srv, "GET", "/", nil); resp.StatusCode != http.StatusOK || string(body) != "rebuilt" {
		t.Errorf("after rebuild: status %d body %q, want 200 %q", resp.StatusCode, body, "rebuilt")
	}
}

func TestNewHandlerErrors(t *testing.T) {
	web := newSite(t)
	for _, dir := range []string{filepath.Join(web, "nope"), filepath.Join(web, "notes.txt")} {
		if _, err := newHandler(dir); err == nil {
			t.Errorf("newHandler(%q) succeeded, want an error", dir)
		}
	}
}

func TestNewServerLimits(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout != 5*time.Second {
		t.Errorf("ReadHeaderTimeout = %v, want 5s", srv.ReadHeaderTimeout)
	}
	if srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Errorf("limits not all set: %+v", srv)
	}
}

// urlPattern finds the URL in run's startup line.
var urlPattern = regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)

func TestRunServesAndShutsDown(t *testing.T) {
	web := newSite(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", web}, pw)
		pw.Close()
		done <- err
	}()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading startup line: %v", err)
	}
	go io.Copy(io.Discard, pr)
	wantPrefix := "Bitview: serving " + filepath.ToSlash(web) + "/ at http://127.0.0.1:"
	if !strings.HasPrefix(line, wantPrefix) {
		t.Errorf("startup line = %q, want prefix %q", line, wantPrefix)
	}
	m := urlPattern.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("no URL in startup line %q", line)
	}
	base := m[1]
	if strings.HasSuffix(base, ":0/") {
		t.Fatalf("printed the requested port, not the bound one: %q", base)
	}

	client := &http.Client{Transport: &http.Transport{}}
	resp, err := client.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "<!doctype html><title>Bitview</title>" {
		t.Fatalf("GET /: status %d body %q", resp.StatusCode, body)
	}
	if resp.Header.Get("Content-Security-Policy") == "" {
		t.Error("served response lacks Content-Security-Policy")
	}

	cancel() // an idle keep-alive connection is still open; Shutdown must not hang on it
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after its context was cancelled")
	}
	client.CloseIdleConnections()
	if _, err := client.Get(base); err == nil {
		t.Error("server still answers after shutdown")
	}
}

func TestRunErrors(t *testing.T) {
	web := newSite(t)
	tests := []struct {
		name      string
		args      []string
		wantUsage bool
		wantText  string
	}{
		{"unknown flag", []string{"-bogus"}, true, "flag provided but not defined: -bogus"},
		{"missing flag value", []string{"-addr"}, true, "flag needs an argument: -addr"},
		{"extra argument", []string{"-dir", web, "extra"}, true, `unexpected argument "extra"`},
		{"missing dir", []string{"-addr", "127.0.0.1:0", "-dir", filepath.Join(web, "nope")}, false, "cannot serve directory"},
		{"dir is a file", []string{"-addr", "127.0.0.1:0", "-dir", filepath.Join(web, "notes.txt")}, false, "cannot serve directory"},
		{"bad address", []string{"-addr", "127.0.0.1:notaport", "-dir", web}, false, "notaport"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(t.Context(), tt.args, &out)
			if err == nil {
				t.Fatal("run succeeded, want an error")
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Errorf("error = %q, want it to mention %q", err, tt.wantText)
			}
			var ue *usageError
			if got := errors.As(err, &ue); got != tt.wantUsage {
				t.Errorf("usage error = %v, want %v", got, tt.wantUsage)
			}
			if ue != nil && !strings.Contains(ue.usage, "-addr address") {
				t.Errorf("usage text lacks flag help: %q", ue.usage)
			}
			if out.Len() != 0 {
				t.Errorf("stdout = %q, want nothing on error", out.String())
			}
		})
	}
	t.Run("help", func(t *testing.T) {
		var out bytes.Buffer
		if err := run(t.Context(), []string{"-h"}, &out); err != nil {
			t.Fatalf("run -h = %v, want nil", err)
		}
		if !strings.Contains(out.String(), "usage: go run serve.go") || !strings.Contains(out.String(), "-dir directory") {
			t.Errorf("help output = %q", out.String())
		}
	})
}

// mainCommand returns a command that runs this test binary as the real
// serve command (via TestMain) with args.
func mainCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	return cmd
}

func TestMainExitCodes(t *testing.T) {
	web := newSite(t)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"bad flag", []string{"-bogus"}, 2, "serve: flag provided but not defined: -bogus"},
		{"missing dir", []string{"-addr", "127.0.0.1:0", "-dir", filepath.Join(web, "nope")}, 1, "serve: cannot serve directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			cmd := mainCommand(t, tt.args...)
			cmd.Stderr = &stderr
			err := cmd.Run()
			var exitErr *exec.ExitError
			if !errors.As(err, &exitErr) || exitErr.ExitCode() != tt.wantCode {
				t.Fatalf("exit = %v, want code %d (stderr %q)", err, tt.wantCode, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.wantStderr)
			}
			if tt.wantCode == 2 && !strings.Contains(stderr.String(), "usage:") {
				t.Errorf("stderr lacks usage: %q", stderr.String())
			}
		})
	}
}

func TestMainSignalShutdown(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT/SIGTERM delivery to child processes on Windows")
	}
	web := newSite(t)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := mainCommand(t, "-addr", "127.0.0.1:0", "-dir", web)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(stdout).ReadString('\n')
			if err != nil {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("reading startup line: %v (stderr %q)", err, stderr.String())
			}
			m := urlPattern.FindStringSubmatch(line)
			if m == nil {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("no URL in %q", line)
			}
			client := &http.Client{Transport: &http.Transport{}}
			resp, err := client.Get(m[1] + "notes.txt")
			if err == nil {
				resp.Body.Close()
			}
			client.CloseIdleConnections()
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Errorf("GET notes.txt: %v", err)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("after %v: %v, want exit code 0 (stderr %q)", sig, err, stderr.String())
			}
		})
	}
}

// TestServiceWorkerHeaders checks what web/sw.js needs from the server: its
// script and the sw-version.js it imports are JavaScript, are revalidated
// on every update check (no-cache, so a new build is seen on the next
// visit), and may run as a worker of this origin (the CSP has no
// worker-src, so script-src 'self' applies). No Service-Worker-Allowed
// header is needed or sent: sw.js sits in the folder it serves.
func TestServiceWorkerHeaders(t *testing.T) {
	web := t.TempDir()
	writeFiles(t, web, map[string]string{
		"index.html":           "<!doctype html><title>Bitview</title>",
		"sw.js":                "importScripts('sw-version.js');\n",
		"sw-version.js":        "self.bitviewBuild = {version: '0', files: {}};\n",
		"folder/sw.js":         "importScripts('sw-version.js');\n",
		"folder/sw-version.js": "self.bitviewBuild = {version: '1', files: {}};\n",
	})
	srv := startServer(t, web)
	for _, p := range []string{"/sw.js", "/sw-version.js", "/folder/sw.js", "/folder/sw-version.js"} {
		t.Run(p, func(t *testing.T) {
			resp, body := do(t, srv, "GET", p, map[string]string{"Service-Worker": "script"})
			if resp.StatusCode != http.StatusOK || len(body) == 0 {
				t.Fatalf("status %d, body %q", resp.StatusCode, body)
			}
			for k, want := range map[string]string{
				"Content-Type":           "text/javascript; charset=utf-8",
				"Cache-Control":          "no-cache",
				"X-Content-Type-Options": "nosniff",
				"Service-Worker-Allowed": "",
			} {
				if got := resp.Header.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			csp := resp.Header.Get("Content-Security-Policy")
			if strings.Contains(csp, "worker-src") || !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "connect-src 'self'") {
				t.Errorf("CSP %q: want script-src 'self' (the workers' rule) and connect-src 'self' (the worker's fetches)", csp)
			}
			// An update check of an unchanged script costs no body.
			resp, _ = do(t, srv, "GET", p, map[string]string{"If-Modified-Since": resp.Header.Get("Last-Modified")})
			if resp.StatusCode != http.StatusNotModified {
				t.Errorf("conditional GET: status %d, want 304", resp.StatusCode)
			}
		})
	}
}

// TestSiblingFreshByContent: a file replaced by other content with an
// older modification time (cp -p, rsync -t, tar x) is never sent as its
// stale .br or .gz, even of the same size; a sibling rewritten to match
// is sent again.
func TestSiblingFreshByContent(t *testing.T) {
	web := t.TempDir()
	src := filepath.Join(web, "app.js")
	old, now := "console.log('old build');\n", "console.log('new build');\n"
	mustWrite(t, src, []byte(old))
	mustWrite(t, src+".br", brotliBytes(old))
	mustWrite(t, src+".gz", gzipBytes(old))
	srv := startServer(t, web)
	get := func(accept string) (string, string) {
		res, body := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": accept})
		switch enc := res.Header.Get("Content-Encoding"); enc {
		case "gzip":
			return enc, gunzip(t, body)
		case "br":
			b, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
			if err != nil {
				t.Fatal(err)
			}
			return enc, string(b)
		default:
			return enc, string(body)
		}
	}
	if enc, body := get("br"); enc != "br" || body != old {
		t.Fatalf("a matching sibling: %q %q, want br", enc, body)
	}
	// cp -p: the new content (the same size) with a time an hour back.
	mustWrite(t, src, []byte(now))
	back := time.Now().Add(-time.Hour)
	if err := os.Chtimes(src, back, back); err != nil {
		t.Fatal(err)
	}
	for _, accept := range []string{"br", "gzip", "gzip, deflate, br, zstd"} {
		if enc, body := get(accept); body != now {
			t.Errorf("Accept-Encoding %q after cp -p: %q %q, want the new file", accept, enc, body)
		}
	}
	mustWrite(t, src+".br", brotliBytes(now))
	if enc, body := get("br"); enc != "br" || body != now {
		t.Errorf("a rebuilt sibling: %q %q, want br and the new file", enc, body)
	}
	if enc, body := get("gzip"); enc != "" || body != now {
		t.Errorf("the stale gzip sibling: %q %q, want the file itself", enc, body)
	}
}

// TestSiblingRewrittenSameSizeSameTime: a file rewritten with content of
// the same size and its modification time set back to what it was (a
// reproducible build's SOURCE_DATE_EPOCH, Nix, cp -p) is never sent as
// its stale sibling: a sibling is checked again whenever its file's
// ctime or inode changes, not only its size and time. Once right after
// the files were written (within racyWindow, when the ctime may not
// have moved), once after the check had settled.
func TestSiblingRewrittenSameSizeSameTime(t *testing.T) {
	for _, settle := range []bool{false, true} {
		web := t.TempDir()
		src := filepath.Join(web, "app.js")
		old, now := "console.log('old build');\n", "console.log('new build');\n"
		epoch := time.Unix(315532800, 0) // 1980-01-01, as a reproducible build stamps files
		mustWrite(t, src, []byte(old))
		mustWrite(t, src+".br", brotliBytes(old))
		mustWrite(t, src+".gz", gzipBytes(old))
		for _, f := range []string{src, src + ".br", src + ".gz"} {
			if err := os.Chtimes(f, epoch, epoch); err != nil {
				t.Fatal(err)
			}
		}
		if settle {
			time.Sleep(racyWindow + 100*time.Millisecond)
		}
		srv := startServer(t, web)
		for _, accept := range []string{"br", "gzip"} {
			if res, _ := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": accept}); res.Header.Get("Content-Encoding") != accept {
				t.Fatalf("before the rewrite, %s: Content-Encoding %q", accept, res.Header.Get("Content-Encoding"))
			}
		}
		for _, replace := range []bool{false, true} { // in place, then by rename
			if replace {
				tmp := filepath.Join(web, "app.js.tmp")
				mustWrite(t, tmp, []byte(old))
				if err := os.Rename(tmp, src); err != nil {
					t.Fatal(err)
				}
				mustWrite(t, src, []byte(now))
			} else {
				mustWrite(t, src, []byte(now))
			}
			if err := os.Chtimes(src, epoch, epoch); err != nil {
				t.Fatal(err)
			}
			for _, accept := range []string{"br", "gzip", "gzip, br"} {
				res, body := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": accept})
				if enc := res.Header.Get("Content-Encoding"); enc != "" || string(body) != now {
					t.Errorf("settled %v, replaced %v, Accept-Encoding %q: %q %q, want the new file itself", settle, replace, accept, enc, body)
				}
			}
			mustWrite(t, src, []byte(old)) // back, for the next way
			if err := os.Chtimes(src, epoch, epoch); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestCheckSiblings: the server's start-up walk compares each sibling
// with its file ahead of the first request, and finds a stale one.
func TestCheckSiblings(t *testing.T) {
	web := t.TempDir()
	writeFiles(t, web, map[string]string{"a.js": jsSource, "sub/b.css": "b{}", "c.js": "new"})
	mustWrite(t, filepath.Join(web, "a.js.br"), brotliBytes(jsSource))
	mustWrite(t, filepath.Join(web, "sub", "b.css.gz"), gzipBytes("b{}"))
	mustWrite(t, filepath.Join(web, "c.js.gz"), gzipBytes("old"))
	time.Sleep(racyWindow + 100*time.Millisecond) // a comparison made sooner is not remembered
	checkSiblings(web)
	siblingChecks.mu.Lock()
	defer siblingChecks.mu.Unlock()
	for name, want := range map[string]bool{"a.js.br": true, "sub/b.css.gz": true, "c.js.gz": false} {
		if got, ok := siblingChecks.checks[name]; !ok || got.ok != want {
			t.Errorf("%s: checked %v, matches %v; want checked, %v", name, ok, got.ok, want)
		}
	}
}
