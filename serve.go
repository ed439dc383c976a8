// Command serve is a small local static-file server for Bitview's web/ folder
// (or a built dist/).
//
// Usage:
//
//	go run serve.go [-addr 127.0.0.1:8080] [-dir web]
//
// It is http.FileServerFS over an os.Root, so path cleaning, index.html,
// Range and conditional requests are the standard library's, and symlinks
// leading outside the directory are refused by the os.Root. A small
// middleware in front of it adds what a file server does not do by itself:
// security headers and a strict Content-Security-Policy, CORS for the
// assets that other sites embed, GET and HEAD only, no dotfiles (nor a
// link to one: see resolve) and no directory listings, and precompressed
// X.br / X.gz siblings written by the build (see servePrecompressed for when
// a sibling counts). /figure.svg?fen=…&show=…
// answers a figure as an SVG (see handler.Handler in wasm/figure/handler).
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/andybalholm/brotli"
	figurehandler "github.com/bitview/bitview/wasm/figure/handler"
)

// contentSecurityPolicy allows nothing external: scripts, wasm, styles,
// images and fetches all come from this server. Pages may be framed only by
// pages of this server (see embedPolicy for the exception).
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'self'"

// embedPolicy is the policy of embed.html, the one page made to be shown in
// an iframe on someone else's site: the same, but any site may frame it.
// Framing is safe there because embed.html only draws the position in its
// own URL; it has no controls that act on the user's behalf, so there is
// nothing to click-jack. The main page keeps frame-ancestors 'self'.
var embedPolicy = strings.Replace(contentSecurityPolicy, "frame-ancestors 'self'", "frame-ancestors *", 1)

// contentTypes maps a file's extension (lower-cased) to the type it is
// served as: every kind of file below web/ and dist/, and the images and
// fonts a page of examples might add. The machine's MIME database is never
// consulted: it differs between machines (Debian's /etc/mime.types maps
// .ts to text/vnd.trolltech.linguist, others to video/mp2t; some lack
// .wasm or say application/javascript). An extension not listed is sent
// as application/octet-stream, and nothing is sniffed (nosniff).
//
// TypeScript declarations (.d.ts) and the React example's .jsx source are
// text for people and editors, never run by a browser: text/plain, as
// jsDelivr and unpkg serve .ts (TypeScript has no registered media type).
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".ts":          "text/plain; charset=utf-8",
	".jsx":         "text/plain; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/markdown; charset=utf-8",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/vnd.microsoft.icon",
	".woff2":       "font/woff2",
	".gz":          "application/gzip",
}

// contentType returns the type of the file called name (see contentTypes).
func contentType(name string) string {
	if typ, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return typ
	}
	return "application/octet-stream"
}

// precompressed lists the codings the build writes beside a file, as the
// suffix of the sibling, in order of preference for equal q-values.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// fileHandler serves the regular files below dir, and figures at
// /figure.svg (figurehandler.Handler).
type fileHandler struct {
	dir     string
	figures http.Handler
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
	return &fileHandler{dir: dir, figures: figurehandler.Handler(figurehandler.BuildID())}, nil
}

// ServeHTTP checks the request and the file it names, then serves a fresh
// precompressed sibling the client accepts, or hands the request to
// http.FileServerFS.
func (h *fileHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setHeaders(w.Header(), r.URL.Path)
	if r.URL.Path == "/figure.svg" {
		h.figures.ServeHTTP(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := fileName(r.URL.Path)
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

	// Resolve every link first, so that the dotfile rule holds for where
	// a link leads (env.txt → .env is refused as /.env is), and stat what
	// it reaches: a directory is served only through its index.html
	// (FileServerFS would list it), which is resolved in its turn.
	real, ok := resolve(root, name)
	if !ok {
		http.NotFound(w, r)
		return
	}
	info, err := root.Stat(real)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	redirect := strings.HasSuffix(r.URL.Path, "/index.html") // FileServerFS sends these to ./
	if info.IsDir() {
		name = path.Join(name, "index.html")
		if real, ok = resolve(root, path.Join(real, "index.html")); !ok {
			http.NotFound(w, r)
			return
		}
		if info, err = root.Stat(real); err != nil || !info.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		redirect = redirect || !strings.HasSuffix(r.URL.Path, "/") // and these to dir/
	} else if !info.Mode().IsRegular() || strings.HasSuffix(r.URL.Path, "/") {
		http.NotFound(w, r)
		return
	}
	if redirect {
		http.FileServerFS(root.FS()).ServeHTTP(w, r) // it only redirects
		return
	}
	w.Header().Set("Content-Type", contentType(name)) // of the original, whatever is sent
	if servePrecompressed(w, r, root, real, info) {
		return
	}
	// The file the path resolved to, and no other: a link swapped in
	// since is not followed to another file.
	f, err := root.Open(real)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if opened, err := f.Stat(); err != nil || !os.SameFile(opened, info) {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// maxLinks is how many symbolic links resolve follows in one path, as
// Linux does (MAXSYMLINKS).
const maxLinks = 40

// resolve returns name (slash-separated, relative to root, "." for the
// root itself) with every symbolic link in it followed, component by
// component, as the system would follow them, and reports whether the
// path it reaches may be served: ok is false when a component of it, a
// link's target included, starts with "." (the dotfile rule of fileName,
// so that env.txt → .env, gitcfg.txt → .git/config and a link into a
// dot-folder are refused), a link is absolute or leads out of the root
// (the os.Root refuses these as well), there are more than maxLinks links,
// or a component does not exist.
func resolve(root *os.Root, name string) (string, bool) {
	var done []string // the components reached, none of them a link
	todo := strings.Split(name, "/")
	links := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch {
		case c == "" || c == ".":
			continue
		case c == "..":
			if len(done) == 0 {
				return "", false
			}
			done = done[:len(done)-1]
			continue
		case c[0] == '.':
			return "", false
		}
		p := path.Join(append(done, c)...)
		info, err := root.Lstat(p)
		if err != nil {
			return "", false
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			done = append(done, c)
			continue
		}
		target, err := root.Readlink(p)
		if links++; err != nil || links > maxLinks || target == "" || path.IsAbs(filepath.ToSlash(target)) || filepath.IsAbs(target) {
			return "", false
		}
		todo = append(strings.Split(filepath.ToSlash(target), "/"), todo...)
	}
	if len(done) == 0 {
		return ".", true
	}
	return path.Join(done...), true
}

// setHeaders sets the headers every response carries. Pages (HTML files
// and directories) may be framed only by this server, except embed.html,
// which any site may frame. Everything else is a public, read-only asset
// that other sites load: the element's module script, the wasm, CSS and
// piece images are fetched in CORS mode by an author's page on another
// origin, so they carry Access-Control-Allow-Origin: * (no credentials are
// involved, nothing here is private) and Cross-Origin-Resource-Policy:
// cross-origin (so pages with Cross-Origin-Embedder-Policy can load them).
// Errors for assets carry them too, so a page elsewhere can read the status.
func setHeaders(h http.Header, urlPath string) {
	csp := contentSecurityPolicy
	switch {
	case path.Base(urlPath) == "embed.html":
		csp = embedPolicy
	case strings.HasSuffix(urlPath, "/") || strings.HasSuffix(urlPath, ".html"):
		// a page: same-origin framing only, no CORS
	default:
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Cross-Origin-Resource-Policy", "cross-origin")
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
}

// fileName converts a URL path into a name relative to the served directory
// ("." for the root). It rejects empty segments, segments starting with "."
// (dotfiles, "." and ".."), and backslashes, colons or NUL bytes, so what
// reaches FileServerFS needs no cleaning.
func fileName(urlPath string) (name string, ok bool) {
	rest, found := strings.CutPrefix(urlPath, "/")
	if !found {
		return "", false
	}
	rest = strings.TrimSuffix(rest, "/")
	if rest == "" {
		return ".", true
	}
	for seg := range strings.SplitSeq(rest, "/") {
		if seg == "" || seg[0] == '.' || strings.ContainsAny(seg, "\\:\x00") {
			return "", false
		}
	}
	return rest, true
}

// servePrecompressed serves name's fresh sibling in the coding the client
// weighs highest (br before gzip when equal), through http.ServeContent so
// Range and conditional requests work on the encoded bytes. A sibling is
// fresh when it is not older than the file (see fresh) and decodes to the
// file's bytes (see decodesTo): a file replaced by one with an older time
// (cp -p, rsync -t, tar x) is never sent as its stale sibling. It reports
// whether it served; with no fresh sibling accepted, the caller serves the
// file itself. Vary is set whenever a sibling exists, since then the answer
// may depend on Accept-Encoding.
func servePrecompressed(w http.ResponseWriter, r *http.Request, root *os.Root, name string, info fs.FileInfo) bool {
	accept := r.Header.Get("Accept-Encoding")
	type candidate struct {
		coding string
		path   string // the sibling, its links resolved
		q      float64
		sib    fs.FileInfo
	}
	var candidates []candidate
	for _, p := range precompressed {
		sibPath, ok := resolve(root, name+p.suffix)
		if !ok {
			continue
		}
		sib, err := root.Stat(sibPath)
		if err != nil || !sib.Mode().IsRegular() || !fresh(sib.ModTime(), info.ModTime()) {
			continue
		}
		if w.Header().Get("Vary") == "" {
			w.Header().Set("Vary", "Accept-Encoding")
		}
		if q := acceptQ(accept, p.coding); q > 0 {
			candidates = append(candidates, candidate{p.coding, sibPath, q, sib})
		}
	}
	slices.SortStableFunc(candidates, func(a, b candidate) int { return cmp.Compare(b.q, a.q) })
	for _, c := range candidates {
		if !siblingChecks.decodesTo(root, name, c.path, c.coding, info, c.sib) {
			continue
		}
		f, err := root.Open(c.path)
		if err != nil {
			continue
		}
		defer f.Close()
		sib, err := f.Stat()
		if err != nil || !os.SameFile(sib, c.sib) {
			return false // replaced since it was checked: the file itself is sent
		}
		// ServeContent leaves Content-Length out when Content-Encoding is set
		// (unless it answers a Range); the sibling's size is what is sent.
		w.Header().Set("Content-Encoding", c.coding)
		w.Header().Set("Content-Length", strconv.FormatInt(sib.Size(), 10))
		http.ServeContent(&encodedWriter{ResponseWriter: w}, r, name, info.ModTime(), f)
		return true
	}
	return false
}

// A stamp identifies a version of a file: its size and modification
// time, which a tool can set back (cp -p, rsync -t, tar x, a reproducible
// build's SOURCE_DATE_EPOCH), and a key that every write changes: where
// the system gives them (Linux, macOS, the BSDs), the file's device,
// inode and status change time (ctime: set by the kernel on every write,
// rename or chmod, and by no tool); elsewhere (Windows) the SHA-256 of its
// content.
type stamp struct {
	size     int64
	mod      time.Time
	dev, ino uint64
	change   time.Time // the zero time where the system gives no ctime
	sum      [sha256.Size]byte
}

// racyWindow is how long after a file's last change a comparison made
// with it is not remembered: the file system's clock is coarse (a few
// milliseconds on Linux, two seconds on FAT), so a file written again
// within the same tick keeps its ctime. Such a sibling is compared again
// on the next request, as git checks a racily clean file's content.
const racyWindow = 2 * time.Second

// stampOf returns the stamp of the file info describes, found at name
// below root (read only where the system gives no ctime).
func stampOf(root *os.Root, name string, info fs.FileInfo) stamp {
	st := stamp{size: info.Size(), mod: info.ModTime()}
	if dev, ino, change, ok := changeKey(info); ok {
		st.dev, st.ino, st.change = dev, ino, change
		return st
	}
	if f, err := root.Open(name); err == nil {
		h := sha256.New()
		io.Copy(h, f)
		f.Close()
		h.Sum(st.sum[:0])
	}
	return st
}

// settled reports whether a comparison made at now with this version of
// the file may be remembered (see racyWindow).
func (st stamp) settled(now time.Time) bool {
	return st.change.IsZero() || st.change.Before(now.Add(-racyWindow))
}

// changeKey returns the device, inode and status change time of the file
// info describes, from the system's stat structure (info.Sys()): Linux's
// syscall.Stat_t has Dev, Ino and Ctim, macOS's and the BSDs' Dev, Ino and
// Ctimespec, of integer types that differ between systems and
// architectures. They are read by name, so that this one file builds
// everywhere (go run serve.go); ok is false where there are none
// (Windows).
func changeKey(info fs.FileInfo) (dev, ino uint64, change time.Time, ok bool) {
	v := reflect.ValueOf(info.Sys())
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return 0, 0, time.Time{}, false
	}
	integer := func(v reflect.Value, name string) (int64, bool) {
		f := v.FieldByName(name)
		switch {
		case !f.IsValid():
			return 0, false
		case f.CanInt():
			return f.Int(), true
		case f.CanUint():
			return int64(f.Uint()), true
		}
		return 0, false
	}
	d, okDev := integer(v, "Dev")
	i, okIno := integer(v, "Ino")
	ts := v.FieldByName("Ctim")
	if !ts.IsValid() {
		ts = v.FieldByName("Ctimespec")
	}
	if !okDev || !okIno || !ts.IsValid() || ts.Kind() != reflect.Struct {
		return 0, 0, time.Time{}, false
	}
	sec, okSec := integer(ts, "Sec")
	nsec, okNsec := integer(ts, "Nsec")
	if !okSec || !okNsec {
		return 0, 0, time.Time{}, false
	}
	return uint64(d), uint64(i), time.Unix(sec, nsec), true
}

// A checkCache remembers, by sibling, whether a sibling decoded to its
// source, for the stamps of both then: a file or sibling written since,
// whatever its size and time, is compared again. It keeps at most
// maxChecks siblings (then starts afresh).
type checkCache struct {
	mu     sync.Mutex
	checks map[string]siblingCheck
}

// A siblingCheck is the outcome of one comparison of a sibling with its
// source.
type siblingCheck struct {
	src, sib stamp
	ok       bool
}

// maxChecks bounds checkCache: more than the files of web/ or dist/.
const maxChecks = 4096

// siblingChecks is the server's checkCache.
var siblingChecks = &checkCache{checks: map[string]siblingCheck{}}

// decodesTo reports whether the sibling sibName, in coding, decodes to
// the bytes of name (both below root, their links resolved; src and sib
// their infos), decoding and comparing it (streamed: memory stays small)
// unless the same versions of both were compared before.
func (c *checkCache) decodesTo(root *os.Root, name, sibName, coding string, src, sib fs.FileInfo) bool {
	now := time.Now()
	want := siblingCheck{src: stampOf(root, name, src), sib: stampOf(root, sibName, sib)}
	c.mu.Lock()
	got, ok := c.checks[sibName]
	c.mu.Unlock()
	if ok && got.src == want.src && got.sib == want.sib {
		return got.ok
	}
	want.ok = sameContent(root, name, sibName, coding)
	if !want.src.settled(now) || !want.sib.settled(now) {
		return want.ok
	}
	c.mu.Lock()
	if len(c.checks) >= maxChecks {
		clear(c.checks)
	}
	c.checks[sibName] = want
	c.mu.Unlock()
	return want.ok
}

// checkSiblings compares every precompressed sibling below dir with its
// file (see decodesTo), so that the first request for a large file (the
// 5 MB wasm takes about half a second to decode and compare) finds the
// answer ready. The server runs it in the background when it starts; a
// request that comes first compares for itself.
func checkSiblings(dir string) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return
	}
	defer root.Close()
	fs.WalkDir(root.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if name != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		for _, p := range precompressed {
			src, ok := strings.CutSuffix(name, p.suffix)
			if !ok {
				continue
			}
			srcPath, ok1 := resolve(root, src)
			sibPath, ok2 := resolve(root, name)
			if !ok1 || !ok2 {
				continue
			}
			srcInfo, err1 := root.Stat(srcPath)
			sibInfo, err2 := root.Stat(sibPath)
			if err1 == nil && err2 == nil && srcInfo.Mode().IsRegular() && fresh(sibInfo.ModTime(), srcInfo.ModTime()) {
				siblingChecks.decodesTo(root, srcPath, sibPath, p.coding, srcInfo, sibInfo)
			}
		}
		return nil
	})
}

// sameContent decodes the sibling sibName in coding and compares it with
// the file name, in 32 KB pieces.
func sameContent(root *os.Root, name, sibName, coding string) bool {
	src, err := root.Open(name)
	if err != nil {
		return false
	}
	defer src.Close()
	sib, err := root.Open(sibName)
	if err != nil {
		return false
	}
	defer sib.Close()
	var dec io.Reader
	switch coding {
	case "br":
		dec = brotli.NewReader(sib)
	case "gzip":
		zr, err := gzip.NewReader(sib)
		if err != nil {
			return false
		}
		dec = zr
	default:
		return false
	}
	a, b := make([]byte, 32<<10), make([]byte, 32<<10)
	for {
		n, errA := io.ReadFull(src, a)
		m, errB := io.ReadFull(dec, b)
		if n != m || !bytes.Equal(a[:n], b[:m]) {
			return false
		}
		endA := errA == io.EOF || errA == io.ErrUnexpectedEOF
		endB := errB == io.EOF || errB == io.ErrUnexpectedEOF
		switch {
		case endA && endB:
			return true
		case endA != endB, errA != nil && !endA, errB != nil && !endB:
			return false
		}
	}
}

// encodedWriter is the ResponseWriter servePrecompressed hands to
// http.ServeContent after setting Content-Encoding and Content-Length for
// the sibling. Those describe the sibling, so they may go out only with an
// answer that sends it (200, or 206 for part of it). ServeContent answers a
// failed If-Match or If-Unmodified-Since with a bare 412 that keeps them:
// the client then waits for the sibling's length in bytes that never come,
// and a request pipelined behind it is lost. Any other status drops them
// here, so the server computes the length of what is actually written
// (ServeContent already drops them itself for 304 and 416).
type encodedWriter struct {
	http.ResponseWriter
	wrote bool
}

// WriteHeader drops the sibling's Content-Encoding and Content-Length
// unless code is 200 or 206, then writes the header.
func (e *encodedWriter) WriteHeader(code int) {
	if !e.wrote && code != http.StatusOK && code != http.StatusPartialContent {
		e.Header().Del("Content-Encoding")
		e.Header().Del("Content-Length")
	}
	e.wrote = true
	e.ResponseWriter.WriteHeader(code)
}

// Write writes p, with a 200 header first if none was written.
func (e *encodedWriter) Write(p []byte) (int, error) {
	e.wrote = true
	return e.ResponseWriter.Write(p)
}

// ReadFrom copies from r, so that the underlying writer's ReadFrom (sendfile
// for a file) still serves the sibling's bytes.
func (e *encodedWriter) ReadFrom(r io.Reader) (int64, error) {
	e.wrote = true
	return io.Copy(e.ResponseWriter, r)
}

// Unwrap returns the underlying ResponseWriter, for http.ResponseController.
func (e *encodedWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }

// fresh reports whether a sibling with modification time sib still encodes
// a source with modification time src. The build sets both times equal
// (touch -r), but tools that copy the time themselves keep only whole
// seconds (brotli -k does), so a sibling written from the current source
// can look a fraction of a second older; comparing whole seconds accepts it.
// A sibling from an earlier build is older by at least the seconds the
// rebuild took, so it is still refused. The rule fails only if a source is
// edited within the same second its sibling was written, which a build
// cannot do (it writes the sibling after the source).
func fresh(sib, src time.Time) bool {
	return !sib.Truncate(time.Second).Before(src.Truncate(time.Second))
}

// acceptQ is figurehandler.AcceptQ: the q-value an Accept-Encoding header gives
// a coding, for the files as for the figures.
var acceptQ = figurehandler.AcceptQ

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
// the server down gracefully. Its first line on stdout is
// "Bitview: serving DIR/ at http://HOST:PORT/" with the address actually
// bound (so -addr 127.0.0.1:0 shows the port chosen).
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

	go checkSiblings(*dir)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err // Serve failed before any shutdown was requested
	case <-ctx.Done():
	}

	// Requests in flight get 5 s to finish. A connection a browser opened
	// ahead of time and never used (a preconnect) is not idle for
	// Shutdown, so after the grace period the rest are closed: Ctrl-C
	// always ends the server, and still cleanly.
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			srv.Close()
			return fmt.Errorf("shutdown: %w", err)
		}
		fmt.Fprintln(stdout, "Bitview: closed the connections still open after 5 s")
		srv.Close()
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
