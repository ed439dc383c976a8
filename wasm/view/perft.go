package view

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
)

// The markup of the perft divide panel around DivideTable (divide.go): the
// depth picker, the path from the root, the progress line and the verdict
// on a pasted divide; and the element's perft option.

// PerftDepthOptions returns the <option>s of the depth picker, 1 to
// core.MaxDivideDepth, with depth selected.
func PerftDepthOptions(depth int) string {
	var b strings.Builder
	for d := 1; d <= core.MaxDivideDepth; d++ {
		b.WriteString(`<option value="` + strconv.Itoa(d) + `"`)
		if d == depth {
			b.WriteString(` selected`)
		}
		b.WriteString(`>` + strconv.Itoa(d) + `</option>`)
	}
	return b.String()
}

// PerftPath returns the path from the root of a divide to the position on
// show: an ordered list whose first item is the root and each next item a
// move played from it (UCI), each a button with data-path (the number of
// moves from the root; the current one has aria-current="step") that says
// the depth going back there divides (one more per move back, at most
// core.MaxDivideDepth); then the commands that make a UCI engine divide the
// same position ("position startpos moves …" or "position fen … moves …",
// and "go perft depth", after "setoption name UCI_Chess960 value true" for
// a Chess960 position), with a copy button. root is the root's FEN, depth
// the depth at the end of the path.
func PerftPath(root string, path []string, depth int) string {
	var b strings.Builder
	b.WriteString(`<ol class="perft-path" aria-label="Path from the root">`)
	for k := 0; k <= len(path); k++ {
		name := "root"
		if k > 0 {
			name = path[k-1]
		}
		b.WriteString(`<li><button type="button"`)
		attr(&b, "data-path", strconv.Itoa(k))
		if k == len(path) {
			b.WriteString(` aria-current="step"`)
		}
		d := min(depth+len(path)-k, core.MaxDivideDepth)
		b.WriteString(`><code>` + escape(name) + `</code> <small>depth ` + strconv.Itoa(d) + `</small></button></li>`)
	}
	b.WriteString(`</ol>`)
	cmd := "position startpos"
	if root != core.StartFEN {
		cmd = "position fen " + root
	}
	if p, err := core.ParseFEN(root); err == nil && p.Chess960() {
		// Its castling is written king-takes-rook, which an engine reads
		// (and writes) in Chess960 mode.
		cmd = "setoption name UCI_Chess960 value true\n" + cmd
	}
	if len(path) > 0 {
		cmd += " moves " + strings.Join(path, " ")
	}
	cmd += "\ngo perft " + strconv.Itoa(depth)
	// The FEN may wrap between its ranks (<wbr> after each slash) and at
	// its spaces, never inside a rank or a field.
	b.WriteString(`<div class="engine-command"><pre><code>` + strings.ReplaceAll(escape(cmd), "/", "/<wbr>") + `</code></pre><button type="button" class="copy"`)
	attr(&b, "data-copy", cmd)
	attr(&b, "aria-label", "Copy the engine commands")
	b.WriteString(`>Copy</button></div>`)
	return b.String()
}

// A PerftRun is the state of a divide for the progress line.
type PerftRun struct {
	State string // "idle", "waiting", "loading", "running", "done", "cancelled" or "failed"
	Depth int
	Done  int // root moves counted
	Total int // root moves in all (0 until the first is counted, unless the panel filled it in)
	// Suite is true for a pasted suite's run: Done and Total count its
	// cells (a position at a depth), not root moves.
	Suite   bool
	Nodes   uint64  // leaves counted so far
	Seconds float64 // the time the divide took, when done
	Error   string  // why it failed
	// Estimate is about how many leaves a divide a link asked for would
	// count (PerftEstimate), while it waits for a click (State "waiting").
	Estimate uint64
}

// PerftProgress returns the progress line of a divide: a <progress> bar
// and "12 of 20 moves · 1,234,567 nodes" while it runs, the time and
// speed when done. The wrapper carries data-state, data-done, data-total
// and data-nodes for tests and styles.
func PerftProgress(r PerftRun) string {
	var b strings.Builder
	b.WriteString(`<div class="perft-run"`)
	attr(&b, "data-state", r.State)
	attr(&b, "data-done", strconv.Itoa(r.Done))
	attr(&b, "data-total", strconv.Itoa(r.Total))
	attr(&b, "data-nodes", strconv.FormatUint(r.Nodes, 10))
	b.WriteString(`>`)
	unit := " moves"
	if r.Suite {
		unit = " counts"
	}
	counted := strconv.Itoa(r.Done) + " of " + strconv.Itoa(r.Total) + unit + " · " + thousands.FormatUint(r.Nodes) + " nodes"
	switch r.State {
	case "idle":
		b.WriteString(`<span class="hint">Pick a depth and press Run: each legal move with the number of leaves below it.</span>`)
	case "waiting":
		b.WriteString(`<span>The link asks for a divide at depth ` + strconv.Itoa(r.Depth) + `: about ` + thousands.FormatUint(r.Estimate) +
			` leaves, which takes a while under WebAssembly. Press Run to count them.</span>`)
	case "loading":
		b.WriteString(`<progress aria-label="Starting"></progress> <span>Starting the counter (depth ` + strconv.Itoa(r.Depth) + `)…</span>`)
	case "running":
		b.WriteString(`<progress`)
		attr(&b, "max", strconv.Itoa(max(r.Total, 1)))
		attr(&b, "value", strconv.Itoa(r.Done))
		attr(&b, "aria-label", "Moves counted")
		b.WriteString(`></progress> <span>Depth ` + strconv.Itoa(r.Depth) + `: ` + counted + `</span>`)
	case "done":
		b.WriteString(`<span>Depth ` + strconv.Itoa(r.Depth) + `: ` + strconv.Itoa(r.Total) + unit + ` · ` + thousands.FormatUint(r.Nodes) + ` nodes`)
		if r.Seconds > 0 {
			b.WriteString(` · ` + strconv.FormatFloat(r.Seconds, 'f', 3, 64) + ` s`)
			if r.Seconds >= 0.01 && r.Nodes >= 100_000 {
				b.WriteString(` · ` + strconv.FormatFloat(float64(r.Nodes)/r.Seconds/1e6, 'f', 1, 64) + ` M nodes/s`)
			}
		}
		b.WriteString(`</span>`)
	case "cancelled":
		b.WriteString(`<span>Cancelled at depth ` + strconv.Itoa(r.Depth) + ` ` + cancelledAt(r) + `.</span>`)
	case "failed":
		b.WriteString(`<span class="error" role="alert">The divide failed: ` + escape(r.Error) + `</span>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// cancelledAt says how far a cancelled divide got: "after 3 of 20 moves ·
// 1,234 nodes" once a root move is counted; before that nothing was
// counted, so "before the first of 20 moves finished" (or "before the first
// move finished" when the number of root moves is not known).
func cancelledAt(r PerftRun) string {
	if r.Suite {
		return "after " + strconv.Itoa(r.Done) + " of " + strconv.Itoa(r.Total) + " counts · " + thousands.FormatUint(r.Nodes) + " nodes"
	}
	if r.Done > 0 {
		return "after " + strconv.Itoa(r.Done) + " of " + strconv.Itoa(r.Total) + " moves · " + thousands.FormatUint(r.Nodes) + " nodes"
	}
	if r.Total > 0 {
		return "before the first of " + strconv.Itoa(r.Total) + " moves finished"
	}
	return "before the first move finished"
}

// MaxVerdictMoves is the most differing moves the perft verdict names;
// the rest are counted ("and 12 more"), and every one has its row in the
// divide table. A generator with one bug usually differs on a handful of
// root moves; a broken one on all of them (up to 218), which would bury
// the verdict.
const MaxVerdictMoves = 5

// PerftVerdict sums up how a pasted divide compares with Bitview's
// complete divide d, in one paragraph:
//
//   - "All 20 moves agree", or the moves that differ, named (missing first,
//     then extra, then wrong counts, each in UCI order) with Bitview's and
//     the pasted count: "e2e4 missing (Bitview 20), e1e2 extra (pasted 19),
//     g1f3 wrong (Bitview 20, pasted 21)", at most MaxVerdictMoves of them,
//     then "and N more" with the count of each kind;
//   - whether the pasted total (Stockfish's "Nodes searched: N", qperft's
//     "perft( N)= …") is the sum of the pasted moves and equals Bitview's
//     total, or that the paste states none and what its moves sum to;
//   - what to do next: click a wrong count to divide one ply deeper, or,
//     when only moves are missing or extra, that this is the bug.
//
// A part of a divide (divide.Partial: a few lines without their total, or
// with a total that is not their sum) is no verdict on the missing moves:
// the paragraph says how many of d's root moves were pasted and asks for
// the whole divide, then compares only the moves pasted (extra moves and
// wrong counts are still named). It has class "partial" and data-pasted,
// the number of legal moves pasted.
//
// When the divide is at depth 1 and at (the position divided) is given,
// the sentence that says a move is missing or extra also says what kind
// of moves those are (divide.Kinds): "the 2 missing moves are en passant
// captures", in a span of class perft-kinds.
//
// A paste with no move counts says so. The paragraph carries data-differ
// (the number of differing moves, -1 for no counts); each named move is a
// span with data-uci and data-kind (see divide.Kind); the total's sentence
// is a span of class perft-total with data-sum and data-ours, "equal" or
// "differs" (absent when the paste states no total).
func PerftVerdict(d core.Division, got divide.Parsed, at *core.Position) string {
	if len(got.Moves) == 0 {
		return `<p class="perft-verdict" data-differ="-1">No move counts found in the paste: it should have lines like <code>e2e4: 600</code>.</p>`
	}
	diffs, partial := pastedDiffs(d, got)
	n := map[divide.Kind]int{}
	for _, df := range diffs {
		n[df.Kind]++
	}
	kinds := ""
	if at != nil && d.Depth == 1 {
		var clauses []string
		for _, k := range []divide.Kind{divide.Missing, divide.Extra} {
			if c := divide.Kinds(*at, diffs, k); c != "" {
				clauses = append(clauses, c)
			}
		}
		kinds = strings.Join(clauses, "; ")
	}
	var b strings.Builder
	b.WriteString(`<p class="perft-verdict`)
	if partial {
		pasted := len(got.Moves) - n[divide.Extra]
		b.WriteString(` partial" data-differ="` + strconv.Itoa(len(diffs)) + `" data-pasted="` + strconv.Itoa(pasted) + `">` +
			strconv.Itoa(pasted) + ` of ` + strconv.Itoa(len(d.Entries)) + ` root moves pasted: paste the whole divide to compare. `)
		switch {
		case len(diffs) == 0 && pasted == 1:
			b.WriteString(`The one pasted agrees.`)
		case len(diffs) == 0:
			b.WriteString(`The ` + strconv.Itoa(pasted) + ` pasted agree.`)
		default:
			b.WriteString(`Of the moves pasted, ` + strconv.Itoa(len(diffs)) + ` ` + perftPlural(len(diffs), "differs", "differ") + `: ` +
				perftNamed(diffs, n) + `.`)
		}
		if got.HasTotal {
			b.WriteString(` ` + perftTotalSentence(d, got))
		}
		if hint := perftHint(d, n, kinds); hint != "" {
			b.WriteString(` ` + hint)
		}
		b.WriteString(`</p>`)
		return b.String()
	}
	if len(diffs) == 0 {
		b.WriteString(` agree" data-differ="0">All ` + strconv.Itoa(len(d.Entries)) + ` moves agree`)
		if got.HasTotal {
			// Every move agrees and d is complete, so the pasted moves sum to d.Nodes.
			if got.Total == d.Nodes {
				b.WriteString(`, and so does the pasted total, ` + perftTotal(got.Total, true, true) + `.</p>`)
			} else {
				b.WriteString(`, but the pasted total ` + perftTotal(got.Total, false, false) + ` is not their sum, ` + thousands.FormatUint(d.Nodes) + `.</p>`)
			}
			return b.String()
		}
		b.WriteString(`.</p>`)
		return b.String()
	}
	b.WriteString(` differ" data-differ="` + strconv.Itoa(len(diffs)) + `">`)
	if len(diffs) == 1 {
		b.WriteString(`1 move differs: `)
	} else {
		b.WriteString(strconv.Itoa(len(diffs)) + ` moves differ: `)
	}
	b.WriteString(perftNamed(diffs, n))
	b.WriteString(`. ` + perftTotalSentence(d, got))
	if hint := perftHint(d, n, kinds); hint != "" {
		b.WriteString(` ` + hint)
	} else {
		b.WriteString(` `)
	}
	b.WriteString(`</p>`)
	return b.String()
}

// pastedDiffs returns the moves on which got differs from d (divide.Diff)
// and whether got is a part of a divide (divide.Partial), in which case
// the legal moves it lacks are not among them: a paste cut short says
// nothing about them. d must be complete.
func pastedDiffs(d core.Division, got divide.Parsed) ([]divide.Difference, bool) {
	diffs := divide.Diff(d, got)
	if !d.Complete || !divide.Partial(d, got) {
		return diffs, false
	}
	return slices.DeleteFunc(diffs, func(df divide.Difference) bool { return df.Kind == divide.Missing }), true
}

// perftNamed names the first MaxVerdictMoves of diffs, missing first, then
// extra, then wrong counts, each with Bitview's and the pasted count, and
// counts the rest by kind (n); see PerftVerdict.
func perftNamed(diffs []divide.Difference, n map[divide.Kind]int) string {
	kinds := []divide.Kind{divide.Missing, divide.Extra, divide.WrongCount, divide.Repeated}
	var named []string
	for _, k := range kinds {
		for _, df := range diffs {
			if df.Kind != k || len(named) == MaxVerdictMoves {
				continue
			}
			item := `<span data-uci="` + escape(df.UCI) + `" data-kind="` + k.String() + `"><code>` + escape(df.UCI) + `</code> ` + k.String() + ` (`
			switch k {
			case divide.Missing:
				item += `Bitview ` + thousands.FormatUint(df.Want)
			case divide.Extra:
				item += `pasted ` + thousands.FormatUint(df.Got)
			case divide.Repeated:
				item += `pasted ` + thousands.FormatUint(df.Got) + ` on line ` + strconv.Itoa(df.Line) + ` and again`
			default:
				item += `Bitview ` + thousands.FormatUint(df.Want) + `, pasted ` + thousands.FormatUint(df.Got)
			}
			named = append(named, item+`)</span>`)
		}
	}
	s := strings.Join(named, ", ")
	if more := len(diffs) - len(named); more > 0 {
		var parts []string
		for _, k := range kinds {
			if n[k] > 0 {
				parts = append(parts, strconv.Itoa(n[k])+" "+k.String())
			}
		}
		s += ` and ` + strconv.Itoa(more) + ` more (in all ` + strings.Join(parts, ", ") + `)`
	}
	return s
}

// perftHint says what to do next for the differences counted in n: click
// a wrong count to divide one ply deeper, or, when only moves are missing
// or extra, that this is the bug, and kinds, what kind of moves they are
// ("" when not known); "" when nothing differs.
func perftHint(d core.Division, n map[divide.Kind]int, kinds string) string {
	switch {
	case n[divide.WrongCount] > 0 && d.Depth > 1:
		return `Click a move with a wrong count to play it and divide one ply deeper.`
	case n[divide.Missing] > 0 || n[divide.Extra] > 0 || n[divide.Repeated] > 0:
		var found []string
		if n[divide.Missing] > 0 {
			found = append(found, "misses "+strconv.Itoa(n[divide.Missing])+" legal "+perftPlural(n[divide.Missing], "move", "moves"))
		}
		if n[divide.Extra] > 0 {
			found = append(found, "makes "+strconv.Itoa(n[divide.Extra])+" "+perftPlural(n[divide.Extra], "move that is", "moves that are")+" not legal")
		}
		if n[divide.Repeated] > 0 {
			found = append(found, "lists "+strconv.Itoa(n[divide.Repeated])+" "+perftPlural(n[divide.Repeated], "move", "moves")+" more than once")
		}
		s := `Found it: in this position your move generator ` + strings.Join(found, " and ")
		if kinds != "" {
			s += `: <span class="perft-kinds">` + escape(kinds) + `</span>`
		}
		return s + `.`
	}
	return ""
}

// perftTotalSentence says whether the pasted total is the sum of the
// pasted moves and equals Bitview's total d.Nodes, or, when the paste
// states no total, what its moves sum to.
func perftTotalSentence(d core.Division, got divide.Parsed) string {
	sum, fits := got.Sum()
	sumText := thousands.FormatUint(sum)
	if !fits {
		sumText = "more than " + thousands.FormatUint(sum)
	}
	if !got.HasTotal {
		s := `<span class="perft-total">The paste states no total; its moves sum to ` + sumText
		if fits && sum == d.Nodes {
			return s + `, as Bitview's do.</span>`
		}
		return s + `, Bitview's to ` + thousands.FormatUint(d.Nodes) + `.</span>`
	}
	isSum, isOurs := fits && got.Total == sum, got.Total == d.Nodes
	s := `<span class="perft-total" data-sum="` + perftEqual(isSum) + `" data-ours="` + perftEqual(isOurs) + `">The pasted total ` + thousands.FormatUint(got.Total)
	switch {
	case isSum && isOurs:
		s += ` is the sum of the pasted moves and equals Bitview's.`
	case isSum:
		s += ` is the sum of the pasted moves; Bitview's is ` + thousands.FormatUint(d.Nodes) + `.`
	case isOurs:
		s += ` equals Bitview's but not the sum of the pasted moves, ` + sumText + `.`
	default:
		s += ` is neither the sum of the pasted moves, ` + sumText + `, nor Bitview's, ` + thousands.FormatUint(d.Nodes) + `.`
	}
	return s + `</span>`
}

// perftTotal writes a pasted total in the agreeing verdict: a span of
// class perft-total with data-sum and data-ours (see PerftVerdict).
func perftTotal(total uint64, isSum, isOurs bool) string {
	return `<span class="perft-total" data-sum="` + perftEqual(isSum) + `" data-ours="` + perftEqual(isOurs) + `">` + thousands.FormatUint(total) + `</span>`
}

// perftEqual returns "equal" or "differs".
func perftEqual(eq bool) string {
	if eq {
		return "equal"
	}
	return "differs"
}

// PerftMarkup returns what an element's perft option draws under the
// view of pos (nil: no position): the divide to that depth with its
// heading, or the option's problem as an alert (view.Alert), or "" for
// none; and the problem, "" when there is none. It counts on the caller's
// thread, at most MaxElementPerft plies.
func PerftMarkup(option string, pos *core.Position) (markup, problem string) {
	depth, problem := model.ParsePerftOption(option)
	switch {
	case problem != "":
		return Alert(problem), problem
	case depth > 0 && pos != nil:
		if d, err := core.Divide(*pos, depth, nil); err == nil {
			return `<h3>Perft divide, depth ` + strconv.Itoa(depth) + `</h3>` + StaticDivideTable(d), ""
		}
	}
	return "", ""
}

// PerftPanel returns the perft panel's regions while it is open: the
// depth picker and the path of pp, run's progress, the divide d (nil for
// none) and the verdict: a note of pp's, then, beside a complete divide,
// how the paste compares with it (PerftVerdict), or why it cannot yet.
// counting: d is the divide under way, shown without the paste.
func PerftPanel(pp *model.PerftPath, run PerftRun, d *core.Division, counting bool) []Region {
	depth := pp.Depth
	table, verdict := "", PerftNote(pp.Note)
	switch {
	case d != nil && counting:
		table = DivideTable(*d, nil)
	case d != nil && d.Complete:
		table = DivideTable(*d, pp.Pasted)
		if pp.Pasted != nil {
			var at *core.Position
			if p, err := core.ParseFEN(pp.End()); err == nil {
				at = &p
			}
			verdict += PerftVerdict(*d, *pp.Pasted, at)
		}
	case d != nil:
		table = DivideTable(*d, nil)
		if pp.Pasted != nil {
			verdict += `<p class="perft-verdict">The divide was cancelled: run it to the end to compare the paste.</p>`
		}
	case pp.Pasted != nil:
		verdict += `<p class="perft-verdict">Run the divide at depth ` + strconv.Itoa(depth) + ` to compare the paste.</p>`
	}
	return []Region{
		{"perft-depth", PerftDepthOptions(depth)},
		{"perft-path", PerftPath(pp.Root, pp.Moves, depth)},
		{"perft-progress", PerftProgress(run)},
		{"perft-table", table},
		{"perft-verdict", verdict},
	}
}

// PerftNote returns a notice of the panel (a link's path that did not
// replay, a paste over its limit), or "" for none.
func PerftNote(msg string) string {
	if msg == "" {
		return ""
	}
	return `<p class="hint" data-notice="perft">` + escape(msg) + `</p>`
}

// perftPlural returns one when n is 1, else many.
func perftPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
