package pages

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrReadOnly is the error WriteFile returns (wrapped in an
// *os.PathError naming the file given) for a file no one may write:
// as an editor does, it is not replaced, even by a user who could.
var ErrReadOnly = errors.New("the file is read-only; it was not written")

// ErrHardLinks is the error WriteFile returns (wrapped in an
// *os.PathError naming the file given) for a file with other hard links,
// unless asked to break them (WriteOptions.BreakLinks): a file is only
// ever replaced whole, through a temporary file renamed over it, so that
// a failed write (a full disk, a file size limit) leaves every name whole;
// renamed over one name, the new file would leave the others holding the
// old one, and written in place, a failed write would cut every name
// short. Only the author knows which the other names want.
var ErrHardLinks = errors.New("the file has other hard links; it was not written")

// maxLinks is how many symbolic links WriteFile follows, as Linux's
// path resolution does (40).
const maxLinks = 40

// WriteOptions are how WriteFile writes.
type WriteOptions struct {
	// BreakLinks: a file with other hard links is replaced as any other,
	// under the name given; its other names keep the old content.
	BreakLinks bool
}

// WriteFile writes data to the file called name as an editor saves it:
//
//   - through symbolic links, to the file they lead to (a link stays a
//     link; a link to a file not there yet creates that file);
//   - always through a temporary file beside it (in the same folder),
//     written whole, given the file's mode, its owner where the system
//     allows, and its extended attributes, ACLs among them (where the
//     system has them: Linux), then renamed over it, so that every name
//     holds either the old file or the new one, never part of one; a new
//     file gets mode 0666 less the umask, as the shell's > gives;
//   - a file without any write permission (mode 0444 and the like), or
//     one the user may not write, is refused with ErrReadOnly; a file
//     with other hard links with ErrHardLinks; a file whose extended
//     attributes cannot all be given to its new copy (one the user may
//     not set) is refused, left as it was.
//
// Every error is an *os.PathError naming name as given, never the
// temporary file.
func WriteFile(name string, data []byte) error {
	return WriteOptions{}.WriteFile(name, data)
}

// WriteFile is the package's WriteFile with the options o.
func (o WriteOptions) WriteFile(name string, data []byte) error {
	return o.writeFile(name, data, nil)
}

// checkWrite returns why the file target (the real file of name, its
// links resolved; info its stat, nil when it does not exist) cannot be
// written as WriteFile writes it, as an *os.PathError naming name, or
// nil: what the real write would refuse, checked without writing, for a
// dry run as for the write.
func (o WriteOptions) checkWrite(name, target string, info os.FileInfo) error {
	dir := filepath.Dir(target)
	if info != nil {
		switch {
		case !info.Mode().IsRegular():
			return pathError("write", name, fmt.Errorf("not a regular file (%v)", info.Mode().Type()))
		case info.Mode().Perm()&0o222 == 0:
			return pathError("write", name, fmt.Errorf("%w (mode %04o)", ErrReadOnly, info.Mode().Perm()))
		case !canWrite(target):
			return pathError("write", name, fmt.Errorf("%w (mode %04o, not writable by this user)", ErrReadOnly, info.Mode().Perm()))
		case linkCount(info) > 1 && !o.BreakLinks:
			return pathError("write", name, fmt.Errorf("%w (%d names: replaced under this one, the others would keep the old file; remove this name first, or give prerender -break-links)", ErrHardLinks, linkCount(info)))
		}
	}
	if !canWrite(dir) {
		return pathError("write", name, fmt.Errorf("cannot create a file in %s: the folder is not writable by this user", filepath.Clean(dir)))
	}
	return nil
}

// writeFile is WriteFile with check, when not nil, called with the file's
// real path just before the new content replaces the old (after the
// temporary file is written): an error from it leaves the file untouched
// and is returned as it is.
func (o WriteOptions) writeFile(name string, data []byte, check func(target string) error) error {
	target, err := resolveLinks(name)
	if err != nil {
		return pathError("write", name, err)
	}
	return o.write(name, target, data, check)
}

// write is writeFile to the file target, name's links resolved.
func (o WriteOptions) write(name, target string, data []byte, check func(target string) error) error {
	info, err := os.Stat(target)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return pathError("write", name, err)
	}
	if !exists {
		info = nil
	}
	if err := o.checkWrite(name, target, info); err != nil {
		return err
	}
	f, err := createTemp(target, exists)
	if err != nil {
		return pathError("write", name, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil && exists {
		chown(f, info) // first: a chown may clear the set-user-ID bit
		err = f.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
		if err == nil {
			err = copyXattrs(target, f) // after the mode: an ACL sets the group's bits
		}
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && check != nil {
		if err = check(target); err != nil {
			os.Remove(tmp)
			return err
		}
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
		return pathError("write", name, err)
	}
	return nil
}

// createTemp creates a new file beside target, named .BASE.RANDOM: with
// mode 0666 less the umask for a new target (the mode the target is to
// have), 0600 for an existing one (its mode is set once written).
func createTemp(target string, exists bool) (*os.File, error) {
	perm := fs.FileMode(0o666)
	if exists {
		perm = 0o600
	}
	dir, base := filepath.Split(target)
	for range 100 {
		var r [6]byte
		rand.Read(r[:])
		f, err := os.OpenFile(filepath.Join(dir, "."+base+"."+hex.EncodeToString(r[:])), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = fmt.Errorf("cannot create a file in %s: %w", filepath.Clean(dir), pe.Err)
			}
		}
		return f, err
	}
	return nil, errors.New("cannot create a temporary file in " + filepath.Clean(dir))
}

// resolveLinks follows the symbolic links of name's last element (its
// folders are the system's to resolve) and returns the path of the file
// they lead to, which need not exist.
func resolveLinks(name string) (string, error) {
	p := name
	for range maxLinks {
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", fmt.Errorf("more than %d symbolic links", maxLinks)
}

// pathError returns err as an *os.PathError for the path the user gave:
// the error of an os call on another path (the temporary file, a link's
// target) keeps its cause and loses that path. nil stays nil.
func pathError(op, name string, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}
