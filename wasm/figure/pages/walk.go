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
	// "" to take it from each page's script (see ScriptBase).
	Base string
	// DryRun: nothing is written; the Results say what would be, and
	// what the write would refuse (see WriteFile).
	DryRun bool
	// Exclude are files and folders left as they are, with everything
	// below them: paths as given on the command line (relative to the
	// working folder), each of which must exist, compared by the files
	// they lead to (their links resolved).
	Exclude []string
	// BreakLinks: a page with other hard links is written as any other,
	// under its name in the site (see WriteOptions); without it, such a
	// page is refused with ErrHardLinks.
	BreakLinks bool
}

// A Result is what Pages did to one file, or to a folder it left.
type Result struct {
	File    string
	Changed bool
	Err     error
	// SVGOnly: the page's figures got no shadow root, as no base was
	// given and the page loads no Bitview script (see ScriptBase).
	SVGOnly bool
	// Warnings are what is doubtful about the page: a Base that is not
	// where the page's script finds Bitview's files.
	Warnings []*PageError
	// Figures are the figure files (Output.Figures, as paths from the
	// folder Pages was given) that were written, or would be with
	// Options.DryRun: those missing or different.
	Figures []string
	// Copy: File is a folder of Bitview's own files (see IsCopy), left
	// as it is with everything below it.
	Copy bool
	// Left says why the page File, a symbolic link, was left as it is:
	// it leads out of the site, or into a copy of Bitview's files.
	Left string
}

// CopyFile is the file whose presence in a folder makes it a copy of
// Bitview's own files (see IsCopy).
const CopyFile = "bitview-element.js"

// IsCopy reports whether the folder dir is a copy of Bitview's own files
// (make dist's dist/, web/, or a site's copy of either, such as
// public/bitview/): it holds CopyFile as a regular file (through links),
// with or without the wasm beside it (a copy whose bitview.wasm is served
// from elsewhere is one too). Pages leaves such a folder as it is, byte
// for byte, with its .br and .gz siblings: its pages (embed.html,
// tutorial.html, examples/) are Bitview's, already drawn, and its
// README.md shows the element's markup as an example. The element's
// script is what every copy holds (the one line of a page loads it, or
// the loader beside it), whatever else an author leaves out of it, and
// no folder of an author's pages holds it; a marker file would be lost
// when an author copies only the files a site needs, and a list of
// Bitview's pages would age with each release.
func IsCopy(dir string) bool {
	info, err := os.Stat(filepath.Join(dir, CopyFile))
	return err == nil && info.Mode().IsRegular()
}

// ErrCopy is the error (wrapped, naming the path) of a path Pages was
// given that is, or is inside, a copy of Bitview's own files (IsCopy).
var ErrCopy = errors.New("a copy of Bitview's own files (it holds bitview-element.js), which prerender leaves as they are: give the folder of your pages, with Bitview's files in a folder of their own such as bitview/")

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
// written as WriteFile writes (with Options.BreakLinks), and their
// figure files beside them.
//
// Symbolic links are resolved before any rule is applied: a path given
// (a site's folder given as a link is walked), each Exclude, and each
// page of a folder that is a link. A link to a page is never written
// through when the page is outside the folder given (the site) or in a
// copy of Bitview's files: it is left, with a Result saying why (Left);
// a link to an excluded page is left as the page is; a link to a page of
// the site gets the page drawn (once, however many names lead to it) and
// the figure files beside the link. Links to folders are not followed:
// the pages they lead to are done where they are, if in the site.
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
// A Base that is not where a page's script finds Bitview's files is a
// warning of its Result (see ScriptBase).
//
// It returns one Result per page with figures, per copy and link left and
// per error; the error is the first that occurred, after all were tried.
// An error with no Results is that of Options (an Exclude that is empty
// or does not exist): then nothing was done.
func Pages(paths []string, o Options) ([]Result, error) {
	w := &walker{o: o, excluded: map[string]bool{}, seen: map[string]bool{}}
	for _, e := range o.Exclude {
		if e == "" {
			return nil, errors.New(`exclude: an empty path names no file or folder (give "." for the working folder)`)
		}
		real, err := realPath(e)
		if err != nil {
			return nil, fmt.Errorf("exclude %s: %w", e, unwrapPath(err))
		}
		w.excluded[real] = true
	}
	for _, root := range paths {
		w.root(root)
	}
	return w.results, w.first
}

// A walker is a run of Pages: its options, the excluded files and
// folders (their real paths), the real paths of the pages drawn so far,
// and the results.
type walker struct {
	o        Options
	excluded map[string]bool
	seen     map[string]bool
	results  []Result
	first    error
}

// add adds a Result, noting its error if it is the first.
func (w *walker) add(r Result) {
	if r.Err != nil && w.first == nil {
		w.first = r.Err
	}
	w.results = append(w.results, r)
}

// realPath returns the absolute path of the file p leads to, every
// symbolic link in it resolved.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// unwrapPath returns the cause of an *fs.PathError, or err.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// isExcluded reports whether the real path p is, or is below, an
// excluded path.
func (w *walker) isExcluded(p string) bool {
	for d := p; ; d = filepath.Dir(d) {
		if w.excluded[d] {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// within reports whether the real path p is the real folder dir or below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// isPage reports whether a file's extension is an HTML page's.
func isPage(ext string) bool { return ext == ".html" || ext == ".htm" }

// root prerenders the path root, a file or a folder, as given.
func (w *walker) root(root string) {
	if root == "" {
		w.add(Result{File: root, Err: errors.New(`an empty path names no file or folder (give "." for the working folder)`)})
		return
	}
	real, err := realPath(root)
	if err != nil {
		w.add(Result{File: root, Err: pathError("open", root, unwrapPath(err))})
		return
	}
	info, err := os.Stat(real)
	switch {
	case err != nil:
		w.add(Result{File: root, Err: pathError("open", root, unwrapPath(err))})
		return
	case w.isExcluded(real):
		return
	}
	dir := real
	if !info.IsDir() {
		dir = filepath.Dir(real)
	}
	if c := copyAround(dir); c != "" {
		where := ""
		if c != real {
			where = " is inside " + c + ","
		}
		w.add(Result{File: root, Err: fmt.Errorf("%s:%s %w", root, where, ErrCopy)})
		return
	}
	if !info.IsDir() {
		switch ext := strings.ToLower(filepath.Ext(root)); {
		case markdown(ext) || markdown(strings.ToLower(filepath.Ext(real))):
			w.add(Result{File: root, Err: fmt.Errorf("%s: a Markdown file is %w; %s", root, ErrSource, builtHint(root))})
		case isPage(ext):
			w.page(root, real, "")
		default:
			w.add(Result{File: root, Err: fmt.Errorf("%s: not an HTML page (.html or .htm)", root)})
		}
		return
	}
	w.walk(root, real)
}

// walk prerenders the pages below the folder root (as given), whose real
// path is real.
func (w *walker) walk(root, real string) {
	htmlPages, sources := 0, 0
	name := func(p string) string { // p as named from root
		rel, err := filepath.Rel(real, p)
		if err != nil || rel == "." {
			return root
		}
		return filepath.Join(root, rel)
	}
	err := filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			w.add(Result{File: name(p), Err: pathError("open", name(p), unwrapPath(err))})
			if d != nil && d.IsDir() && p != real {
				return filepath.SkipDir
			}
			return nil
		}
		if w.excluded[p] {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			switch {
			case p != real && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules"):
				return filepath.SkipDir
			case p != real && IsCopy(p):
				w.add(Result{File: name(p), Copy: true})
				return filepath.SkipDir
			}
			if g, config, ok := siteSource(p); ok {
				w.add(Result{File: name(p), Err: fmt.Errorf("%s: the source of a %s site (%s) is %w; prerender what it builds, %s by default", name(p), g.name, config, ErrSource, filepath.Join(name(p), g.output)+string(filepath.Separator))})
				return filepath.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(filepath.Ext(p))
		switch {
		case markdown(ext):
			sources++
			return nil
		case !isPage(ext):
			return nil
		}
		htmlPages++
		if d.Type()&fs.ModeSymlink == 0 {
			w.page(name(p), p, filepath.ToSlash(strings.TrimPrefix(p, real+string(filepath.Separator))))
			return nil
		}
		target, err := filepath.EvalSymlinks(p)
		switch {
		case err != nil:
			w.add(Result{File: name(p), Err: pathError("open", name(p), unwrapPath(err))})
		case !within(real, target):
			w.add(Result{File: name(p), Left: "a link to " + target + ", outside the site " + root + ": prerender never writes through it"})
		case copyAround(filepath.Dir(target)) != "":
			w.add(Result{File: name(p), Left: "a link to " + target + ", in " + copyAround(filepath.Dir(target)) + ", a copy of Bitview's own files"})
		case w.isExcluded(target):
		default:
			w.page(name(p), target, filepath.ToSlash(strings.TrimPrefix(p, real+string(filepath.Separator))))
		}
		return nil
	})
	if err != nil {
		w.add(Result{File: root, Err: err})
	}
	if htmlPages == 0 && sources > 0 {
		w.add(Result{File: root, Err: fmt.Errorf("%s: %d Markdown files and no HTML page: %w; %s", root, sources, ErrSource, builtHint(root))})
	}
}

// page prerenders the page named name, whose real path is real, and adds
// its Result when there is something to say. sitePath is the page's path
// from the site's folder (slash-separated, as its URL path below the
// site's), "" when not known (a page given as a file).
func (w *walker) page(name, real, sitePath string) {
	if r := w.pageFile(name, real, sitePath); r.Err != nil || r.Changed || r.figures || len(r.Warnings) > 0 {
		w.add(r.Result)
	}
}

type pageResult struct {
	Result
	figures bool
}

// pageFile prerenders one page (see page): its figure files beside name,
// the page itself written to real, once in a run whatever names lead to
// it.
func (w *walker) pageFile(name, real, sitePath string) pageResult {
	o := w.o
	r := pageResult{Result: Result{File: name}}
	in, info, err := readRegular(name, real, MaxPageBytes)
	if err != nil {
		r.Err = err
		return r
	}
	out, err := Page(name, in, o.Base)
	r.Warnings = out.Warnings
	if o.Base != "" {
		if warning := baseWarning(name, in, o.Base, sitePath); warning != nil {
			r.Warnings = append(r.Warnings, warning)
		}
	}
	if err != nil {
		r.Err = err
		return r
	}
	r.figures = bytes.Contains(out.Page, []byte("<bitboard-view"))
	r.SVGOnly = bytes.Contains(out.Page, []byte("<svg "+Mark))
	if r.Figures, err = writeFigures(name, out.Figures, o.DryRun, WriteOptions{BreakLinks: o.BreakLinks}); err != nil {
		r.Err = err
		return r
	}
	if bytes.Equal(in, out.Page) || w.seen[real] {
		w.seen[real] = true
		return r
	}
	w.seen[real] = true
	r.Changed = true
	wo := WriteOptions{BreakLinks: o.BreakLinks}
	if o.DryRun {
		r.Err = wo.checkWrite(name, real, info)
		return r
	}
	r.Err = wo.write(name, real, out.Page, func(target string) error { return unchanged(name, target, info, in) })
	return r
}

// readRegular reads the file p, at most limit bytes: p must be a regular
// file (through links). It is opened without waiting (openNonblock: a
// FIFO does not block the open), its type and size are checked on the
// opened file, and it is read through a LimitReader, so a file larger
// than its size said (one growing as it is read) is refused too. The
// error names the file as name: a *PageError for a page over the limit.
func readRegular(name, p string, limit int) ([]byte, os.FileInfo, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, nil, pathError("open", name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, pathError("stat", name, err)
	}
	if !info.Mode().IsRegular() {
		return nil, info, fmt.Errorf("%s: not a regular file (%s): only regular files are read", name, fileKind(info.Mode()))
	}
	if info.Size() > int64(limit) {
		return nil, info, &PageError{name, 1, fmt.Errorf("the page is %d bytes; the limit is %d", info.Size(), limit)}
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, info, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > limit {
		return nil, info, &PageError{name, 1, fmt.Errorf("the page is more than %d bytes (it grew while read); the limit is %d", limit, limit)}
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
// the umask), before the page that refers to them, as wo writes; with
// dryRun it only lists them. Each is checked first as checkFigure does,
// with and without dryRun, so -n refuses what the write would, with the
// same error. The files listed are those written (or that would be): a
// file refused is not among them. A file that holds what it should is
// left untouched: a file's name is its content's hash, so pages beside
// each other share their common figures. Files no page refers to any
// more are left.
func writeFigures(p string, files map[string][]byte, dryRun bool, wo WriteOptions) ([]string, error) {
	var written []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		fp := filepath.Join(filepath.Dir(p), filepath.FromSlash(name))
		if old, _, err := readRegular(fp, fp, len(files[name])); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := checkFigure(fp, wo); err != nil { // the same refusal with -n and without
			return written, err
		}
		if !dryRun {
			if err := os.MkdirAll(filepath.Dir(fp), 0o777); err != nil {
				return written, err
			}
			if err := wo.WriteFile(fp, files[name]); err != nil {
				return written, err
			}
		}
		written = append(written, fp)
	}
	return written, nil
}

// checkFigure says what writing the figure file fp would refuse (see
// checkWrite): a file there that cannot be replaced, or a folder in
// which FiguresDir, or the file, cannot be created.
func checkFigure(fp string, wo WriteOptions) error {
	target, err := resolveLinks(fp)
	if err != nil {
		return pathError("write", fp, err)
	}
	if info, err := os.Stat(target); err == nil {
		return wo.checkWrite(fp, target, info)
	}
	dir := filepath.Dir(target)
	if _, err := os.Stat(dir); err != nil {
		dir = filepath.Dir(dir) // FiguresDir, made in the page's folder
	}
	if !canWrite(dir) {
		return pathError("write", fp, fmt.Errorf("cannot create a file in %s: the folder is not writable by this user", filepath.Clean(dir)))
	}
	return nil
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
		again, _, err := readRegular(p, target, MaxPageBytes)
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
