//go:build !(js && wasm)

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// The two commands on a folder holding one page, as make runs them on web/:
// compress writes its siblings, sw-version the service worker's version.
func Example() {
	dir, err := os.MkdirTemp("", "webbuild-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	page := filepath.Join(dir, "index.html")
	if err := os.WriteFile(page, []byte(strings.Repeat("<p>8/8/8/8/8/8/8/8 w - - 0 1</p>\n", 100)), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	if err := run([]string{"compress", "-q", "11", page}, io.Discard, os.Stderr); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"index.html.br", "index.html.gz"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(name, "is less than a tenth of the page's 3300 B:", info.Size() < 330)
	}
	f, err := os.Open(page + ".br")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	text, err := io.ReadAll(brotli.NewReader(f))
	fmt.Println("index.html.br decodes to", len(text), "B", err)

	version, err := writeSWVersion(dir)
	fmt.Println("sw-version.js: version", version, err)
	// Output:
	// index.html.br is less than a tenth of the page's 3300 B: true
	// index.html.gz is less than a tenth of the page's 3300 B: true
	// index.html.br decodes to 3300 B <nil>
	// sw-version.js: version faf20e1e304412f5 <nil>
}
