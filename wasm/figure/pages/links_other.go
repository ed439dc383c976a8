//go:build !unix

package pages

import (
	"io/fs"
	"os"
)

// linkCount returns 1: hard links are not counted on this system.
func linkCount(fs.FileInfo) uint64 { return 1 }

// chown does nothing on this system.
func chown(*os.File, fs.FileInfo) {}

// canWrite reports true: the write itself says whether it may.
func canWrite(string) bool { return true }

// openNonblock is 0: this system has no FIFO whose open could wait.
const openNonblock = 0
