package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
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
	os.Exit(m.Run())
}

const (
	secret   = "TOP-SECRET outside the served directory"
	jsSource = "console.log('bitboard');\n"
)

var (
	gzippedJS = gzipBytes(strings.Repeat("precompressed gzip\n", 20))
	brotliJS  = []byte("pretend-brotli-bytes")
	bigJS     = strings.Repeat(jsSource, 400)
)

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
	})
	// Precompressed siblings, written after (and so newer than) the originals.
	mustWrite(t, filepath.Join(web, "pre.js.br"), brotliJS)
	mustWrite(t, filepath.Join(web, "pre.js.gz"), gzippedJS)
	mustWrite(t, filepath.Join(web, "legacy.png.gz"), gzipBytes("png bytes"))
	// A stale sibling: older than the file it claims to encode.
	stale := filepath.Join(web, "stale.css.gz")
	mustWrite(t, stale, gzipBytes("body { color: OLD }\n"))
	older := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(stale, older, older); err != nil {
		t.Fatal(err)
	}
	return web
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

func TestContentTypes(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct {
		path, want string
	}{
		{"/main.wasm", "application/wasm"},
		{"/app.js", "text/javascript; charset=utf-8"},
		{"/mod.mjs", "text/javascript; charset=utf-8"},
		{"/UPPER.JS", "text/javascript; charset=utf-8"},
		{"/logo.svg", "image/svg+xml"},
		{"/index.html", "text/html; charset=utf-8"},
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
		{"/sub", http.StatusMovedPermanently, "", "./sub/"},
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
			if strings.Contains(string(body), secret) {
				t.Errorf("secret leaked: %q", body)
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
	if got := resp.Header.Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding = %q, want on-the-fly gzip", got)
	}
	if got := gunzip(t, body); got != "body { color: red }\n" {
		t.Errorf("decoded body = %q, want the current file, not the stale .gz", got)
	}
}

func TestGzipOnTheFly(t *testing.T) {
	srv := startServer(t, newSite(t))
	tests := []struct{ path, want, wantType string }{
		{"/app.js", bigJS, "text/javascript; charset=utf-8"},
		{"/main.wasm", "\x00asm\x01\x00\x00\x00", "application/wasm"},
		{"/index.html", "<!doctype html><title>Bitview</title>", "text/html; charset=utf-8"},
		{"/logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"},
		{"/data.json", `{"ok":true}`, "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := do(t, srv, "GET", tt.path, map[string]string{"Accept-Encoding": "gzip"})
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status = %d, want 200", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Encoding"); got != "gzip" {
				t.Fatalf("Content-Encoding = %q, want gzip", got)
			}
			if got := resp.Header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
			if resp.ContentLength != -1 && resp.ContentLength != int64(len(body)) {
				t.Errorf("Content-Length = %d, but %d bytes were sent", resp.ContentLength, len(body))
			}
			if got := gunzip(t, body); got != tt.want {
				t.Errorf("decoded body = %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("incompressible type is not gzipped", func(t *testing.T) {
		resp, body := do(t, srv, "GET", "/image.png", map[string]string{"Accept-Encoding": "gzip"})
		if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "" {
			t.Errorf("headers = %v, want no Content-Encoding and no Vary", resp.Header)
		}
		if string(body) != "\x89PNG\r\n\x1a\nnot really" {
			t.Errorf("body = %q", body)
		}
	})
	t.Run("big file shrinks", func(t *testing.T) {
		_, body := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip"})
		if len(body) >= len(bigJS)/10 {
			t.Errorf("compressed %d bytes to %d; expected much smaller", len(bigJS), len(body))
		}
	})
}

func TestAcceptEncodingQZero(t *testing.T) {
	srv := startServer(t, newSite(t))
	for _, ae := range []string{"gzip;q=0", "gzip; q=0.000", "br, gzip;q=0", "*;q=0", "gzip;q=0, *", "identity", "deflate"} {
		t.Run(ae, func(t *testing.T) {
			resp, body := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": ae})
			if got := resp.Header.Get("Content-Encoding"); got != "" {
				t.Errorf("Content-Encoding = %q, want identity", got)
			}
			if string(body) != bigJS || resp.ContentLength != int64(len(bigJS)) {
				t.Errorf("got %d bytes (Content-Length %d), want the %d plain bytes", len(body), resp.ContentLength, len(bigJS))
			}
			if got := resp.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
		})
	}
}

func TestParseAcceptEncoding(t *testing.T) {
	tests := []struct {
		header     string
		gzip, br   float64
		deflateSet bool
	}{
		{"", 0, 0, false},
		{"gzip", 1, 0, false},
		{"gzip, deflate, br", 1, 1, true},
		{"gzip;q=0", 0, 0, false},
		{" GZIP ; Q=0.5 ", 0.5, 0, false},
		{"br;q=0, gzip", 1, 0, false},
		{"*", 1, 1, false},
		{"*;q=0, gzip", 1, 0, false},
		{"gzip;q=0, *", 0, 1, false},
		{"x-gzip", 1, 0, false},
		{"gzip;q=2", 0, 0, false},
		{"gzip;q=abc", 0, 0, false},
		{"gzip;q=NaN", 0, 0, false},
		{"gzip;q=-1", 0, 0, false},
		{"gzip;q=0.8, gzip;q=0", 0.8, 0, false},
		{"deflate;q=0.3, br;level=5;q=0.7", 0, 0.7, true},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			w := parseAcceptEncoding(tt.header)
			if got := acceptWeight(w, "gzip"); got != tt.gzip {
				t.Errorf("gzip weight = %v, want %v", got, tt.gzip)
			}
			if got := acceptWeight(w, "br"); got != tt.br {
				t.Errorf("br weight = %v, want %v", got, tt.br)
			}
			if _, ok := w["deflate"]; ok != tt.deflateSet {
				t.Errorf("deflate listed = %v, want %v", ok, tt.deflateSet)
			}
		})
	}
}

func TestFileName(t *testing.T) {
	tests := []struct {
		path          string
		name          string
		trailingSlash bool
		ok            bool
	}{
		{"/", ".", true, true},
		{"/a.js", "a.js", false, true},
		{"/sub/", "sub", true, true},
		{"/sub/a/b.css", "sub/a/b.css", false, true},
		{"", "", false, false},
		{"a.js", "", false, false},
		{"*", "", false, false},
		{"//a.js", "", false, false},
		{"/a//b", "", false, false},
		{"/../a", "", false, false},
		{"/a/..", "", false, false},
		{"/./a", "", false, false},
		{"/.env", "", false, false},
		{"/a/.git/config", "", false, false},
		{"/a\\b", "", false, false},
		{"/c:/x", "", false, false},
		{"/a\x00b", "", false, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.path), func(t *testing.T) {
			name, slash, ok := fileName(tt.path)
			if name != tt.name || slash != tt.trailingSlash || ok != tt.ok {
				t.Errorf("fileName(%q) = %q, %v, %v; want %q, %v, %v",
					tt.path, name, slash, ok, tt.name, tt.trailingSlash, tt.ok)
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
		{"/app.js", "gzip", "gzip", -1},
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

func TestConditionalAndRange(t *testing.T) {
	srv := startServer(t, newSite(t))
	future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	for _, ae := range []string{"", "gzip", "br"} {
		t.Run("If-Modified-Since "+ae, func(t *testing.T) {
			resp, body := do(t, srv, "GET", "/pre.js", map[string]string{"Accept-Encoding": ae, "If-Modified-Since": future})
			if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
				t.Errorf("status = %d with %d-byte body, want 304 and none", resp.StatusCode, len(body))
			}
		})
	}
	t.Run("If-Modified-Since on-the-fly gzip", func(t *testing.T) {
		resp, _ := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip", "If-Modified-Since": future})
		if resp.StatusCode != http.StatusNotModified {
			t.Errorf("status = %d, want 304", resp.StatusCode)
		}
		if got := resp.Header.Get("Content-Encoding"); got != "" {
			t.Errorf("304 carries Content-Encoding %q", got)
		}
	})
	t.Run("stale If-Modified-Since", func(t *testing.T) {
		past := time.Now().Add(-48 * time.Hour).UTC().Format(http.TimeFormat)
		resp, body := do(t, srv, "GET", "/app.js", map[string]string{"Accept-Encoding": "gzip", "If-Modified-Since": past})
		if resp.StatusCode != http.StatusOK || gunzip(t, body) != bigJS {
			t.Errorf("status = %d, want 200 with the full file", resp.StatusCode)
		}
	})
	t.Run("Range", func(t *testing.T) {
		resp, body := do(t, srv, "GET", "/notes.txt", map[string]string{"Range": "bytes=0-4"})
		if resp.StatusCode != http.StatusPartialContent || string(body) != "plain" {
			t.Errorf("status = %d body %q, want 206 %q", resp.StatusCode, body, "plain")
		}
	})
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
	resp, err := client.Get(base + "index.html")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != "<!doctype html><title>Bitview</title>" {
		t.Fatalf("GET index.html: status %d body %q", resp.StatusCode, body)
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
