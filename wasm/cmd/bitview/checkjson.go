package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/core/excerpt"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// checkJSON runs bitview check -json: the same reading as checkCmd's,
// written as one bitview-check/1 document (with the exit status and, for
// bad input, the error), whatever the outcome.
func checkJSON(args []string, fen string, stdin io.Reader, stdout, stderr io.Writer) int {
	const name = "check"
	doc := benchjson.Check{Schema: benchjson.CheckSchema, Verdicts: []benchjson.Verdict{}}
	bad := func(err error) int {
		doc.Exit, doc.Error = exitBadInput, err.Error()
		writeJSON(stdout, doc)
		return fail(stderr, name, err, exitBadInput)
	}
	if len(args) > 0 {
		return bad(fmt.Errorf("unexpected argument %q: the dump comes on standard input", args[0]))
	}
	p, err := readFEN(fen)
	if err != nil {
		return bad(err)
	}
	doc.FEN = p.FEN()
	text, err := readLimited(stdin, "the dump", dump.MaxTextLength)
	if err != nil {
		return bad(err)
	}
	nums, probs := dump.ParseNumbers(text)
	for _, pr := range probs {
		fmt.Fprintf(stderr, "bitview check: line %d, column %d: %s: %s\n", pr.Line, pr.Col, excerpt.Quote(pr.Text), pr.Reason)
		doc.Problems = append(doc.Problems, benchjson.Problem{Line: pr.Line, Column: pr.Col, Text: pr.Text, Reason: pr.Reason})
	}
	rs := dump.Match(&p, nums)
	if len(rs) == 0 {
		return bad(errors.New("no numbers found on standard input"))
	}
	best := rs[0]
	doc.Best = readingJSON(best)
	for _, r := range dump.Tied(rs) {
		doc.Tied = append(doc.Tied, readingJSON(r))
	}
	if len(rs) > 1 && best.Agree < len(best.Verdicts) {
		for _, r := range rs[1:min(5, len(rs))] {
			doc.NextBest = append(doc.NextBest, readingJSON(r))
		}
	}
	for _, v := range best.Verdicts {
		jv := benchjson.Verdict{Text: v.Number.Text, Value: fmt.Sprintf("0x%016x", v.Number.Value), Label: v.Number.Label, Line: v.Number.Line,
			Bitboard: v.Bitboard, Title: v.Title, OK: v.OK}
		if !v.OK && v.Bitboard != "" {
			jv.Want = fmt.Sprintf("0x%016x", v.Want)
			jv.Extra, jv.Missing = bitsJSON(best.Mapping, v.Extra), bitsJSON(best.Mapping, v.Missing)
		}
		doc.Verdicts = append(doc.Verdicts, jv)
	}
	switch {
	case len(probs) > 0:
		doc.Exit = exitBadInput
	case best.Agree < len(best.Verdicts):
		doc.Exit = exitDiffer
	}
	writeJSON(stdout, doc)
	return doc.Exit
}

// readingJSON returns a reading of the dump as the document writes it.
func readingJSON(r dump.Result) benchjson.Reading {
	return benchjson.Reading{MappingID: r.Mapping.ID, Mapping: r.Mapping.Name, OrderID: r.Order.ID, Order: r.Order.Name,
		Agree: r.Agree, Numbers: len(r.Verdicts), WrongBits: r.Wrong}
}

// bitsJSON returns the squares of bb with their bits in m.
func bitsJSON(m dump.Mapping, bb core.Bitboard) []benchjson.Bit {
	var out []benchjson.Bit
	for sq := range bb.Squares() {
		out = append(out, benchjson.Bit{Square: sq.String(), Bit: m.Bit(sq)})
	}
	return out
}
