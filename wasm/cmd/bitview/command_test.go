package main

import (
	"os"
	"strconv"
)

// commandEnv makes the test binary run as the bitview command (see
// TestMain), with the limit on the size of the files it writes in
// fsizeEnv (bytes, RLIMIT_FSIZE) when set.
const (
	commandEnv = "BITVIEW_TEST_COMMAND"
	fsizeEnv   = "BITVIEW_TEST_FSIZE"
)

// commandChild is the test binary run as the command: it sets its file
// size limit, then runs args.
func commandChild(args []string) int {
	if n, err := strconv.ParseUint(os.Getenv(fsizeEnv), 10, 64); err == nil {
		if err := setFileSizeLimit(n); err != nil {
			os.Stderr.WriteString("setting the file size limit: " + err.Error() + "\n")
			return 125
		}
	}
	return run(args, os.Stdout, os.Stderr)
}
