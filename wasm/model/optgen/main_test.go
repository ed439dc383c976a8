package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
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

// TestREADME: each row of README.md's option table lists the options its
// reader reads, in the table's order, naming what is missing or extra;
// the values row names every option with a fixed set of values and
// every switch, and states the on/off rule.
func TestREADME(t *testing.T) {
	rows := map[string][]string{}
	var values string
	for _, line := range strings.Split(README(), "\n") {
		reader, opts, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
		if !ok {
			continue
		}
		if reader == "values (the default first)" {
			values = opts
		}
		for _, m := range regexp.MustCompile("(\\(adds to )?`([^`]+)`").FindAllStringSubmatch(opts, -1) {
			if m[1] == "" { // not the option a Markdown key adds to
				rows[reader] = append(rows[reader], m[2])
			}
		}
	}
	for _, r := range readmeRows {
		var want []string
		for _, a := range model.Attributes {
			if a.Use&r.use != 0 {
				if r.use == model.UseMount {
					want = append(want, a.Key())
				} else {
					want = append(want, a.Name)
				}
			}
		}
		got := rows[r.reader]
		if !slices.Equal(got, want) {
			t.Errorf("README() row %q: missing %v, extra %v (got %v)", r.reader, minus(want, got), minus(got, want), got)
		}
	}
	for _, a := range model.Attributes {
		if (a.Switch || len(a.Choices) > 0) && !strings.Contains(values, "`"+a.Name+"`") {
			t.Errorf("README()'s values row does not name %s", a.Name)
		}
	}
	if !strings.Contains(values, `Off for "false", "0", "off", "no", on for ""`) {
		t.Errorf("README() does not state the on/off rule:\n%s", README())
	}
}

// TestReadmeMarkers: Readme writes the table between README.md's
// markers, keeps the rest, and refuses a README without them.
func TestReadmeMarkers(t *testing.T) {
	old := "# x\n\n" + readmeBegin + "| stale |\n" + readmeEnd + "after\n"
	got, err := Readme([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if want := "# x\n\n" + README() + "after\n"; string(got) != want {
		t.Errorf("Readme(%q) = %q, want %q", old, got, want)
	}
	if _, err := Readme([]byte("# x\n| table |\n")); err == nil || !strings.Contains(err.Error(), "BEGIN generated") {
		t.Errorf("Readme of a README without markers: %v, want an error naming the markers", err)
	}
}

// minus returns the names of a that b lacks.
func minus(a, b []string) []string {
	var out []string
	for _, n := range a {
		if !slices.Contains(b, n) {
			out = append(out, n)
		}
	}
	return out
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
