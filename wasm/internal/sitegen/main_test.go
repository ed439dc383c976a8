package sitegen

import (
	"os"
	"testing"

	"github.com/bitview/bitview/wasm/testproc"
)

// TestMain: the generators a test runs end with the test binary, however
// it ends (wasm/testproc).
func TestMain(m *testing.M) {
	done := testproc.Guard()
	os.Exit(done(m.Run()))
}
