//go:build linux

package testproc_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bitview/bitview/wasm/testproc"
)

// childEnv makes this test binary act as a test binary under test: it
// guards itself, starts what the value names, prints the process ids it
// started, one a line, then waits to be killed (or, for "done", calls
// done and prints its exit code).
const childEnv = "TESTPROC_CHILD"

func TestMain(m *testing.M) {
	done := testproc.Guard()
	if what := os.Getenv(childEnv); what != "" {
		child(what, done)
		return
	}
	os.Exit(done(m.Run()))
}

// child starts a sleeping process, and one in a session of its own (as
// a daemon leaves its parent's group), prints their ids, and then either
// waits forever or (what is "done") returns through done.
func child(what string, done func(int) int) {
	var pids []int
	for _, args := range [][]string{{"sleep", "300"}, {"setsid", "sleep", "300"}} {
		cmd := exec.Command(args[0], args[1:]...)
		if err := cmd.Start(); err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		pids = append(pids, cmd.Process.Pid)
	}
	for _, p := range pids {
		fmt.Println(p)
	}
	if what == "done" {
		time.Sleep(200 * time.Millisecond) // setsid has exec'd sleep
		fmt.Println("exit", done(0))
		os.Exit(0)
	}
	time.Sleep(time.Hour)
}

// startChild runs this binary as a guarded test binary and returns it
// with the ids of the processes it started.
func startChild(t *testing.T, what string) (*exec.Cmd, *bufio.Scanner, []int) {
	t.Helper()
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("setsid is not installed")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+what)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	var pids []int
	for len(pids) < 2 && lines.Scan() {
		p, err := strconv.Atoi(lines.Text())
		if err != nil {
			t.Fatalf("the child printed %q", lines.Text())
		}
		pids = append(pids, p)
	}
	return cmd, lines, pids
}

// gone waits up to testproc.Grace and ten seconds (a loaded machine runs
// the watchdog late) for each process of pids
// to be gone and returns those still running.
func gone(pids []int) []int {
	deadline := time.Now().Add(testproc.Grace + 10*time.Second)
	for {
		var left []int
		for _, p := range pids {
			if stat, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat"); err == nil && !strings.Contains(string(stat), ") Z ") {
				left = append(left, p)
			}
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestKilled: a test binary killed with SIGKILL, which runs no code of its
// own, leaves nothing running: its watchdog ends its processes, the one
// that left its group among them.
func TestKilled(t *testing.T) {
	cmd, _, pids := startChild(t, "wait")
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if left := gone(pids); len(left) > 0 {
		syscall.Kill(left[0], syscall.SIGKILL)
		t.Errorf("processes %v outlived their test binary, killed with SIGKILL", left)
	}
}

// TestDoneReports: at a normal end, done ends what the tests left running
// and turns a passing run into a failing one.
func TestDoneReports(t *testing.T) {
	cmd, lines, pids := startChild(t, "done")
	var exit string
	for lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), "exit "); ok {
			exit = v
		}
	}
	cmd.Wait()
	if exit != "1" {
		t.Errorf("done(0) with processes left returned %q, want 1", exit)
	}
	if left := gone(pids); len(left) > 0 {
		t.Errorf("processes %v left running after done", left)
	}
}

// TestOrphans: a process marked by a test binary that is gone is found
// (and Guard, at the next run, ends it).
func TestOrphans(t *testing.T) {
	// A process id that runs nothing: a child that has exited and been reaped.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sleep", "300")
	cmd.Env = append(os.Environ(), testproc.MarkEnv+"="+strconv.Itoa(dead.Process.Pid))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if _, ok := testproc.Orphans()[cmd.Process.Pid]; !ok {
		t.Errorf("a process marked by the gone pid %d is not among the orphans %v", dead.Process.Pid, testproc.Orphans())
	}
	if _, ok := testproc.Marked(os.Getpid())[cmd.Process.Pid]; ok {
		t.Error("a process marked by another binary counts as this one's")
	}
}
