package sitegen

import (
	"context"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A Generator is a static-site generator, with the folders of a site it
// makes from its defaults.
type Generator struct {
	// Name is its command: hugo, mkdocs or jekyll.
	Name string
	// Config is its configuration file in the site's folder, as its
	// "new site" command writes it.
	Config string
	// Pages is the folder of the site's Markdown pages ("" for the
	// site's folder).
	Pages string
	// Static is the folder whose files it publishes as they are ("" for
	// the site's folder: Jekyll copies any file without front matter).
	Static string
	// Output is the folder it builds the site into, by default.
	Output string
	// Install is how to install it on Debian.
	Install string
}

// The generators of Bitview's recipes, as Debian packages them (Hugo
// 0.111, MkDocs 1.4, Jekyll 4.3 when this was written).
var (
	Hugo   = Generator{Name: "hugo", Config: "config.toml", Pages: "content", Static: "static", Output: "public", Install: "apt-get install hugo"}
	MkDocs = Generator{Name: "mkdocs", Config: "mkdocs.yml", Pages: "docs", Static: "docs", Output: "site", Install: "apt-get install mkdocs"}
	Jekyll = Generator{Name: "jekyll", Config: "_config.yml", Pages: "", Static: "", Output: "_site", Install: "apt-get install jekyll"}
	// All are the three, in that order.
	All = []Generator{Hugo, MkDocs, Jekyll}
)

// headMarks are the comments, in each generator's template language, of
// a new site's page template that Head puts its lines before: they leave
// nothing in the built pages.
var headMarks = map[string]string{"hugo": "{{/* sitegen: head */}}", "mkdocs": "{# sitegen: head #}", "jekyll": "{% comment %}sitegen: head{% endcomment %}"}

// A Site is a site's source folder, made by New.
type Site struct {
	Generator
	// Dir is the site's source folder.
	Dir string
	t   testing.TB
}

// Need skips t, saying how to install it, unless g's command is on the
// PATH; with CI set (CI runs every test) it fails t instead. With -short
// (make check) it skips t: a site's build takes seconds.
func Need(t testing.TB, g Generator) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a site with " + g.Name + ": skipped with -short (make check); make test runs it")
	}
	if _, err := exec.LookPath(g.Name); err == nil {
		return
	}
	msg := g.Name + " is not on the PATH: install it (" + g.Install + ") to build its site"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// New makes a site with g in a new temporary folder, from its defaults:
//   - Hugo: hugo new site, and a theme from hugo new theme (0.111's
//     layouts are empty: its base, list, single and home layouts get the
//     page's title and content, and its head partial a <head> with the
//     page's title and room for Head);
//   - MkDocs: mkdocs new (its default theme, mkdocs; a custom_dir of
//     overrides/ whose main.html extends the theme's base.html at its
//     extrahead block, for Head);
//   - Jekyll: jekyll new --blank (no Gemfile, no theme gem: its own
//     default layout; Debian's jekyll has no bundler).
//
// It skips t when the generator is missing (see Need).
func New(t testing.TB, g Generator) *Site {
	t.Helper()
	Need(t, g)
	s := &Site{Generator: g, Dir: filepath.Join(t.TempDir(), "site"), t: t}
	switch g.Name {
	case "hugo":
		s.run(filepath.Dir(s.Dir), "hugo", "new", "site", s.Dir)
		s.run(s.Dir, "hugo", "new", "theme", "site")
		main := `{{ define "main" }}<h1>{{ .Title }}</h1>` + "\n" + `{{ .Content }}{{ end }}` + "\n"
		for _, f := range []string{"_default/single.html", "_default/list.html", "index.html"} {
			s.Write("themes/site/layouts/"+f, main)
		}
		s.Write("themes/site/layouts/partials/head.html", "<head>\n<meta charset=\"utf-8\">\n<title>{{ .Title }}</title>\n"+headMarks["hugo"]+"\n</head>\n")
		s.AppendConfig("theme = 'site'\n")
	case "mkdocs":
		s.run(filepath.Dir(s.Dir), "mkdocs", "new", s.Dir)
		s.Write("overrides/main.html", "{% extends \"base.html\" %}\n{% block extrahead %}\n"+headMarks["mkdocs"]+"\n{% endblock %}\n")
		s.AppendConfig("theme:\n  name: mkdocs\n  custom_dir: overrides\n")
	case "jekyll":
		s.run(filepath.Dir(s.Dir), "jekyll", "new", "--blank", s.Dir)
		s.edit("_layouts/default.html", "</head>", headMarks["jekyll"]+"\n  </head>")
	default:
		t.Fatalf("sitegen: no generator %q", g.Name)
	}
	return s
}

// run runs a command in dir, failing the test with its output if it
// fails; it is ended after two minutes.
func (s *Site) run(dir string, name string, args ...string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		s.t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
}

// Write writes a file of the site's source (name slash-separated,
// relative to Dir): a page, a layout, a render hook, a configuration.
func (s *Site) Write(name, content string) {
	s.t.Helper()
	p := filepath.Join(s.Dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// edit replaces the first old of the site's file name with new, failing
// the test if the file does not hold old.
func (s *Site) edit(name, old, new string) {
	s.t.Helper()
	b, err := os.ReadFile(filepath.Join(s.Dir, filepath.FromSlash(name)))
	if err != nil {
		s.t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		s.t.Fatalf("sitegen: %s holds no %q", name, old)
	}
	s.Write(name, strings.Replace(string(b), old, new, 1))
}

// AppendConfig adds text at the end of the site's configuration file
// (TOML for Hugo, YAML for the others).
func (s *Site) AppendConfig(text string) {
	s.t.Helper()
	b, err := os.ReadFile(filepath.Join(s.Dir, s.Config))
	if err != nil {
		s.t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b, '\n')
	}
	s.Write(s.Config, string(b)+text)
}

// SubPath sets the folder the site is served under, such as "/repo/"
// for a GitHub Pages project site: Hugo's baseURL, MkDocs's site_url,
// Jekyll's baseurl.
func (s *Site) SubPath(prefix string) {
	s.t.Helper()
	prefix = "/" + strings.Trim(prefix, "/") + "/"
	switch s.Name {
	case "hugo":
		s.edit(s.Config, "baseURL = 'http://example.org/'", "baseURL = 'http://example.org"+prefix+"'")
	case "mkdocs":
		s.AppendConfig("site_url: http://example.org" + prefix + "\n")
	case "jekyll":
		s.edit(s.Config, `baseurl: ""`, `baseurl: "`+strings.TrimSuffix(prefix, "/")+`"`)
	}
}

// Head puts html into the <head> of every page, where New's templates
// leave room for it (Hugo's head partial, MkDocs's extrahead block,
// Jekyll's default layout). Hugo's and Jekyll's templates may use their
// template language in it (such as {{ "bitview/" | relURL }}).
func (s *Site) Head(html string) {
	s.t.Helper()
	file := map[string]string{"hugo": "themes/site/layouts/partials/head.html", "mkdocs": "overrides/main.html", "jekyll": "_layouts/default.html"}[s.Name]
	s.edit(file, headMarks[s.Name], html+"\n"+headMarks[s.Name])
}

// Page writes a Markdown page, name (slash-separated, without ".md")
// in the generator's page folder, with its title (front matter for Hugo
// and Jekyll, the first heading for MkDocs) and body, and returns the
// path of the page the generator builds from it, relative to its output
// folder: NAME/index.html for Hugo and MkDocs, NAME.html for Jekyll.
func (s *Site) Page(name, title, body string) string {
	s.t.Helper()
	switch s.Name {
	case "mkdocs":
		s.Write(path.Join(s.Pages, name+".md"), "# "+title+"\n\n"+body)
		return name + "/index.html"
	case "jekyll":
		s.Write(path.Join(s.Pages, name+".md"), "---\nlayout: default\ntitle: "+title+"\n---\n\n"+body)
		return name + ".html"
	default:
		s.Write(path.Join(s.Pages, name+".md"), "---\ntitle: "+title+"\n---\n\n"+body)
		return name + "/index.html"
	}
}

// Copy copies the folder src into the files the generator publishes as
// they are (its Static folder), as the folder dest (slash-separated),
// every regular file but those skip (if not nil) reports, by their
// slash-separated path relative to src.
func (s *Site) Copy(src, dest string, skip func(rel string) bool) {
	s.t.Helper()
	to := filepath.Join(s.Dir, filepath.FromSlash(s.Static), filepath.FromSlash(dest))
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || skip != nil && skip(filepath.ToSlash(rel)) {
			return err
		}
		return copyFile(p, filepath.Join(to, rel))
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Build runs the generator on the site (hugo, mkdocs build, jekyll
// build; each quiet) and returns the folder it built.
func (s *Site) Build() string {
	s.t.Helper()
	switch s.Name {
	case "hugo":
		s.run(s.Dir, "hugo", "--quiet")
	default:
		s.run(s.Dir, s.Name, "build", "--quiet")
	}
	return filepath.Join(s.Dir, s.Output)
}

// Serve serves the folder dir under the path prefix (such as "/repo/",
// or "/"), as a static host serves a built site, until the test ends,
// and returns the URL of prefix (ending in "/").
func Serve(t testing.TB, dir, prefix string) string {
	t.Helper()
	prefix = "/" + strings.Trim(prefix, "/")
	h := http.FileServer(http.Dir(dir))
	if prefix != "/" {
		h = http.StripPrefix(prefix, h)
	} else {
		prefix = ""
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + prefix + "/"
}
