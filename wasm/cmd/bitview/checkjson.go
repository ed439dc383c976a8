package main

import (
	"fmt"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/dump"
	"github.com/bitview/bitview/wasm/cmd/bitview/benchjson"
)

// checkDoc returns bitview check's reading of the dump d of p as one
// bitview-check/1 document: the readings of its bitboards (rs, best
// first), its problems, its own board and facts (ss), and the exit status
// the command returns.
func checkDoc(p *core.Position, d *dump.Dump, rs []dump.Result, ss []dump.Statement, exit int) benchjson.Check {
	doc := benchjson.Check{Schema: benchjson.CheckSchema, FEN: p.FEN(), Verdicts: []benchjson.Verdict{}, Result: benchjson.Result{Exit: exit}}
	for _, pr := range d.Problems {
		doc.Problems = append(doc.Problems, benchjson.Problem{Line: pr.Line, Column: pr.Col, Text: pr.Text, Reason: pr.Reason})
	}
	for _, s := range ss {
		doc.Statements = append(doc.Statements, benchjson.Statement{What: s.What, Label: s.Label, Text: s.Text, Line: s.Line, EndLine: s.EndLine,
			Checked: s.Checked, OK: s.OK, Detail: s.Detail})
	}
	if len(rs) == 0 {
		return doc
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
		if !v.OK && v.Bitboard != "" && v.Numbering != nil {
			jv.Want = fmt.Sprintf("0x%016x", v.Want)
			jv.Extra, jv.Missing = bitsJSON(*v.Numbering, v.Extra), bitsJSON(*v.Numbering, v.Missing)
		}
		doc.Verdicts = append(doc.Verdicts, jv)
	}
	return doc
}

// readingJSON returns a reading of the dump as the document writes it.
func readingJSON(r dump.Result) benchjson.Reading {
	return benchjson.Reading{MappingID: r.Mapping.ID, Mapping: r.Numbering(), OrderID: r.Order.ID, Order: r.Order.Name,
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
