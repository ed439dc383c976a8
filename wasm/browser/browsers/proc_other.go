//go:build !(js && wasm) && !linux

package browsers

import (
	"os/exec"
	"syscall"
	"time"
)

// group does nothing where process groups and parent death signals are
// not Linux's: stopGroup stops cmd alone.
func group(*exec.Cmd, syscall.Signal) {}

// stopGroup kills cmd; exited is closed when it has exited.
func stopGroup(cmd *exec.Cmd, exited <-chan struct{}, grace time.Duration) {
	cmd.Process.Kill()
	select {
	case <-exited:
	case <-time.After(grace):
	}
}
