package pages

// The shapes a ```bitboard fence takes once a generator and its
// highlighter have written it, which bitview-markdown.js recognises the
// same way (its BLOCKS; both are tested against one table of cases,
// testdata/fences.json, each case the markup of the generator it names):
//
//   - a <pre> (or Marp's <marp-pre>) that carries the language: the class
//     language-bitboard (Hugo, Docusaurus, MkDocs without a highlighter),
//     the class bitboard (superfences' custom_fences, reveal.js's
//     Markdown beside highlight.js's guess, "bitboard hljs
//     language-avrasm"), or data-language="bitboard" or
//     data-lang="bitboard" (Shiki as Astro writes it);
//   - a <pre> whose first element, nothing but blanks before it, is a
//     <code> that carries it in one of those ways (Markdown's own
//     <pre><code class="language-bitboard">, Hugo's chroma, reveal.js);
//   - a <pre> inside a <div> wrapper with the class language-bitboard
//     (Jekyll's rouge, Docusaurus) or highlight-bitboard (Sphinx and
//     MyST: docutils' literal block).
//
// A block's lines are its text, a <br> ending a line (Prism's per-line
// markup), and so does the end of a <div> inside the <pre> whose text has
// not ended one (a highlighter that writes each line as a <div>).

// blockLanguage is the language a bitboard block is written in.
const blockLanguage = "bitboard"

// blockWrapper reports whether a <div>'s class makes it the wrapper of a
// bitboard block.
func blockWrapper(class string) bool {
	return hasClass(class, "language-"+blockLanguage) || hasClass(class, "highlight-"+blockLanguage)
}

// blockMarked reports whether the attributes of a <pre> or a <code> say
// that it holds a bitboard block.
func blockMarked(attrs [][2]string) bool {
	for _, a := range attrs {
		switch a[0] {
		case "class":
			if hasClass(a[1], "language-"+blockLanguage) || hasClass(a[1], blockLanguage) {
				return true
			}
		case "data-language", "data-lang":
			if a[1] == blockLanguage {
				return true
			}
		}
	}
	return false
}

// preTag returns the tag a block's reader takes tag for: "pre" for
// Marp's <marp-pre> (what its script makes of <pre is="marp-pre"> where
// the browser has no customised built-in elements), else tag.
func preTag(tag string) string {
	if tag == "marp-pre" {
		return "pre"
	}
	return tag
}
