package view

import "strings"

// URL query coding as net/url does it (RFC 3986 percent-encoding, "+" for
// a space), for the page's links. net/url would link net/netip and unique
// into the wasm (about 30 KB) and run their package initialisation at
// every start, for two functions the page needs.

// queryEscape escapes s for a URL query value, as url.QueryEscape does:
// letters, digits and "-_.~" stay, a space becomes "+", every other byte
// becomes %XX (upper-case hex).
func queryEscape(s string) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for i := range len(s) {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}

// queryValues are a query's values by key, in the order given.
type queryValues map[string][]string

// Get returns the first value of key, or "".
func (q queryValues) Get(key string) string {
	if vs := q[key]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}

// Has reports whether key was given.
func (q queryValues) Has(key string) bool {
	_, ok := q[key]
	return ok
}

// parseQuery reads a query (without "?") as url.ParseQuery does, keeping
// every pair it can read: pairs split at "&", key and value at the first
// "=", "+" is a space and %XX a byte; a pair with a semicolon in its key
// or a bad escape in its key or value is dropped.
func parseQuery(query string) queryValues {
	q := queryValues{}
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		if strings.Contains(pair, ";") || pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		k, ok1 := queryUnescape(key)
		v, ok2 := queryUnescape(value)
		if ok1 && ok2 {
			q[k] = append(q[k], v)
		}
	}
	return q
}

// queryUnescape undoes queryEscape; it fails on "%" not followed by two
// hex digits.
func queryUnescape(s string) (string, bool) {
	if !strings.ContainsAny(s, "%+") {
		return s, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			b = append(b, ' ')
		case '%':
			if i+2 >= len(s) {
				return "", false
			}
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if !ok1 || !ok2 {
				return "", false
			}
			b = append(b, hi<<4|lo)
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// unhex returns the value of a hex digit.
func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
