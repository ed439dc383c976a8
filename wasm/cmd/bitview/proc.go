package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/core/thousands"
)

// The engine's process: started in a process group of its own, so that
// what it starts (the engine a #!/bin/sh wrapper runs without exec, a
// background child of a perftree script) is ended with it; its standard
// output and standard error read to their end, whatever it prints, in
// bounded memory.

// maxKeptLine is the most bytes of a standard error line kept to quote;
// the rest of a longer line is read and dropped.
const maxKeptLine = 1024

// maxShownChars is the most characters of one line of an engine's output
// an error quotes; a longer line is quoted as its start and its length.
const maxShownChars = 160

// endGrace is how long a process's output is read after the process and
// its group have ended (a child that left the group may hold the pipe).
const endGrace = time.Second

// A proc is a running engine or perftree script.
type proc struct {
	name   string    // the command as given
	cmd    *exec.Cmd // started; Process is its group's leader (Unix)
	stdin  *os.File  // the write end of its standard input; nil for a script
	stdout *os.File  // the read end of its standard output
	tail   tail      // its last lines of output, both streams

	exited  chan struct{} // closed when the process has been waited for
	waitErr error         // cmd.Wait's answer, once exited is closed
	errRead chan struct{} // closed when standard error has been read to its end
}

// startProc starts cmdline (split by command) with the arguments extra
// after its own, in its own process group, with pipes for standard output
// and error, and for standard input when withStdin (else it reads
// /dev/null). Standard error is read from then on, into the tail only.
func startProc(cmdline string, extra []string, withStdin bool) (*proc, error) {
	prog, args, err := command(cmdline)
	if err != nil {
		return nil, err
	}
	args = append(args, extra...)
	p := &proc{name: cmdline, cmd: exec.Command(prog, args...), exited: make(chan struct{}), errRead: make(chan struct{})}
	ownGroup(p.cmd)
	var child, ours []*os.File // the pipes' ends: the child's are closed here once it has them
	closeAll := func(files []*os.File) {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err != nil {
			closeAll(child)
			closeAll(ours)
		}
		return r, w, err
	}
	if withStdin {
		r, w, err := pipe()
		if err != nil {
			return nil, err
		}
		p.cmd.Stdin, p.stdin = r, w
		child, ours = append(child, r), append(ours, w)
	}
	r, w, err := pipe()
	if err != nil {
		return nil, err
	}
	p.cmd.Stdout, p.stdout = w, r
	child, ours = append(child, w), append(ours, r)
	errR, errW, err := pipe()
	if err != nil {
		return nil, err
	}
	p.cmd.Stderr = errW
	child, ours = append(child, errW), append(ours, errR)
	if err := live.add(p); err != nil {
		closeAll(child)
		closeAll(ours)
		return nil, err
	}
	err = p.cmd.Start()
	closeAll(child)
	if err != nil {
		live.remove(p)
		closeAll(ours)
		return nil, err
	}
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	go func() {
		defer close(p.errRead)
		defer errR.Close()
		readLines(errR, maxKeptLine, func(text []byte, long, unended bool) bool {
			p.tail.add(outLine(text, long, maxKeptLine, true).ended(!unended))
			return true
		}, func(text []byte) { p.tail.unended(text, true) })
	}()
	return p, nil
}

// end waits up to grace for the process to exit, then kills its group
// whatever it did (a child it left behind goes too), waits for it, and
// reads the rest of its standard error (for endGrace at most). killed
// says the process itself had to be killed. It is safe to call more than
// once and from several goroutines.
func (p *proc) end(grace time.Duration) (err error, killed bool) {
	select {
	case <-p.exited:
	case <-time.After(grace):
		killed = true
	}
	killGroup(p.cmd.Process)
	<-p.exited
	live.remove(p)
	if p.stdin != nil {
		p.stdin.Close()
	}
	select {
	case <-p.errRead:
	case <-time.After(endGrace):
	}
	return p.waitErr, killed
}

// kill ends the process group at once.
func (p *proc) kill() { killGroup(p.cmd.Process) }

// readLines reads r to its end and calls line with each line, without
// its line break (\n, or \r\n); the text is reused after line returns. A
// line longer than keep bytes is passed as soon as its first keep bytes
// are read, with long set, and the rest of it is read and dropped: memory
// stays under keep and a 64 KiB buffer whatever r sends. A false from
// line stops the reading. A last line without a line break is passed at
// the end of r, with unended set. unended, if not nil, is called after
// each read with the line begun and not yet ended (empty when there is
// none; the text is reused after it returns): what a process stuck
// mid-line printed last, which line never gets.
func readLines(r io.Reader, keep int, line func(text []byte, long, unended bool) bool, unended func(text []byte)) {
	chunk := make([]byte, 64<<10)
	var buf []byte
	skipping := false // the rest of a long line
	for {
		n, err := r.Read(chunk)
		data := chunk[:n]
		for len(data) > 0 {
			part := data
			i := bytes.IndexByte(data, '\n')
			whole := i >= 0 // part ends a line
			if whole {
				part, data = data[:i], data[i+1:]
			} else {
				data = nil
			}
			switch {
			case skipping:
				skipping = !whole
			case len(buf)+len(part) > keep:
				buf = append(buf, part[:keep-len(buf)]...)
				if !line(buf, true, false) {
					return
				}
				buf, skipping = buf[:0], !whole
			default:
				buf = append(buf, part...)
				if whole {
					if !line(bytes.TrimSuffix(buf, []byte("\r")), false, false) {
						return
					}
					buf = buf[:0]
				}
			}
		}
		if unended != nil && n > 0 {
			unended(buf)
		}
		if err != nil {
			if len(buf) > 0 { // a last line without a line break
				if unended != nil {
					unended(nil)
				}
				line(bytes.TrimSuffix(buf, []byte("\r")), false, true)
			}
			return
		}
	}
}

// A shownLine is a line of an engine's output as an error quotes it.
type shownLine struct {
	text   string // its start, at most maxShownChars characters
	size   int    // its length in bytes, when read whole
	over   int    // when it was longer than this many bytes, not read whole; else 0
	stderr bool   // from standard error
	ascii  bool   // every character outside ASCII escaped too (a look-alike of a move)
	// unended says the line is the last output of its stream, not ended
	// by a line break (yet): an engine stuck or killed mid-line.
	unended bool
}

// ended returns l, marked as not ended by a line break unless ended.
func (l shownLine) ended(ended bool) shownLine {
	l.unended = !ended
	return l
}

// outLine keeps what an error quotes of a line read by readLines with a
// limit of keep bytes.
func outLine(text []byte, long bool, keep int, stderr bool) shownLine {
	l := shownLine{text: cutChars(string(text[:min(len(text), 4*maxShownChars)]), maxShownChars), size: len(text), stderr: stderr}
	if long {
		l.over = keep
	}
	return l
}

// String is the line for a terminal: "stderr: " before a standard error
// line, every byte that is not printable escaped (see shown), and a line
// cut short followed by its length.
func (l shownLine) String() string {
	s := shown(l.text)
	if l.ascii {
		s = shownASCII(l.text)
	}
	switch {
	case l.over > 0:
		s += "… (over " + thousands.Itoa(l.over) + " bytes)"
	case len(l.text) < l.size:
		s += "… (" + thousands.Itoa(l.size) + " bytes)"
	}
	if l.unended {
		s += " (no line break after it)"
	}
	if l.stderr {
		s = "stderr: " + s
	}
	return s
}

// shownASCII is shown with every character outside ASCII escaped as well
// (\u0435), for a line whose look-alike characters are the point.
func shownASCII(s string) string {
	var b strings.Builder
	for _, r := range shown(s) {
		if r >= utf8.RuneSelf {
			q := strconv.QuoteToASCII(string(r))
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// cutChars returns the first n characters of s (a byte that starts no
// valid UTF-8 sequence counts as one).
func cutChars(s string, n int) string {
	i := 0
	for c := 0; i < len(s) && c < n; c++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// shown returns s for a terminal: each byte or character that is not
// printable (control characters such as ESC, which would move the cursor,
// clear the screen or retitle the window; invalid UTF-8; format
// characters) written as strconv.Quote writes it (\x1b, \a, \t, \u200b),
// without the quotes: excerpt.Escape, the command's one escaping. A
// backslash is doubled first, so an escape written here and one printed
// by the engine differ.
func shown(s string) string {
	return excerpt.Escape(strings.ReplaceAll(s, `\`, `\\`))
}

// live is every engine process started and not yet ended, for the signal
// handler to end.
var live = &procs{set: map[*proc]bool{}}

// procs is a set of processes; once stopped, no more may start.
type procs struct {
	mu      sync.Mutex
	set     map[*proc]bool
	stopped bool
}

func (ps *procs) add(p *proc) error {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.stopped {
		return errors.New("interrupted")
	}
	ps.set[p] = true
	return nil
}

func (ps *procs) remove(p *proc) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	delete(ps.set, p)
}

// stopAll kills every process group in the set and lets no more start.
func (ps *procs) stopAll() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.stopped = true
	for p := range ps.set {
		p.kill()
	}
}

// signalled is set once onSignal's handler runs: it ends the process
// itself, with 128 + the signal, and main waits for it.
var signalled atomic.Bool

// onSignal makes Ctrl-C (SIGINT), SIGTERM and SIGHUP end every engine's
// process group before the command exits, as 128 + the signal's number
// with a line on stderr: an engine in its own group does not get the
// terminal's Ctrl-C. The returned function restores the default.
func onSignal(name string, stderr io.Writer) (restore func()) {
	// The engines it stops may make the command fail at once ("exited
	// while answering"): main then waits for this exit, not its own.
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			signalled.Store(true)
			live.stopAll()
			fmt.Fprintf(stderr, "bitview %s: %v; the engine is stopped\n", name, sig)
			status := 130
			if s, ok := sig.(syscall.Signal); ok {
				status = 128 + int(s)
			}
			os.Exit(status)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
