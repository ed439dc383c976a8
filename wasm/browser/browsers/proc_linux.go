//go:build !(js && wasm) && linux

package browsers

import (
	"os/exec"
	"syscall"
	"time"
)

// group makes cmd the leader of a process group of its own, so that
// stopGroup stops its children too, and has it sent sig when the test
// binary dies.
func group(cmd *exec.Cmd, sig syscall.Signal) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: sig}
}

// stopGroup sends SIGTERM to the process group of cmd (started with
// group), then SIGKILL to what is left of it after grace; exited is
// closed when cmd has exited.
func stopGroup(cmd *exec.Cmd, exited <-chan struct{}, grace time.Duration) {
	pgid := cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(grace):
	}
	syscall.Kill(-pgid, syscall.SIGKILL) // children that outlived their leader
}
