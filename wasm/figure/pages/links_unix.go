//go:build unix

package pages

import (
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// linkCount returns how many hard links the file of info has.
func linkCount(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// chown gives f the owner and group of info, where the user may (root,
// or the owner keeping a group they belong to); otherwise the file keeps
// the user's, as an editor's new copy does.
func chown(f *os.File, info fs.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}

// canWrite reports whether this process (its effective user and groups,
// and the file's ACL) may write the file or folder p, without opening it
// (an open for writing is an event to a file watcher).
func canWrite(p string) bool {
	return unix.Faccessat(unix.AT_FDCWD, p, unix.W_OK, unix.AT_EACCESS) == nil
}

// openNonblock is the flag that opens a file without waiting: a FIFO's
// open would otherwise wait for a writer (readRegular then refuses it).
const openNonblock = syscall.O_NONBLOCK
