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

// maxLinks is how many symbolic links WriteFile follows, as Linux's
// path resolution does (40).
const maxLinks = 40

// WriteFile writes data to the file called name as an editor saves it:
//
//   - through symbolic links, to the file they lead to (a link stays a
//     link; a link to a file not there yet creates that file);
//   - a file with other hard links is written in place (truncated and
//     rewritten), so that every name keeps seeing it;
//   - any other file gets a temporary file beside it, with its mode and,
//     where the system allows, its owner, renamed over it, so that it is
//     either untouched or whole; a new file gets mode 0666 less the
//     umask, as the shell's > gives;
//   - a file without any write permission (mode 0444 and the like), or
//     one the user may not write, is refused with ErrReadOnly.
//
// Every error is an *os.PathError naming name as given, never the
// temporary file.
func WriteFile(name string, data []byte) error {
	return writeFile(name, data, nil)
}

// writeFile is WriteFile with check, when not nil, called with the file's
// real path just before the new content replaces the old (after the
// temporary file is written): an error from it leaves the file untouched
// and is returned as it is.
func writeFile(name string, data []byte, check func(target string) error) error {
	target, err := resolveLinks(name)
	if err != nil {
		return pathError("write", name, err)
	}
	info, err := os.Stat(target)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return pathError("write", name, err)
	}
	if exists {
		if !info.Mode().IsRegular() {
			return pathError("write", name, fmt.Errorf("not a regular file (%v)", info.Mode().Type()))
		}
		if info.Mode().Perm()&0o222 == 0 {
			return pathError("write", name, fmt.Errorf("%w (mode %04o)", ErrReadOnly, info.Mode().Perm()))
		}
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			if errors.Is(err, fs.ErrPermission) {
				err = fmt.Errorf("%w (mode %04o, not writable by this user)", ErrReadOnly, info.Mode().Perm())
			}
			return pathError("write", name, err)
		}
		f.Close()
		if linkCount(info) > 1 {
			if check != nil {
				if err := check(target); err != nil {
					return err
				}
			}
			return pathError("write", name, writeInPlace(target, data))
		}
	}
	f, err := createTemp(target, exists)
	if err != nil {
		return pathError("write", name, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil && exists {
		err = f.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
		chown(f, info)
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

// writeInPlace truncates target and writes data into it.
func writeInPlace(target string, data []byte) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
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
