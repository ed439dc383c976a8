package figure

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/view"
)

// MaxQueryBytes is the longest query Handler reads, 8,192 bytes: a FEN
// (256), a full show list (4,096) and the short options, percent-encoded
// where they need it. It is checked before the query is parsed.
const MaxQueryBytes = 8192

// Handler answers figures at a URL: GET /figure.svg?fen=…&show=…&layout=…
// (and the other options of Names) with the SVG the element's toSVG()
// gives for those attributes, so `<img src="/figure.svg?…">` works on a
// self-hosted site. The answer carries an ETag, a hash of the normalised
// query (the known options, sorted) and of build (the server's build:
// BuildID), and `Cache-Control: public, max-age=31536000, immutable`;
// If-None-Match with that tag gets 304. The limits come first: the
// query's length (MaxQueryBytes), then each option's (Options.Set, and
// core.MaxFENLength for the FEN). Bad input (an unknown or repeated
// parameter, a value over its limit, a figure Resolve refuses) gets
// status 400 and an SVG that shows the error.
func Handler(build string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
			return
		}
		o, norm, err := queryOptions(r.URL.RawQuery)
		var svg string
		if err == nil {
			var f *Figure
			if f, err = Resolve(o); err == nil {
				svg = f.SVG()
			}
		}
		h := w.Header()
		h.Set("Content-Type", "image/svg+xml")
		if err != nil {
			h.Set("Cache-Control", "no-cache")
			body := ErrorSVG(err.Error())
			h.Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(http.StatusBadRequest)
			if r.Method == http.MethodGet {
				io.WriteString(w, body)
			}
			return
		}
		sum := sha256.Sum256([]byte(build + "\x00" + norm))
		h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		http.ServeContent(w, r, "figure.svg", time.Time{}, strings.NewReader(svg))
	})
}

// queryOptions reads a figure's query: its length first, then each
// parameter (a known option, given once, within its limit). norm is the
// options in a fixed order, the part of the ETag that names the figure.
func queryOptions(raw string) (Options, string, error) {
	if len(raw) > MaxQueryBytes {
		return nil, "", optionError("query", "", view.LimitMessage("the query", len(raw), MaxQueryBytes, "bytes"))
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, "", optionError("query", "", "it does not parse: "+err.Error())
	}
	o := Options{}
	names := make([]string, 0, len(q))
	for name, vs := range q {
		if len(vs) > 1 {
			return nil, "", optionError(name, "", "given "+strconv.Itoa(len(vs))+" times; give it once")
		}
		if name == "fen" && len(vs[0]) > core.MaxFENLength {
			return nil, "", optionError("fen", "", view.LimitMessage("fen", len(vs[0]), core.MaxFENLength, "bytes"))
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

func escapeXML(s string) string {
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
