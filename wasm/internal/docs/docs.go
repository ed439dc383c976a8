package docs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A Fence is one fenced block of a Markdown file.
type Fence struct {
	File, Lang, Text string
	Line             int // of the opening fence, from 1
}

// Root returns the repository's root: the first folder holding go.mod at
// or above the working directory.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Fences returns the fenced blocks of the Markdown file name (a path from
// the repository root repo) and its prose, the lines outside them. A
// block opens with ``` or longer and ends at a fence of its opening's
// length; a block never closed is an error naming its line.
func Fences(repo, name string) ([]Fence, string, error) {
	b, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(name)))
	if err != nil {
		return nil, "", err
	}
	var out []Fence
	var cur *Fence
	var open string
	var prose strings.Builder
	for i, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			n := len(trimmed) - len(strings.TrimLeft(trimmed, "`"))
			open = trimmed[:n]
			cur = &Fence{File: name, Lang: strings.TrimSpace(trimmed[n:]), Line: i + 1}
		case cur != nil && trimmed == open:
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.Text += line + "\n"
		default:
			prose.WriteString(line + "\n")
		}
	}
	if cur != nil {
		return nil, "", fmt.Errorf("%s:%d: the fence is never closed", name, cur.Line)
	}
	return out, prose.String(), nil
}

// Commands returns the commands of the sh blocks of the files (paths from
// repo), one a line without the comment after " #", each with where it
// stands ("README.md:19").
func Commands(repo string, files ...string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range files {
		fs, _, err := Fences(repo, f)
		if err != nil {
			return nil, err
		}
		for _, fc := range fs {
			if fc.Lang != "sh" {
				continue
			}
			for j, line := range strings.Split(strings.TrimRight(fc.Text, "\n"), "\n") {
				if i := strings.Index(line, " #"); i >= 0 {
					line = line[:i]
				}
				if line = strings.TrimSpace(line); line != "" {
					out[line] = fmt.Sprintf("%s:%d", f, fc.Line+1+j)
				}
			}
		}
	}
	return out, nil
}
