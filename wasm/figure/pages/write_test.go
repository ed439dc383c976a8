//go:build unix

package pages

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteFile: WriteFile saves as an editor does: through symbolic
// links, the mode kept, a new file under the umask, a read-only file and
// one with other hard links refused, and errors naming the path given.
func TestWriteFile(t *testing.T) {
	data := []byte("<svg/>")
	for _, tc := range []struct {
		name  string
		setup func(dir string) string // returns the path to write
		check func(t *testing.T, dir string, err error)
	}{
		{"symlink", func(dir string) string {
			os.Mkdir(filepath.Join(dir, "real"), 0o755)
			os.WriteFile(filepath.Join(dir, "real", "fig.svg"), []byte("old"), 0o640)
			os.Symlink("real/fig.svg", filepath.Join(dir, "fig.svg"))
			return filepath.Join(dir, "fig.svg")
		}, func(t *testing.T, dir string, err error) {
			if info, _ := os.Lstat(filepath.Join(dir, "fig.svg")); err != nil || info.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("the link is no longer a link (%v)", err)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "real", "fig.svg")); string(b) != string(data) {
				t.Errorf("the link's target holds %q", b)
			}
			if info, _ := os.Stat(filepath.Join(dir, "real", "fig.svg")); info.Mode().Perm() != 0o640 {
				t.Errorf("the target's mode is %v, want 0640", info.Mode().Perm())
			}
		}},
		{"chain of links, one dangling", func(dir string) string {
			os.Symlink("b.svg", filepath.Join(dir, "a.svg"))
			os.Symlink("c.svg", filepath.Join(dir, "b.svg"))
			return filepath.Join(dir, "a.svg")
		}, func(t *testing.T, dir string, err error) {
			if b, _ := os.ReadFile(filepath.Join(dir, "c.svg")); err != nil || string(b) != string(data) {
				t.Errorf("c.svg holds %q (%v)", b, err)
			}
			if info, _ := os.Lstat(filepath.Join(dir, "b.svg")); info.Mode()&fs.ModeSymlink == 0 {
				t.Error("b.svg is no longer a link")
			}
		}},
		{"hard link refused", func(dir string) string {
			os.WriteFile(filepath.Join(dir, "a.svg"), []byte("old"), 0o644)
			os.Link(filepath.Join(dir, "a.svg"), filepath.Join(dir, "b.svg"))
			return filepath.Join(dir, "a.svg")
		}, func(t *testing.T, dir string, err error) {
			a, _ := os.Stat(filepath.Join(dir, "a.svg"))
			b, _ := os.Stat(filepath.Join(dir, "b.svg"))
			got, _ := os.ReadFile(filepath.Join(dir, "a.svg"))
			if !errors.Is(err, ErrHardLinks) || !strings.HasPrefix(err.Error(), "write "+filepath.Join(dir, "a.svg")+": the file has other hard links") || !os.SameFile(a, b) || string(got) != "old" {
				t.Errorf("error %v, same file %v, a.svg holds %q; want ErrHardLinks and the file as it was", err, os.SameFile(a, b), got)
			}
		}},
		{"mode 0640 kept", func(dir string) string {
			p := filepath.Join(dir, "a.svg")
			os.WriteFile(p, []byte("old"), 0o640)
			os.Chmod(p, 0o640)
			return p
		}, func(t *testing.T, dir string, err error) {
			if info, _ := os.Stat(filepath.Join(dir, "a.svg")); err != nil || info.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640 (%v)", info.Mode().Perm(), err)
			}
		}},
		{"new file under umask 077", func(dir string) string {
			return filepath.Join(dir, "new.svg")
		}, func(t *testing.T, dir string, err error) {
			if info, _ := os.Stat(filepath.Join(dir, "new.svg")); err != nil || info.Mode().Perm() != 0o600 {
				t.Errorf("mode %v, want 0600 (%v)", info.Mode().Perm(), err)
			}
		}},
		{"read-only refused", func(dir string) string {
			p := filepath.Join(dir, "ro.svg")
			os.WriteFile(p, []byte("old"), 0o444)
			return p
		}, func(t *testing.T, dir string, err error) {
			p := filepath.Join(dir, "ro.svg")
			if !errors.Is(err, ErrReadOnly) || !strings.HasPrefix(err.Error(), "write "+p+": the file is read-only") {
				t.Errorf("error %v, want ErrReadOnly naming %s", err, p)
			}
			info, _ := os.Stat(p)
			if b, _ := os.ReadFile(p); string(b) != "old" || info.Mode().Perm() != 0o444 {
				t.Errorf("the read-only file was written: %q, mode %v", b, info.Mode().Perm())
			}
		}},
		{"error names the path given", func(dir string) string {
			return filepath.Join(dir, "missing", "x.svg")
		}, func(t *testing.T, dir string, err error) {
			if err == nil || !strings.HasPrefix(err.Error(), "write "+filepath.Join(dir, "missing", "x.svg")+": ") || strings.Contains(err.Error(), ".x.svg.") {
				t.Errorf("error %v, want one naming missing/x.svg and no temporary file", err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			old := syscall.Umask(0)
			p := tc.setup(dir)
			syscall.Umask(old)
			syscall.Umask(0o077) // the setup's files have the modes they say
			err := WriteFile(p, data)
			syscall.Umask(old)
			tc.check(t, dir, err)
			if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestWriteFileBreakLinks: asked to, WriteFile replaces a file with other
// hard links under the name given, the other names keeping the old file
// whole.
func TestWriteFileBreakLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	os.WriteFile(a, []byte("old"), 0o640)
	os.Link(a, b)
	if err := (WriteOptions{BreakLinks: true}).WriteFile(a, []byte("new")); err != nil {
		t.Fatal(err)
	}
	ga, _ := os.ReadFile(a)
	gb, _ := os.ReadFile(b)
	ia, _ := os.Stat(a)
	if string(ga) != "new" || string(gb) != "old" || ia.Mode().Perm() != 0o640 {
		t.Errorf("a holds %q (mode %v), b %q; want new (0640) and old", ga, ia.Mode().Perm(), gb)
	}
}
