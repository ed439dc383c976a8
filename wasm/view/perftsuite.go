package view

import (
	"strconv"
	"strings"

	"github.com/bitview/bitview/core/perftsuite"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/model"
)

// A pasted perft suite in the perft panel: Bitview's count of each
// position at each depth the suite lists, against the suite's.

// A SuiteCount is Bitview's count of one cell of a suite (see
// perftsuite.Suite.Cells), once counted.
type SuiteCount struct {
	Nodes uint64
	Done  bool
}

// The statuses of a suite's cell, its data-status.
const (
	suiteAgree   = "agree"   // counted, the suite's count
	suiteDiffers = "differs" // counted, not the suite's count
	suiteCounted = "counted" // counted; the suite gives no count here
	suitePending = "pending" // not counted yet
)

// suiteStatus returns the status of cell c counted as got.
func suiteStatus(c perftsuite.Cell, got SuiteCount) string {
	switch {
	case !got.Done:
		return suitePending
	case !c.Listed:
		return suiteCounted
	case got.Nodes == c.Nodes:
		return suiteAgree
	}
	return suiteDiffers
}

// PerftSuitePanel returns the perft panel's regions for a pasted suite,
// run up to pp.Depth: the depth picker, the path (the position on show),
// the progress of run (counts of cells), the table (PerftSuiteTable) and
// the verdict (PerftSuiteVerdict) after pp's note. got holds Bitview's
// count of each cell of pp.Suite.Cells(pp.Depth), in their order; nil
// before a run.
func PerftSuitePanel(pp *model.PerftPath, run PerftRun, got []SuiteCount) []Region {
	return []Region{
		{"perft-depth", PerftDepthOptions(pp.Depth)},
		{"perft-path", PerftPath(pp.Root, pp.Moves, pp.Depth)},
		{"perft-progress", PerftProgress(run)},
		{"perft-table", PerftSuiteTable(pp.Suite, pp.Depth, got)},
		{"perft-verdict", PerftNote(pp.Note) + PerftSuiteVerdict(pp.Suite, pp.Depth, got)},
	}
}

// PerftSuiteTable returns suite s run up to maxDepth as a table: a row per
// position (data-line, its line in the paste), a column per depth run,
// then the FEN (and the line's id). A cell (data-depth, data-status:
// agree, differs, counted where the suite gives no count, pending) reads
// "ok", the suite's and Bitview's counts where they differ, Bitview's
// count where the suite gives none, "…" until counted, and "—" where the
// line lists no such depth; its title gives both counts. Each row's head
// is a button (data-suite-fen, data-suite-depth: the line's first depth
// that differs, else its deepest) that opens the position in the panel,
// divided at that depth.
func PerftSuiteTable(s *perftsuite.Suite, maxDepth int, got []SuiteCount) string {
	cells, _ := s.Cells(maxDepth)
	used := make([]bool, maxDepth+1)
	byPos := make([][]int, len(s.Positions)) // the indices of each position's cells
	for i, c := range cells {
		used[c.Depth] = true
		byPos[c.Position] = append(byPos[c.Position], i)
	}
	count := func(i int) SuiteCount {
		if i < len(got) {
			return got[i]
		}
		return SuiteCount{}
	}
	var b strings.Builder
	b.WriteString(`<table class="suite"`)
	attr(&b, "aria-label", "Perft suite, "+strconv.Itoa(len(s.Positions))+" positions, depths up to "+strconv.Itoa(maxDepth))
	b.WriteString(`><thead><tr><th scope="col">line</th>`)
	for d := 1; d <= maxDepth; d++ {
		if used[d] {
			b.WriteString(`<th scope="col">D` + strconv.Itoa(d) + `</th>`)
		}
	}
	b.WriteString(`<th scope="col">position</th></tr></thead><tbody>`)
	for pi, p := range s.Positions {
		depth := 0 // the line's first depth that differs, else its deepest
		for _, i := range byPos[pi] {
			depth = cells[i].Depth
			if suiteStatus(cells[i], count(i)) == suiteDiffers {
				break
			}
		}
		line := strconv.Itoa(p.Line)
		b.WriteString(`<tr data-line="` + line + `"><th scope="row">`)
		if depth > 0 {
			b.WriteString(`<button type="button"`)
			attr(&b, "data-suite-fen", p.Position.FEN())
			attr(&b, "data-suite-depth", strconv.Itoa(depth))
			attr(&b, "aria-label", "Open line "+line+" in the divide, at depth "+strconv.Itoa(depth))
			b.WriteString(`>` + line + `</button>`)
		} else {
			b.WriteString(line)
		}
		b.WriteString(`</th>`)
		for d := 1; d <= maxDepth; d++ {
			if !used[d] {
				continue
			}
			idx := -1
			for _, i := range byPos[pi] {
				if cells[i].Depth == d {
					idx = i
				}
			}
			if idx < 0 {
				b.WriteString(`<td data-depth="` + strconv.Itoa(d) + `">—</td>`)
				continue
			}
			c, g := cells[idx], count(idx)
			st := suiteStatus(c, g)
			title := ""
			if c.Listed {
				title = "suite " + thousands.FormatUint(c.Nodes)
			}
			if g.Done {
				if title != "" {
					title += ", "
				}
				title += "Bitview " + thousands.FormatUint(g.Nodes)
			}
			b.WriteString(`<td data-depth="` + strconv.Itoa(d) + `" data-status="` + st + `"`)
			if title != "" {
				attr(&b, "title", title)
			}
			b.WriteString(`>`)
			switch st {
			case suiteAgree:
				b.WriteString(`ok`)
			case suiteDiffers:
				b.WriteString(thousands.FormatUint(c.Nodes) + ` ≠ ` + thousands.FormatUint(g.Nodes))
			case suiteCounted:
				b.WriteString(thousands.FormatUint(g.Nodes))
			default:
				b.WriteString(`…`)
			}
			b.WriteString(`</td>`)
		}
		fen := escape(p.FEN)
		if p.ID != "" {
			fen += ` <small>` + escape(p.ID) + `</small>`
		}
		b.WriteString(`<td class="fen"><code>` + fen + `</code></td></tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}

// PerftSuiteVerdict says how Bitview's counts compare with the suite's,
// in a paragraph of class perft-verdict with data-cells (the counts the
// suite lists up to maxDepth), data-counted and data-differ: before a
// run, what Run will count; when every cell is counted, that all agree,
// or the cells that differ (the first MaxVerdictMoves named with both
// counts); and how many of the suite's counts are deeper than maxDepth.
func PerftSuiteVerdict(s *perftsuite.Suite, maxDepth int, got []SuiteCount) string {
	cells, deeper := s.Cells(maxDepth)
	listed, counted, differ := 0, 0, 0
	var named []string
	for i, c := range cells {
		if c.Listed {
			listed++
		}
		if i >= len(got) || !got[i].Done {
			continue
		}
		counted++
		if suiteStatus(c, got[i]) == suiteDiffers {
			differ++
			if len(named) < MaxVerdictMoves {
				named = append(named, `line `+strconv.Itoa(s.Positions[c.Position].Line)+` at depth `+strconv.Itoa(c.Depth)+
					` (suite `+thousands.FormatUint(c.Nodes)+`, Bitview `+thousands.FormatUint(got[i].Nodes)+`)`)
			}
		}
	}
	var b strings.Builder
	b.WriteString(`<p class="perft-verdict suite" data-cells="` + strconv.Itoa(listed) + `" data-counted="` + strconv.Itoa(counted) +
		`" data-differ="` + strconv.Itoa(differ) + `">`)
	positions := perftPlural(len(s.Positions), "position", "positions")
	switch {
	case counted == 0:
		b.WriteString(`A perft suite of ` + strconv.Itoa(len(s.Positions)) + ` ` + positions + `: Run counts each at every depth it lists up to ` +
			strconv.Itoa(maxDepth) + ` (` + strconv.Itoa(listed) + ` ` + perftPlural(listed, "count", "counts") + `) and compares Bitview's counts with the suite's.`)
	case counted < len(cells):
		b.WriteString(strconv.Itoa(counted) + ` of ` + strconv.Itoa(len(cells)) + ` counted`)
		if differ > 0 {
			b.WriteString(`; ` + strconv.Itoa(differ) + ` ` + perftPlural(differ, "differs", "differ") + ` from the suite so far`)
		}
		b.WriteString(`.`)
	case differ == 0:
		b.WriteString(`Bitview agrees with all ` + strconv.Itoa(listed) + ` ` + perftPlural(listed, "count", "counts") + ` of the suite (` +
			strconv.Itoa(len(s.Positions)) + ` ` + positions + `).`)
	default:
		b.WriteString(strconv.Itoa(differ) + ` of the suite's ` + strconv.Itoa(listed) + ` ` + perftPlural(listed, "count", "counts") + ` ` +
			perftPlural(differ, "differs", "differ") + ` from Bitview's: ` + strings.Join(named, ", "))
		if more := differ - len(named); more > 0 {
			b.WriteString(` and ` + strconv.Itoa(more) + ` more`)
		}
		b.WriteString(`. Click a line to divide it.`)
	}
	if deeper > 0 {
		b.WriteString(` ` + strconv.Itoa(deeper) + ` ` + perftPlural(deeper, "count is", "counts are") + ` deeper than depth ` + strconv.Itoa(maxDepth) +
			`: pick a deeper depth to run ` + perftPlural(deeper, "it", "them") + `.`)
	}
	b.WriteString(`</p>`)
	return b.String()
}
