package model

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/excerpt"
)

// MaxPerftPaste is the longest pasted divide the panel reads, 100,000
// bytes: a divide is at most 218 lines of about 30 bytes, and qperft's
// output of every depth up to 6 is under 40 KB. A pasted perft suite has
// the same limit: perftsuite.epd's 126 positions are 10,840 bytes.
const MaxPerftPaste = 100_000

// MaxElementPerft is the deepest divide <bitboard-view perft="…"> runs, 4
// plies: it runs on the page's thread, and Kiwipete's depth 4 (4 million
// leaves) takes about 0.1 s under WebAssembly, while depth 5 takes
// seconds. The page's panel runs deeper divides in a Web Worker.
const MaxElementPerft = 4

// DefaultPerftDepth is the depth the panel opens with: 8,902 leaves from
// the start position, instant.
const DefaultPerftDepth = 3

// MaxLinkPerft is the deepest divide a link starts by itself: a deeper one
// (depth 6 is 8 billion leaves from Kiwipete, minutes under WebAssembly)
// waits for a click, with its estimate.
const MaxLinkPerft = 4

// PerftEstimate returns about how many leaves perft(depth) counts from p:
// perft(3) times the mean branching factor perft(3)/perft(2) to the power
// depth−3 (for depth 3 and less, perft itself). Kiwipete at depth 6:
// 10.8 billion against 8.03 billion counted. It costs a divide at depth 3.
func PerftEstimate(p core.Position, depth int) uint64 {
	if depth <= 3 {
		d, err := core.Divide(p, max(depth, 1), nil)
		if err != nil {
			return 0
		}
		return d.Nodes
	}
	d2, err := core.Divide(p, 2, nil)
	if err != nil || d2.Nodes == 0 {
		return 0
	}
	d3, _ := core.Divide(p, 3, nil)
	est := float64(d3.Nodes)
	for range depth - 3 {
		est *= float64(d3.Nodes) / float64(d2.Nodes)
	}
	return uint64(est)
}

// ParsePerftOption reads the element's perft option: "" (or absent) for
// none, else a depth of 1 to MaxElementPerft plies. Anything else is a
// problem to show, and no divide.
func ParsePerftOption(s string) (depth int, problem string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ""
	}
	d, err := strconv.Atoi(s)
	switch {
	case err != nil || d < 1:
		return 0, "perft " + excerpt.Quote(s) + " is not a depth: give 1 to " + strconv.Itoa(MaxElementPerft) + " plies"
	case d > MaxElementPerft:
		return 0, "perft " + strconv.Itoa(d) + " is too deep for an element, which divides on the page's thread: at most " +
			strconv.Itoa(MaxElementPerft) + " plies (Bitview's page goes to " + strconv.Itoa(core.MaxDivideDepth) + " in a Web Worker)"
	}
	return d, ""
}
