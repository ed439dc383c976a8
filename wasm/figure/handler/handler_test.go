package handler

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/bitview/bitview/wasm/figure"
)

// wellFormed parses doc with encoding/xml to its end.
func wellFormed(doc []byte) error {
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		if _, err := d.Token(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// get answers GET /figure.svg?query with header.
func get(h http.Handler, query string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, "/figure.svg", nil)
	r.URL.RawQuery = query
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// largest is the query of about the most expensive figure the handler
// draws: 63 LERF grids with their labels, arrows and marks.
var largest = "show=" + strings.TrimSuffix(strings.Repeat("P,", 63), ",") + "&labels&arrows=" + url.QueryEscape("Ge2e4 Rd7d5") + "&marks=Gd4"

// TestHandlerXML: every answer is well-formed XML, with the characters
// XML does not allow (NUL, controls, U+FFFE/FFFF, bad UTF-8) replaced.
func TestHandlerXML(t *testing.T) {
	h := Handler("test")
	for _, q := range []string{"show=%00", "theme=%01", "show=P%1F", "fen=%EF%BF%BE", "layout=%EF%BF%BF", "arrows=%FF%FE", "marks=%ED%A0%80", "x%00=1", "show=P&show=%0B", "show=P"} {
		w := get(h, q, nil)
		if err := wellFormed(w.Body.Bytes()); err != nil {
			t.Errorf("?%s: %d, not well-formed XML: %v\n%.300s", q, w.Code, err, w.Body.Bytes())
		}
	}
}

// FuzzHandler: whatever the query, the answer is 200 or 400 and a
// well-formed SVG document.
func FuzzHandler(f *testing.F) {
	for _, q := range []string{"show=P", "show=%00", "theme=%01", "fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201&show=white", "layout=0x88&labels&show=P,N", "arrows=Ge2e4&marks=Yd4", "show=(P%3C%3C8)%26emty", "orientation=black&grids=fixed&show=P", "theme=dark,bitOn=%23123456"} {
		f.Add(q)
	}
	h := Handler("fuzz")
	f.Fuzz(func(t *testing.T, q string) {
		w := get(h, q, nil)
		if w.Code != 200 && w.Code != 400 {
			t.Fatalf("?%q: status %d", q, w.Code)
		}
		if err := wellFormed(w.Body.Bytes()); err != nil {
			t.Fatalf("?%q: not well-formed XML: %v", q, err)
		}
		if !bytes.HasPrefix(w.Body.Bytes(), []byte("<svg")) {
			t.Fatalf("?%q: not an SVG", q)
		}
	})
}

// TestHandlerEncoding: answers are compressed as Accept-Encoding asks,
// each coding with its own tag, and decode to the figure.
func TestHandlerEncoding(t *testing.T) {
	h := Handler("test")
	f, _ := figure.Resolve(figure.Options{"show": "P,N"})
	want := f.SVG()
	tags := map[string]string{}
	for _, tc := range []struct{ accept, coding string }{
		{"", ""},
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"br;q=0.5, gzip", "gzip"},
		{"x-gzip", "gzip"},
		{"*", "br"},
		{"identity", ""},
		{"br;q=0, gzip;q=0", ""},
	} {
		w := get(h, "show=P,N", map[string]string{"Accept-Encoding": tc.accept})
		if w.Code != 200 || w.Header().Get("Content-Encoding") != tc.coding || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q, Vary %q; want 200, %q", tc.accept, w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Vary"), tc.coding)
			continue
		}
		var r io.Reader = w.Body
		switch tc.coding {
		case "br":
			r = brotli.NewReader(w.Body)
		case "gzip":
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != want {
			t.Errorf("Accept-Encoding %q: the body does not decode to the figure (%v)", tc.accept, err)
		}
		if old, ok := tags[tc.coding]; ok && old != w.Header().Get("ETag") {
			t.Errorf("coding %q: tags %s and %s", tc.coding, old, w.Header().Get("ETag"))
		}
		tags[tc.coding] = w.Header().Get("ETag")
	}
	if tags[""] == tags["br"] || tags[""] == tags["gzip"] || tags["br"] == tags["gzip"] {
		t.Errorf("the codings share a tag: %v", tags)
	}
	w := get(h, largest, map[string]string{"Accept-Encoding": "br"})
	t.Logf("the largest figure: %d bytes as brotli", w.Body.Len())
	if n := w.Body.Len(); n > 200_000 {
		t.Errorf("the largest figure is %d bytes as brotli", n)
	}
}

// TestHandlerNotModified: If-None-Match with the figure's tag in the
// coding the request would get is answered 304 before the figure is
// drawn: many such answers take less time than drawing the figure once.
// A tag of another coding is not (see TestHandlerNotModifiedCoding).
func TestHandlerNotModified(t *testing.T) {
	h := Handler("test")
	start := time.Now()
	w := get(h, largest, map[string]string{"Accept-Encoding": "gzip"})
	drawing := time.Since(start)
	tag := w.Header().Get("ETag")
	if w.Code != 200 || !strings.HasSuffix(tag, `-gz"`) {
		t.Fatalf("%d, ETag %q", w.Code, tag)
	}
	const n = 20
	start = time.Now()
	for _, inm := range []string{tag, `W/` + tag, `"x", ` + tag, "*"} {
		for range n / 4 {
			if w := get(h, largest, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": inm}); w.Code != http.StatusNotModified || w.Body.Len() != 0 || w.Header().Get("ETag") != tag {
				t.Fatalf("If-None-Match %s: %d with %d bytes, ETag %q", inm, w.Code, w.Body.Len(), w.Header().Get("ETag"))
			}
		}
	}
	each := time.Since(start) / n
	t.Logf("the largest figure: drawn and compressed in %v; a 304 in %v", drawing, each)
	if each*n > drawing {
		t.Errorf("%d answers 304 took %v, more than drawing the figure once (%v): the figure is drawn", n, each*n, drawing)
	}
	if w := get(h, largest, map[string]string{"If-None-Match": `"other"`}); w.Code != 200 {
		t.Errorf("another tag: %d, want 200", w.Code)
	}
}

// TestHandlerNotModifiedCoding (issue 46.11): the tag If-None-Match must
// name is the one of the coding the request would get: a client that
// takes no brotli, sending the brotli answer's tag, gets the figure in
// its own coding (200, its tag), never a 304 that would let a shared
// cache give it the brotli bytes; each answer says Vary: Accept-Encoding.
func TestHandlerNotModifiedCoding(t *testing.T) {
	h := Handler("test")
	tags := map[string]string{}
	for _, enc := range []string{"br", "gzip", ""} {
		w := get(h, "show=P", map[string]string{"Accept-Encoding": enc})
		tags[enc] = w.Header().Get("ETag")
	}
	for sent, tag := range tags {
		for _, enc := range []string{"br", "gzip", "", "gzip, br;q=0"} {
			want, coding := http.StatusOK, enc
			switch enc {
			case "gzip, br;q=0":
				coding = "gzip"
			}
			if sent == coding {
				want = http.StatusNotModified
			}
			w := get(h, "show=P", map[string]string{"Accept-Encoding": enc, "If-None-Match": tag})
			if w.Code != want || w.Header().Get("ETag") != tags[coding] || w.Header().Get("Vary") != "Accept-Encoding" || w.Header().Get("Content-Encoding") != map[int]string{200: coding}[w.Code] {
				t.Errorf("the %q answer's tag %s sent with Accept-Encoding %q: %d, ETag %s, Vary %q, Content-Encoding %q; want %d, ETag %s, Vary: Accept-Encoding",
					sent, tag, enc, w.Code, w.Header().Get("ETag"), w.Header().Get("Vary"), w.Header().Get("Content-Encoding"), want, tags[coding])
			}
		}
	}
}

// blockingWriter is a ResponseWriter whose Write waits for release, as a
// client that reads slowly makes the server's writes wait.
type blockingWriter struct {
	*httptest.ResponseRecorder
	writing, release chan struct{}
	once             sync.Once
}

func (b *blockingWriter) Write(p []byte) (int, error) {
	b.once.Do(func() { close(b.writing) })
	<-b.release
	return b.ResponseRecorder.Write(p)
}

// TestHandlerSlowReader: a client that reads its figure slowly does not
// keep other figures waiting (the drawing slot is given back before the
// answer is written).
func TestHandlerSlowReader(t *testing.T) {
	h := Handler("slow")
	slow := &blockingWriter{ResponseRecorder: httptest.NewRecorder(), writing: make(chan struct{}), release: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		r := httptest.NewRequest(http.MethodGet, "/figure.svg?"+largest, nil)
		h.ServeHTTP(slow, r)
		close(done)
	}()
	<-slow.writing
	for i := range runtime.GOMAXPROCS(0) + 1 { // more figures than there are slots
		start := time.Now()
		if w := get(h, "show=P&marks=Gd"+strconv.Itoa(i+1), nil); w.Code != 200 {
			t.Errorf("another figure while one is read slowly: %d", w.Code)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("another figure took %v while one is read slowly", d)
		}
	}
	close(slow.release)
	<-done
}
