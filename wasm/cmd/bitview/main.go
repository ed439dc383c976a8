package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/figure/pages"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/version"
)

func main() {
	status := run(os.Args[1:], os.Stdout, os.Stderr)
	if signalled.Load() {
		select {} // onSignal's handler exits with 128 + the signal
	}
	os.Exit(status)
}

// usage is the command's help text, after "usage:".
const usage = `usage: bitview [options] -o FILE.svg|FILE.png|-
       bitview -version
       bitview prerender [-n] [-base URL] [-exclude PATH]... [-break-links] PATH...
       bitview show|divide|check [flags] ...   (each with -h)

Draws the figure a <bitboard-view> with the same attributes shows (its
toSVG() byte for byte; a PNG as its toPNG()), or writes every figure of
the HTML pages a site generator built below PATH into them.

Options (the element's attributes, read the same way):
`

// attrFlag is one of the element's options: its value as an attribute,
// and whether it was given. Boolean attributes may be given alone
// (-labels), as present.
type attrFlag struct {
	name    string
	opts    figure.Options
	boolean bool
}

func (f *attrFlag) String() string { return "" }

// Set sets the option, once: a repeated option is refused, as
// /figure.svg refuses a repeated parameter, rather than the last one
// silently winning.
func (f *attrFlag) Set(v string) error {
	if _, ok := f.opts[f.name]; ok {
		return errors.New("given twice; give it once")
	}
	return f.opts.Set(f.name, v)
}
func (f *attrFlag) IsBoolFlag() bool { return f.boolean }

// run runs the command with args, its messages written through
// printable (see excerpt.Escape): standard error always; standard output
// but for the figure written to it (-o -) and show's grids (which may be
// coloured for a terminal, and print only what their parser read).
func run(args []string, stdout, stderr io.Writer) int {
	errOut := &printable{w: stderr}
	defer errOut.flush()
	stderr = errOut
	messages := stdout
	if len(args) == 0 || args[0] != "show" {
		out := &printable{w: stdout}
		defer out.flush()
		messages = out
	}
	if len(args) > 0 && args[0] == "prerender" {
		return prerender(args[1:], messages, stderr)
	}
	if len(args) > 0 && args[0] == "show" {
		messages = stdout
	}
	if status, ok := runBench(args, messages, stderr); ok {
		return status
	}
	fs := flag.NewFlagSet("bitview", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := figure.Options{}
	for _, name := range figure.Names { // each flag and its help from model.Attributes
		a, _ := model.FindAttribute(name)
		fs.Var(&attrFlag{name: name, opts: opts, boolean: a.Switch}, name, a.Help)
	}
	out := fs.String("o", "", "the file to write: FILE.svg, FILE.png, or - for the SVG on standard output")
	scale := fs.Float64("scale", 2, "the PNG's scale: its pixels per SVG unit (toPNG's default, 2)")
	showVersion := fs.Bool("version", false, "print Bitview's version (as bitview.version and the npm package) and exit")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "bitview", version.Version)
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bitview: unexpected argument %q (options come as -name value)\n", fs.Arg(0))
		return 2
	}
	png := strings.EqualFold(filepath.Ext(*out), ".png")
	if *out == "" || !png && *out != "-" && !strings.EqualFold(filepath.Ext(*out), ".svg") {
		fmt.Fprintln(stderr, "bitview: -o FILE.svg, FILE.png or - is needed")
		return 2
	}
	f, err := figure.Resolve(opts)
	if err != nil {
		fmt.Fprintln(stderr, "bitview:", err)
		return 1
	}
	var data []byte
	if png {
		if data, err = f.PNG(*scale); err != nil {
			fmt.Fprintln(stderr, "bitview: -scale:", err)
			return 1
		}
	} else {
		data = []byte(f.SVG())
	}
	if *out == "-" {
		_, err = stdout.Write(data)
	} else {
		err = pages.WriteFile(*out, data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "bitview:", err)
		return 1
	}
	return 0
}

// excludeFlag is prerender's -exclude, which may be given more than once.
type excludeFlag []string

func (e *excludeFlag) String() string { return strings.Join(*e, ", ") }

func (e *excludeFlag) Set(v string) error {
	*e = append(*e, v)
	return nil
}

// prerenderHelp is bitview prerender's -h, before its flags.
const prerenderHelp = `usage: bitview prerender [-n] [-base URL] [-exclude PATH]... [-break-links] PATH...

Writes the figure of every <bitboard-view> element and bitboard block (the
<pre><code class="language-bitboard"> a site generator builds from a ` + "```bitboard" + `
fence) of the HTML pages below each PATH into the page: the element's view in a
declarative shadow root, which shows with JavaScript off and which the element
adopts without moving the page, and for readers without shadow roots an <img> of
the figure's SVG, written into bitview-figures/ beside the page (named by its
content; a page that loads no Bitview script and gets no -base gets the SVG
inline). What an author wrote inside an element is kept after it.

Run it on the site your generator built (Hugo's public/, MkDocs's site/, Jekyll's
_site/), after each build: a Markdown source is never written (its fence stays
the one place to edit the figure), and a generator's source folder is refused.
A copy of Bitview's files in the site (a folder holding bitview-element.js) is
left byte for byte, as is each -exclude PATH. Links are resolved first: a link to
a page outside the site or in the copy is left as it is, and -exclude names the
files its paths lead to.

A page is rewritten only when a figure changed, so a second run changes nothing;
a page with a bad figure or a block line that is not a known "key: value", or one
edited while its figures were drawn, is left as it was, and the exit status is 1.
Only regular files are read. Files are written as an editor saves them: through
symbolic links, through a temporary file renamed over the page (a failed write
leaves it whole), the mode, owner, ACL and extended attributes kept; a read-only
page is not written, nor is a page with other hard links unless -break-links.
-n says what would be written, and what would be refused.
`

func prerender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bitview prerender", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dry := fs.Bool("n", false, "only report which pages would change, and which would be refused")
	base := fs.String("base", "", "the folder of Bitview's files (bitview-element.js, view.css, pieces/) as the pages see it, e.g. /bitview/,\n/repo/bitview/ for a site under /repo/, or https://cdn.jsdelivr.net/npm/bitview@0.1.0/\n(default: the folder of each page's <script src=\"…/bitview-load.js\"> or bitview-element.js;\na -base that is not where a page's script finds them is warned about)")
	var exclude excludeFlag
	fs.Var(&exclude, "exclude", "a file or folder to leave as it is, with everything below it (may be given more than once)")
	breakLinks := fs.Bool("break-links", false, "write a page with other hard links under its name in the site, its other names keeping the old page\n(without it, such a page is refused)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), prerenderHelp)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	results, err := pages.Pages(fs.Args(), pages.Options{Base: *base, DryRun: *dry, Exclude: exclude, BreakLinks: *breakLinks})
	if results == nil && err != nil { // the options were wrong
		fmt.Fprintln(stderr, "bitview prerender:", err)
		return 2
	}
	status := 0
	for _, r := range results {
		for _, w := range r.Warnings {
			fmt.Fprintln(stderr, "bitview: warning:", w)
		}
		switch {
		case r.Err != nil:
			fmt.Fprintln(stderr, "bitview:", r.Err)
			status = 1
		case r.Copy:
			fmt.Fprintln(stdout, "left", r.File+string(filepath.Separator), "as it is: a copy of Bitview's own files")
		case r.Left != "":
			fmt.Fprintln(stdout, "left", r.File, "as it is:", r.Left)
		case r.SVGOnly:
			fmt.Fprintln(stderr, "bitview:", r.File+": the page loads no Bitview script (bitview-load.js, bitview-element.js): its figures are SVG only, and give way to the drawn view, which has another size; -base names where Bitview's files are")
		}
		for _, f := range r.Figures {
			if *dry {
				fmt.Fprintln(stdout, "would write", f)
			} else {
				fmt.Fprintln(stdout, "wrote", f)
			}
		}
		switch {
		case r.Err != nil:
		case r.Changed && *dry:
			fmt.Fprintln(stdout, "would write", r.File)
		case r.Changed:
			fmt.Fprintln(stdout, "wrote", r.File)
		}
	}
	return status
}
