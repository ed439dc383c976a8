//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start in a process group of its own (setpgid), led
// by the process: its children stay in it unless they leave on purpose.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup sends SIGKILL to every process of p's group, the process
// first among them if it still runs.
func killGroup(p *os.Process) { syscall.Kill(-p.Pid, syscall.SIGKILL) }

// stopSignals end the command and its engines: Ctrl-C, kill's default,
// and a closed terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
