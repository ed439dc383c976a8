//go:build linux

package main

import "syscall"

// setFileSizeLimit sets this process's limit on the size of the files
// it writes (RLIMIT_FSIZE), as `ulimit -f` does: a write past it fails
// with EFBIG (Go ignores SIGXFSZ).
func setFileSizeLimit(n uint64) error {
	return syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
}
