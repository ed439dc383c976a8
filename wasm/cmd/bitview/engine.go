package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/thousands"
)

// The engines bitview divide compares with: a UCI engine kept running
// for the whole drill-down, or a perftree script run once per divide.

// DefaultEngineTimeout is the time limit of one engine call (starting a
// UCI engine and its handshake, one "go perft", one run of a perftree
// script) unless -timeout says otherwise: a depth-6 divide of Kiwipete
// (8 billion leaves) takes a fast engine under a minute.
const DefaultEngineTimeout = 2 * time.Minute

// MaxEngineOutput is the most standard output read from one engine call
// (the lines up to "Nodes searched", or a script's whole output) and the
// longest line, 1 MiB: a divide is at most 218 lines of about 30 bytes;
// more is refused as not a divide, and the engine is stopped. Standard
// error is read to its end, whatever its length; its last lines are kept.
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
	Engine string      // the command as given
	Doing  string      // what it was asked, e.g. `"go perft 3"`
	Msg    string      // what happened, e.g. "exited with exit status 3"
	Tail   []shownLine // its last lines of output, both streams
}

// Error returns the message and the last output, one line each, every
// byte that is not printable escaped.
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
	writeQuoted(&b, e.Tail)
	return b.String()
}

// writeQuoted writes lines, each on a line of its own after "  | ".
func writeQuoted(b *strings.Builder, lines []shownLine) {
	for _, l := range lines {
		b.WriteString("\n  | " + l.String())
	}
}

// A ReadError says that Bitview could not read an engine's divide (or a
// divide on standard input): none of its lines is a move and a count, some
// name a move without a count Bitview reads, or its total is missing, so
// that it may be a part of a divide. No verdict is given on it.
type ReadError struct {
	Engine string      // the command as given, or "standard input"
	Doing  string      // what it was asked; "" for standard input
	Msg    string      // why, e.g. "20 lines name a move but no count it reads"
	Lines  []shownLine // the lines in question, or the first of its output
	More   int         // lines in question left out of Lines
}

// Error returns "could not read the divide …", why, and the lines.
func (e *ReadError) Error() string {
	var b strings.Builder
	b.WriteString("could not read the divide of ")
	if e.Engine == "standard input" {
		b.WriteString("standard input")
	} else {
		b.WriteString("engine " + strconv.Quote(e.Engine))
	}
	if e.Doing != "" {
		b.WriteString(" answering " + e.Doing)
	}
	b.WriteString(": " + e.Msg)
	if len(e.Lines) > 0 {
		b.WriteString(":")
		writeQuoted(&b, e.Lines)
		if e.More > 0 {
			b.WriteString("\n  | … and " + plural(e.More, "more", "more"))
		}
	}
	b.WriteString("\nA divide is one \"move: count\" line per legal move (\"e2e4: 20\"; \"e2e4 20\" and qperft's lines too) and its total (\"Nodes searched: 20\", or a number alone on the last line of a perftree script's output); no verdict is given on it.")
	return b.String()
}

// readable returns a *ReadError when got, read from text, is not a
// divide Bitview can read: lines that name a move without a count it
// reads (a format it does not know), or no line read as a move and a
// count although a total is stated. engine and doing name the source as
// in ReadError.
func readable(got divide.Parsed, text, engine, doing string) error {
	unread := got.Unread()
	var alike []divide.Skipped // moves written with look-alike characters
	for _, l := range unread {
		if l.LookAlike {
			alike = append(alike, l)
		}
	}
	if len(alike) > 0 {
		// Quoted with every character outside ASCII escaped: printed as it
		// is, "е2е4" reads as the move it is not.
		lines, more := quoteSkipped(alike)
		return &ReadError{Engine: engine, Doing: doing, Lines: lines, More: more,
			Msg: plural(len(alike), "line writes a move", "lines write moves") + " in characters that only look like ASCII (line " +
				strconv.Itoa(alike[0].Line) + ": " + shown(alike[0].Reason) + ")"}
	}
	if len(unread) > 0 {
		lines, more := quoteSkipped(unread)
		return &ReadError{Engine: engine, Doing: doing, Lines: lines, More: more,
			Msg: plural(len(unread), "line names a move but no count Bitview reads", "lines name a move but no count Bitview reads")}
	}
	if len(got.Moves) == 0 && got.HasTotal && got.Total > 0 {
		lines, _ := quoteSkipped(firstLines(text))
		return &ReadError{Engine: engine, Doing: doing, Lines: lines,
			Msg: "it states " + thousands.FormatUint(got.Total) + " nodes, but none of its lines is a move and a count"}
	}
	return nil
}

// whole returns a *ReadError when got, an engine's answer read from
// text, states no total: a part of a divide, or a total in a form Bitview
// does not read, which gets no verdict.
func whole(got divide.Parsed, text, engine, doing string) error {
	if got.HasTotal {
		return nil
	}
	lines, _ := quoteSkipped(firstLines(text))
	return &ReadError{Engine: engine, Doing: doing, Lines: lines,
		Msg: plural(len(got.Moves), "move", "moves") + " and no total: a part of a divide, or a total Bitview does not read"}
}

// quoteSkipped returns the first tailLines of lines to quote, and how
// many are left out.
func quoteSkipped(lines []divide.Skipped) ([]shownLine, int) {
	var out []shownLine
	for _, l := range lines[:min(len(lines), tailLines)] {
		q := outLine([]byte(l.Text), false, 0, false)
		q.ascii = l.LookAlike
		out = append(out, q)
	}
	return out, len(lines) - len(out)
}

// firstLines returns the first tailLines non-blank lines of text.
func firstLines(text string) []divide.Skipped {
	var out []divide.Skipped
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r", ""), "\n") {
		if len(out) == tailLines {
			break
		}
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, divide.Skipped{Line: i + 1, Text: l})
		}
	}
	return out
}

// tail keeps the last tailLines lines written to it by the engine's
// standard output and standard error readers, and the line each stream
// has begun and not ended: the last thing an engine stuck mid-line
// printed.
type tail struct {
	mu    sync.Mutex
	lines []shownLine
	open  [2]shownLine // standard output's, standard error's; text "" when none
}

// add keeps a line that ended, which ends its stream's open line.
func (t *tail) add(line shownLine) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) == tailLines {
		t.lines = append(t.lines[:0], t.lines[1:]...)
	}
	t.lines = append(t.lines, line)
	t.open[b2i(line.stderr)] = shownLine{}
}

// unended keeps the line a stream has begun and not ended (text, empty
// when none).
func (t *tail) unended(text []byte, stderr bool) {
	l := shownLine{}
	if len(text) > 0 {
		l = outLine(text, false, 0, stderr)
		l.unended = true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.open[b2i(stderr)] = l
}

// get returns the last lines, each stream's open line after them.
func (t *tail) get() []shownLine {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := append([]shownLine(nil), t.lines...)
	for _, l := range t.open {
		if l.text != "" {
			out = append(out, l)
		}
	}
	return out
}

// b2i returns 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
// "isready" once, then for each divide "position fen … [moves …]",
// "isready" (the lines up to "readyok" are dropped: nothing the engine
// printed after its last answer is read as the next), and "go perft N",
// and reads lines until "Nodes searched: N".
type uciEngine struct {
	p       *proc
	lines   chan stdoutLine // standard output, one line at a time; closed at its end
	quit    chan struct{}   // closed by close: the reader stops sending
	timeout time.Duration
	dead    error // set once the engine failed; every later call returns it
	once    sync.Once
	// chess960 says the engine listed the option UCI_Chess960 in its
	// answer to "uci".
	chess960 bool
}

// A stdoutLine is a line of an engine's standard output, whole unless
// long (then its first MaxEngineOutput bytes).
type stdoutLine struct {
	text string
	long bool
}

// startUCI starts the engine and waits for "uciok" and "readyok".
func startUCI(cmdline string, timeout time.Duration) (*uciEngine, error) {
	p, err := startProc(cmdline, nil, true)
	if err != nil {
		return nil, &EngineError{Engine: cmdline, Msg: "cannot start: " + err.Error()}
	}
	e := &uciEngine{p: p, lines: make(chan stdoutLine), quit: make(chan struct{}), timeout: timeout}
	go func() {
		defer close(e.lines)
		defer p.stdout.Close()
		readLines(p.stdout, MaxEngineOutput, func(text []byte, long, unended bool) bool {
			p.tail.add(outLine(text, long, MaxEngineOutput, false).ended(!unended))
			select {
			case e.lines <- stdoutLine{string(text), long}:
				return true
			case <-e.quit:
				return false
			}
		}, func(text []byte) { p.tail.unended(text, false) })
	}()
	// ask stops the engine when it fails.
	text, _, err := e.ask("uci", `"uci"`, func(l string) bool { return strings.TrimSpace(l) == "uciok" })
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) >= 3 && f[0] == "option" && f[1] == "name" && f[2] == "UCI_Chess960" {
			e.chess960 = true
		}
	}
	if _, _, err := e.ask("isready", `"isready"`, isReadyOK); err != nil {
		return nil, err
	}
	return e, nil
}

// setChess960 sends "setoption name UCI_Chess960 value true" (the UCI
// protocol's option for Chess960: the engine then reads castling rights
// as Chess960's and writes castling king-takes-rook) and waits for
// "readyok".
func (e *uciEngine) setChess960() error {
	const set = "setoption name " + chess960Option + " value true"
	if e.dead == nil {
		if _, err := io.WriteString(e.p.stdin, set+"\n"); err != nil {
			e.close()
			e.dead = &EngineError{Engine: e.p.name, Doing: `"` + set + `"`, Msg: "cannot be written to (" + err.Error() + ")", Tail: e.p.tail.get()}
		}
	}
	_, _, err := e.ask("isready", `"isready" after "`+set+`"`, isReadyOK)
	return err
}

// chess960Option is the UCI option of Chess960 (the UCI protocol
// specification of April 2006, "UCI_Chess960").
const chess960Option = "UCI_Chess960"

// isReadyOK reports whether l is "readyok".
func isReadyOK(l string) bool { return strings.TrimSpace(l) == "readyok" }

// ask sends command and returns the lines the engine prints up to and
// including the first for which last is true, as one text (each line
// ended by \n), and that line. An engine that exits, does not answer
// within the time limit, or prints more than MaxEngineOutput bytes is
// stopped, and the error is an *EngineError with its last output.
func (e *uciEngine) ask(command, doing string, last func(string) bool) (text, lastLine string, err error) {
	if e.dead != nil {
		return "", "", e.dead
	}
	fail := func(msg string) (string, string, error) {
		e.close()
		e.dead = &EngineError{Engine: e.p.name, Doing: doing, Msg: msg, Tail: e.p.tail.get()}
		return "", "", e.dead
	}
	if _, err := io.WriteString(e.p.stdin, command+"\n"); err != nil {
		return fail("cannot be written to (" + err.Error() + ")")
	}
	timer := time.NewTimer(e.timeout)
	defer timer.Stop()
	var b strings.Builder
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return fail(e.exited())
			}
			if l.long {
				return fail("printed a line over " + thousands.Itoa(MaxEngineOutput) + " bytes; stopped it")
			}
			if b.Len()+len(l.text)+1 > MaxEngineOutput {
				return fail("printed over " + thousands.Itoa(MaxEngineOutput) + " bytes; stopped it")
			}
			b.WriteString(l.text)
			b.WriteByte('\n')
			if last(l.text) {
				return b.String(), l.text, nil
			}
		case <-timer.C:
			return fail("did not answer within " + e.timeout.String() + " (-timeout); stopped it")
		}
	}
}

// exited says how the engine ended after closing its standard output.
func (e *uciEngine) exited() string {
	err, killed := e.p.end(time.Second)
	switch {
	case killed:
		return "closed its standard output"
	case err != nil:
		return "exited with " + err.Error()
	}
	return "exited (status 0)"
}

// divide asks for "go perft depth" after "position fen fen moves …" and
// "isready", and parses the answer up to "Nodes searched". An answer
// Bitview cannot read is a *ReadError.
func (e *uciEngine) divide(fen string, moves []string, depth int) (divide.Parsed, error) {
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if e.dead == nil {
		if _, err := io.WriteString(e.p.stdin, pos+"\n"); err != nil {
			e.close()
			e.dead = &EngineError{Engine: e.p.name, Doing: `"` + pos + `"`, Msg: "cannot be written to (" + err.Error() + ")", Tail: e.p.tail.get()}
		}
	}
	// What the engine printed after its last answer ("bestmove", a second
	// "Nodes searched") comes before readyok, and is dropped.
	if _, _, err := e.ask("isready", `"isready" after "`+pos+`"`, isReadyOK); err != nil {
		return divide.Parsed{}, err
	}
	go_ := "go perft " + strconv.Itoa(depth)
	doing := `"` + go_ + `" after "` + pos + `"`
	text, last, err := e.ask(go_, doing, func(l string) bool {
		l = strings.TrimSpace(l)
		return strings.HasPrefix(l, "Nodes searched") || strings.HasPrefix(l, "bestmove")
	})
	if err != nil {
		return divide.Parsed{}, err
	}
	if last = strings.TrimSpace(last); strings.HasPrefix(last, "bestmove") {
		// An engine without "go perft" searches instead: "go" and "perft"
		// read as a plain go.
		e.dead = &EngineError{Engine: e.p.name, Doing: doing, Msg: "searched and answered " + strconv.Quote(last) + " instead of a divide: does it know \"go perft\"? (else give -perftree a script)", Tail: e.p.tail.get()}
		return divide.Parsed{}, e.dead
	}
	got := divide.Parse(text)
	if err := readable(got, text, e.p.name, doing); err != nil {
		return divide.Parsed{}, err
	}
	if err := whole(got, text, e.p.name, doing); err != nil {
		return divide.Parsed{}, err
	}
	return got, nil
}

// close sends "quit" and ends the engine's process group, its process
// given 200 ms to quit first.
func (e *uciEngine) close() {
	e.once.Do(func() {
		io.WriteString(e.p.stdin, "quit\n")
		e.p.end(200 * time.Millisecond)
		close(e.quit)
	})
}

// A perftreeScript is a perftree script (agausmann/perftree): run as
// `SCRIPT depth fen [moves]` for each divide, the moves one argument
// separated by spaces and left out when there are none, printing
// "move count" lines, a blank line and the total. Its answer is its
// output once it has exited; what it left running is ended then.
type perftreeScript struct {
	name    string
	timeout time.Duration
}

// divide runs the script once.
func (s *perftreeScript) divide(fen string, moves []string, depth int) (divide.Parsed, error) {
	args := []string{strconv.Itoa(depth), fen}
	if len(moves) > 0 {
		args = append(args, strings.Join(moves, " "))
	}
	doing := "depth " + strconv.Itoa(depth) + ", " + strconv.Quote(fen)
	if len(moves) > 0 {
		doing += ", moves " + strconv.Quote(strings.Join(moves, " "))
	}
	p, err := startProc(s.name, args, false)
	if err != nil {
		return divide.Parsed{}, &EngineError{Engine: s.name, Msg: "cannot start: " + err.Error()}
	}
	// Standard output is read while the script runs; a line or a whole
	// over the limit stops it at once.
	var (
		out      strings.Builder
		overMsg  string
		readDone = make(chan struct{})
	)
	go func() {
		defer close(readDone)
		readLines(p.stdout, MaxEngineOutput, func(text []byte, long, unended bool) bool {
			p.tail.add(outLine(text, long, MaxEngineOutput, false).ended(!unended))
			switch {
			case long:
				overMsg = "printed a line over " + thousands.Itoa(MaxEngineOutput) + " bytes; stopped it"
			case out.Len()+len(text)+1 > MaxEngineOutput:
				overMsg = "printed over " + thousands.Itoa(MaxEngineOutput) + " bytes; stopped it"
			default:
				out.Write(text)
				out.WriteByte('\n')
				return true
			}
			p.kill()
			return false
		}, func(text []byte) { p.tail.unended(text, false) })
	}()
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	timedOut := false
	select {
	case <-p.exited:
	case <-readDone: // the end of its output, or too much of it
		select {
		case <-p.exited:
		case <-timer.C:
			timedOut = true
		}
	case <-timer.C:
		timedOut = true
	}
	// The script has exited, or is stopped now: what it started goes too,
	// which closes the output a background child held open.
	err, _ = p.end(0)
	select {
	case <-readDone:
	case <-time.After(endGrace):
		p.stdout.Close() // a child that left the group still holds it
		<-readDone
	}
	p.stdout.Close()
	fail := func(msg string) (divide.Parsed, error) {
		return divide.Parsed{}, &EngineError{Engine: s.name, Doing: doing, Msg: msg, Tail: p.tail.get()}
	}
	switch {
	case overMsg != "":
		return fail(overMsg)
	case timedOut:
		return fail("did not finish within " + s.timeout.String() + " (-timeout); stopped it")
	case err != nil:
		return fail("exited with " + err.Error())
	}
	text := out.String()
	got := parsePerftree(text)
	if err := readable(got, text, s.name, doing); err != nil {
		return divide.Parsed{}, err
	}
	if err := whole(got, text, s.name, doing); err != nil {
		return divide.Parsed{}, err
	}
	return got, nil
}

func (s *perftreeScript) close() {}

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

// seconds formats a duration for the report: "420 ms", "1.42 s".
func seconds(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", max(d.Milliseconds(), 1))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
