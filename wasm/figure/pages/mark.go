package pages

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Mark is the attribute that names each part Page writes into a page:
// the declarative shadow root, the <img> fallback or the inline <svg> at
// the start of an element's content, and the page's Style. Its value is
// the part's seal: the first 16 hex digits of the SHA-256 of the part as
// written, its own Mark value empty (data-bitview-prerendered=""). A run
// replaces a part only when its seal matches what it holds (what an
// earlier run wrote, byte for byte, but for the blanks between parts);
// whatever else a page holds is the author's and is kept byte for byte,
// even when it looks like Bitview's output (the SVG bitview -o prints, a
// shadow root, an <img data-bitview-figure>, a <p data-bitview-prerendered>
// or a <style data-bitview-figures> an author wrote, a part of Bitview's
// that was edited): only a hash of what it wrote identifies prerender's
// own parts, where a tag, an attribute or a shape could only guess.
const Mark = "data-bitview-prerendered"

// unsealed is Mark with an empty value, as a part is hashed.
const unsealed = Mark + `=""`

// seal returns part (which holds unsealed once, in its start tag) with
// its Mark's value set to its seal.
func seal(part string) string {
	sum := sha256.Sum256([]byte(part))
	return strings.Replace(part, unsealed, Mark+`="`+hex.EncodeToString(sum[:8])+`"`, 1)
}

// sealed reports whether part, a part of a page whose start tag carries
// Mark with the value v (as the tokenizer read it), is one a run wrote:
// its first Mark="v" (written so, double-quoted, as seal writes it) made
// empty, it hashes to v.
func sealed(part []byte, v string) bool {
	if len(v) != 16 {
		return false
	}
	attr := []byte(Mark + `="` + v + `"`)
	i := bytes.Index(part, attr)
	if i < 0 {
		return false
	}
	h := sha256.New()
	h.Write(part[:i])
	h.Write([]byte(unsealed))
	h.Write(part[i+len(attr):])
	return hex.EncodeToString(h.Sum(nil)[:8]) == v
}
