package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bitview/bitview/wasm/model"
)

// TestGenerated fails when a file optgen writes is not what the table
// gives: the table changed and go generate ./wasm/model was not run, or
// the file was edited by hand.
func TestGenerated(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	files, err := Files(root)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Errorf("%s: %v; run go generate ./wasm/model", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			line := 1 + bytes.Count(got[:commonPrefix(got, want)], []byte("\n"))
			t.Errorf("%s is stale (it differs from what its table gives from line %d): run go generate ./wasm/model", name, line)
		}
	}
}

// TestManifestRest: only the element's attributes of custom-elements.json
// are written; a manifest without them is an error, not a new file.
func TestManifestRest(t *testing.T) {
	old := []byte("{\n  \"x\": 1,\n  \"attributes\": [\n    {\"name\": \"gone\"}\n  ],\n  \"members\": []\n}\n")
	got, err := Manifest(old)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(got, []byte("{\n  \"x\": 1,\n  \"attributes\": [\n    {\n      \"name\": \"fen\",")) ||
		!bytes.HasSuffix(got, []byte("\n  ],\n  \"members\": []\n}\n")) || bytes.Contains(got, []byte("gone")) {
		t.Errorf("Manifest(%s) = %s", old, got)
	}
	if _, err := Manifest([]byte(`{"modules": []}`)); err == nil {
		t.Error("Manifest of a manifest without attributes: no error")
	}
}

// TestREADME: the README's table has a row per option, in the table's
// order, and states the on/off rule.
func TestREADME(t *testing.T) {
	var rows []string
	for _, line := range strings.Split(README(), "\n") {
		if f := strings.Split(line, " | "); len(f) > 1 && strings.HasPrefix(f[0], "| `") {
			rows = append(rows, strings.Trim(f[0], "| `"))
		}
	}
	var want []string
	for _, a := range model.Attributes {
		want = append(want, a.Key())
	}
	if !slices.Equal(rows, want) {
		t.Errorf("README() rows %v, want %v", rows, want)
	}
	if !strings.Contains(README(), `off for "false", "0", "off", "no"`) {
		t.Errorf("README() does not state the on/off rule:\n%s", README())
	}
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
