//go:build linux

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// element is a page with one <bitboard-view> and no script: prerender
// draws its figure inline (no figure file), so the page is its only
// write. Its prose runs past the first file system block.
var elementPage = "<html><body>\n" + strings.Repeat("<p>A paragraph of the author's article, about pawns and bitboards.</p>\n", 40) +
	"<bitboard-view show=\"P\"></bitboard-view>\n</body></html>\n"

// TestPrerenderWriteFails (issue 46.2): a write that fails (here past
// the file size limit, `ulimit -f` in a child) leaves every name of a
// page whole: a page with one name, and a page with two hard links
// replaced as -break-links asks; no temporary file is left. Without
// -break-links, a page with two hard links is refused before anything
// is written, the other pages done.
func TestPrerenderWriteFails(t *testing.T) {
	setup := func() (string, map[string]string) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"one.html": elementPage, "a.html": elementPage})
		if err := os.Link(filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")); err != nil {
			t.Skip("no hard links here:", err)
		}
		return dir, snapshot(t, dir)
	}
	for _, flags := range [][]string{nil, {"-break-links"}} {
		dir, before := setup()
		code, stdout, stderr := runCommand(t, commandRun{fsize: 8192}, append(append([]string{"prerender"}, flags...), dir)...)
		if code != 1 || !strings.Contains(stderr, "write "+filepath.Join(dir, "one.html")+": file too large") {
			t.Errorf("%v under a file size limit: exit %d, %q, %q; want 1 and the write's error", flags, code, stdout, stderr)
		}
		if after := snapshot(t, dir); !mapsEqual(after, before) {
			for name := range before {
				if after[name] != before[name] {
					t.Errorf("%v: %s is %d bytes, was %d: a failed write changed it", flags, name, len(after[name]), len(before[name]))
				}
			}
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
			t.Errorf("%v: temporary files left: %v", flags, left)
		}
	}

	dir, before := setup()
	code, stdout, stderr := prerenderRun(dir)
	a := filepath.Join(dir, "a.html")
	if code != 1 || !strings.Contains(stderr, "write "+a+": the file has other hard links; it was not written (2 names: replaced under this one") {
		t.Errorf("a page with two hard links: exit %d, %q; want 1 and the page refused", code, stderr)
	}
	after := snapshot(t, dir)
	if after["a.html"] != before["a.html"] || after["b.html"] != before["b.html"] || after["one.html"] == before["one.html"] || !strings.Contains(stdout, "wrote "+filepath.Join(dir, "one.html")) {
		t.Errorf("the linked page changed, or the other not written: %q", stdout)
	}
	ia, _ := os.Stat(a)
	ib, _ := os.Stat(filepath.Join(dir, "b.html"))
	if !os.SameFile(ia, ib) {
		t.Error("the hard link is broken")
	}
}

// siteWithLinks writes the site s/ of issue 46.3–5 into dir: pages, a
// copy of Bitview's files without its wasm (bitview/, with a .gz), links
// to a page of the copy, to a page outside the site, to an excluded
// page, a folder linked inside the site (linkdir → posts), and s2 → s.
// It returns dir.
func siteWithLinks(t *testing.T) string {
	dir := t.TempDir()
	page := "<html><body>\n<bitboard-view show=\"P\"></bitboard-view>\n</body></html>\n"
	writeFiles(t, dir, map[string]string{
		"outside/important.html":       page,
		"s/index.html":                 page,
		"s/posts/a.html":               page,
		"s/drafts/d.html":              page,
		"s/bitview/bitview-element.js": "// the element\n",
		"s/bitview/embed.html":         page,
		"s/bitview/embed.html.gz":      "gzip",
	})
	for link, target := range map[string]string{
		"s/posts/embed-alias.html": "../bitview/embed.html",
		"s/posts/ext.html":         "../../outside/important.html",
		"s/posts/d-alias.html":     "../drafts/d.html",
		"s/linkdir":                "posts",
		"s2":                       "s",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPrerenderLinks (issues 46.3, 46.4, 46.5, 46.12): links are resolved
// before any rule: a link to a page of Bitview's copy, to a page outside
// the site or to an excluded page is never written through (the first
// two said, the copy's .gz stays true); -exclude compares the files its
// paths lead to (a page named through a linked folder, a page below an
// excluded folder); a site given as a link is walked; a copy without
// bitview.wasm is a copy; -exclude= names nothing and is refused.
func TestPrerenderLinks(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string // "DIR" is the test's folder
		code    int
		written []string // pages written, from DIR
		out     []string // in standard output or error, DIR written for the folder
	}{
		{"links in the site", []string{"-base", "/b/", "-exclude", "DIR/s/drafts", "DIR/s"}, 0, []string{"s/index.html", "s/posts/a.html"},
			[]string{"left DIR/s/posts/ext.html as it is: a link to DIR/outside/important.html, outside the site DIR/s: prerender never writes through it",
				"left DIR/s/posts/embed-alias.html as it is: a link to DIR/s/bitview/embed.html, in DIR/s/bitview, a copy of Bitview's own files",
				"left DIR/s/bitview/ as it is: a copy of Bitview's own files"}},
		{"exclude through a linked folder", []string{"-base", "/b/", "-exclude", "DIR/s/linkdir/a.html", "DIR/s"}, 0, []string{"s/index.html", "s/drafts/d.html"}, nil},
		{"a page below an excluded folder", []string{"-base", "/b/", "-exclude", "DIR/s/posts", "DIR/s/posts/a.html"}, 0, nil, nil},
		{"the site as a link", []string{"-base", "/b/", "DIR/s2"}, 0, []string{"s/index.html", "s/posts/a.html", "s/drafts/d.html"},
			[]string{"wrote DIR/s2/index.html", "wrote DIR/s2/posts/a.html"}},
		{"-exclude= empty", []string{"-exclude=", "DIR/s"}, 2, nil, []string{`exclude: an empty path names no file or folder`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := siteWithLinks(t)
			before := snapshot(t, dir)
			var args []string
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "DIR", dir))
			}
			code, stdout, stderr := prerenderRun(args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d: %s%s", code, tc.code, stdout, stderr)
			}
			after := snapshot(t, dir)
			for name, content := range before {
				if after[name] != content && !strings.Contains(strings.Join(tc.written, " "), name) {
					t.Errorf("%s was written", name)
				}
			}
			for _, name := range tc.written {
				if after[name] == before[name] {
					t.Errorf("%s was not drawn", name)
				}
			}
			for _, want := range tc.out {
				if want = strings.ReplaceAll(want, "DIR", dir); !strings.Contains(stdout+stderr, want) {
					t.Errorf("the output lacks %q:\n%s%s", want, stdout, stderr)
				}
			}
		})
	}
}

// acl returns a POSIX ACL as Linux stores it in system.posix_acl_access:
// the owner rw, the user uid r, the group and the mask r, others none.
func acl(uid uint32) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, uint32(2)) // POSIX_ACL_XATTR_VERSION
	for _, e := range []struct {
		tag, perm uint16
		id        uint32
	}{{0x01, 6, 0xffffffff}, {0x02, 4, uid}, {0x04, 4, 0xffffffff}, {0x10, 4, 0xffffffff}, {0x20, 0, 0xffffffff}} {
		binary.Write(&b, binary.LittleEndian, e)
	}
	return b.Bytes()
}

// TestPrerenderKeepsAttributes (issue 46.6): a rewritten page keeps its
// mode, its ACL (a 0600 page another user may read through it) and its
// user.* extended attributes, and gets no ACL a folder's default would
// give a new file.
func TestPrerenderKeepsAttributes(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.html": elementPage, "plain.html": elementPage})
	a, plain := filepath.Join(dir, "a.html"), filepath.Join(dir, "plain.html")
	os.Chmod(a, 0o600)
	if err := unix.Setxattr(a, "user.bitview-test", []byte("kept"), 0); err != nil {
		t.Skip("no user extended attributes here:", err)
	}
	want := acl(65534)
	if err := unix.Setxattr(a, "system.posix_acl_access", want, 0); err != nil {
		t.Skip("no ACLs here:", err)
	}
	// A default ACL on the folder, which a new file (the temporary one)
	// inherits: plain.html, which has none, must not get it.
	if err := unix.Setxattr(dir, "system.posix_acl_default", acl(65533), 0); err != nil {
		t.Skip("no default ACLs here:", err)
	}
	ia, _ := os.Stat(a)
	if code, _, stderr := prerenderRun(dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(a); string(got) == elementPage {
		t.Fatal("the page was not drawn")
	}
	get := func(p, name string) []byte {
		b := make([]byte, 1024)
		n, err := unix.Getxattr(p, name, b)
		if err != nil {
			return nil
		}
		return b[:n]
	}
	if got := get(a, "user.bitview-test"); string(got) != "kept" {
		t.Errorf("user.bitview-test is %q, want kept", got)
	}
	if got := get(a, "system.posix_acl_access"); !bytes.Equal(got, want) {
		t.Errorf("the ACL is %x, want %x", got, want)
	}
	if now, _ := os.Stat(a); now.Mode() != ia.Mode() {
		t.Errorf("mode %v, was %v", now.Mode(), ia.Mode())
	}
	if got := get(plain, "system.posix_acl_access"); got != nil {
		t.Errorf("plain.html got an ACL it did not have: %x", got)
	}
}

// nobody is the user the tests run a command as when they run as root,
// to see what a user who is not root may do.
var nobody = &syscall.Credential{Uid: 65534, Gid: 65534}

// TestPrerenderDryRunRefusals (issue 46.12): -n says what the real run
// would refuse, with the same error and exit status 1: a page the user
// may not write (owned by another user, as a user who is not root), a
// page in a folder the user may not write, a page with other hard links,
// a page's figure file in a folder the user may not write; the real run
// refuses each the same way, writes nothing of them, and neither run
// lists a file it refused as written.
func TestPrerenderDryRunRefusals(t *testing.T) {
	dir := t.TempDir()
	run := commandRun{}
	if os.Geteuid() == 0 {
		// As root, run the command as nobody, from a copy of this binary
		// nobody may run, in folders nobody may enter.
		run.user = nobody
		run.bin = filepath.Join(dir, "bitview.test")
		copyFile(t, os.Args[0], run.bin, 0o755)
		os.Chmod(filepath.Dir(dir), 0o755)
		os.Chmod(dir, 0o755)
	}
	site := filepath.Join(dir, "site")
	// locked/b.html loads Bitview: its figure is a file, to be written
	// into locked/bitview-figures/, which cannot be made.
	scripted := "<html><head><script src=\"/bitview/bitview-load.js\"></script></head>" + elementPage[len("<html>"):]
	writeFiles(t, site, map[string]string{"locked/a.html": elementPage, "locked/b.html": scripted, "theirs.html": elementPage, "linked.html": elementPage})
	os.Link(filepath.Join(site, "linked.html"), filepath.Join(site, "linked-too.html"))
	for _, p := range []string{dir, site, filepath.Join(site, "locked/a.html"), filepath.Join(site, "locked/b.html"), filepath.Join(site, "linked.html")} {
		os.Chmod(p, 0o777) // everyone may write these: what may not be is what each case says
	}
	os.Chmod(filepath.Join(site, "locked"), 0o555)
	t.Cleanup(func() { os.Chmod(filepath.Join(site, "locked"), 0o755) }) // so that the test's folder can be removed
	want := []string{
		"write " + filepath.Join(site, "locked/a.html") + ": cannot create a file in " + filepath.Join(site, "locked") + ": the folder is not writable by this user",
		"write " + filepath.Join(site, "linked.html") + ": the file has other hard links",
		"write " + filepath.Join(site, "locked/bitview-figures") + "/",
		".svg: cannot create a file in " + filepath.Join(site, "locked") + ": the folder is not writable by this user",
	}
	if run.user != nil { // a page of root's, 0644
		os.Chmod(filepath.Join(site, "theirs.html"), 0o644)
		want = append(want, "write "+filepath.Join(site, "theirs.html")+": the file is read-only; it was not written (mode 0644, not writable by this user)")
	}
	before := snapshot(t, site)
	for _, args := range [][]string{{"prerender", "-n", site}, {"prerender", site}} {
		code, stdout, stderr := runCommand(t, run, args...)
		if code != 1 {
			t.Errorf("%v: exit %d, want 1: %s%s", args, code, stdout, stderr)
		}
		for _, w := range want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: standard error lacks %q:\n%s", args, w, stderr)
			}
			if name := strings.Fields(w)[1]; strings.Contains(stdout, "would write "+strings.TrimSuffix(name, ":")+"\n") {
				t.Errorf("%v: says it would write %s", args, name)
			}
		}
		if strings.Contains(stdout, "locked") { // neither the page nor its figure
			t.Errorf("%v: says it wrote, or would write, a file it refused:\n%s", args, stdout)
		}
	}
	after := snapshot(t, site)
	for _, name := range []string{"locked/a.html", "locked/b.html", "linked.html", "linked-too.html"} {
		if after[name] != before[name] {
			t.Errorf("%s was written", name)
		}
	}
}

// copyFile copies the file src to dst, with mode perm.
func copyFile(t *testing.T, src, dst string, perm os.FileMode) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil && !errors.Is(err, os.ErrClosed) {
		t.Fatal(err)
	}
}
