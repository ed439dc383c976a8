package main

import (
	"syscall"
	"testing"

	"github.com/bitview/bitview/wasm/testproc"
)

// checkNoneLeft fails t when a process a test started is still running
// (and kills it): every process the tests start carries the test
// binary's mark (see TestMain and wasm/testproc).
func checkNoneLeft(t *testing.T) {
	t.Helper()
	for pid, cmd := range testproc.Lingering() {
		t.Errorf("process %d is left running: %s", pid, cmd)
		syscall.Kill(pid, syscall.SIGKILL)
	}
}
