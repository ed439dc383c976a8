//go:build unix

package testproc

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// MarkEnv is the variable that marks the processes of a test binary: its
// value is the binary's process id.
const MarkEnv = "BITVIEW_TEST_PROCESS"

// watchEnv, in the watchdog's environment, is the process id of the test
// binary it watches.
const watchEnv = "BITVIEW_TEST_WATCHDOG"

// Grace is how long a process sent SIGKILL may take to be gone before
// it counts as left running.
const Grace = 3 * time.Second

// Guard is the first call of a TestMain. In the watchdog (see the package
// doc) it never returns. Otherwise it ends what an earlier run left
// behind, marks this process's environment, starts the watchdog, and
// returns done, which the TestMain calls with m.Run's exit code after
// its own clean-up: done gives the marked processes Grace to end, kills
// and names on standard error each one still running, stops the
// watchdog, and returns the code to exit with (1 when a process was left
// and code was 0).
func Guard() (done func(code int) int) {
	if parent, err := strconv.Atoi(os.Getenv(watchEnv)); err == nil {
		watch(parent)
		os.Exit(0)
	}
	for pid, cmd := range Orphans() {
		fmt.Fprintf(os.Stderr, "testproc: process %d was left running by an earlier test run (its test binary is gone), ending it: %s\n", pid, cmd)
		syscall.Kill(pid, syscall.SIGKILL)
	}
	self := os.Getpid()
	os.Setenv(MarkEnv, strconv.Itoa(self))
	stop := startWatchdog(self)
	return func(code int) int {
		left := Lingering()
		for pid, cmd := range left {
			fmt.Fprintf(os.Stderr, "testproc: a test left process %d running, ending it: %s\n", pid, cmd)
		}
		n := len(left)
		end(left)
		stop()
		if n > 0 && code == 0 {
			return 1
		}
		return code
	}
}

// Env returns env with this test binary's mark, for a command given an
// environment of its own.
func Env(env []string) []string {
	if v, ok := os.LookupEnv(MarkEnv); ok {
		return append(slices.Clip(env), MarkEnv+"="+v)
	}
	return env
}

// startWatchdog runs this binary again as the watchdog of pid and returns
// the function that stops it. Without /proc it starts nothing.
func startWatchdog(pid int) (stop func()) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		return func() {}
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "testproc: no watchdog (%v): a test binary that is killed may leave processes behind\n", err)
		return func() {}
	}
	r, w, err := os.Pipe()
	if err != nil {
		fmt.Fprintf(os.Stderr, "testproc: no watchdog (%v)\n", err)
		return func() {}
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(withoutMark(os.Environ()), watchEnv+"="+strconv.Itoa(pid))
	cmd.Stdin = r
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not in the group a Ctrl-C reaches
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		fmt.Fprintf(os.Stderr, "testproc: no watchdog (%v)\n", err)
		return func() {}
	}
	r.Close()
	return func() {
		w.Close()
		cmd.Wait()
	}
}

// watch is the watchdog's life: it waits until the pipe from the test
// binary parent closes, then ends the processes parent marked.
func watch(parent int) {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	io.Copy(io.Discard, os.Stdin)
	for pid, cmd := range end(Marked(parent)) {
		fmt.Fprintf(os.Stderr, "testproc: process %d outlived its test binary (pid %d) and could not be ended: %s\n", pid, parent, cmd)
	}
}

// end sends SIGKILL to each process of ps and returns those still
// running after Grace.
func end(ps map[int]string) map[int]string {
	if len(ps) == 0 {
		return ps
	}
	for pid := range ps {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	deadline := time.Now().Add(Grace)
	for {
		for pid := range ps {
			if !running(pid) {
				delete(ps, pid)
			}
		}
		if len(ps) == 0 || time.Now().After(deadline) {
			return ps
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Lingering waits up to Grace for the processes this test binary marked
// to end (a browser told to close takes a moment) and returns those
// still running, with their command lines.
func Lingering() map[int]string {
	deadline := time.Now().Add(Grace)
	for {
		ps := Marked(os.Getpid())
		if len(ps) == 0 || time.Now().After(deadline) {
			return ps
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Marked returns the running processes, other than this one, that carry
// the mark of the test binary pid, with their command lines.
func Marked(pid int) map[int]string {
	want := strconv.Itoa(pid)
	out := map[int]string{}
	for p, mark := range marks() {
		if mark == want {
			out[p] = cmdline(p)
		}
	}
	return out
}

// Orphans returns the running processes whose mark names a test binary
// that is no longer running, with their command lines.
func Orphans() map[int]string {
	out := map[int]string{}
	for p, mark := range marks() {
		owner, err := strconv.Atoi(mark)
		if err == nil && owner != os.Getpid() && !running(owner) {
			out[p] = cmdline(p)
		}
	}
	return out
}

// marks returns the mark of each running process but this one that has
// one (a zombie's environment reads empty: it does not count).
func marks() map[int]string {
	out := map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue
		}
		for _, kv := range strings.Split(string(env), "\x00") {
			if v, ok := strings.CutPrefix(kv, MarkEnv+"="); ok {
				out[pid] = v
			}
		}
	}
	return out
}

// running reports whether process pid exists and is not a zombie.
func running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command's closing parenthesis.
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// cmdline returns the command line of process pid, its arguments
// separated by spaces.
func cmdline(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " "))
}

// withoutMark returns env without MarkEnv.
func withoutMark(env []string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, MarkEnv+"=") })
}
