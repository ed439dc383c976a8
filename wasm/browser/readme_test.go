//go:build !(js && wasm) && unix

package browser

// The README's promises, kept: the tests here read README.md and
// CONTRIBUTING.md and run what they promise. Every command of their sh
// blocks is either run as written (servers started, fetched from and
// stopped with Ctrl-C) or listed in cannotRun with the reason; a command
// that is neither fails TestReadmeCommands. Every html block is served
// from a second origin in a sub-folder (/posts/2026/bitboards/) and must
// draw, its CDN address answered from the npm package as the tarball
// installs it (Chromium's request interception). The versions the files
// quote must be go.mod's and wasm/version's, and every measured figure
// (a size, a time, a limit) they quote is checked here.
//
// TestReleaseTarball is make release's check of the npm tarball: it is
// installed into an empty folder with npm, served from one origin, and a
// page on another draws a figure from it. make release passes its
// tarball in BITVIEW_TARBALL; make test packs dist/ itself.

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io"
	"io/fs"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	bvfigure "github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/internal/docs"
	"github.com/bitview/bitview/wasm/version"
	"github.com/bitview/bitview/wasm/view"
)

// fences returns the fenced blocks of the repository's Markdown file name
// and its prose (docs.Fences).
func fences(t *testing.T, name string) ([]docs.Fence, string) {
	t.Helper()
	fs, prose, err := docs.Fences(repo, name)
	if err != nil {
		t.Fatal(err)
	}
	return fs, prose
}

// commands returns the commands of the sh blocks of the files, each with
// where it stands (docs.Commands).
func commands(t *testing.T, files ...string) map[string]string {
	t.Helper()
	out, err := docs.Commands(repo, files...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// releaseCommands are the commands make release prints (make -s
// release-commands), which CONTRIBUTING.md quotes.
func releaseCommands(t *testing.T) []string {
	t.Helper()
	cmd := exec.Command("make", "-s", "release-commands")
	cmd.Dir = repo
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("make -s release-commands: %v", err)
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

// cannotRun are the commands of README.md and CONTRIBUTING.md that this
// test does not run, and why.
var cannotRun = map[string]string{
	"make test":                   "it is the run this test is part of",
	"make check":                  "make test runs what it runs (and more)",
	"make release":                "it runs make test, which runs this test; TestReleaseTarball is its tarball check",
	"make lint":                   "CI runs it as a step of its own (.ci/run), before make test",
	"make test-sites":             "CI runs it as a step of its own (.ci/run), after make test",
	"make sizes":                  "a second wasm build with its name section, a minute of CPU for a table of sizes",
	"make jscall":                 "it downloads chessops from the npm registry",
	"make bench":                  "benchmarks take minutes and assert nothing",
	"make fuzz":                   "30 s for each fuzz target: minutes",
	"go test -count=1 ./core/...": "make test runs it (its first go test)",
	"go test -count=1 -run TestPageStartPosition ./wasm/browser/":                    "this package: make test runs it",
	"go run github.com/bitview/bitview/wasm/cmd/bitview@latest -show P -o pawns.svg": "the module is not published yet (the README says so); the same command from a clone runs above",
}

// readmeRun runs one command as a shell would, in dir, with the extra
// environment, and returns its output; it fails the test when the
// command fails.
func readmeRun(t *testing.T, dir, command string, env ...string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s (in %s): %v\n%s", command, dir, err, out)
	}
	return string(out)
}

// serveCommand starts a command that serves (make serve, go run
// serve.go) in its own process group, waits for the line that names its
// URL, and returns the URL and a function that stops it with Ctrl-C (to
// the whole group: make, go run and the server) and checks that it ended.
func serveCommand(t *testing.T, command string, env ...string) (string, func()) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 1)
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := regexp.MustCompile(`^Bitview: serving .* at (http://127\.0\.0\.1:\d+)/$`).FindStringSubmatch(sc.Text()); m != nil {
				lines <- m[1]
			}
		}
		io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	kill := func(sig syscall.Signal) { syscall.Kill(-cmd.Process.Pid, sig) }
	var url string
	select {
	case url = <-lines:
	case err := <-exited:
		t.Fatalf("%s ended before serving: %v\n%s", command, err, log.String())
	case <-time.After(3 * time.Minute):
		kill(syscall.SIGKILL)
		t.Fatalf("%s printed no URL in 3 minutes:\n%s", command, log.String())
	}
	return url, func() {
		kill(syscall.SIGINT)
		select {
		case <-exited: // make reports the interrupt with a status of its own
		case <-time.After(15 * time.Second):
			kill(syscall.SIGKILL)
			t.Errorf("%s did not stop within 15 s of Ctrl-C", command)
		}
	}
}

// get fetches url and returns its status, type and body.
func get(t *testing.T, url string) (int, string, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

var (
	distOnce sync.Once
	distErr  string
	siteDir  string // the author's site: my-site/ after the README's copy
)

// readmeDist runs the README's build and copy commands once, as written:
// make dist in the clone, then the copy into my-site/ (in a folder of
// the test's, where dist is the clone's). It returns the folder that
// holds my-site/.
func readmeDist(t *testing.T) string {
	t.Helper()
	needsCommands(t, "sh", "make")
	distOnce.Do(func() {
		dir, err := os.MkdirTemp(filepath.Dir(serveBin), "readme-") // removed with serve.go's build when the tests end
		if err != nil {
			distErr = err.Error()
			return
		}
		if out, err := exec.Command("sh", "-c", "cd "+repo+" && make dist").CombinedOutput(); err != nil {
			distErr = fmt.Sprintf("make dist: %v\n%s", err, out)
			return
		}
		if err := os.Symlink(filepath.Join(repo, "dist"), filepath.Join(dir, "dist")); err != nil {
			distErr = err.Error()
			return
		}
		siteDir = dir
	})
	if distErr != "" {
		t.Fatal(distErr)
	}
	return siteDir
}

// TestReadmeCommands runs every command of README.md's and
// CONTRIBUTING.md's sh blocks that CI can run.
func TestReadmeCommands(t *testing.T) {
	parallel(t)
	all := commands(t, "README.md", "CONTRIBUTING.md", recipesFile)
	ran := map[string]bool{}
	run := func(c string, f func(t *testing.T)) {
		if _, ok := all[c]; !ok {
			t.Errorf("the test runs %q, which neither file has any more", c)
			return
		}
		ran[c] = true
		t.Run(all[c]+" "+c, f)
	}
	// The README's copy and prerender run in a folder of the test's own,
	// my-site/ beside a dist/ that is the clone's: TestReadmeSnippets
	// serves the shared one (readmeDist's) meanwhile, and a copy over the
	// files it served cut the wasm short there (ERR_CONTENT_LENGTH_MISMATCH,
	// one fresh-clone run); a second run (-count=2) found the first's post
	// already prerendered.
	readmeDist(t)
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(repo, "dist"), filepath.Join(dir, "dist")); err != nil {
		t.Fatal(err)
	}

	run("make dist", func(t *testing.T) {
		for _, f := range []string{"bitview-load.js", "bitview-element.js", "bitview.wasm", "bitview.wasm.br", "view.css", "embed.html", "LICENSE",
			"sites/hugo/layouts/_default/_markup/render-codeblock-bitboard.html", "sites/hugo/layouts/shortcodes/bitboard.html", "sites/jekyll/_includes/bitview.html"} {
			if _, err := os.Stat(filepath.Join(repo, "dist", f)); err != nil {
				t.Errorf("make dist wrote no %s", f)
			}
		}
		// No file a generator makes a page of (MkDocs: Markdown), and
		// nothing beside the templates that would be copied with them.
		filepath.WalkDir(filepath.Join(repo, "dist"), func(p string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(filepath.Join(repo, "dist"), p)
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".md") || strings.HasPrefix(rel, "sites/") && !strings.HasSuffix(p, ".html")) {
				t.Errorf("make dist wrote %s", rel)
			}
			return nil
		})
	})
	cp := "mkdir -p my-site/bitview && cp -R dist/. my-site/bitview/"
	run(cp, func(t *testing.T) {
		readmeRun(t, dir, cp)
		if _, err := os.Stat(filepath.Join(dir, "my-site/bitview/bitview-element.js")); err != nil {
			t.Error(err)
		}
	})
	run("make wasm", func(t *testing.T) { readmeRun(t, repo, "make wasm") })
	run("make serve", func(t *testing.T) {
		// ADDR, which the README names, keeps a busy 8080 from failing the test.
		url, stop := serveCommand(t, "make serve", "ADDR=127.0.0.1:0")
		defer stop()
		if code, _, body := get(t, url+"/"); code != 200 || !strings.Contains(body, "<title>Bitview") {
			t.Errorf("make serve: / answered %d", code)
		}
	})
	run("go run serve.go -addr 127.0.0.1:0 -dir web", func(t *testing.T) {
		url, stop := serveCommand(t, "go run serve.go -addr 127.0.0.1:0 -dir web")
		defer stop()
		if code, typ, _ := get(t, url+"/bitview.wasm"); code != 200 || typ != "application/wasm" {
			t.Errorf("serve.go: bitview.wasm answered %d %s", code, typ)
		}
		if code, typ, body := get(t, url+"/figure.svg?show=P,empty&fen=x"); code != 400 || !strings.HasPrefix(typ, "image/svg+xml") || !strings.Contains(body, "fen") {
			t.Errorf("serve.go: a bad /figure.svg answered %d %s, want 400 and an SVG that names the error", code, typ)
		}
	})
	kiwipete := "go run ./wasm/cmd/bitview -fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' -show P,occupied -layout 0x88 -o kiwipete.svg"
	run(kiwipete, func(t *testing.T) {
		t.Cleanup(func() { os.Remove(filepath.Join(repo, "kiwipete.svg")) })
		readmeRun(t, repo, kiwipete)
		want, err := bvfigure.Resolve(bvfigure.Options{"fen": kiwipeteFEN, "show": "P,occupied", "layout": "0x88"})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(filepath.Join(repo, "kiwipete.svg")); string(got) != want.SVG() {
			t.Errorf("kiwipete.svg (%d bytes) is not the figure's SVG (%d bytes)", len(got), len(want.SVG()))
		}
	})
	pngCmd := "go run ./wasm/cmd/bitview -show P -o pawns.png -scale 2"
	run(pngCmd, func(t *testing.T) {
		t.Cleanup(func() { os.Remove(filepath.Join(repo, "pawns.png")) })
		readmeRun(t, repo, pngCmd)
		if b, _ := os.ReadFile(filepath.Join(repo, "pawns.png")); !strings.HasPrefix(string(b), "\x89PNG") {
			t.Error("pawns.png is no PNG")
		}
	})
	run("go run ./wasm/cmd/bitview -version", func(t *testing.T) {
		if out := readmeRun(t, repo, "go run ./wasm/cmd/bitview -version"); out != "bitview "+version.Version+"\n" {
			t.Errorf("bitview -version printed %q, want %q", out, "bitview "+version.Version)
		}
	})
	// The engine author's bench: show, divide and check, each with
	// what it must print.
	for c, want := range map[string]string{
		"go run ./wasm/cmd/bitview show -layout 0x88 'K | k'":                               "hex 0x00100000000000000000000000000010",
		"go run ./wasm/cmd/bitview divide -depth 2":                                         "\nNodes searched: 400\n",
		"go run ./wasm/cmd/bitview divide -suite core/testdata/perftsuite.epd -max-depth 3": "all 378 counts of the suite agree.",
		"echo '0x000000000000FF00 0x0000000000000042' | go run ./wasm/cmd/bitview check":    "2 of 2 numbers agree.",
	} {
		run(c, func(t *testing.T) {
			if out := readmeRun(t, repo, c); !strings.Contains(out, want) {
				t.Errorf("%s printed %q, want it to hold %q", c, out, want)
			}
		})
	}
	prerender := "go run ./wasm/cmd/bitview prerender -base /bitview/ my-site/"
	run(prerender, func(t *testing.T) {
		// The README's Markdown block as a post of my-site/, its source
		// beside the page a generator built from it (as MkDocs writes a
		// fence), and my-site/bitview/, the README's copy of dist/.
		fs, _ := fences(t, "README.md")
		var md string
		for _, f := range fs {
			if f.Lang == "markdown" {
				md += f.Text
			}
		}
		if md == "" {
			t.Fatal("README.md has no markdown block to prerender")
		}
		source := "# Pawn pushes\n\n" + md
		block := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(md), "```bitboard\n"), "```")
		built := "<!doctype html>\n<html><head><title>Pawn pushes</title></head><body>\n<h1>Pawn pushes</h1>\n<pre><code class=\"language-bitboard\">" + html.EscapeString(block) + "</code></pre>\n</body></html>\n"
		site := filepath.Join(dir, "my-site")
		mdFile, post := filepath.Join(site, "posts", "pawns.md"), filepath.Join(site, "posts", "pawns", "index.html")
		if err := os.MkdirAll(filepath.Dir(post), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(mdFile, []byte(source), 0o644)
		os.WriteFile(post, []byte(built), 0o644)
		copyBefore := treeHash(t, filepath.Join(site, "bitview"))
		// my-site/ is the test's folder (the command's only change); go run needs the clone.
		out := readmeRun(t, repo, strings.Replace(prerender, "my-site/", site+"/", 1))
		// The post, and its figures' SVG files beside it (the README says so).
		figures := filepath.Join(filepath.Dir(post), "bitview-figures") + string(filepath.Separator)
		if strings.Count(out, "wrote ") != 1+strings.Count(out, "wrote "+figures) || !strings.Contains(out, "wrote "+figures) {
			t.Errorf("prerender wrote other pages than the post, or no figure file beside it: %q", out)
		}
		got, _ := os.ReadFile(post)
		if !strings.Contains(out, "wrote "+post) || !strings.Contains(string(got), `<template shadowrootmode="open" data-bitview-prerendered="`) || !strings.Contains(string(got), "/bitview/view.css") ||
			!strings.Contains(string(got), `<img data-bitview-figure src="bitview-figures/`) {
			t.Errorf("prerender printed %q and wrote:\n%.2000s", out, got)
		}
		// The README says: the Markdown source and Bitview's copy are left as they are.
		if b, _ := os.ReadFile(mdFile); string(b) != source {
			t.Error("prerender wrote the Markdown source")
		}
		if treeHash(t, filepath.Join(site, "bitview")) != copyBefore {
			t.Error("prerender changed my-site/bitview/, Bitview's copy")
		}
	})
	// The recipes' commands: TestSites runs each with its generator
	// (TestSitesNPM those of VitePress), TestDecks each deck's with its tool.
	for name, r := range recipes(t) {
		for _, c := range r.commands {
			if _, ok := all[c]; ok && !strings.HasPrefix(c, "curl ") {
				ran[c] = true
				t.Logf("run by TestSites, TestSitesNPM or TestDecks (%s): %s", name, c)
			}
		}
	}
	// The recipes' check of a server, against serve.go over dist/.
	for c, where := range all {
		if !strings.HasPrefix(c, "curl ") || !strings.Contains(where, recipesFile) {
			continue
		}
		run(c, func(t *testing.T) {
			if _, err := exec.LookPath("curl"); err != nil {
				t.Skip("curl is not installed")
			}
			url := serveDir(t, filepath.Join(repo, "dist"))
			out := readmeRun(t, repo, strings.Replace(c, "http://127.0.0.1:8080", url, 1))
			if !regexp.MustCompile(`(?im)^content-encoding: br\r?$`).MatchString(out) || !regexp.MustCompile(`(?im)^content-type: application/wasm\r?$`).MatchString(out) {
				t.Errorf("%s printed\n%s\nwant Content-Encoding: br and Content-Type: application/wasm", c, out)
			}
		})
	}
	// The publishing commands are not run (they publish); they must be
	// what make release prints.
	checked := map[string]bool{}
	for i, c := range releaseCommands(t) {
		if _, ok := all[c]; !ok {
			t.Errorf("make release prints %q (line %d), which CONTRIBUTING.md does not quote", c, i+1)
		}
		checked[c] = true
	}

	for c, where := range all {
		why, listed := cannotRun[c]
		switch {
		case checked[c]:
			t.Logf("not run: %s (%s): it publishes; checked to be what make release prints", c, where)
		case ran[c] && listed:
			t.Errorf("%s: %q is run and listed as not run", where, c)
		case !ran[c] && !listed:
			t.Errorf("%s: %q is neither run by this test nor listed in cannotRun with the reason", where, c)
		case listed:
			t.Logf("not run: %s (%s): %s", c, where, why)
		}
	}
	for c := range cannotRun {
		if _, ok := all[c]; !ok {
			t.Errorf("cannotRun lists %q, which neither file has any more", c)
		}
	}
	t.Logf("%d commands in the two files: %d run, %d not run (listed above)", len(all), len(ran), len(all)-len(ran))
}

// mimeTypes are the types a CDN sends for the package's files.
var mimeTypes = map[string]string{".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".wasm": "application/wasm", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json",
	".html": "text/html; charset=utf-8", ".md": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8"}

// packageServer serves a folder as a CDN does: the files with their
// types and Access-Control-Allow-Origin: *.
func packageServer(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if typ, ok := mimeTypes[filepath.Ext(r.URL.Path)]; ok {
			w.Header().Set("Content-Type", typ)
		}
		files.ServeHTTP(w, r)
	})
}

// mapCDN answers the tab's requests for the package on the CDN at this
// version from the folder pkg (the package as npm installs it), as
// jsDelivr would once the version is published.
func mapCDN(t *testing.T, ctx context.Context, pkg string) {
	t.Helper()
	prefix := view.CDN + version.Version + "/"
	events := chromedp.Events(ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(ev.Request.URL, prefix), "?")
			headers := []*fetch.HeaderEntry{{Name: "Access-Control-Allow-Origin", Value: "*"}}
			code := int64(200)
			body, err := os.ReadFile(filepath.Join(pkg, filepath.FromSlash(name)))
			if err != nil || strings.Contains(name, "..") {
				code, body = 404, []byte("Couldn't find the requested file.")
			} else if typ, ok := mimeTypes[filepath.Ext(name)]; ok {
				headers = append(headers, &fetch.HeaderEntry{Name: "Content-Type", Value: typ})
			}
			chromedp.Call(ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: ev.RequestID, ResponseCode: code, ResponseHeaders: headers, Body: body})
		}
	}()
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: prefix + "*"}}}); err != nil {
		t.Fatal(err)
	}
}

// moduleBlock matches a js block that is a module of the author's site:
// its first line names the file and the line that loads it,
// "// my-figure.js, a module of your site: <script type="module" src="/my-figure.js"></script>".
var moduleBlock = regexp.MustCompile(`^// ([a-z-]+\.js), a module of your site: (<script type="module" src="/[a-z-]+\.js"></script>)\n`)

// snippetPage wraps an html block in an author's post; console.log is
// recorded in window.logs.
const snippetPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A post</title>` + eventLog + `
<script>window.logs = []; { const log = console.log; console.log = (...a) => { logs.push(a.join(' ')); log(...a); }; }</script>
</head><body><h1>A post</h1>
%s
</body></html>`

// TestReadmeSnippets serves each html block of README.md from a second
// origin, in a sub-folder, and checks that it draws: every element ready
// without an error, every iframe sized by its view, every image loaded,
// and the JS API's line logged.
func TestReadmeSnippets(t *testing.T) {
	dir := readmeDist(t)
	mySite := filepath.Join(dir, "my-site")
	if _, err := os.Stat(filepath.Join(mySite, "bitview", "bitview-element.js")); err != nil {
		// TestReadmeCommands copies it; alone, this test does the same.
		readmeRun(t, dir, "mkdir -p my-site/bitview && cp -R dist/. my-site/bitview/")
	}
	pkg := installedPackage(t)
	ctx, _ := site(t) // its time runs from here, after make dist and npm
	mapCDN(t, ctx, pkg)
	fs, _ := fences(t, "README.md")
	n := 0
	for _, f := range fs {
		// A js block that is a module of the author's site says so on its
		// first line, with the line that loads it: the post is that line,
		// and the module is served at its path.
		module := moduleBlock.FindStringSubmatch(f.Text)
		if f.Lang != "html" && (f.Lang != "js" || module == nil) {
			continue
		}
		n++
		t.Run(fmt.Sprintf("README.md:%d", f.Line), func(t *testing.T) {
			page := fmt.Sprintf(snippetPage, f.Text)
			if module != nil {
				page = fmt.Sprintf(snippetPage, module[2])
			}
			var url string
			if strings.Contains(f.Text, "/figure.svg") {
				// serve.go's Content-Security-Policy allows no inline script: the post is the snippet alone.
				page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\"><title>A post</title></head><body>\n" + f.Text + "</body></html>"
				// A page on the server of make serve (serve.go), which answers /figure.svg.
				post := filepath.Join(t.TempDir(), "posts", "2026", "bitboards")
				if err := os.MkdirAll(post, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(post, "index.html"), []byte(page), 0o644); err != nil {
					t.Fatal(err)
				}
				url = serveDir(t, filepath.Dir(filepath.Dir(filepath.Dir(post)))) + "/posts/2026/bitboards/"
			} else {
				// The author's site: my-site/ with the post in a sub-folder.
				files := packageServer(mySite)
				srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/posts/2026/bitboards/" {
						w.Header().Set("Content-Type", "text/html; charset=utf-8")
						fmt.Fprint(w, page)
						return
					}
					if module != nil && r.URL.Path == "/"+module[1] {
						w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
						fmt.Fprint(w, f.Text)
						return
					}
					files.ServeHTTP(w, r)
				}))
				t.Cleanup(srv.Close)
				url = srv.URL + "/posts/2026/bitboards/"
			}
			// The last snippet's page leaves the tab first: its server is
			// closed, and a request it still makes (an iframe's, under
			// load) fails there, which is not this snippet's error
			// (ERR_CONNECTION_REFUSED in one CI run).
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
				t.Fatal(err)
			}
			errs := consoleErrors(ctx)
			if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
				t.Fatal(err)
			}
			wait := `new Promise((resolve) => { const t0 = performance.now(); const check = () => {
				const views = [...document.querySelectorAll('bitboard-view')], frames = [...document.querySelectorAll('iframe[data-bitview]')], imgs = [...document.images];
				const done = views.every((v) => v.status?.ok || v.status?.error) && frames.every((f) => f.style.height) && imgs.every((i) => i.complete)
					&& (!document.querySelector('script[type=module][src^="/my-"]') || window.logs?.length > 0);
				if (done || performance.now() - t0 > 20000) resolve({ views: views.map((v) => v.status ?? { ok: false, error: 'never defined' }), frames: frames.map((f) => f.style.height),
					imgs: imgs.map((i) => i.naturalWidth), logs: window.logs ?? [] });
				else setTimeout(check, 50); }; check(); })`
			got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](wait, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			things := 0
			for i, v := range got["views"].([]any) {
				things++
				if st := v.(map[string]any); st["ok"] != true {
					t.Errorf("element %d: %v", i, st)
				}
			}
			for i, h := range got["frames"].([]any) {
				things++
				if h == "" {
					t.Errorf("iframe %d: embed.html never sent its height", i)
				}
			}
			for i, w := range got["imgs"].([]any) {
				things++
				if w.(float64) == 0 {
					t.Errorf("image %d did not load", i)
				}
			}
			if strings.Contains(f.Text, "console.log") {
				things++
				// The line the JS API snippet logs: the version and e4's bit in 0x88 (index 52), as 32 hex digits.
				want := fmt.Sprintf("%s 0x%032x", version.Version, new(big.Int).Lsh(big.NewInt(1), 52))
				if logs := got["logs"].([]any); len(logs) != 1 || logs[0] != want {
					t.Errorf("the JS API logged %v, want %q", logs, want)
				}
			}
			if things == 0 {
				t.Error("the snippet shows nothing this test knows how to check")
			}
			if e := errs(); len(e) > 0 {
				t.Errorf("console errors: %q", e)
			}
			t.Logf("%s: %v", url, got)
		})
	}
	t.Logf("%d html blocks served and drawn", n)
}

// moduleImports are the relative imports of a module's text, as
// web/bitview-load.js finds them: import … from, export … from and
// import() at the start of a statement.
var moduleImports = regexp.MustCompile(`(?:^|[;\n])\s*(?:(?:import|export)\b[^'"` + "`" + `;]*?\bfrom\s*|import\s*\(?\s*)['"](\.{1,2}/[^'"]+)['"]`)

// pageFiles returns the files of web/ that a page with figures loads,
// the pieces aside: bitview-load.js, the modules it imports and those they
// import, Go's wasm_exec.js, the wasm and view.css.
func pageFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"bitview-load.js", "bitview-markdown.js", "bitview-element.js"}
	for i := 1; i < len(files); i++ {
		if !strings.HasSuffix(files[i], ".js") || files[i] == "bitview-load.js" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(repo, "web", filepath.FromSlash(files[i])))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moduleImports.FindAllStringSubmatch(string(b), -1) {
			if f := path.Join(path.Dir(files[i]), m[1]); !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	return append(files, "wasm_exec.js", "bitview.wasm", "view.css")
}

// TestReadmeSizes checks the sizes README.md quotes ("Serving") against
// dist/: what a page with figures loads as brotli (the .br beside each of
// pageFiles and of the twelve pieces), the wasm as brotli and as it is.
// TestSites checks that its pages load pageFiles, the pieces and nothing
// else of the copy.
func TestReadmeSizes(t *testing.T) {
	parallel(t)
	dist := filepath.Join(readmeDist(t), "dist")
	size := func(name string) int64 {
		info, err := os.Stat(filepath.Join(dist, name))
		if err != nil {
			t.Fatal(err)
		}
		return info.Size()
	}
	var page int64
	pieces, _ := filepath.Glob(filepath.Join(dist, "pieces", "chessnut", "*.svg"))
	for _, p := range pieces {
		rel, _ := filepath.Rel(dist, p)
		page += size(rel + ".br")
	}
	files := pageFiles(t)
	for _, f := range files {
		page += size(f + ".br")
	}
	mb := func(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
	want := fmt.Sprintf("A page with figures loads %s as brotli (the wasm %s of it, %s uncompressed)", mb(page), mb(size("bitview.wasm.br")), mb(size("bitview.wasm")))
	raw, _ := os.ReadFile(filepath.Join(repo, "README.md"))
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	if len(pieces) != 12 || !strings.Contains(norm(string(raw)), norm(want)) {
		t.Errorf("README.md does not say %q (%d pieces)", want, len(pieces))
	}
	t.Logf("a page with figures: %d files and 12 pieces, %d B as brotli; the wasm %d B as brotli, %d B as it is", len(files), page, size("bitview.wasm.br"), size("bitview.wasm"))
}

var (
	pkgOnce sync.Once
	pkgDir  string
	pkgErr  string
)

// installedPackage returns the npm package as npm installs it into an
// empty folder: from make release's tarball (BITVIEW_TARBALL), or from
// one packed here from make npm-package's folder (dist/ with package.json
// and README.md, after the README's make dist).
func installedPackage(t *testing.T) string {
	t.Helper()
	pkgOnce.Do(func() {
		dir, err := os.MkdirTemp(filepath.Dir(serveBin), "npm-") // removed with serve.go's build when the tests end
		if err != nil {
			pkgErr = err.Error()
			return
		}
		tarball := os.Getenv("BITVIEW_TARBALL")
		if tarball == "" {
			readmeDist(t)
			npmDir := filepath.Join(dir, "npm")
			if out, err := exec.Command("make", "-s", "-C", repo, "npm-package", "NPM_DIR="+npmDir).CombinedOutput(); err != nil {
				pkgErr = fmt.Sprintf("make npm-package: %v\n%s", err, out)
				return
			}
			pack := exec.Command("npm", "pack", "--pack-destination", dir, "--loglevel=error")
			pack.Dir = npmDir
			out, err := pack.Output()
			if err != nil {
				pkgErr = fmt.Sprintf("npm pack: %v", err)
				return
			}
			tarball = filepath.Join(dir, strings.TrimSpace(string(out)))
		}
		info, err := os.Stat(tarball)
		if err != nil {
			pkgErr = err.Error()
			return
		}
		empty := filepath.Join(dir, "empty")
		if err := os.Mkdir(empty, 0o755); err != nil {
			pkgErr = err.Error()
			return
		}
		install := exec.Command("npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--offline", tarball)
		install.Dir = empty
		if out, err := install.CombinedOutput(); err != nil {
			pkgErr = fmt.Sprintf("npm install %s in an empty folder: %v\n%s", tarball, err, out)
			return
		}
		pkgDir = filepath.Join(empty, "node_modules", "bitview")
		fmt.Fprintf(os.Stderr, "npm tarball %s: %d bytes, installed into %s\n", filepath.Base(tarball), info.Size(), empty)
	})
	if pkgErr != "" {
		t.Fatal(pkgErr)
	}
	return pkgDir
}

// TestReleaseTarball is make release's check: the tarball installs into
// an empty folder with npm, holds the files and the version, and a page
// on one origin draws a figure with the package served from another.
func TestReleaseTarball(t *testing.T) {
	ctx, _ := site(t)
	pkg := installedPackage(t)
	b, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"version": "`+version.Version+`"`) || !strings.Contains(string(b), `"name": "bitview"`) {
		t.Errorf("the installed package.json is not bitview %s:\n%s", version.Version, b)
	}
	for _, f := range []string{"bitview-element.js", "bitview.js", "bitview-markdown.js", "bitview.wasm", "wasm_exec.js", "view.css", "repr.css",
		"embed.html", "bitview.d.ts", "custom-elements.json", "README.md", "LICENSE", "pieces/chessnut/wP.svg"} {
		if _, err := os.Stat(filepath.Join(pkg, f)); err != nil {
			t.Errorf("the installed package has no %s", f)
		}
	}
	cdn := httptest.NewServer(packageServer(pkg))
	defer cdn.Close()
	author := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, snippetPage, `<script type="module" src="`+cdn.URL+`/bitview-element.js"></script>
<bitboard-view id="v" layout="0x88" show="P,occupied"></bitboard-view>`)
	}))
	defer author.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(author.URL+"/posts/2026/bitboards/")); err != nil {
		t.Fatal(err)
	}
	waitEvents(t, ctx, "bitview-ready", 1)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(async () => { const v = document.getElementById('v');
		return { ok: v.status.ok, svg: (await v.toSVG()).length, version: globalThis.bitview.version }; })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if got["ok"] != true || got["svg"].(float64) < 1000 || got["version"] != version.Version {
		t.Errorf("a figure from the installed package: %v", got)
	}
	t.Logf("the installed package drew a figure from another origin: %v", got)
}

// treeHash returns the SHA-256 of every regular file below dir, with its
// path, as one hex string.
func treeHash(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		fmt.Fprintf(h, "%s %x\n", p, sha256.Sum256(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}
