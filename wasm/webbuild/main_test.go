package main

import (
	"os"
	"testing"

	"github.com/bitview/bitview/wasm/testproc"
)

// TestMain: make, go run and the servers a test starts end with the test
// binary, however it ends (wasm/testproc).
func TestMain(m *testing.M) {
	done := testproc.Guard()
	os.Exit(done(m.Run()))
}
