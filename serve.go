// Command serve is a small local static-file server for Bitview's web/ folder.
//
// Usage:
//
//	go run serve.go [-addr 127.0.0.1:8080] [-dir web]
//
// It serves only regular files below -dir: no directory listings, no dotfiles,
// no ".." escapes and no symlinks leading outside the directory (all file
// access goes through an os.Root). It sets correct types for .wasm and
// JavaScript, prefers precompressed X.br / X.gz siblings, gzips text and wasm
// on the fly otherwise, and adds a strict Content-Security-Policy.
package main

import (
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// contentSecurityPolicy allows nothing external: scripts, wasm, styles,
// images and fetches all come from this server.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'self'"

// contentTypes maps lower-case file extensions to Content-Type values. It is
// explicit so the result does not depend on the machine's mime database.
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".htm":   "text/html; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".json":  "application/json",
	".map":   "application/json",
	".txt":   "text/plain; charset=utf-8",
	".wasm":  "application/wasm",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".jpg":   "image/jpeg",
	".jpeg":  "image/jpeg",
	".gif":   "image/gif",
	".webp":  "image/webp",
	".ico":   "image/x-icon",
	".woff":  "font/woff",
	".woff2": "font/woff2",
	".gz":    "application/gzip",
}

// compressible lists the extensions worth gzipping on the fly.
var compressible = map[string]bool{
	".html": true, ".htm": true, ".css": true, ".js": true, ".mjs": true,
	".svg": true, ".wasm": true, ".json": true, ".map": true, ".txt": true,
}

// precompressed lists the sibling files looked for next to a requested file,
// in order of preference when the client weighs the codings equally.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// fileHandler serves the regular files below dir.
type fileHandler struct {
	dir string
}

// newHandler returns a handler serving the files below dir. It fails if dir
// cannot be opened as a directory. The directory is reopened (as an os.Root)
// for every request, so it may be deleted and rebuilt while the server runs.
func newHandler(dir string) (http.Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	root.Close()
	return &fileHandler{dir: dir}, nil
}

// ServeHTTP serves GET and HEAD requests for regular files, answering 404
// for anything hidden, missing or outside the directory.
func (h *fileHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("Content-Security-Policy", contentSecurityPolicy)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cache-Control", "no-cache")

	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, trailingSlash, ok := fileName(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		http.Error(w, "500 served directory is unavailable", http.StatusInternalServerError)
		return
	}
	defer root.Close()

	info, err := root.Stat(name)
	switch {
	case err != nil:
		http.NotFound(w, r)
		return
	case info.IsDir():
		index := path.Join(name, "index.html")
		info, err = root.Stat(index)
		if err != nil || !info.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		if !trailingSlash {
			// Relative redirect "./dir/" keeps relative links in index.html working.
			hdr.Set("Location", "./"+url.PathEscape(path.Base(name))+"/")
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		name = index
	case trailingSlash || !info.Mode().IsRegular():
		http.NotFound(w, r)
		return
	}
	serveFile(w, r, root, name, info)
}

// fileName converts a URL path into a name relative to the served directory
// ("." for the root) and reports whether the path ended in a slash. It
// rejects empty segments, segments starting with "." (dotfiles, "." and
// ".."), and backslashes, colons or NUL bytes.
func fileName(urlPath string) (name string, trailingSlash, ok bool) {
	rest, found := strings.CutPrefix(urlPath, "/")
	if !found {
		return "", false, false
	}
	if rest == "" {
		return ".", true, true
	}
	rest, trailingSlash = strings.CutSuffix(rest, "/")
	for _, seg := range strings.Split(rest, "/") {
		if seg == "" || seg[0] == '.' || strings.ContainsAny(seg, "\\:\x00") {
			return "", false, false
		}
	}
	return rest, trailingSlash, true
}

// serveFile writes the regular file name (described by info) with an
// explicit Content-Type, choosing a precompressed sibling or on-the-fly gzip
// according to the request's Accept-Encoding.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name string, info fs.FileInfo) {
	ext := strings.ToLower(path.Ext(name))
	hdr := w.Header()
	hdr.Set("Content-Type", contentType(ext))
	weights := parseAcceptEncoding(r.Header.Get("Accept-Encoding"))

	vary := compressible[ext]
	sendName, coding, best := name, "", 0.0
	for _, p := range precompressed {
		sib, err := root.Stat(name + p.suffix)
		if err != nil || !sib.Mode().IsRegular() || sib.ModTime().Before(info.ModTime()) {
			continue // missing, odd, or stale (older than the file it encodes)
		}
		vary = true
		if q := acceptWeight(weights, p.coding); q > best {
			sendName, coding, best = name+p.suffix, p.coding, q
		}
	}
	if vary {
		hdr.Add("Vary", "Accept-Encoding")
	}

	f, err := root.Open(sendName)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}

	switch {
	case coding != "":
		hdr.Set("Content-Encoding", coding)
		// ServeContent omits Content-Length when Content-Encoding is set; the
		// precompressed file's size is exactly what is sent, so set it here.
		hdr.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
		http.ServeContent(w, r, sendName, fi.ModTime(), f)
	case compressible[ext] && acceptWeight(weights, "gzip") > 0:
		serveGzip(w, r, f, fi.ModTime())
	default:
		http.ServeContent(w, r, sendName, fi.ModTime(), f)
	}
}

// serveGzip streams f gzip-compressed. The compressed length is unknown up
// front, so no Content-Length is sent and Range requests get the whole file.
func serveGzip(w http.ResponseWriter, r *http.Request, f io.Reader, modTime time.Time) {
	hdr := w.Header()
	hdr.Set("Last-Modified", modTime.UTC().Format(http.TimeFormat))
	if notModified(r, modTime) {
		hdr.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hdr.Set("Content-Encoding", "gzip")
	hdr.Del("Content-Length")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	gz := gzip.NewWriter(w)
	if _, err := io.Copy(gz, f); err != nil {
		return // client went away or read failed; nothing useful to add
	}
	gz.Close()
}

// notModified reports whether r's If-Modified-Since (consulted only without
// If-None-Match, since no ETags are sent) shows the client's copy is current.
func notModified(r *http.Request, modTime time.Time) bool {
	if r.Header.Get("If-None-Match") != "" {
		return false
	}
	since, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	if err != nil || modTime.IsZero() {
		return false
	}
	return !modTime.Truncate(time.Second).After(since)
}

// contentType returns the Content-Type for a lower-case extension, falling
// back to application/octet-stream (never sniffed, thanks to nosniff).
func contentType(ext string) string {
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	return "application/octet-stream"
}

// parseAcceptEncoding parses an Accept-Encoding header into lower-case
// codings and their q-values. An invalid q-value counts as 0 (not
// acceptable); a coding listed twice keeps its first weight.
func parseAcceptEncoding(header string) map[string]float64 {
	weights := make(map[string]float64)
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			key, value, ok := strings.Cut(param, "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(key), "q") {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil || !(v >= 0 && v <= 1) {
				v = 0
			}
			q = v
		}
		if _, seen := weights[coding]; !seen {
			weights[coding] = q
		}
	}
	return weights
}

// acceptWeight returns the q-value the client gave coding, using "x-gzip"
// for gzip and the "*" wildcard for codings not listed; 0 means refused.
func acceptWeight(weights map[string]float64, coding string) float64 {
	if q, ok := weights[coding]; ok {
		return q
	}
	if coding == "gzip" {
		if q, ok := weights["x-gzip"]; ok {
			return q
		}
	}
	return weights["*"] // 0 when absent
}

// usageError is a command-line mistake; main reports it with exit code 2.
type usageError struct {
	err   error
	usage string
}

// Error returns the underlying flag error's message.
func (e *usageError) Error() string { return e.err.Error() }

// Unwrap returns the underlying flag error.
func (e *usageError) Unwrap() error { return e.err }

// newServer returns an http.Server with conservative limits for handler.
func newServer(handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

// run parses args, serves the directory until ctx is cancelled, then shuts
// the server down gracefully. It prints the URL being served to stdout.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:8080", "`address` to listen on (loopback by default)")
	dir := flags.String("dir", "web", "`directory` to serve")
	flags.SetOutput(io.Discard) // errors are returned, usage is printed by the caller
	usage := func() string {
		var b strings.Builder
		fmt.Fprintln(&b, "usage: go run serve.go [-addr 127.0.0.1:8080] [-dir web]")
		flags.SetOutput(&b)
		flags.PrintDefaults()
		return b.String()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err := io.WriteString(stdout, usage())
			return err
		}
		return &usageError{err: err, usage: usage()}
	}
	if flags.NArg() > 0 {
		return &usageError{err: fmt.Errorf("unexpected argument %q", flags.Arg(0)), usage: usage()}
	}

	handler, err := newHandler(*dir)
	if err != nil {
		return fmt.Errorf("cannot serve directory: %w", err)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", *addr)
	if err != nil {
		return err
	}
	srv := newServer(handler)
	shown := strings.TrimSuffix(filepath.ToSlash(filepath.Clean(*dir)), "/") + "/"
	fmt.Fprintf(stdout, "Bitview: serving %s at http://%s/\n", shown, ln.Addr())
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !tcp.IP.IsLoopback() {
		fmt.Fprintln(stdout, "warning: not a loopback address; other machines can reach this server")
	}

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err // Serve failed before any shutdown was requested
	case <-ctx.Done():
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		srv.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// main runs the server until Ctrl-C or SIGTERM. It exits with 2 for
// command-line mistakes and 1 for other errors.
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		var ue *usageError
		if errors.As(err, &ue) {
			fmt.Fprint(os.Stderr, ue.usage)
			os.Exit(2)
		}
		os.Exit(1)
	}
}
