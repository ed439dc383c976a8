//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
)

// A commandRun is how runCommand runs the command: a file size limit
// (0 for none) and a user to run as (nil for this test's).
type commandRun struct {
	fsize uint64
	user  *syscall.Credential
	bin   string // the test binary to run, "" for os.Args[0]
}

// runCommand runs the bitview command in a process of its own, as c says,
// and returns its exit status, standard output and standard error.
func runCommand(t *testing.T, c commandRun, args ...string) (int, string, string) {
	t.Helper()
	bin := c.bin
	if bin == "" {
		bin = os.Args[0]
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), commandEnv+"=1")
	if c.fsize > 0 {
		cmd.Env = append(cmd.Env, fsizeEnv+"="+strconv.FormatUint(c.fsize, 10))
	}
	if c.user != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.user}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("running the command: %v", err)
	}
	return code, stdout.String(), stderr.String()
}
