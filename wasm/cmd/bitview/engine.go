package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bitview/bitview/core/divide"
)

// The engines bitview divide compares with: a UCI engine kept running
// for the whole drill-down, or a perftree script run once per divide.

// DefaultEngineTimeout is the time limit of one engine call (starting a
// UCI engine and its handshake, one "go perft", one run of a perftree
// script) unless -timeout says otherwise: a depth-6 divide of Kiwipete
// (8 billion leaves) takes a fast engine under a minute.
const DefaultEngineTimeout = 2 * time.Minute

// MaxEngineOutput is the most output read from one engine call, 1 MiB: a
// divide is at most 218 lines of about 30 bytes; more is refused as not
// a divide.
const MaxEngineOutput = 1 << 20

// tailLines is how many of an engine's last output lines an error quotes.
const tailLines = 8

// A divider gives an engine's divide of the position reached from fen by
// moves, depth plies deep.
type divider interface {
	divide(fen string, moves []string, depth int) (divide.Parsed, error)
	close()
}

// An EngineError says what an engine did instead of answering: exited,
// hung past the time limit, could not start, or printed too much; with
// its last lines of output.
type EngineError struct {
	Engine string   // the command as given
	Doing  string   // what it was asked, e.g. `"go perft 3"`
	Msg    string   // what happened, e.g. "exited with exit status 3"
	Tail   []string // its last lines of output (standard error's marked "stderr: ")
}

// Error returns the message and the last output, one line each.
func (e *EngineError) Error() string {
	var b strings.Builder
	b.WriteString("engine " + strconv.Quote(e.Engine) + ": " + e.Msg)
	if e.Doing != "" {
		b.WriteString(" while answering " + e.Doing)
	}
	if len(e.Tail) == 0 {
		b.WriteString("; it printed nothing")
		return b.String()
	}
	b.WriteString("; its last output:")
	for _, l := range e.Tail {
		b.WriteString("\n  | " + l)
	}
	return b.String()
}

// tail keeps the last tailLines lines written to it by the engine's
// standard output and standard error readers.
type tail struct {
	mu    sync.Mutex
	lines []string
}

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) == tailLines {
		t.lines = append(t.lines[:0], t.lines[1:]...)
	}
	t.lines = append(t.lines, line)
}

func (t *tail) get() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.lines...)
}

// command splits an -engine or -perftree value at blanks into a program
// and its arguments (no quoting: put a longer command in a script).
func command(s string) (string, []string, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "", nil, errors.New("an empty command")
	}
	return f[0], f[1:], nil
}

// A uciEngine is a UCI engine process (Stockfish's protocol, "UCI"
// section of the Chess Programming Wiki): bitview sends "uci" and
// "isready" once, then for each divide "position fen … [moves …]" and
// "go perft N", and reads lines until "Nodes searched: N".
type uciEngine struct {
	name    string
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string // standard output, one line at a time; closed at its end
	tail    tail
	timeout time.Duration
	dead    error // set once the engine failed; every later call returns it

	waitOnce sync.Once
	waited   chan struct{} // closed when the process has been waited for
	waitErr  error
}

// startUCI starts the engine and waits for "uciok" and "readyok".
func startUCI(cmdline string, timeout time.Duration) (*uciEngine, error) {
	prog, args, err := command(cmdline)
	if err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: err.Error()}
	}
	e := &uciEngine{name: cmdline, cmd: exec.Command(prog, args...), lines: make(chan string, 256), timeout: timeout}
	e.cmd.WaitDelay = time.Second
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: err.Error()}
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: err.Error()}
	}
	errOut, err := e.cmd.StderrPipe()
	if err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: err.Error()}
	}
	if err := e.cmd.Start(); err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: "cannot start: " + err.Error()}
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 4096), MaxEngineOutput)
		for sc.Scan() {
			line := strings.TrimRight(sc.Text(), "\r")
			e.tail.add(line)
			e.lines <- line
		}
		close(e.lines)
	}()
	go func() {
		sc := bufio.NewScanner(errOut)
		for sc.Scan() {
			e.tail.add("stderr: " + sc.Text())
		}
	}()
	// ask stops the engine when it fails.
	if _, err := e.ask("uci", `"uci"`, func(l string) bool { return strings.TrimSpace(l) == "uciok" }); err != nil {
		return nil, err
	}
	if _, err := e.ask("isready", `"isready"`, func(l string) bool { return strings.TrimSpace(l) == "readyok" }); err != nil {
		return nil, err
	}
	return e, nil
}

// ask sends command and returns the lines the engine prints up to and
// including the first for which last is true. An engine that exits or
// does not answer within the time limit is stopped, and the error is an
// *EngineError with its last output.
func (e *uciEngine) ask(command, doing string, last func(string) bool) ([]string, error) {
	if e.dead != nil {
		return nil, e.dead
	}
	fail := func(msg string) ([]string, error) {
		e.dead = &EngineError{Engine: e.name, Doing: doing, Msg: msg, Tail: e.tail.get()}
		e.close()
		return nil, e.dead
	}
	if _, err := io.WriteString(e.in, command+"\n"); err != nil {
		return fail("cannot be written to (" + err.Error() + ")")
	}
	timer := time.NewTimer(e.timeout)
	defer timer.Stop()
	var lines []string
	size := 0
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return fail(e.exited())
			}
			lines = append(lines, l)
			if size += len(l) + 1; size > MaxEngineOutput {
				return fail("printed over " + strconv.Itoa(MaxEngineOutput) + " bytes")
			}
			if last(l) {
				return lines, nil
			}
		case <-timer.C:
			return fail("did not answer within " + e.timeout.String() + " (-timeout); stopped it")
		}
	}
}

// exited says how the engine ended after closing its standard output.
func (e *uciEngine) exited() string {
	err, killed := e.wait(time.Second)
	switch {
	case killed:
		return "closed its standard output"
	case err != nil:
		return "exited with " + err.Error()
	}
	return "exited (status 0)"
}

// wait waits up to grace for the process to end, then kills it; killed
// says it had to. The process is waited for once, whoever asks first.
func (e *uciEngine) wait(grace time.Duration) (err error, killed bool) {
	e.waitOnce.Do(func() {
		e.waited = make(chan struct{})
		go func() { e.waitErr = e.cmd.Wait(); close(e.waited) }()
	})
	select {
	case <-e.waited:
		return e.waitErr, false
	case <-time.After(grace):
		e.cmd.Process.Kill()
		<-e.waited
		return e.waitErr, true
	}
}

// divide asks for "go perft depth" after "position fen fen moves …" and
// parses the answer up to "Nodes searched".
func (e *uciEngine) divide(fen string, moves []string, depth int) (divide.Parsed, error) {
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if e.dead == nil {
		if _, err := io.WriteString(e.in, pos+"\n"); err != nil {
			e.dead = &EngineError{Engine: e.name, Doing: `"` + pos + `"`, Msg: "cannot be written to (" + err.Error() + ")", Tail: e.tail.get()}
			e.close()
		}
	}
	doing := `"go perft ` + strconv.Itoa(depth) + `" after "` + pos + `"`
	lines, err := e.ask("go perft "+strconv.Itoa(depth), doing, func(l string) bool {
		l = strings.TrimSpace(l)
		return strings.HasPrefix(l, "Nodes searched") || strings.HasPrefix(l, "bestmove")
	})
	if err != nil {
		return divide.Parsed{}, err
	}
	if last := strings.TrimSpace(lines[len(lines)-1]); strings.HasPrefix(last, "bestmove") {
		// An engine without "go perft" searches instead: "go" and "perft"
		// read as a plain go.
		e.dead = &EngineError{Engine: e.name, Doing: doing, Msg: "searched and answered " + strconv.Quote(last) + " instead of a divide: does it know \"go perft\"? (else give -perftree a script)", Tail: e.tail.get()}
		return divide.Parsed{}, e.dead
	}
	return divide.Parse(strings.Join(lines, "\n")), nil
}

// close sends "quit" and stops the process if it has not ended shortly
// after.
func (e *uciEngine) close() {
	io.WriteString(e.in, "quit\n")
	e.in.Close()
	e.wait(200 * time.Millisecond)
}

// A perftreeScript is a perftree script (agausmann/perftree): run as
// `SCRIPT depth fen [moves]` for each divide, the moves one argument
// separated by spaces and left out when there are none, printing
// "move count" lines, a blank line and the total.
type perftreeScript struct {
	name    string
	timeout time.Duration
}

// divide runs the script once.
func (s *perftreeScript) divide(fen string, moves []string, depth int) (divide.Parsed, error) {
	prog, args, err := command(s.name)
	if err != nil {
		return divide.Parsed{}, &EngineError{Engine: s.name, Msg: err.Error()}
	}
	args = append(args, strconv.Itoa(depth), fen)
	if len(moves) > 0 {
		args = append(args, strings.Join(moves, " "))
	}
	doing := "depth " + strconv.Itoa(depth) + ", " + strconv.Quote(fen)
	if len(moves) > 0 {
		doing += ", moves " + strconv.Quote(strings.Join(moves, " "))
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.WaitDelay = time.Second
	var out, errOut limitedBuffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	tailOf := func() []string {
		var t tail
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			if l != "" {
				t.add(strings.TrimRight(l, "\r"))
			}
		}
		for _, l := range strings.Split(strings.TrimRight(errOut.String(), "\n"), "\n") {
			if l != "" {
				t.add("stderr: " + l)
			}
		}
		return t.get()
	}
	switch {
	case ctx.Err() != nil:
		return divide.Parsed{}, &EngineError{Engine: s.name, Doing: doing, Msg: "did not finish within " + s.timeout.String() + " (-timeout); stopped it", Tail: tailOf()}
	case errors.Is(err, exec.ErrNotFound) || err != nil && !isExit(err):
		return divide.Parsed{}, &EngineError{Engine: s.name, Msg: "cannot start: " + err.Error()}
	case err != nil:
		return divide.Parsed{}, &EngineError{Engine: s.name, Doing: doing, Msg: "exited with " + err.Error(), Tail: tailOf()}
	case out.over:
		return divide.Parsed{}, &EngineError{Engine: s.name, Doing: doing, Msg: "printed over " + strconv.Itoa(MaxEngineOutput) + " bytes", Tail: tailOf()}
	}
	return parsePerftree(out.String()), nil
}

func (s *perftreeScript) close() {}

// isExit reports whether err is an exit status (the program ran).
func isExit(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee)
}

// parsePerftree reads a perftree script's output with divide.Parse and
// takes the total from its last line, a number alone, which Parse skips.
func parsePerftree(text string) divide.Parsed {
	p := divide.Parse(text)
	if n := len(p.Skipped); n > 0 && !p.HasTotal {
		last := p.Skipped[n-1]
		if v, err := strconv.ParseUint(last.Text, 10, 64); err == nil && last.Line == lastLine(text) {
			p.Total, p.HasTotal = v, true
			p.Skipped = p.Skipped[:n-1]
		}
	}
	return p
}

// lastLine returns the 1-based number of the last non-blank line of text.
func lastLine(text string) int {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(text, " \t\r\n"), "\n")
	return len(lines)
}

// limitedBuffer keeps the first MaxEngineOutput bytes written to it.
type limitedBuffer struct {
	bytes.Buffer
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := MaxEngineOutput - b.Len(); len(p) > room {
		b.Buffer.Write(p[:max(room, 0)])
		b.over = true
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// seconds formats a duration for the report: "420 ms", "1.42 s".
func seconds(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", max(d.Milliseconds(), 1))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
