//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// ownGroup does nothing here: without Unix process groups only the
// engine's own process is ended, not what it started.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process p.
func killGroup(p *os.Process) { p.Kill() }

// stopSignals end the command and its engine: Ctrl-C.
var stopSignals = []os.Signal{os.Interrupt}
