// Package benchjson defines the JSON documents the bitview command's
// bench prints with -json: one for show, one for divide, one for check,
// each a single object on standard output whatever the outcome (bad input
// included: Exit 2 with Error), so that CI and other tools read the
// result instead of scraping the text. These types are the schemas: a
// Go program decodes the output into them (encoding/json), and each
// field's comment says what it holds.
//
// Every document opens with "schema": its name and version, e.g.
// "bitview-divide/1". Within a version, members keep their names, types
// and meaning; members may be added. A member removed, renamed or changed
// in meaning takes the next version. Members that do not apply are
// left out (omitempty) rather than written as null, except where a
// comment says null is written.
//
// Numbers: perft counts are JSON numbers (every count Bitview computes,
// to depth 6, is below 2^53, exact in any JSON reader; a suite's own
// counts of deeper depths can be larger, and are written exactly, as Go
// writes a uint64). Bitboards and other 64-bit values are strings
// ("0x000000000000ff00"): a JavaScript number holds 53 bits.
package benchjson

// The schema names and versions of the documents.
const (
	ShowSchema   = "bitview-show/1"
	DivideSchema = "bitview-divide/1"
	CheckSchema  = "bitview-check/1"
)

// Result is what every document ends with: the exit status and, when the
// command could not run (exit 2, bad input) or the engine failed, why.
type Result struct {
	// Exit is the command's exit status: 0 agree, 1 differ (or the engine
	// failed while answering), 2 bad input or output Bitview cannot read.
	Exit int `json:"exit"`
	// Error is the message the command wrote on standard error, "" for
	// none.
	Error string `json:"error,omitempty"`
}

// Show is the document of bitview show -json: the cards of the position.
type Show struct {
	Schema string `json:"schema"` // ShowSchema
	FEN    string `json:"fen"`    // the position, as a whole FEN
	Layout string `json:"layout"` // the numbering's id: lerf, 0x88, msb-a8, berf, 10x12, lefr, befr
	Cards  []Card `json:"cards"`
	Result
}

// A Card is one bitboard of show: what a card on the page shows.
type Card struct {
	Key     string   `json:"key"`     // the argument as given: a name, an expression or a number
	Title   string   `json:"title"`   // its title, e.g. "WhitePawns"
	Squares []string `json:"squares"` // the set squares, a1 … h8 order (LERF)
	Count   int      `json:"count"`   // how many are set
	// Bitboard is the squares as a LERF bitboard (bit n = square n, a1 =
	// 0), 16 hex digits after "0x", whatever the layout.
	Bitboard string `json:"bitboard"`
	// Hex and Binary are the value in the layout's numbering, as the card
	// writes them: Hex with as many digits as the layout has slots (16 for
	// 64, 30 for 120, 32 for 128), Binary most significant bit first,
	// ungrouped.
	Hex    string `json:"hex"`
	Binary string `json:"binary"`
	// Decimal and Signed are the value as an unsigned and a signed 64-bit
	// integer, in decimal; left out for 0x88 and 10x12, which do not fit
	// 64 bits.
	Decimal string `json:"decimal,omitempty"`
	Signed  string `json:"signed,omitempty"`
	// Literals is the value as an integer literal of C, Rust and Go, as
	// the card's "Copy as" buttons copy it (core.Layout.Literal), by the
	// language's key: "c", "rust", "go".
	Literals map[string]string `json:"literals"`
}

// Divide is the document of bitview divide -json. A divide of one
// position has FEN, Depth, Moves and Nodes (and Stats with -stats); with
// an engine, Engine too. A suite (-suite) has Suite instead, and, when an
// engine differs, Engine for the first difference, drilled down.
type Divide struct {
	Schema string `json:"schema"` // DivideSchema
	FEN    string `json:"fen,omitempty"`
	Depth  int    `json:"depth,omitempty"`
	// Moves is Bitview's divide: each legal move in UCI order with its
	// leaf count (and its counts by kind with -stats). In Chess960 its
	// castling is written king-takes-rook ("g1h1"), as UCI_Chess960 writes it.
	Moves []Move `json:"moves,omitempty"`
	// Chess960 is true when the position (with -suite, one of the suite's
	// positions) needs Chess960's castling rules: moves are written
	// king-takes-rook, and a UCI engine was sent "setoption name
	// UCI_Chess960 value true" first (a perftree script, which has no
	// option, was given the FEN in X-FEN).
	Chess960 bool   `json:"chess960,omitempty"`
	Nodes    uint64 `json:"nodes,omitempty"` // the total, Perft(FEN, Depth)
	Stats    *Stats `json:"stats,omitempty"` // the total by kind, with -stats
	// Engine is the comparison with the engine, perftree script or divide
	// on standard input.
	Engine *Engine `json:"engine,omitempty"`
	Suite  *Suite  `json:"suite,omitempty"`
	Result
}

// A Move is one root move of a divide.
type Move struct {
	UCI   string `json:"uci"`
	Nodes uint64 `json:"nodes"`
	Stats *Stats `json:"stats,omitempty"` // with -stats
}

// Stats are the leaves counted by the kind of move that reaches them, the
// columns of the Chess Programming Wiki's "Perft Results" tables (see
// core.PerftStats for each one's definition).
type Stats struct {
	Nodes            uint64 `json:"nodes"`
	Captures         uint64 `json:"captures"`
	EnPassant        uint64 `json:"enPassant"`
	Castles          uint64 `json:"castles"`
	Promotions       uint64 `json:"promotions"`
	Checks           uint64 `json:"checks"`
	DiscoveredChecks uint64 `json:"discoveredChecks"`
	DoubleChecks     uint64 `json:"doubleChecks"`
	Checkmates       uint64 `json:"checkmates"`
}

// Engine is how an engine's divide compares with Bitview's.
type Engine struct {
	Command string `json:"command"` // the command as given, or "standard input"
	// Moves is the engine's divide of the root as Bitview read it.
	Moves []Move `json:"moves"`
	// Total is the total the engine stated; null when it stated none.
	Total *uint64 `json:"total"`
	// Differences are the root's moves that differ (none when they agree).
	Differences []Difference `json:"differences"`
	// Steps is the drill-down, the root first; one step when the root
	// agrees or was not drilled.
	Steps []Step `json:"steps"`
	// Outcome is how the comparison ended: "agree"; "found" (the last
	// step's depth-1 divide shows the bug); "inconsistent" (the engine's
	// count of a move is not the sum of its divide after it);
	// "two-ways" (its divide lists the moves its deeper divide missed);
	// "bad-total" (every move agrees, the total is not their sum);
	// "not-drilled" (a divide on standard input, or an engine that
	// failed on the way down, differs above depth 1).
	Outcome string `json:"outcome"`
	// Verdict is the sentence the text prints for the outcome, e.g. "in
	// this position your engine misses 1 legal move (d5c6): the missing
	// move is an en passant capture".
	Verdict string `json:"verdict,omitempty"`
	// See is the UCI commands that show the bug (or the next divide to
	// ask for): "position fen … moves …" and "go perft N", after
	// "setoption name UCI_Chess960 value true" in Chess960 (see Chess960).
	See     []string `json:"see,omitempty"`
	Seconds float64  `json:"seconds,omitempty"` // the drill-down's time
}

// A Difference is one move on which the engine and Bitview differ.
type Difference struct {
	UCI string `json:"uci"`
	// Kind is "missing" (a legal move the engine lacks), "extra" (a move
	// it lists that is not legal) or "wrong" (another count).
	Kind    string `json:"kind"`
	Bitview uint64 `json:"bitview"` // Bitview's count, 0 for extra
	Engine  uint64 `json:"engine"`  // the engine's count, 0 for missing
	// MoveKind is what kind of move it is (divide.MoveKind): "en passant
	// capture", "castling move", "promotion", "capture", "double check",
	// "discovered check", "check", "quiet move", …
	MoveKind string `json:"moveKind"`
}

// A Step is one divide of the drill-down.
type Step struct {
	Moves       []string     `json:"moves"` // played from the root, UCI
	Depth       int          `json:"depth"`
	Differences []Difference `json:"differences"`
	Follow      string       `json:"follow,omitempty"` // the move followed one ply deeper
}

// Suite is a perft suite run (-suite).
type Suite struct {
	File     string `json:"file"`
	MaxDepth int    `json:"maxDepth"` // -max-depth
	// Positions are the suite's lines, in its order, each with a cell
	// for every depth run.
	Positions []SuitePosition `json:"positions"`
	// Counts is the number of cells run; Agree how many agree.
	Counts int `json:"counts"`
	Agree  int `json:"agree"`
	// First is the first cell that differs (the first line's shallowest
	// depth), drilled down in Engine; null when all agree.
	First          *CellRef `json:"first"`
	BitviewSeconds float64  `json:"bitviewSeconds"` // Bitview's own counts against the file
}

// A SuitePosition is one line of a suite.
type SuitePosition struct {
	Line  int    `json:"line"`
	FEN   string `json:"fen"`
	ID    string `json:"id,omitempty"`
	Cells []Cell `json:"cells"`
}

// A Cell is one position at one depth.
type Cell struct {
	Depth int `json:"depth"`
	// Suite is the suite's count; null when the line gives none at this
	// depth (a line without counts is run at every depth to -max-depth).
	Suite   *uint64 `json:"suite"`
	Bitview uint64  `json:"bitview"`
	// Engine is the engine's total; null without an engine, or when the
	// cell was not run.
	Engine *uint64 `json:"engine"`
	// Status is "agree"; "differs" (the engine's divide differs from
	// Bitview's, or, without an engine, Bitview's count from the
	// suite's); "bitview-differs" (with an engine: Bitview's count is not
	// the suite's, so no verdict on the engine is given); or "skipped"
	// (a deeper depth of a position that already differs).
	Status string `json:"status"`
}

// A CellRef names a cell: a suite's line and a depth.
type CellRef struct {
	Line  int `json:"line"`
	Depth int `json:"depth"`
}

// Check is the document of bitview check -json: how the numbers of a dump
// read against the position.
type Check struct {
	Schema string `json:"schema"` // CheckSchema
	FEN    string `json:"fen"`
	// Best is the numbering and order of bitboards under which the dump
	// agrees best with the position (the first line of the text).
	Best Reading `json:"best"`
	// Tied are the other readings that agree as well: the numbers cannot
	// tell them apart.
	Tied []Reading `json:"tied,omitempty"`
	// NextBest are the runners-up, when some number differs.
	NextBest []Reading `json:"nextBest,omitempty"`
	// Verdicts are the numbers in the order of the dump, under Best.
	Verdicts []Verdict `json:"verdicts"`
	// Problems are the parts of the dump that were not understood (exit 2).
	Problems []Problem `json:"problems,omitempty"`
	// Statements are what the dump says of the position besides its
	// bitboards (a board drawn, a FEN, checkers, side to move …), each
	// checked against it, in the dump's order.
	Statements []Statement `json:"statements,omitempty"`
	Result
}

// A Statement is a board or a fact the dump prints (dump.Statement).
type Statement struct {
	What    string `json:"what"`            // "board", or the fact's kind: "FEN", "checkers", "side to move" …
	Label   string `json:"label,omitempty"` // the fact's label as written; "" for a board
	Text    string `json:"text,omitempty"`  // the fact's value as written; "" for a board
	Line    int    `json:"line"`            // a board's first row, or the fact's line, from 1
	EndLine int    `json:"endLine"`         // a board's last row; Line for a fact
	Checked bool   `json:"checked"`         // false when Bitview cannot check it (an engine's own Zobrist key)
	OK      bool   `json:"ok"`              // it agrees with the position (false when not checked)
	Detail  string `json:"detail,omitempty"`
}

// A Reading is a square numbering and an order of bitboards, and how well
// the dump agrees under it.
type Reading struct {
	MappingID string `json:"mappingId"` // e.g. "lerf", "msb-a8"
	Mapping   string `json:"mapping"`   // its name, e.g. "LERF (a1 = 0)"
	OrderID   string `json:"orderId"`   // e.g. "PNBRQKpnbrqk", or "labels"
	Order     string `json:"order"`     // its description
	Agree     int    `json:"agree"`     // numbers that agree
	Numbers   int    `json:"numbers"`   // numbers read
	WrongBits int    `json:"wrongBits"` // bits that differ, over all numbers (a number beyond the order counts 64)
}

// A Verdict is one number of the dump under the best reading.
type Verdict struct {
	Text  string `json:"text"`            // the number as written
	Value string `json:"value"`           // its 64 bits, "0x" and 16 hex digits
	Label string `json:"label,omitempty"` // the text before it, e.g. "WhitePawns"
	Line  int    `json:"line"`            // where it is, from 1
	// Bitboard and Title name the position's bitboard the order puts
	// there ("P", "WhitePawns"); "" for a number beyond the order.
	Bitboard string `json:"bitboard"`
	Title    string `json:"title"`
	OK       bool   `json:"ok"`
	// Want is that bitboard in the reading's numbering, "0x…"; Extra and
	// Missing the squares set in the number but not in the position, and
	// the other way round, each with its bit.
	Want    string `json:"want,omitempty"`
	Extra   []Bit  `json:"extra,omitempty"`
	Missing []Bit  `json:"missing,omitempty"`
}

// A Bit is a square and its bit in the reading's numbering.
type Bit struct {
	Square string `json:"square"`
	Bit    int    `json:"bit"`
}

// A Problem is a part of the dump that was not understood.
type Problem struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
}
