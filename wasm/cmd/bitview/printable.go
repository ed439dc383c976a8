package main

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/bitview/bitview/core/excerpt"
)

// A printable is a writer for a command's messages: what is written goes
// out through excerpt.Escape, line ends and tabs kept, so that no byte a
// page, a file name, an option's value or an engine put into a message
// reaches the terminal raw (ESC, BEL, C1 controls, invalid UTF-8 are
// written \x1b, \a, \u009b, \xff). A character cut between two writes is
// kept for the next; flush writes what is left.
type printable struct {
	w     io.Writer
	carry []byte
}

// Write writes b, escaped.
func (p *printable) Write(b []byte) (int, error) {
	data := append(p.carry, b...)
	p.carry = nil
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				p.carry = append([]byte(nil), data[i:]...)
				data = data[:i]
			}
			break
		}
	}
	var out strings.Builder
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\n\t")
		if i < 0 {
			out.WriteString(excerpt.Escape(string(data)))
			break
		}
		out.WriteString(excerpt.Escape(string(data[:i])))
		out.WriteByte(data[i])
		data = data[i+1:]
	}
	if _, err := io.WriteString(p.w, out.String()); err != nil {
		return 0, err
	}
	return len(b), nil
}

// flush writes the start of a character left by the last Write, escaped.
func (p *printable) flush() {
	if len(p.carry) > 0 {
		io.WriteString(p.w, excerpt.Escape(string(p.carry)))
		p.carry = nil
	}
}
