// Package testproc makes every process a test starts end with the test
// binary, however the binary ends: the tests pass, fail, panic, reach
// go test's -timeout, get Ctrl-C, or are killed with SIGKILL.
//
// Guard, called first in a package's TestMain, marks the test binary's
// environment (BITVIEW_TEST_PROCESS=its pid), which every process it
// starts inherits, with their children, a server, a browser and its
// renderers, a driver and what it launches, an engine and the daemon it
// forks alike. It then starts a watchdog: the test binary itself again,
// in a process group of its own and deaf to Ctrl-C, reading a pipe from
// the binary. When the pipe closes (the binary ended, in any way), the
// watchdog kills every process that carries the binary's mark. At a
// normal end the function Guard returns does the same itself, after
// the tests had their chance to stop what they started, and fails the
// run naming each process a test left running.
//
// Guard also names the processes an earlier run left behind (marked by a
// test binary that is gone, as when a watchdog was itself killed) and
// ends them. A command given an environment of its own (exec.Cmd.Env)
// keeps the mark through Env.
//
// On systems without /proc (not Linux), the mark is set and nothing is
// watched.
package testproc
