//go:build !unix

package testproc

import (
	"os"
	"slices"
	"strconv"
)

// MarkEnv is the variable that marks the processes of a test binary: its
// value is the binary's process id.
const MarkEnv = "BITVIEW_TEST_PROCESS"

// Guard marks this process's environment; without /proc nothing is
// watched (see the package doc). done returns the code it is given.
func Guard() (done func(code int) int) {
	os.Setenv(MarkEnv, strconv.Itoa(os.Getpid()))
	return func(code int) int { return code }
}

// Env returns env with this test binary's mark, for a command given an
// environment of its own.
func Env(env []string) []string {
	if v, ok := os.LookupEnv(MarkEnv); ok {
		return append(slices.Clip(env), MarkEnv+"="+v)
	}
	return env
}
