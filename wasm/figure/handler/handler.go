package handler

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/bitview/bitview/core"

	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/model"
)

// MaxQueryBytes is the longest query Handler reads, 8,192 bytes: a FEN
// (256), a full show list (4,096) and the short options, percent-encoded
// where they need it. It is checked before the query is parsed.
const MaxQueryBytes = 8192

// Handler draws (or takes from those drawn) one figure at a time per
// processor pair (one on a machine of one or two), then writes it: a
// figure costs up to about 60 ms of one processor to draw and as much to
// compress (MaxFigureSquares bounds it), so clients asking for many
// figures at once share what is left of the machine with every other
// request instead of taking it. MaxWaiting requests more wait their turn,
// for at most MaxWait; beyond either, the answer is 503 with Retry-After.
const (
	MaxWaiting = 64
	MaxWait    = 10 * time.Second
)

// MinSlotTime is the least time an answer keeps its slot, 1 ms, even one
// taken from those already drawn: clients asking for the same figure
// again and again (the largest is 50 KB as brotli) get at most a thousand
// answers a second per slot, and the other requests the rest of the
// machine. A browser asks once: the answer is immutable.
const MinSlotTime = time.Millisecond

// BrotliQuality is the brotli level of Handler's answers, 5: the largest
// figure (2.2 MB of SVG) becomes about 50 KB in some 30–80 ms (level 11
// takes seconds); gzip is at its default level (about 95 KB).
const BrotliQuality = 5

// Handler answers figures at a URL: GET /figure.svg?fen=…&show=…&layout=…
// (and the other options of Names) with the SVG the element's toSVG()
// gives for those attributes, so `<img src="/figure.svg?…">` works on a
// self-hosted site. The answer carries an ETag, a hash of the normalised
// query (the known options, sorted) and of build (the server's build:
// BuildID), with "-br" or "-gz" for a compressed answer, and
// `Cache-Control: public, max-age=31536000, immutable`. If-None-Match
// with the tag of the answer the request would get (of its coding, as
// Accept-Encoding chooses it) gets 304 before anything is drawn; the
// tag of another coding does not. The answer is
// brotli- or gzip-compressed as Accept-Encoding weighs them (brotli first
// when equal; Vary: Accept-Encoding). The limits come first: the query's
// length (MaxQueryBytes), then each option's (Options.Set, and
// core.MaxFENLength for the FEN), then the figure's size
// (MaxFigureSquares, in Resolve); then at most one figure per two
// processors is drawn at a time (see MaxWaiting). Bad input (an unknown
// or repeated parameter, a value over its limit, a figure Resolve
// refuses) gets status 400 and an SVG that shows the error (ErrorSVG: a
// well-formed document whatever the input).
func Handler(build string) http.Handler {
	slots := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2))
	waiting := make(chan struct{}, MaxWaiting)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "image/svg+xml")
		o, norm, err := queryOptions(r.URL.RawQuery)
		if err != nil {
			badFigure(w, r, err)
			return
		}
		sum := sha256.Sum256([]byte(build + "\x00" + norm))
		tag := hex.EncodeToString(sum[:12])
		coding, suffix := negotiate(r.Header.Get("Accept-Encoding"))
		h.Set("Vary", "Accept-Encoding")
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		key := tag + suffix
		if matchingTag(r.Header.Get("If-None-Match"), key) {
			h.Set("ETag", `"`+key+`"`)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		// Wait for a slot to draw (or send a drawn figure) in, among at
		// most MaxWaiting others.
		select {
		case waiting <- struct{}{}:
		default:
			busy(w, "too many figures are waiting to be drawn")
			return
		}
		timer := time.NewTimer(MaxWait)
		select {
		case slots <- struct{}{}:
			<-waiting
			timer.Stop()
		case <-timer.C:
			<-waiting
			busy(w, "no figure could be drawn within "+MaxWait.String())
			return
		case <-r.Context().Done():
			<-waiting
			timer.Stop()
			return
		}
		// The slot is given back before the answer is written, so that a
		// client that reads slowly keeps no other waiting.
		began := time.Now()
		body, ok := answers.get(key)
		if !ok {
			if body, err = drawAnswer(o, coding); err == nil {
				answers.put(key, body)
			}
		}
		time.Sleep(MinSlotTime - time.Since(began)) // see MinSlotTime
		<-slots
		if err != nil {
			h.Del("Vary")
			badFigure(w, r, err)
			return
		}
		serveFigure(w, r, key, coding, body)
	})
}

// serveFigure sends body, the figure tagged key in coding.
func serveFigure(w http.ResponseWriter, r *http.Request, key, coding string, body []byte) {
	w.Header().Set("ETag", `"`+key+`"`)
	if coding != "" {
		w.Header().Set("Content-Encoding", coding)
	}
	http.ServeContent(w, r, "figure.svg", time.Time{}, bytes.NewReader(body))
}

// MaxCachedBytes is how much Handler keeps of the answers it drew, 32 MiB
// (the oldest go first): a figure asked for again, as by many readers of
// one page, is sent without being drawn again.
const MaxCachedBytes = 32 << 20

// answers are the figures drawn, by ETag (the query's hash and coding).
var answers = &answerCache{bodies: map[string][]byte{}}

// An answerCache keeps answers up to MaxCachedBytes, first in first out.
type answerCache struct {
	mu     sync.Mutex
	bodies map[string][]byte
	order  []string
	size   int
}

func (c *answerCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.bodies[key]
	return b, ok
}

func (c *answerCache) put(key string, body []byte) {
	if len(body) > MaxCachedBytes/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.bodies[key]; ok {
		return
	}
	for c.size+len(body) > MaxCachedBytes && len(c.order) > 0 {
		c.size -= len(c.bodies[c.order[0]])
		delete(c.bodies, c.order[0])
		c.order = c.order[1:]
	}
	c.bodies[key] = body
	c.order = append(c.order, key)
	c.size += len(body)
}

// brotliWriters are reused: each holds some 20 MB of tables at
// BrotliQuality, which a new writer per answer would allocate again.
var brotliWriters = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, BrotliQuality) }}

// drawAnswer resolves and draws the figure of o, compressed in coding ("br",
// "gzip" or "" for none).
func drawAnswer(o figure.Options, coding string) ([]byte, error) {
	f, err := figure.Resolve(o)
	if err != nil {
		return nil, err
	}
	svg := f.SVG()
	var b bytes.Buffer
	var zw io.WriteCloser
	switch coding {
	case "br":
		bw := brotliWriters.Get().(*brotli.Writer)
		defer brotliWriters.Put(bw)
		bw.Reset(&b)
		zw = bw
	case "gzip":
		zw = gzip.NewWriter(&b)
	default:
		return []byte(svg), nil
	}
	io.WriteString(zw, svg)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// badFigure answers err as a 400 with ErrorSVG, never cached.
func badFigure(w http.ResponseWriter, r *http.Request, err error) {
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	body := ErrorSVG(err.Error())
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusBadRequest)
	if r.Method == http.MethodGet {
		io.WriteString(w, body)
	}
}

// busy answers 503 with Retry-After: 1 and an SVG saying why.
func busy(w http.ResponseWriter, why string) {
	h := w.Header()
	h.Del("Vary")
	h.Set("Cache-Control", "no-store")
	h.Set("Retry-After", "1")
	body := ErrorSVG("the server is busy: " + why + "; try again")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusServiceUnavailable)
	io.WriteString(w, body)
}

// matchingTag reports whether an If-None-Match header names the entity
// tag key (weakly or strongly), or is "*": key is the tag of the answer
// the request would get, its coding's suffix included, so that a client
// (or a shared cache) holding the brotli answer is never told 304 for a
// request that would get the gzip or plain one, which it may not decode.
func matchingTag(header, key string) bool {
	for part := range strings.SplitSeq(header, ",") {
		t := strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if t == "*" || t == `"`+key+`"` {
			return true
		}
	}
	return false
}

// negotiate returns the coding of the answer (br, gzip or none) and the
// suffix of its ETag, as Accept-Encoding weighs br and gzip: the higher
// q-value, br when equal; x-gzip counts as gzip, * as either not named.
func negotiate(header string) (coding, suffix string) {
	br, gz := AcceptQ(header, "br"), AcceptQ(header, "gzip")
	switch {
	case br > 0 && br >= gz:
		return "br", "-br"
	case gz > 0:
		return "gzip", "-gz"
	}
	return "", ""
}

// AcceptQ returns the q-value an Accept-Encoding header gives coding: its
// own entry (the first, if listed twice; x-gzip counts as gzip), else that
// of "*", else 0. A missing or malformed q-value means 1 or 0 respectively.
func AcceptQ(header, coding string) float64 {
	own, star := -1.0, 0.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			if k, v, ok := strings.Cut(param, "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if q, _ = strconv.ParseFloat(strings.TrimSpace(v), 64); !(q >= 0 && q <= 1) {
					q = 0
				}
			}
		}
		switch {
		case own < 0 && (name == coding || coding == "gzip" && name == "x-gzip"):
			own = q
		case name == "*":
			star = q
		}
	}
	if own >= 0 {
		return own
	}
	return star
}

// queryOptions reads a figure's query: its length first, then each
// parameter (a known option, given once, within its limit). norm is the
// options in a fixed order, the part of the ETag that names the figure.
func queryOptions(raw string) (figure.Options, string, error) {
	if len(raw) > MaxQueryBytes {
		return nil, "", figure.OptionError("query", "", model.LimitMessage("the query", len(raw), MaxQueryBytes, "bytes"))
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, "", figure.OptionError("query", "", "it does not parse: "+err.Error())
	}
	o := figure.Options{}
	names := make([]string, 0, len(q))
	for name, vs := range q {
		if len(vs) > 1 {
			return nil, "", figure.OptionError(name, "", "given "+strconv.Itoa(len(vs))+" times; give it once")
		}
		if name == "fen" && len(vs[0]) > core.MaxFENLength {
			return nil, "", figure.OptionError("fen", "", model.LimitMessage("fen", len(vs[0]), core.MaxFENLength, "bytes"))
		}
		if err := o.Set(name, vs[0]); err != nil {
			return nil, "", err
		}
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(url.QueryEscape(n) + "=" + url.QueryEscape(o[n]) + "&")
	}
	return o, b.String(), nil
}

// ErrorSVG returns a small SVG document that shows msg, for an <img>
// whose figure could not be drawn: the message in lines of at most 60
// characters, in the light theme's error colour.
func ErrorSVG(msg string) string {
	var lines []string
	for _, word := range strings.Fields(msg) {
		if n := len(lines); n > 0 && len(lines[n-1])+1+len(word) <= 60 {
			lines[n-1] += " " + word
		} else {
			lines = append(lines, word)
		}
		if len(lines) > 12 {
			break
		}
	}
	w, h := 520, 36+20*len(lines)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(h) +
		`" viewBox="0 0 ` + strconv.Itoa(w) + ` ` + strconv.Itoa(h) + `" font-family="system-ui, sans-serif" role="img" aria-label="Bitview: `)
	b.WriteString(escapeXML(msg) + `">`)
	b.WriteString(`<rect width="100%" height="100%" fill="#fff4d6" stroke="#b42318" stroke-width="2"/>`)
	for i, l := range lines {
		b.WriteString(`<text x="16" y="` + strconv.Itoa(28+20*i) + `" font-size="14" fill="#b42318">` + escapeXML(l) + `</text>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// escapeXML escapes s for XML text and attribute values, and makes it
// well-formed XML 1.0 whatever it holds: invalid UTF-8 and the characters
// XML does not allow (the controls but tab, newline and carriage return,
// surrogates, U+FFFE and U+FFFF) become U+FFFD.
func escapeXML(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF {
			return r
		}
		return '\uFFFD'
	}, strings.ToValidUTF8(s, "\uFFFD"))
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

var (
	buildOnce sync.Once
	buildID   string
)

// BuildID identifies the running program's build, for ETags: the SHA-256
// of its executable (so a rebuilt server, whose figures may differ, has
// new tags), or its module build information when the executable cannot
// be read.
func BuildID() string {
	buildOnce.Do(func() {
		if exe, err := os.Executable(); err == nil {
			if f, err := os.Open(exe); err == nil {
				h := sha256.New()
				if _, err := io.Copy(h, f); err == nil {
					buildID = hex.EncodeToString(h.Sum(nil))
				}
				f.Close()
			}
		}
		if buildID == "" {
			if bi, ok := debug.ReadBuildInfo(); ok {
				buildID = bi.String()
			}
		}
	})
	return buildID
}
