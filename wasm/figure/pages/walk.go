package pages

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Options are what Pages does besides drawing.
type Options struct {
	// Base is Page's: the folder of Bitview's files as the pages see it,
	// "" to take it from each page's <script src="…/bitview-element.js">.
	Base string
	// DryRun: nothing is written; the Results say what would be.
	DryRun bool
	// Exclude are files and folders left as they are, with everything
	// below them: paths as given on the command line (relative to the
	// working folder), each of which must exist.
	Exclude []string
}

// A Result is what Pages did to one file, or to a folder it left.
type Result struct {
	File    string
	Changed bool
	Err     error
	// SVGOnly: the page's figures got no shadow root, as no base was
	// given and the page loads no bitview-element.js (see Page).
	SVGOnly bool
	// Warnings are the block lines skipped (see Output.Warnings).
	Warnings []*PageError
	// Figures are the figure files (Output.Figures, as paths from the
	// folder Pages was given) that were written, or would be with
	// Options.DryRun: those missing or different.
	Figures []string
	// Copy: File is a folder of Bitview's own files (see IsCopy), left
	// as it is with everything below it.
	Copy bool
}

// CopyFiles are the files whose presence in a folder makes it a copy of
// Bitview's own files (see IsCopy).
var CopyFiles = []string{"bitview-element.js", "bitview.wasm"}

// IsCopy reports whether the folder dir is a copy of Bitview's own files
// (make dist's dist/, web/, or a site's copy of either, such as
// public/bitview/): it holds both CopyFiles as regular files (through
// links). Pages leaves such a folder as it is, byte for byte, with its
// .br and .gz siblings: its pages (embed.html, tutorial.html, examples/)
// are Bitview's, already drawn, and its README.md shows the element's
// markup as an example. The two files are what every working copy
// needs (the element's script and the wasm it loads), whatever else an
// author leaves out of it, and no folder of an author's pages holds
// them; a marker file would be lost when an author copies only the files
// a site needs, and a list of Bitview's pages would age with each
// release.
func IsCopy(dir string) bool {
	for _, f := range CopyFiles {
		info, err := os.Stat(filepath.Join(dir, f))
		if err != nil || !info.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// ErrCopy is the error (wrapped, naming the path) of a path Pages was
// given that is, or is inside, a copy of Bitview's own files (IsCopy).
var ErrCopy = errors.New("a copy of Bitview's own files (it holds bitview-element.js and bitview.wasm), which prerender leaves as they are: give the folder of your pages, with Bitview's files in a folder of their own such as bitview/")

// ErrSource is the error (wrapped, naming the file or folder and the
// folder to prerender instead) of a source Pages was given: a Markdown
// file, or a static-site generator's source folder. Pages writes the
// figures into the HTML a generator builds, never into a source, whose
// ```bitboard fence is where the author edits the figure (written into
// the source, a figure would also show twice once the generator turns
// the fence into a block, and its files would not be published).
var ErrSource = errors.New("a source, left as it is: prerender writes the figures into the HTML your site generator builds, never into a source, whose fences are where figures are edited")

// A generator is a static-site generator whose source folder holds one
// of configs (and, when need is not empty, one of need beside it, which
// a built site never holds), built by default into output.
type generator struct {
	name    string
	configs []string
	need    []string
	output  string
}

// generators are the generators whose sources Pages recognises, by their
// configuration file: Hugo's (hugo.toml since 0.110, config.toml before,
// with its content/ folder), MkDocs's mkdocs.yml, and Jekyll's
// _config.yml with one of the folders or files Jekyll never copies into
// the site it builds (a site built by another generator may publish a
// _config.yml for GitHub Pages).
var generators = []generator{
	{"Hugo", []string{"hugo.toml", "hugo.yaml", "hugo.json"}, nil, "public"},
	{"Hugo", []string{"config.toml", "config.yaml", "config.json"}, []string{"content"}, "public"},
	{"MkDocs", []string{"mkdocs.yml", "mkdocs.yaml"}, nil, "site"},
	{"Jekyll", []string{"_config.yml", "_config.yaml", "_config.toml"}, []string{"_layouts", "_posts", "_includes", "_data", "_sass", "Gemfile", "index.md", "index.markdown"}, "_site"},
}

// siteSource returns the generator whose source folder dir is and its
// configuration file, or ok false.
func siteSource(dir string) (g generator, config string, ok bool) {
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	for _, g := range generators {
		for _, c := range g.configs {
			if exists(c) && (g.need == nil || slices.ContainsFunc(g.need, exists)) {
				return g, c, true
			}
		}
	}
	return generator{}, "", false
}

// builtHint says which folder to prerender instead of the source p: the
// output of the generator whose source folder holds p (p's folder or one
// above it), else the default output of each generator.
func builtHint(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	for dir := abs; ; dir = filepath.Dir(dir) {
		if g, config, ok := siteSource(dir); ok {
			return fmt.Sprintf("build the site, then prerender what %s builds: %s (by default, for %s)",
				g.name, filepath.Join(dir, g.output)+string(filepath.Separator), filepath.Join(dir, config))
		}
		if filepath.Dir(dir) == dir {
			return "build the site, then prerender the folder your site generator builds (Hugo: public/, MkDocs: site/, Jekyll: _site/)"
		}
	}
}

// copyAround returns the copy of Bitview's files (IsCopy) that the
// folder dir is, or is inside, or "".
func copyAround(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if IsCopy(d) {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// markdown reports whether a file's extension is Markdown's.
func markdown(ext string) bool { return ext == ".md" || ext == ".markdown" }

// Pages prerenders every HTML page (.html, .htm) below each path, a file
// or a folder, with Page: a page is rewritten only when one of its
// figures changed, and left untouched when one of them is wrong, or when
// it changed while its figures were drawn (see ErrChanged). Pages are
// written as WriteFile writes, and their figure files beside them.
//
// What Pages leaves as it is:
//   - a copy of Bitview's own files (IsCopy), with everything below it:
//     a Result with Copy; a path given that is, or is inside, such a
//     copy is an error wrapping ErrCopy;
//   - the paths of Options.Exclude, and dotfolders and node_modules;
//   - Markdown sources (.md, .markdown): a file given is an error
//     wrapping ErrSource that names the folder to prerender instead, and
//     so is a folder holding Markdown files and no HTML page; in a built
//     site, a Markdown file (one a generator published as it is) is left
//     alone; a folder that is a generator's source (Hugo's, MkDocs's,
//     Jekyll's, by their configuration files) is an error wrapping
//     ErrSource, as its templates are sources too;
//   - anything but a regular file: a page is opened without waiting (a
//     FIFO does not hang the run), and read through a limit of
//     MaxPageBytes checked on the opened file, so a link to /dev/zero is
//     an error, not a read without end.
//
// It returns one Result per page with figures, per copy left and per
// error; the error is the first that occurred, after all were tried. An
// error with no Results is that of Options (an Exclude that does not
// exist): then nothing was done.
func Pages(paths []string, o Options) ([]Result, error) {
	excluded := map[string]bool{}
	for _, e := range o.Exclude {
		abs, err := filepath.Abs(e)
		if err == nil {
			_, err = os.Lstat(abs)
		}
		if err != nil {
			return nil, fmt.Errorf("exclude %s: %w", e, errors.Unwrap(err))
		}
		excluded[abs] = true
	}
	var results []Result
	var first error
	add := func(r Result) {
		if r.Err != nil && first == nil {
			first = r.Err
		}
		results = append(results, r)
	}
	for _, root := range paths {
		absRoot, err := filepath.Abs(root)
		if err != nil {
			add(Result{File: root, Err: err})
			continue
		}
		info, err := os.Stat(root)
		switch {
		case err != nil:
			add(Result{File: root, Err: err})
			continue
		case excluded[absRoot]:
			continue
		}
		dir := root
		if !info.IsDir() {
			dir = filepath.Dir(root)
		}
		if c := copyAround(dir); c != "" {
			where := ""
			if c != absRoot {
				where = " is inside " + c + ","
			}
			add(Result{File: root, Err: fmt.Errorf("%s:%s %w", root, where, ErrCopy)})
			continue
		}
		if !info.IsDir() {
			switch ext := strings.ToLower(filepath.Ext(root)); {
			case markdown(ext):
				add(Result{File: root, Err: fmt.Errorf("%s: a Markdown file is %w; %s", root, ErrSource, builtHint(root))})
			case ext == ".html" || ext == ".htm":
				if r := pageFile(root, o); r.Err != nil || r.Changed || r.figures || len(r.Warnings) > 0 {
					add(r.Result)
				}
			default:
				add(Result{File: root, Err: fmt.Errorf("%s: not an HTML page (.html or .htm)", root)})
			}
			continue
		}
		htmlPages, sources := 0, 0
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				add(Result{File: p, Err: err})
				if d != nil && d.IsDir() && p != root {
					return filepath.SkipDir
				}
				return nil
			}
			if rel, err := filepath.Rel(root, p); err == nil && excluded[filepath.Join(absRoot, rel)] {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				switch {
				case p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules"):
					return filepath.SkipDir
				case p != root && IsCopy(p):
					add(Result{File: p, Copy: true})
					return filepath.SkipDir
				}
				if g, config, ok := siteSource(p); ok {
					add(Result{File: p, Err: fmt.Errorf("%s: the source of a %s site (%s) is %w; prerender what it builds, %s by default", p, g.name, config, ErrSource, filepath.Join(p, g.output)+string(filepath.Separator))})
					return filepath.SkipDir
				}
				return nil
			}
			switch ext := strings.ToLower(filepath.Ext(p)); {
			case markdown(ext):
				sources++
			case ext == ".html" || ext == ".htm":
				htmlPages++
				if r := pageFile(p, o); r.Err != nil || r.Changed || r.figures || len(r.Warnings) > 0 {
					add(r.Result)
				}
			}
			return nil
		})
		if err != nil {
			add(Result{File: root, Err: err})
		}
		if htmlPages == 0 && sources > 0 {
			add(Result{File: root, Err: fmt.Errorf("%s: %d Markdown files and no HTML page: %w; %s", root, sources, ErrSource, builtHint(root))})
		}
	}
	return results, first
}

type pageResult struct {
	Result
	figures bool
}

func pageFile(p string, o Options) pageResult {
	r := pageResult{Result: Result{File: p}}
	in, info, err := readRegular(p, MaxPageBytes)
	if err != nil {
		r.Err = err
		return r
	}
	out, err := Page(p, in, o.Base)
	r.Warnings = out.Warnings
	if err != nil {
		r.Err = err
		return r
	}
	r.figures = bytes.Contains(out.Page, []byte("<bitboard-view"))
	r.SVGOnly = bytes.Contains(out.Page, []byte("<svg "+Mark))
	if r.Figures, err = writeFigures(p, out.Figures, o.DryRun); err != nil {
		r.Err = err
		return r
	}
	if bytes.Equal(in, out.Page) {
		return r
	}
	r.Changed = true
	if !o.DryRun {
		r.Err = writeFile(p, out.Page, func(target string) error { return unchanged(p, target, info, in) })
	}
	return r
}

// readRegular reads the file p, at most limit bytes: p must be a regular
// file (through links). It is opened without waiting (openNonblock: a
// FIFO does not block the open), its type and size are checked on the
// opened file, and it is read through a LimitReader, so a file larger
// than its size said (one growing as it is read) is refused too. The
// error names p: a *PageError for a page over the limit.
func readRegular(p string, limit int) ([]byte, os.FileInfo, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, info, fmt.Errorf("%s: not a regular file (%s): only regular files are read", p, fileKind(info.Mode()))
	}
	if info.Size() > int64(limit) {
		return nil, info, &PageError{p, 1, fmt.Errorf("the page is %d bytes; the limit is %d", info.Size(), limit)}
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, info, fmt.Errorf("%s: %w", p, err)
	}
	if len(data) > limit {
		return nil, info, &PageError{p, 1, fmt.Errorf("the page is more than %d bytes (it grew while read); the limit is %d", limit, limit)}
	}
	return data, info, nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	}
	return m.Type().String()
}

// writeFigures writes the figure files of the page p (Output.Figures)
// that are missing or differ, into FiguresDir beside it (created under
// the umask), before the page that refers to them; with dryRun it only
// lists them. A file that holds what it should is left untouched: a
// file's name is its content's hash, so pages beside each other share
// their common figures. Files no page refers to any more are left.
func writeFigures(p string, files map[string][]byte, dryRun bool) ([]string, error) {
	var written []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		fp := filepath.Join(filepath.Dir(p), filepath.FromSlash(name))
		if old, _, err := readRegular(fp, len(files[name])); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		written = append(written, fp)
		if dryRun {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(fp), 0o777); err != nil {
			return written, err
		}
		if err := WriteFile(fp, files[name]); err != nil {
			return written, err
		}
	}
	return written, nil
}

// ErrChanged is the error (wrapped, naming the page) of a page that was
// changed while its figures were drawn: it is left as it is, with the
// change, and the page is to be prerendered again.
var ErrChanged = errors.New("changed since it was read (edited while its figures were drawn); left as it is with that change: run prerender again")

// unchanged checks that the page p (the file target) is still the one
// read: the size and modification time of info, then the content in
// (its SHA-256), and returns an error naming p and wrapping ErrChanged
// if not.
func unchanged(p, target string, info os.FileInfo, in []byte) error {
	now, err := os.Stat(target)
	if err != nil {
		return err
	}
	what := ""
	switch {
	case now.Size() != info.Size():
		what = fmt.Sprintf("its size went from %d to %d bytes", info.Size(), now.Size())
	case !now.ModTime().Equal(info.ModTime()):
		what = "its modification time changed"
	default:
		again, _, err := readRegular(target, MaxPageBytes)
		if err != nil {
			return err
		}
		if sha256.Sum256(again) != sha256.Sum256(in) {
			what = "its content changed"
		}
	}
	if what == "" {
		return nil
	}
	return fmt.Errorf("%s: %w (%s)", p, ErrChanged, what)
}
