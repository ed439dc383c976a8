package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// markEnv marks every process the tests start, which inherit it: after
// the tests, TestMain fails when one is left (and kills it).
const markEnv = "BITVIEW_TEST_PROCESS"

// markProcesses sets the mark, this test process's id.
func markProcesses() { os.Setenv(markEnv, strconv.Itoa(os.Getpid())) }

// marked returns the running processes other than this one that carry
// the mark, with their command lines (a zombie's environment reads
// empty: it is not running).
func marked() map[int]string {
	mark := markEnv + "=" + strconv.Itoa(os.Getpid())
	out := map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !slices.Contains(strings.Split(string(env), "\x00"), mark) {
			continue
		}
		cmdline, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		out[pid] = strings.TrimSpace(strings.ReplaceAll(string(cmdline), "\x00", " "))
	}
	return out
}

// leftOver waits up to 3 s for the marked processes to end (a process
// sent SIGKILL takes a moment) and returns those still running.
func leftOver() map[int]string {
	deadline := time.Now().Add(3 * time.Second)
	for {
		ps := marked()
		if len(ps) == 0 || time.Now().After(deadline) {
			return ps
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// noneLeft reports whether no marked process is left, naming and killing
// each one that is.
func noneLeft() bool {
	ps := leftOver()
	for pid, cmd := range ps {
		fmt.Fprintf(os.Stderr, "a test left process %d running: %s\n", pid, cmd)
		syscall.Kill(pid, syscall.SIGKILL)
	}
	return len(ps) == 0
}

// checkNoneLeft fails t when a process a test started is still running
// (and kills it).
func checkNoneLeft(t *testing.T) {
	t.Helper()
	for pid, cmd := range leftOver() {
		t.Errorf("process %d is left running: %s", pid, cmd)
		syscall.Kill(pid, syscall.SIGKILL)
	}
}
