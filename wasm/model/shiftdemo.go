package model

import "github.com/bitview/bitview/core"

// The shift demo starts with x = DefaultShiftSource (a core.BitboardNames
// name) and the first of ShiftOps.
const (
	DefaultShiftSource = "P"
	DefaultShiftOp     = 0
)

// A ShiftOp is a shift the shift demo can animate: by is the shift in
// bits (positive: left, towards h8), and mask the squares cleared before
// shifting (the file mask that stops the wrap-around), or 0 for a raw shift.
type ShiftOp struct {
	Label string
	By    int
	Mask  core.Bitboard
}

// ShiftOps are the shifts of the demo: the one-rank pushes, and the
// sideways shifts raw (wrapping from the h-file to the a-file of the next
// rank) and masked as core's East/NorthEast do.
var ShiftOps = []ShiftOp{
	{"x << 8 (north)", 8, 0},
	{"x << 1 (raw: h-file wraps)", 1, 0},
	{"(x & ~fileH) << 1 (east)", 1, core.FileHBB},
	{"x << 9 (raw north-east)", 9, 0},
	{"(x & ~fileH) << 9 (north-east)", 9, core.FileHBB},
	{"x >> 1 (raw: a-file wraps)", -1, 0},
	{"(x & ~fileA) >> 1 (west)", -1, core.FileABB},
	{"x >> 8 (south)", -8, 0},
}
