//go:build !(js && wasm)

package browsers

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
)

// A Recorder is a proxy in front of a server that records each request
// that reaches it: what every engine downloaded, seen on the wire (a file
// a browser takes from its cache is no request). Its URL is another
// origin than the server's.
type Recorder struct {
	srv  *httptest.Server
	mu   sync.Mutex
	reqs []Request
}

// A Request is one request a Recorder passed on, with its answer.
type Request struct {
	Method, Path string      // Path with its query, if any
	Header       http.Header // the request's
	Status       int
	Bytes        int64 // of the body sent back (compressed, as sent)
}

// Record starts a Recorder in front of the server at target
// ("http://127.0.0.1:PORT"). Close stops it.
func Record(target string) (*Recorder, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	r := &Recorder{}
	proxy := httputil.NewSingleHostReverseProxy(u)
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		cw := &countingWriter{ResponseWriter: w, status: http.StatusOK}
		proxy.ServeHTTP(cw, req)
		r.mu.Lock()
		r.reqs = append(r.reqs, Request{Method: req.Method, Path: req.URL.RequestURI(), Header: req.Header.Clone(), Status: cw.status, Bytes: cw.n})
		r.mu.Unlock()
	}))
	return r, nil
}

// URL is the proxy's URL, without a trailing slash.
func (r *Recorder) URL() string { return r.srv.URL }

// Requests returns the requests answered so far, in the order their
// answers ended.
func (r *Recorder) Requests() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Request(nil), r.reqs...)
}

// Reset forgets the requests recorded so far.
func (r *Recorder) Reset() {
	r.mu.Lock()
	r.reqs = nil
	r.mu.Unlock()
}

// Close stops the proxy.
func (r *Recorder) Close() { r.srv.Close() }

// A countingWriter counts the body's bytes and keeps the status.
type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (w *countingWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

// Flush passes a flush on, as the proxy streams.
func (w *countingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
