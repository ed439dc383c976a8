//go:build linux

package pages

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// copyXattrs gives the new file f the extended attributes of the file
// src, and only those: its user.* attributes, its ACL
// (system.posix_acl_access, which a folder's default ACL may have given
// f otherwise), its security label. An attribute f already holds with
// the same value is left (a security label the system set); one that
// cannot be set or removed is an error naming it, and the file is then
// not to be replaced.
func copyXattrs(src string, f *os.File) error {
	want, err := xattrs(func(b []byte) (int, error) { return unix.Listxattr(src, b) }, func(n string, b []byte) (int, error) { return unix.Getxattr(src, n, b) })
	if err != nil {
		return fmt.Errorf("cannot read the extended attributes of %s: %w", src, err)
	}
	fd := int(f.Fd())
	have, err := xattrs(func(b []byte) (int, error) { return unix.Flistxattr(fd, b) }, func(n string, b []byte) (int, error) { return unix.Fgetxattr(fd, n, b) })
	if err != nil {
		return fmt.Errorf("cannot read the extended attributes of the new file: %w", err)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if v, ok := have[name]; ok && bytes.Equal(v, want[name]) {
			continue
		}
		if err := unix.Fsetxattr(fd, name, want[name], 0); err != nil {
			return fmt.Errorf("cannot keep its extended attribute %s: %w; the file is left as it was", name, err)
		}
	}
	for name := range have {
		if _, ok := want[name]; !ok {
			if err := unix.Fremovexattr(fd, name); err != nil && !errors.Is(err, unix.ENODATA) {
				return fmt.Errorf("cannot take the extended attribute %s off its new copy: %w; the file is left as it was", name, err)
			}
		}
	}
	return nil
}

// xattrs returns the extended attributes a file holds, through its list
// and get calls; a file system without them holds none.
func xattrs(list func([]byte) (int, error), get func(string, []byte) (int, error)) (map[string][]byte, error) {
	names, err := grow(list)
	if errors.Is(err, unix.ENOTSUP) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, name := range strings.Split(string(names), "\x00") {
		if name == "" {
			continue
		}
		v, err := grow(func(b []byte) (int, error) { return get(name, b) })
		if errors.Is(err, unix.ENODATA) {
			continue // gone since it was listed
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

// grow calls f with a buffer large enough for its answer (f with a nil
// buffer says the size), again if the answer grew in between.
func grow(f func([]byte) (int, error)) ([]byte, error) {
	for range 8 {
		n, err := f(nil)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		b := make([]byte, n)
		n, err = f(b)
		if errors.Is(err, unix.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return b[:n], nil
	}
	return nil, unix.ERANGE
}
