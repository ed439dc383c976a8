package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
	"github.com/bitview/bitview/wasm/model"
)

// divideUsage is bitview divide's help.
const divideUsage = `usage: bitview divide [-fen FEN] -depth N [-stats] [-engine CMD | -engine - | -perftree SCRIPT] [-timeout D] [-json]
       bitview divide -suite FILE [-max-depth N] [-engine CMD | -perftree SCRIPT] [-timeout D] [-json]

Prints Bitview's perft divide of the position in Stockfish's "go perft"
format: one "move: count" line per legal move, a blank line, "Nodes
searched: N". With an engine, compares its divide with Bitview's: the
moves it misses, adds, or counts differently; then drills down along the
first wrong count, one ply shallower at each step, to the smallest depth
that still differs, and prints the position and moves that show the bug
("position fen … moves …", "go perft 1") and what kind of moves are at
fault ("the 2 missing moves are en passant captures").

  -engine CMD      a UCI engine: bitview sends uci, isready, then for
                   each divide "position fen … [moves …]", isready (what
                   the engine prints before readyok is dropped) and "go
                   perft N", and reads "move: count" lines up to "Nodes
                   searched: N"
  -perftree SCRIPT a perftree script, run as "SCRIPT depth fen [moves]",
                   printing "move count" lines, a blank line and the total
  -engine -        a divide on standard input (Stockfish's, qperft's,
                   perftree's …), compared at the root only: it cannot
                   drill down, so where it differs bitview names the
                   divide to paste next
  -stats           counts each move's leaves by kind, as the Chess
                   Programming Wiki's "Perft Results" tables do: captures,
                   en passant, castles, promotions, checks, discovered and
                   double checks, checkmates (a table after the divide)
  -suite FILE      runs every position of a perft suite (EPD lines "FEN
                   ;D1 20 ;D2 400 …", as core/testdata/perftsuite.epd; - for
                   standard input) at every depth it lists up to
                   -max-depth (a line without counts: every depth). Bitview
                   checks its own counts against the file first; with an
                   engine, then asks it for each position and depth (a
                   position stops at its first depth that differs) and
                   drills the first difference down. Prints a table of
                   positions by depths. FENs are read as -fen reads them
  -json            prints one JSON document instead of the text (schema
                   "bitview-divide/1": see go doc
                   github.com/bitview/bitview/wasm/cmd/bitview/benchjson)

Chess960: a position whose castling needs Chess960's rules (X-FEN or
Shredder-FEN castling letters, or KQkq with a king off the e-file or a
rook off the corner) is divided with castling written king-takes-rook
(e1h1), and bitview sends the engine "setoption name UCI_Chess960 value
true" first, and says so (with -suite, once, when any of its positions
needs it: every position is then compared king-takes-rook). Castling an engine writes in the other of UCI's
notations (e1h1 in a standard game, as Stockfish does with UCI_Chess960
set) is named and compared as the move it is.

CMD and SCRIPT are split at blanks (no quoting). Each runs in a process
group of its own, ended with all it started (the engine a #!/bin/sh
wrapper runs, a script's background child) when bitview is done, at the
time limit, and on Ctrl-C. Its output is read whatever it prints: up to
1 MiB per answer, the longest line included (more stops it); standard
error to its end. Its lines are quoted with every byte that is not
printable escaped (\x1b).

Exit status: 0 when the divides agree; 1 when they differ, or the engine
exits, hangs past the time limit or prints too much (its last output is
shown); 2 on bad input, an engine that cannot start, or a divide Bitview
cannot read, which gets no verdict: "could not read the divide" and its
lines (a format it does not know, or no total, which a part of a divide
lacks; a part on standard input is compared move by move, exit 1 when a
move it lists differs); 128 + the signal's number on Ctrl-C (130) or
SIGTERM. A suite: 0 when every count agrees; 1 when one differs (without
an engine, Bitview's from the file's); 2 when the file cannot be read or,
with an engine, Bitview's count is not the file's (no verdict on the
engine then).

Examples:
  bitview divide -depth 3
  bitview divide -depth 4 -stats -fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  bitview divide -fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' -depth 4 -engine ./myengine
  bitview divide -depth 5 -perftree ./perft.sh
  bitview divide -fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9' -depth 4 -engine stockfish
  ./myengine divide 3 | bitview divide -depth 3 -engine -
  bitview divide -suite core/testdata/perftsuite.epd -max-depth 4 -engine ./myengine
`

// defaultSuiteDepth is -max-depth's default: perftsuite.epd to depth 5
// is 382,938,880 leaves, a few seconds.
const defaultSuiteDepth = 5

// A divideRun is one run of bitview divide: where it writes, and the JSON
// document it fills with -json (written once, at the end, whatever the
// outcome).
type divideRun struct {
	stdout, stderr io.Writer
	json           bool
	doc            benchjson.Divide
}

// fail writes "bitview divide: err" on standard error (and, with -json,
// the document with status and err) and returns status.
func (o *divideRun) fail(err error, status int) int {
	o.doc.Exit, o.doc.Error = status, err.Error()
	if o.json {
		writeJSON(o.stdout, o.doc)
	}
	return fail(o.stderr, "divide", err, status)
}

// done writes the document with -json and returns status.
func (o *divideRun) done(status int) int {
	o.doc.Exit = status
	if o.json {
		writeJSON(o.stdout, o.doc)
	}
	return status
}

// text returns where the text report goes: standard output, or nowhere
// with -json.
func (o *divideRun) text() io.Writer {
	if o.json {
		return io.Discard
	}
	return o.stdout
}

// divideCmd runs bitview divide.
func divideCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("divide", divideUsage, stderr)
	fen := fs.String("fen", core.StartFEN, "the position: a FEN, or a piece placement alone (White to move)")
	depth := fs.Int("depth", 0, "plies to divide, 1 to "+strconv.Itoa(core.MaxDivideDepth)+" (required without -suite)")
	engine := fs.String("engine", "", "a UCI engine's command, or - for a divide on standard input")
	script := fs.String("perftree", "", "a perftree script's command")
	timeout := fs.Duration("timeout", DefaultEngineTimeout, "the time limit of one engine call (start and handshake, one go perft, one script run)")
	suitePath := fs.String("suite", "", `a perft suite to run instead of one position: a file of EPD lines "FEN ;D1 20 ;D2 400 …", or - for standard input`)
	maxDepth := fs.Int("max-depth", defaultSuiteDepth, "with -suite, the deepest depth run, 1 to "+strconv.Itoa(core.MaxDivideDepth))
	stats := fs.Bool("stats", false, "also count each move's leaves by kind: captures, en passant, castles, promotions, checks, discovered and double checks, checkmates")
	asJSON := fs.Bool("json", false, `print one JSON document (schema "bitview-divide/1") instead of the text`)
	if status, done := parseFlags(fs, args); done {
		return status
	}
	o := &divideRun{stdout: stdout, stderr: stderr, json: *asJSON, doc: benchjson.Divide{Schema: benchjson.DivideSchema}}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case fs.NArg() > 0:
		return o.fail(fmt.Errorf("unexpected argument %q (flags come as -name value)", fs.Arg(0)), exitBadInput)
	case *engine != "" && *script != "":
		return o.fail(errors.New("-engine and -perftree: give one"), exitBadInput)
	case *timeout <= 0:
		return o.fail(fmt.Errorf("-timeout %v: give a duration above 0, e.g. 30s", *timeout), exitBadInput)
	case *suitePath != "" && (given["fen"] || given["depth"] || *stats):
		return o.fail(errors.New("-suite runs the suite's positions at its depths: give no -fen, -depth or -stats with it (-max-depth caps the depths)"), exitBadInput)
	case *suitePath != "" && *engine == "-":
		return o.fail(errors.New("-suite asks an engine for many divides: give -engine CMD or -perftree SCRIPT, not -engine - (standard input holds one divide)"), exitBadInput)
	case *suitePath == "" && given["max-depth"]:
		return o.fail(errors.New("-max-depth applies to -suite: give -depth for one position"), exitBadInput)
	}
	if *suitePath != "" {
		return o.suite(suiteRun{path: *suitePath, maxDepth: *maxDepth, engine: *engine, script: *script, timeout: *timeout}, stdin)
	}
	p, err := readFEN(*fen)
	if err != nil {
		return o.fail(err, exitBadInput)
	}
	if *depth < 1 || *depth > core.MaxDivideDepth {
		return o.fail(&core.DepthError{Depth: *depth}, exitBadInput)
	}
	root := p.FEN()
	o.doc.FEN, o.doc.Depth = root, *depth
	var ours core.Division
	if *stats {
		ours, _ = core.DivideStats(p, *depth, nil)
	} else if o.json && *engine == "" && *script == "" {
		ours, _ = core.Divide(p, *depth, nil)
	}
	if ours.Depth > 0 {
		o.doc.Moves, o.doc.Nodes, o.doc.Stats = movesJSON(ours), ours.Nodes, statsOf(ours)
	}
	chess960 := p.Chess960()
	o.doc.Chess960 = chess960
	switch {
	case *engine == "-":
		text, err := readLimited(stdin, "the divide on standard input", model.MaxPerftPaste)
		if err != nil {
			return o.fail(err, exitBadInput)
		}
		status, err := o.pasted(p, *depth, text)
		if err != nil {
			return o.fail(err, status)
		}
		o.writeStats(ours, true)
		return o.done(status)
	case *engine != "" || *script != "":
		// Ctrl-C ends the engine's process group, which the terminal's
		// Ctrl-C does not reach, from here on: the handshake may hang too.
		defer onSignal("divide", stderr)()
		label := *engine
		if *script != "" {
			label = *script
		}
		eng, status, err := startDivider(*engine, *script, *timeout, chess960)
		if err != nil {
			return o.fail(err, status)
		}
		mode := chess960Mode(eng, chess960)
		defer eng.close()
		began := time.Now()
		d, err := divide.DrillDown(p, *depth, func(moves []string, depth int) (divide.Parsed, error) {
			return eng.divide(root, moves, depth)
		})
		elapsed := time.Since(began)
		info := reportOf(root, shown(label), chess960, mode)
		status = report(o.text(), info, d, elapsed)
		if len(d.Steps) > 0 {
			o.doc.Engine = engineJSON(label, info, d, elapsed)
			if ours.Depth == 0 {
				o.doc.Moves, o.doc.Nodes = movesJSON(d.Steps[0].Want), d.Steps[0].Want.Nodes
			}
		}
		o.writeStats(ours, true)
		var re *ReadError
		switch {
		case errors.As(err, &re):
			return o.fail(err, exitBadInput)
		case err != nil:
			return o.fail(err, exitDiffer)
		}
		return o.done(status)
	}
	if *stats {
		o.writeStats(ours, false)
		return o.done(exitAgree)
	}
	d, _ := core.Divide(p, *depth, nil)
	var b strings.Builder
	for _, e := range d.Entries {
		b.WriteString(d.UCI(e.Move) + ": " + strconv.FormatUint(e.Nodes, 10) + "\n")
	}
	b.WriteString("\nNodes searched: " + strconv.FormatUint(d.Nodes, 10) + "\n")
	io.WriteString(o.text(), b.String())
	return o.done(exitAgree)
}

// startDivider starts the UCI engine of cmd or, when script is given, the
// perftree script; with chess960, it sends a UCI engine "setoption name
// UCI_Chess960 value true" (a perftree script has no option to set). An
// error comes with its exit status: 2 when it cannot start, 1 when it
// starts but fails the handshake.
func startDivider(cmd, script string, timeout time.Duration, chess960 bool) (divider, int, error) {
	if script != "" {
		prog, _, err := command(script)
		if err == nil {
			_, err = exec.LookPath(prog)
		}
		if err != nil {
			return nil, exitBadInput, &EngineError{Engine: script, Msg: "cannot start: " + err.Error()}
		}
		return &perftreeScript{name: script, timeout: timeout}, 0, nil
	}
	e, err := startUCI(cmd, timeout)
	if err == nil && chess960 {
		err = e.setChess960()
	}
	if err != nil {
		var ee *EngineError
		if errors.As(err, &ee) && strings.HasPrefix(ee.Msg, "cannot start") || !errors.As(err, &ee) {
			return nil, exitBadInput, err
		}
		return nil, exitDiffer, err
	}
	return e, 0, nil
}

// chess960Mode says what startDivider did for Chess960 with eng: "" when
// chess960 is false, else the clause a report writes after "bitview".
func chess960Mode(eng divider, chess960 bool) string {
	if !chess960 {
		return ""
	}
	e, ok := eng.(*uciEngine)
	if !ok {
		return "gave the script the FEN in X-FEN, as a perftree script has no option to set"
	}
	mode := "sent \"setoption name " + chess960Option + " value true\""
	if !e.chess960 {
		mode += " (the engine lists no " + chess960Option + " option)"
	}
	return mode
}

// statKinds are the columns of the -stats table: a header and the count
// of a PerftStats, in the Chess Programming Wiki's order.
var statKinds = []struct {
	header string
	count  func(s core.PerftStats) uint64
}{
	{"nodes", func(s core.PerftStats) uint64 { return s.Nodes }},
	{"captures", func(s core.PerftStats) uint64 { return s.Captures }},
	{"e.p.", func(s core.PerftStats) uint64 { return s.EnPassant }},
	{"castles", func(s core.PerftStats) uint64 { return s.Castles }},
	{"promotions", func(s core.PerftStats) uint64 { return s.Promotions }},
	{"checks", func(s core.PerftStats) uint64 { return s.Checks }},
	{"discovered", func(s core.PerftStats) uint64 { return s.DiscoveredChecks }},
	{"double", func(s core.PerftStats) uint64 { return s.DoubleChecks }},
	{"checkmates", func(s core.PerftStats) uint64 { return s.Checkmates }},
}

// writeStats writes d, a divide with stats, as a table: a row per move
// and the total by kind, then "Nodes searched: N" as a divide ends; after
// a report, a blank line first. It writes nothing for a divide without
// stats.
func (o *divideRun) writeStats(d core.Division, after bool) {
	if !d.WithStats {
		return
	}
	rows := [][]string{{"move"}}
	for _, k := range statKinds {
		rows[0] = append(rows[0], k.header)
	}
	row := func(label string, s core.PerftStats) {
		r := []string{label}
		for _, k := range statKinds {
			r = append(r, strconv.FormatUint(k.count(s), 10))
		}
		rows = append(rows, r)
	}
	for _, e := range d.Entries {
		row(d.UCI(e.Move), e.Stats)
	}
	row("total", d.Stats)
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	var b strings.Builder
	if after {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "perft divide by kind of move, depth %d (the moves into the leaves, as the Chess Programming Wiki's \"Perft Results\" count them)\n", d.Depth)
	for ri, r := range rows {
		if ri == len(rows)-1 {
			b.WriteString("\n")
		}
		for i, c := range r {
			if i == 0 {
				fmt.Fprintf(&b, "%-*s", widths[i], c)
			} else {
				fmt.Fprintf(&b, "  %*s", widths[i], c)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\nNodes searched: " + strconv.FormatUint(d.Nodes, 10) + "\n")
	io.WriteString(o.text(), b.String())
}

// pasted compares a divide on standard input (text) with Bitview's of p
// at depth, and returns the exit status. A divide Bitview cannot read is
// an error (status 2); a part of a divide (no total, or a total that is
// not the sum of the moves it lists while some legal move is missing:
// divide.Partial) is compared move by move, with no verdict on the moves
// it leaves out (status 1 when a move it lists differs, else 2). A pasted
// divide cannot be drilled down: where it differs at a depth above 1, the
// report says which divide to paste next. An error comes with its
// status.
func (o *divideRun) pasted(p core.Position, depth int, text string) (int, error) {
	const source = "standard input"
	root := p.FEN()
	want, _ := core.Divide(p, depth, nil)
	info := reportOf(root, source, want.Chess960, "")
	got := parsePerftree(text) // Stockfish's, qperft's or a perftree script's output, its total alone on the last line
	if err := readable(got, text, source, ""); err != nil {
		return exitBadInput, err
	}
	if len(got.Moves) == 0 && len(want.Entries) > 0 {
		return exitBadInput, errors.New(`no move counts on standard input: it should have lines like "e2e4: 600"`)
	}
	if o.doc.Moves == nil {
		o.doc.Moves, o.doc.Nodes = movesJSON(want), want.Nodes
	}
	st := divide.Step{Position: p, Depth: depth, Want: want, Got: got, Diffs: divide.Diff(want, got)}
	if !got.HasTotal || divide.Partial(want, got) {
		var given []divide.Difference // the moves it lists that differ
		for _, df := range st.Diffs {
			if df.Kind != divide.Missing {
				given = append(given, df)
			}
		}
		st.Diffs = given
		var b strings.Builder
		fmt.Fprintf(&b, "perft divide, depth %d, of %s\nBitview: %d moves, %s nodes; %s: %s\n", depth, root,
			len(want.Entries), thousands.FormatUint(want.Nodes), source, engineTotal(got))
		writeNotes(&b, info, want, got)
		if len(given) > 0 {
			writeDiffs(&b, st)
		} else {
			fmt.Fprintf(&b, "The %s it lists agree.\n", plural(len(got.Moves), "move", "moves"))
		}
		fmt.Fprintf(&b, "This is a part of a divide (%s of %d, %s): no verdict on the moves it leaves out. Paste the whole divide, with its total (\"Nodes searched: N\").\n",
			plural(len(got.Moves), "move", "moves"), len(want.Entries), totalNote(got))
		e := engineJSON(source, info, divide.Drill{Steps: []divide.Step{st}}, 0)
		e.Outcome = "partial"
		e.Verdict = fmt.Sprintf("a part of a divide (%s of %d, %s): no verdict on the moves it leaves out", plural(len(got.Moves), "move", "moves"), len(want.Entries), totalNote(got))
		if w := firstWrong(given); w != "" && depth > 1 {
			writeNextPaste(&b, p, info, w, depth)
			e.See = nextPaste(info, w, depth)
		}
		o.doc.Engine = e
		io.WriteString(o.text(), b.String())
		if len(given) > 0 {
			return exitDiffer, nil
		}
		return exitBadInput, nil
	}
	d := divide.Drill{Steps: []divide.Step{st}, Outcome: divide.Agree}
	switch {
	case len(st.Diffs) == 0 && got.Total != want.Nodes:
		d.Outcome = divide.BadTotal
	case len(st.Diffs) == 0:
	case depth == 1:
		d.Outcome = divide.Found // its depth-1 divide shows the bug
	default:
		d.Outcome = 0 // not drilled: the next divide is the user's to paste
	}
	var b strings.Builder
	status := report(&b, info, d, 0)
	o.doc.Engine = engineJSON(source, info, d, 0)
	if d.Outcome == 0 {
		if w := firstWrong(st.Diffs); w != "" {
			writeNextPaste(&b, p, info, w, depth)
			o.doc.Engine.See = nextPaste(info, w, depth)
		} else {
			o.doc.Engine.See = append(info.commands(nil), "go perft 1")
			fmt.Fprintf(&b, "\nA divide on standard input cannot be drilled down: Bitview cannot ask your engine for the next one. "+
				"Paste next its depth-1 divide of the same position: if it lacks or adds the same moves, its move generation is wrong here; "+
				"if it lists exactly the legal moves, it answers this position one way at depth %d and another at depth 1.\n"+
				"  %s\n  go perft 1\n  … | bitview divide -fen '%s' -depth 1 -engine -\n", depth, info.position(nil), root)
		}
	}
	io.WriteString(o.text(), b.String())
	return status, nil
}

// writeNextPaste tells the user of -engine - which divide to paste next:
// one ply deeper along the root p's move follow, with the command that
// compares it.
func writeNextPaste(b *strings.Builder, p core.Position, info reportInfo, follow string, depth int) {
	if m, err := p.ParseUCI(follow); err == nil {
		p.Play(m)
	}
	fmt.Fprintf(b, "\nA divide on standard input cannot be drilled down: Bitview cannot ask your engine for the next one. "+
		"Paste next its divide one ply deeper along %s:\n  %s\n  go perft %d\n  … | bitview divide -fen '%s' -depth %d -engine -\n",
		follow, info.position([]string{follow}), depth-1, p.FEN(), depth-1)
}

// A reportInfo is what a report says beside the drill: the root's FEN,
// the engine's name, and whether the comparison is in Chess960's notation
// (and what was done for it).
type reportInfo struct {
	root, engine string
	chess960     bool
	mode         string // for Chess960: what bitview did, e.g. `sent "setoption …"`; "" for standard input
}

// reportOf returns the reportInfo of a comparison.
func reportOf(root, engine string, chess960 bool, mode string) reportInfo {
	return reportInfo{root: root, engine: engine, chess960: chess960, mode: mode}
}

// commands returns the UCI commands that set the position reached from
// the root by moves, "setoption name UCI_Chess960 value true" first where
// the comparison needs it: what the user types to see a step.
func (r reportInfo) commands(moves []string) []string {
	s := "position fen " + r.root
	if len(moves) > 0 {
		s += " moves " + strings.Join(moves, " ")
	}
	if r.chess960 {
		return []string{"setoption name " + chess960Option + " value true", s}
	}
	return []string{s}
}

// position returns commands(moves) as a report lists them, one a line
// indented by two spaces after the first.
func (r reportInfo) position(moves []string) string {
	return strings.Join(r.commands(moves), "\n  ")
}

// writeNotes writes what the report says of notation, after its first
// line: that the position needs Chess960's castling (and what bitview did
// for it), and the castling moves the engine writes in the other of UCI's
// two notations, which are compared as the moves they name.
func writeNotes(b *strings.Builder, info reportInfo, want core.Division, got divide.Parsed) {
	if info.chess960 {
		b.WriteString("Chess960: the position's castling needs Chess960's rules")
		if info.mode != "" {
			b.WriteString("; bitview " + info.mode)
		}
		b.WriteString("; castling is written king-takes-rook, as UCI_Chess960 writes it (e1h1 for O-O with the h1 rook).\n")
	}
	renames := divide.Renamed(want, got)
	if len(renames) == 0 {
		return
	}
	var pairs []string
	for _, r := range renames {
		pairs = append(pairs, r.Written+" for "+r.UCI)
	}
	if want.Chess960 {
		fmt.Fprintf(b, "The engine writes castling as the king's move (%s), as UCI does in standard chess; in Chess960 mode (UCI_Chess960) UCI writes it king-takes-rook. Compared as the moves they name.\n",
			strings.Join(pairs, ", "))
		return
	}
	fmt.Fprintf(b, "The engine writes castling king-takes-rook (%s), as UCI does in Chess960 mode (UCI_Chess960); in standard chess UCI writes the king's move. Compared as the moves they name.\n",
		strings.Join(pairs, ", "))
}

// nextPaste returns the UCI commands of the divide one ply deeper along
// follow, as writeNextPaste names them (the Chess960 option first where
// info needs it).
func nextPaste(info reportInfo, follow string, depth int) []string {
	return append(info.commands([]string{follow}), "go perft "+strconv.Itoa(depth-1))
}

// totalNote says what a part of a divide states of its total.
func totalNote(p divide.Parsed) string {
	if !p.HasTotal {
		return "no total"
	}
	return "a total of " + thousands.FormatUint(p.Total) + " that is not their sum, " + engineSum(p)
}

// firstWrong returns the first move of diffs (UCI order) whose count
// differs, when no move is missing or extra; else "".
func firstWrong(diffs []divide.Difference) string {
	w := ""
	for _, df := range diffs {
		if df.Kind != divide.WrongCount {
			return ""
		}
		if w == "" {
			w = df.UCI
		}
	}
	return w
}

// report writes the comparison with info's engine (its command, or
// "standard input") and the drill-down, and returns the exit status: 0
// when the divides agree, else 1. elapsed is the drill's time (0: not
// timed).
func report(w io.Writer, info reportInfo, d divide.Drill, elapsed time.Duration) int {
	if len(d.Steps) == 0 {
		return exitDiffer
	}
	var b strings.Builder
	first := d.Steps[0]
	fmt.Fprintf(&b, "perft divide, depth %d, of %s\nBitview: %s moves, %s nodes; %s: %s\n", first.Depth, info.root,
		strconv.Itoa(len(first.Want.Entries)), thousands.FormatUint(first.Want.Nodes), info.engine, engineTotal(first.Got))
	writeNotes(&b, info, first.Want, first.Got)
	if len(first.Diffs) == 0 && d.Outcome != divide.BadTotal {
		fmt.Fprintf(&b, "All %d moves agree.\n", len(first.Want.Entries))
		io.WriteString(w, b.String())
		return exitAgree
	}
	if len(first.Diffs) > 0 {
		writeDiffs(&b, first)
	}
	if len(d.Steps) > 1 {
		fmt.Fprintf(&b, "\nDrill-down: %d steps", len(d.Steps))
		if elapsed > 0 {
			b.WriteString(", " + seconds(elapsed))
		}
		b.WriteString("\n")
		for i, st := range d.Steps {
			after := "the root"
			if len(st.Moves) > 0 {
				after = "after " + strings.Join(st.Moves, " ")
			}
			verdict := plural(len(st.Diffs), "move differs", "moves differ")
			if len(st.Diffs) == 0 {
				verdict = "all " + plural(len(st.Want.Entries), "move agrees", "moves agree")
			}
			fmt.Fprintf(&b, "  %d. depth %d, %s: %s", i+1, st.Depth, after, verdict)
			if st.Follow != "" {
				for _, df := range st.Diffs {
					if df.UCI == st.Follow {
						fmt.Fprintf(&b, "; following %s (Bitview %s, engine %s)", df.UCI, thousands.FormatUint(df.Want), thousands.FormatUint(df.Got))
					}
				}
			}
			b.WriteString("\n")
		}
	}
	last := d.Last()
	position := info.position(last.Moves)
	switch d.Outcome {
	case divide.Found:
		if len(d.Steps) > 1 {
			b.WriteString("\nAt the last step:\n")
			writeDiffs(&b, *last)
		}
		fmt.Fprintf(&b, "\nFound it: %s. To see it:\n  %s\n  go perft 1\n(the position: %s)\n", foundSentence(last.Position, last.Diffs), position, last.Position.FEN())
	case divide.Inconsistent:
		prev := d.Steps[len(d.Steps)-2]
		for _, df := range prev.Diffs {
			if df.UCI == prev.Follow {
				fmt.Fprintf(&b, "\nThe engine counted %s nodes below %s, but its divide after it sums to %s, as Bitview's does:\n"+
					"its divide and its perft disagree (a make/unmake, hashing or bulk-counting bug that depends on the path). To see it:\n  %s\n  go perft %d\n",
					thousands.FormatUint(df.Got), df.UCI, engineSum(last.Got), position, last.Depth)
			}
		}
	case divide.TwoWays:
		prev := d.Steps[len(d.Steps)-2]
		fmt.Fprintf(&b, "\nThe engine's depth-%d divide of this position %s, but its depth-1 divide of it lists exactly the legal moves: "+
			"it answers this position two ways (its move list depends on the depth, or on what it searched before: state an earlier search left behind). To see it:\n  %s\n  go perft %d\n  go perft 1\n",
			prev.Depth, whatDiffers(prev.Diffs), position, prev.Depth)
	case divide.BadTotal:
		fmt.Fprintf(&b, "Every move agrees, but the engine's total %s is not their sum, %s.\n", thousands.FormatUint(first.Got.Total), thousands.FormatUint(first.Want.Nodes))
	case 0:
		// Not drilled (a divide on standard input), or the engine failed
		// on the way down: the next divide to ask it for.
		if last.Follow != "" {
			path := append(slices.Clip(last.Moves), written(last.Diffs, last.Follow))
			fmt.Fprintf(&b, "\nNext: divide one ply deeper along %s:\n  %s\n  go perft %d\n", last.Follow, info.position(path), last.Depth-1)
		}
	}
	io.WriteString(w, b.String())
	return exitDiffer
}

// written returns the move uci of diffs as the engine wrote it (see
// divide.Difference's Written).
func written(diffs []divide.Difference, uci string) string {
	for _, df := range diffs {
		if df.UCI == uci && df.Written != "" {
			return df.Written
		}
	}
	return uci
}

// writeDiffs lists a step's differing moves as the page's verdict names
// them: missing, then extra, then wrong counts, then moves listed more
// than once, each in UCI order.
func writeDiffs(b *strings.Builder, st divide.Step) {
	fmt.Fprintf(b, "%s:\n", plural(len(st.Diffs), "move differs", "moves differ"))
	for _, k := range []divide.Kind{divide.Missing, divide.Extra, divide.WrongCount, divide.Repeated} {
		for _, df := range st.Diffs {
			if df.Kind != k {
				continue
			}
			switch k {
			case divide.Missing:
				fmt.Fprintf(b, "  %-6s missing  Bitview %s\n", df.UCI, thousands.FormatUint(df.Want))
			case divide.Extra:
				fmt.Fprintf(b, "  %-6s extra    engine %s (not a legal move)\n", df.UCI, thousands.FormatUint(df.Got))
			case divide.Repeated:
				again := ""
				for _, c := range st.Got.Moves {
					if c.UCI == df.UCI {
						again = ", again on line " + strconv.Itoa(c.Line)
					}
				}
				fmt.Fprintf(b, "  %-6s repeated engine %s on line %d%s (a move listed more than once)\n", df.UCI, thousands.FormatUint(df.Got), df.Line, again)
			default:
				w := ""
				if df.Written != "" {
					w = " (written " + df.Written + ")"
				}
				fmt.Fprintf(b, "  %-6s wrong    Bitview %s, engine %s%s\n", df.UCI, thousands.FormatUint(df.Want), thousands.FormatUint(df.Got), w)
			}
		}
	}
}

// foundSentence says what the engine's move generator does wrong in p at
// the last step, and what kind of moves those are (divide.Kinds): "in
// this position your engine misses 2 legal moves (d5c6, d5e6): the 2
// missing moves are en passant captures", "… makes 2 moves that are not
// legal (e1g1, e1c1): the 2 extra moves are castling moves", or counts a
// leaf other than 1.
func foundSentence(p core.Position, diffs []divide.Difference) string {
	s := "in this position your engine " + whatDiffers(diffs)
	var kinds []string
	for _, k := range []divide.Kind{divide.Missing, divide.Extra, divide.WrongCount} {
		if clause := divide.Kinds(p, diffs, k); clause != "" {
			kinds = append(kinds, clause)
		}
	}
	if len(kinds) > 0 {
		s += ": " + strings.Join(kinds, "; ")
	}
	return s
}

// whatDiffers says how an engine's divide differs: "misses 1 legal move
// (e5d6)", "makes 2 moves that are not legal (e1g1, e1c1)", "counts other
// than 1 leaf at depth 1 below e1g1", "lists 1 move more than once
// (e2e4)", joined by "and".
func whatDiffers(diffs []divide.Difference) string {
	var missing, extra, wrong, repeated []string
	for _, df := range diffs {
		switch df.Kind {
		case divide.Missing:
			missing = append(missing, df.UCI)
		case divide.Extra:
			extra = append(extra, df.UCI)
		case divide.Repeated:
			if !slices.Contains(repeated, df.UCI) {
				repeated = append(repeated, df.UCI)
			}
		default:
			wrong = append(wrong, df.UCI)
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "misses "+plural(len(missing), "legal move", "legal moves")+" ("+strings.Join(missing, ", ")+")")
	}
	if len(extra) > 0 {
		parts = append(parts, "makes "+plural(len(extra), "move that is", "moves that are")+" not legal ("+strings.Join(extra, ", ")+")")
	}
	if len(wrong) > 0 {
		parts = append(parts, "counts other than 1 leaf at depth 1 below "+strings.Join(wrong, ", "))
	}
	if len(repeated) > 0 {
		parts = append(parts, "lists "+plural(len(repeated), "move", "moves")+" more than once ("+strings.Join(repeated, ", ")+")")
	}
	return strings.Join(parts, " and ")
}

// engineTotal describes the engine's total: the one it states, and
// whether it is the sum of its moves.
func engineTotal(p divide.Parsed) string {
	s := plural(len(p.Moves), "move", "moves") + ", "
	sum, fits := p.Sum()
	switch {
	case !p.HasTotal:
		return s + "no total stated (its moves sum to " + engineSum(p) + ")"
	case fits && sum == p.Total:
		return s + thousands.FormatUint(p.Total) + " nodes"
	}
	return s + thousands.FormatUint(p.Total) + " nodes stated, but its moves sum to " + engineSum(p)
}

// engineSum is the sum of the engine's moves, written out.
func engineSum(p divide.Parsed) string {
	sum, fits := p.Sum()
	if !fits {
		return "more than " + thousands.FormatUint(sum)
	}
	return thousands.FormatUint(sum)
}

// plural writes n and one or many: "1 move differs", "3 moves differ".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
