package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
	"github.com/bitview/bitview/wasm/model"
)

// checkUsage is bitview check's help.
const checkUsage = `usage: bitview check [-fen FEN] [-json] < DUMP

Reads what an engine dumps for the position from standard input, as the
page's Engine tab reads a pasted dump: up to 14 bitboards, as numbers in
hex (0x… or 16 digits), binary (0b… or 64 digits) or decimal (signed or
not), as C, C++, Rust, Go, Java or Python literals and arrays (1ULL << 50,
0x…_u64, -…L, uint64_t bb[12] = {…}, pieces[WHITE][PAWN] = …), labelled
(P:, WhitePawns =, "Bitboard 3 of 12:" …) or not, or as grids (Stockfish's
Bitboards::pretty, BBC's print_bitboard, python-chess's SquareSet); and the
board and state the engine prints (Stockfish's d: its board, Fen:, Key:,
Checkers:; BBC's print_board). It finds the square numbering and the
order of bitboards under which the bitboards agree with the position,
and prints them, a verdict per bitboard and every wrong bit (the square,
and its bit in that numbering), then whether the dump's own board, FEN
and state agree with the position.

-json prints one JSON document instead (schema "bitview-check/1": see go
doc github.com/bitview/bitview/wasm/cmd/bitview/benchjson).

Exit status 0 when everything agrees (a Zobrist key other than Polyglot's
is not checked), 1 when something differs, 2 on bad input (a bad FEN,
nothing to check, or text that is not understood, named with its line
and column).

Examples:
  printf 'P 0xff00\nN 0x42\nB 0x24\nR 0x81\nQ 0x8\nK 0x10\n' | bitview check
  printf 'position startpos\nd\nquit\n' | stockfish | bitview check
`

// checkCmd runs bitview check.
func checkCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", checkUsage, stderr)
	fen := fs.String("fen", core.StartFEN, "the position the engine dumped: a FEN, or a piece placement alone (White to move)")
	asJSON := fs.Bool("json", false, `print one JSON document (schema "bitview-check/1") instead of the text`)
	if status, done := parseFlags(fs, args); done {
		return status
	}
	const name = "check"
	// With -json, one bitview-check/1 document whatever the outcome: bad
	// input writes it with the error too.
	bad := func(err error) int {
		if *asJSON {
			writeJSON(stdout, benchjson.Check{Schema: benchjson.CheckSchema, Verdicts: []benchjson.Verdict{},
				Result: benchjson.Result{Exit: exitBadInput, Error: err.Error()}})
		}
		return fail(stderr, name, err, exitBadInput)
	}
	if fs.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q: the dump comes on standard input", fs.Arg(0)))
	}
	p, err := readFEN(*fen)
	if err != nil {
		return bad(err)
	}
	_, placementOnly, _ := core.ParseFENOrPlacement(model.Clip(*fen, core.MaxFENLength))
	text, err := readLimited(stdin, "the dump", dump.MaxTextLength)
	if err != nil {
		return bad(err)
	}
	d := dump.Read(text)
	for _, pr := range d.Problems {
		fmt.Fprintf(stderr, "bitview check: line %d, column %d: %s: %s\n", pr.Line, pr.Col, excerpt.Quote(pr.Text), pr.Reason)
	}
	rs := dump.Match(&p, d.Numbers)
	var best *dump.Result
	if len(rs) > 0 {
		best = &rs[0]
	}
	ss := dump.Statements(&p, placementOnly, &d, best)
	if len(rs) == 0 && len(ss) == 0 {
		return bad(errors.New("no numbers found on standard input, nor a grid, a board or a FEN"))
	}
	differs := best != nil && best.Agree < len(best.Verdicts)
	for _, s := range ss {
		differs = differs || s.Checked && !s.OK
	}
	exit := exitAgree
	switch {
	case len(d.Problems) > 0:
		exit = exitBadInput
	case differs:
		exit = exitDiffer
	}
	if *asJSON {
		writeJSON(stdout, checkDoc(&p, &d, rs, ss, exit))
		return exit
	}
	io.WriteString(stdout, checkReport(&p, rs, ss))
	fenGiven := false
	fs.Visit(func(f *flag.Flag) { fenGiven = fenGiven || f.Name == "fen" })
	for _, s := range ss {
		if s.What == dump.FactFEN && s.Checked && !s.OK && !fenGiven {
			if _, err := core.ParseFEN(s.Text); err == nil {
				fmt.Fprintf(stdout, "\nThe dump is of another position than the start position (-fen's default): to check it against its own FEN, run\n  bitview check -fen '%s'\n", shown(strings.TrimSpace(s.Text)))
			}
		}
	}
	return exit
}

// checkReport writes the Engine tab's answer as text: for the bitboards
// (rs, none when the dump has none), the best layout and order, the
// readings that agree as well (dump.Tied), the next best when some
// bitboard differs, then one line per bitboard with its verdict and wrong
// bits; then the dump's own board and facts (ss), one line each.
func checkReport(p *core.Position, rs []dump.Result, ss []dump.Statement) string {
	var b strings.Builder
	if len(rs) > 0 {
		numbersReport(&b, p, rs)
	}
	if len(ss) > 0 {
		if len(rs) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("The dump's own account of the position:\n")
		for _, s := range ss {
			what := s.Label
			where := "line " + strconv.Itoa(s.Line)
			if s.What == "board" {
				what, where = "Board", "lines "+strconv.Itoa(s.Line)+"–"+strconv.Itoa(s.EndLine)
			}
			verdict := "agrees"
			switch {
			case !s.Checked:
				verdict = "not checked"
			case !s.OK:
				verdict = "differs"
			}
			if s.Detail != "" {
				verdict += ": " + shown(s.Detail)
			}
			fmt.Fprintf(&b, "  %-24s %s\n", shown(what)+" ("+where+"):", verdict)
		}
	}
	return b.String()
}

// numbersReport writes the bitboards' part of checkReport.
func numbersReport(b *strings.Builder, p *core.Position, rs []dump.Result) {
	best := rs[0]
	if best.Mapping.ID != "" {
		fmt.Fprintf(b, "Layout: %s (%s)\n", best.Mapping.Name, best.Mapping.About)
	}
	if best.GridTop != 0 {
		fmt.Fprintf(b, "Grids:  rank %d at the top (they have no rank labels)\n", best.GridTop)
	}
	fmt.Fprintf(b, "Order:  %s\n%d of %d numbers agree", best.Order.Name, best.Agree, len(best.Verdicts))
	if best.Agree < len(best.Verdicts) {
		fmt.Fprintf(b, "; %s in %s", plural(len(best.Verdicts)-best.Agree, "differs", "differ"), plural(best.Wrong, "bit", "bits"))
	}
	b.WriteString(".\n")
	if tied := dump.Tied(rs); len(tied) > 0 {
		var alts []string
		for _, r := range tied[:min(3, len(tied))] {
			alts = append(alts, r.Numbering()+", "+r.Order.Name)
		}
		fmt.Fprintf(b, "Equally good: %s. These numbers cannot tell them apart%s\n", strings.Join(alts, "; "), model.TieAdvice(p, len(best.Verdicts)))
	}
	if len(rs) > 1 && best.Agree < len(best.Verdicts) {
		b.WriteString("Next best:\n")
		for _, r := range rs[1:min(5, len(rs))] {
			fmt.Fprintf(b, "  %s, %s: %d agree, %s differ\n", r.Numbering(), r.Order.Name, r.Agree, plural(r.Wrong, "bit", "bits"))
		}
	}
	b.WriteString("\n")
	textWidth := 0
	for _, v := range best.Verdicts {
		textWidth = max(textWidth, len(numberText(v.Number)))
	}
	for i, v := range best.Verdicts {
		title := v.Title
		if title == "" {
			title = "(beyond the order)"
		}
		label := ""
		if v.Number.Label != "" {
			label = " [" + shown(v.Number.Label) + "]"
		}
		fmt.Fprintf(b, "%2d. %-14s %-*s%s", i+1, title, textWidth, numberText(v.Number), label)
		switch {
		case v.OK:
			b.WriteString("  ok\n")
		case v.Bitboard == "":
			b.WriteString("  differs: the order has no bitboard here\n")
		default:
			b.WriteString("  differs")
			var parts []string
			if v.Number.Base != 0 {
				b.WriteString(fmt.Sprintf(", want 0x%016x", v.Want))
				if d := diffList(v.Numbering, v.Extra, v.Missing, true); d != "" {
					parts = append(parts, d)
				}
			} else {
				parts = append(parts, diffList(v.Numbering, v.Extra, v.Missing, false))
			}
			if v.GridExtra|v.GridMissing != 0 {
				parts = append(parts, "its grid: "+diffList(v.Numbering, v.GridExtra, v.GridMissing, false))
			}
			b.WriteString(": " + strings.Join(parts, "; ") + "\n")
		}
	}
}

// numberText is a bitboard as the report names it: the number as
// written, "grid (lines 2–9)" for a grid alone, and " and its grid" after a
// number printed with one.
func numberText(n dump.Number) string {
	switch {
	case n.Grid == nil:
		return shown(n.Text)
	case n.Base == 0:
		return "grid (lines " + strconv.Itoa(n.Grid.Line) + "–" + strconv.Itoa(n.Grid.EndLine) + ")"
	}
	return shown(n.Text) + " and its grid"
}

// diffList says which squares are extra and which missing: with their
// bits in m ("extra e3 (bit 20), e4 (bit 28); missing e5 (bit 36)"), or
// without them.
func diffList(m *dump.Mapping, extra, missing core.Bitboard, withBits bool) string {
	var parts []string
	for _, d := range []struct {
		what string
		bb   core.Bitboard
	}{{"extra", extra}, {"missing", missing}} {
		if d.bb == 0 {
			continue
		}
		if withBits {
			parts = append(parts, d.what+" "+bitList(m, d.bb))
		} else {
			parts = append(parts, d.what+" "+d.bb.SquareList())
		}
	}
	return strings.Join(parts, "; ")
}

// bitList names the squares of bb with their bits in m: "e3 (bit 20), e4 (bit 28)".
func bitList(m *dump.Mapping, bb core.Bitboard) string {
	var parts []string
	for sq := range bb.Squares() {
		parts = append(parts, sq.String()+" (bit "+strconv.Itoa(m.Bit(sq))+")")
	}
	return strings.Join(parts, ", ")
}
