//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/bitview/bitview/wasm/view"
)

func main() {
	out := flag.String("o", "web/index.html", "the page to write")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: webpages [-o web/index.html] [wasm/webpages/index.html]")
		flag.PrintDefaults()
	}
	flag.Parse()
	src := "wasm/webpages/index.html"
	if flag.NArg() > 0 {
		src = flag.Arg(0)
	}
	if err := run(src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "webpages:", err)
		os.Exit(1)
	}
}

// run fills the template src and writes the page to out.
func run(src, out string) error {
	tpl, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	page, err := fill(string(tpl), view.DefaultPage())
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	return os.WriteFile(out, []byte(page), 0o644)
}

// generated is the comment the page gets after its doctype.
const generated = "<!-- Written by wasm/webpages (make wasm) from wasm/webpages/index.html: edit that file. -->\n"

// fill returns the template with p written into it: each region's markup
// inside its (empty) element, each attribute in its element's start tag,
// and the digest and default query on #bitview-app.
func fill(tpl string, p view.Prerender) (string, error) {
	var err error
	for _, r := range p.Regions {
		if tpl, err = fillRegion(tpl, r); err != nil {
			return "", err
		}
	}
	attrs := append(slices.Clone(p.Attrs), view.Attr{ID: "bitview-app", Name: "data-prerender", Value: p.Hash()},
		view.Attr{ID: `[src="page-start.js"]`, Name: "data-default-query", Value: p.Query})
	for _, a := range attrs {
		if tpl, err = setAttr(tpl, a); err != nil {
			return "", err
		}
	}
	doctype := "<!doctype html>\n"
	if !strings.HasPrefix(tpl, doctype) {
		return "", fmt.Errorf("the template does not start with %q", doctype)
	}
	return doctype + generated + tpl[len(doctype):], nil
}

// startTag finds the one start tag that holds the attribute text attr
// (`id="board"`) and returns its bounds, tpl[start:end] being "<…>", and
// its element's name. Tags are found by scanning for "<" and a letter and
// reading to the ">" outside quoted values.
func startTag(tpl, attr string) (start, end int, name string, err error) {
	found := 0
	for i := 0; i < len(tpl); i++ {
		if tpl[i] != '<' || i+1 == len(tpl) || !isLetter(tpl[i+1]) {
			continue
		}
		j, quote := i+1, byte(0)
		for ; j < len(tpl) && (quote != 0 || tpl[j] != '>'); j++ {
			switch {
			case quote != 0 && tpl[j] == quote:
				quote = 0
			case quote == 0 && (tpl[j] == '"' || tpl[j] == '\''):
				quote = tpl[j]
			}
		}
		if j == len(tpl) {
			return 0, 0, "", fmt.Errorf("the tag at byte %d does not end", i)
		}
		if strings.Contains(tpl[i:j], " "+attr) {
			found++
			start, end = i, j+1
			name = tpl[i+1 : i+1+strings.IndexAny(tpl[i+1:], " \t\n>")]
		}
		i = j
	}
	switch found {
	case 0:
		return 0, 0, "", fmt.Errorf("no element with %s", attr)
	case 1:
		return start, end, name, nil
	}
	return 0, 0, "", fmt.Errorf("%d elements with %s", found, attr)
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// selectorAttr returns the attribute text a view.Attr or view.Region id
// names: id="…", or the attribute of a selector such as
// [data-action="present"].
func selectorAttr(id string) string {
	if strings.HasPrefix(id, "[") && strings.HasSuffix(id, "]") {
		return id[1 : len(id)-1]
	}
	return `id="` + id + `"`
}

// fillRegion writes r's markup inside its element, which must be empty.
func fillRegion(tpl string, r view.Region) (string, error) {
	_, end, name, err := startTag(tpl, selectorAttr(r.ID))
	if err != nil {
		return "", fmt.Errorf("region %s: %w", r.ID, err)
	}
	if !strings.HasPrefix(tpl[end:], "</"+name+">") {
		return "", fmt.Errorf("region %s: the element is not empty in the template", r.ID)
	}
	return tpl[:end] + r.Markup + tpl[end:], nil
}

// attrEscaper escapes a double-quoted attribute value.
var attrEscaper = strings.NewReplacer(`&`, "&amp;", `"`, "&#34;", `<`, "&lt;", `>`, "&gt;")

// setAttr sets a's attribute in its element's start tag: it replaces the
// value when the tag has the attribute and adds it before the tag's end
// otherwise.
func setAttr(tpl string, a view.Attr) (string, error) {
	start, end, _, err := startTag(tpl, selectorAttr(a.ID))
	if err != nil {
		return "", fmt.Errorf("attribute %s of %s: %w", a.Name, a.ID, err)
	}
	tag, value := tpl[start:end], attrEscaper.Replace(a.Value)
	if i := strings.Index(tag, " "+a.Name+`="`); i >= 0 {
		from := i + len(a.Name) + 3
		to := strings.IndexByte(tag[from:], '"')
		if to < 0 {
			return "", fmt.Errorf("attribute %s of %s: no closing quote", a.Name, a.ID)
		}
		tag = tag[:from] + value + tag[from+to:]
	} else {
		tag = tag[:len(tag)-1] + ` ` + a.Name + `="` + value + `">`
	}
	return tpl[:start] + tag + tpl[end:], nil
}
