package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/wasm/model"
)

// checkUsage is bitview check's help.
const checkUsage = `usage: bitview check [-fen FEN] [-json] < DUMP

Reads the bitboards an engine dumps for the position from standard input,
as the page's Engine tab reads a pasted dump: up to 14 numbers in hex
(0x… or 16 digits), binary (0b… or 64 digits) or decimal (signed or
not), labelled (P:, WhitePawns =, pieces[BLACK] …) or not. It finds the
square numbering and the order of bitboards under which they agree with
the position, and prints them, a verdict per number and every wrong bit
(the square, and its bit in that numbering).

-json prints one JSON document instead (schema "bitview-check/1": see go
doc github.com/bitview/bitview/wasm/cmd/bitview/benchjson).

Exit status 0 when every number agrees, 1 when one differs, 2 on bad
input (a bad FEN, no numbers, or text that is not understood, named with
its line and column).

Example:
  printf 'P 0xff00\nN 0x42\nB 0x24\nR 0x81\nQ 0x8\nK 0x10\n' | bitview check
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
	if *asJSON {
		return checkJSON(fs.Args(), *fen, stdin, stdout, stderr)
	}
	if fs.NArg() > 0 {
		return fail(stderr, name, fmt.Errorf("unexpected argument %q: the dump comes on standard input", fs.Arg(0)), exitBadInput)
	}
	p, err := readFEN(*fen)
	if err != nil {
		return fail(stderr, name, err, exitBadInput)
	}
	text, err := readLimited(stdin, "the dump", dump.MaxTextLength)
	if err != nil {
		return fail(stderr, name, err, exitBadInput)
	}
	nums, probs := dump.ParseNumbers(text)
	for _, pr := range probs {
		fmt.Fprintf(stderr, "bitview check: line %d, column %d: %s: %s\n", pr.Line, pr.Col, excerpt.Quote(pr.Text), pr.Reason)
	}
	rs := dump.Match(&p, nums)
	if len(rs) == 0 {
		return fail(stderr, name, errors.New("no numbers found on standard input"), exitBadInput)
	}
	io.WriteString(stdout, checkReport(&p, rs))
	switch {
	case len(probs) > 0:
		return exitBadInput
	case rs[0].Agree < len(rs[0].Verdicts):
		return exitDiffer
	}
	return exitAgree
}

// checkReport writes the Engine tab's answer as text: the best layout
// and order, the readings that agree as well (dump.Tied), the next best
// when some number differs, then one line per number with its verdict
// and wrong bits.
func checkReport(p *core.Position, rs []dump.Result) string {
	var b strings.Builder
	best := rs[0]
	fmt.Fprintf(&b, "Layout: %s (%s)\nOrder:  %s\n%d of %d numbers agree", best.Mapping.Name, best.Mapping.About, best.Order.Name, best.Agree, len(best.Verdicts))
	if best.Agree < len(best.Verdicts) {
		fmt.Fprintf(&b, "; %s in %s", plural(len(best.Verdicts)-best.Agree, "differs", "differ"), plural(best.Wrong, "bit", "bits"))
	}
	b.WriteString(".\n")
	if tied := dump.Tied(rs); len(tied) > 0 {
		var alts []string
		for _, r := range tied[:min(3, len(tied))] {
			alts = append(alts, r.Mapping.Name+", "+r.Order.Name)
		}
		fmt.Fprintf(&b, "Equally good: %s. These numbers cannot tell them apart%s\n", strings.Join(alts, "; "), model.TieAdvice(p, len(best.Verdicts)))
	}
	if len(rs) > 1 && best.Agree < len(best.Verdicts) {
		b.WriteString("Next best:\n")
		for _, r := range rs[1:min(5, len(rs))] {
			fmt.Fprintf(&b, "  %s, %s: %d agree, %s differ\n", r.Mapping.Name, r.Order.Name, r.Agree, plural(r.Wrong, "bit", "bits"))
		}
	}
	b.WriteString("\n")
	textWidth := 0
	for _, v := range best.Verdicts {
		textWidth = max(textWidth, len(v.Number.Text))
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
		fmt.Fprintf(&b, "%2d. %-14s %-*s%s", i+1, title, textWidth, v.Number.Text, label)
		switch {
		case v.OK:
			b.WriteString("  ok\n")
		case v.Bitboard == "":
			b.WriteString("  differs: the order has no bitboard here\n")
		default:
			fmt.Fprintf(&b, "  differs, want 0x%016x:", v.Want)
			if v.Extra != 0 {
				b.WriteString(" extra " + bitList(best.Mapping, v.Extra))
			}
			if v.Missing != 0 {
				if v.Extra != 0 {
					b.WriteString(";")
				}
				b.WriteString(" missing " + bitList(best.Mapping, v.Missing))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// bitList names the squares of bb with their bits in m: "e3 (bit 20), e4 (bit 28)".
func bitList(m dump.Mapping, bb core.Bitboard) string {
	var parts []string
	for sq := range bb.Squares() {
		parts = append(parts, sq.String()+" (bit "+strconv.Itoa(m.Bit(sq))+")")
	}
	return strings.Join(parts, ", ")
}
