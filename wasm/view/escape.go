package view

import "strings"

// escaper escapes text for HTML content and double-quoted attributes. It
// stands in for html.EscapeString, whose package links its table of 2,231
// named entities (about 1 MB of wasm) for unescaping, which the page never
// does.
var escaper = strings.NewReplacer(`&`, "&amp;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;", `'`, "&#39;")

// escape returns s safe to place in HTML text or a quoted attribute value.
func escape(s string) string { return escaper.Replace(s) }

// attr writes ` name="value"` with value escaped.
func attr(b *strings.Builder, name, value string) {
	b.WriteString(" " + name + `="` + escape(value) + `"`)
}
