//go:build js && wasm

package main

import (
	"slices"
	"strings"
	"syscall/js"
	"time"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/perftsuite"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A perftPanel is the perft divide panel's counting (#perft): a divide
// counted in a Web Worker (web/perft-worker.js) with progress and cancel,
// at the end of the model's path (model.Page.Perft: its root, moves,
// depth and paste).
type perftPanel struct {
	m    *model.Page
	s    *surface
	open bool // the tab was on show at the last render

	worker   js.Value // the Web Worker; undefined until needed, again after a cancel
	workerSc *scope   // its listeners, closed when it is terminated
	id       int      // the current run; messages of earlier runs are ignored
	run      view.PerftRun
	pos      core.Position      // the position being (or last) divided
	fen      string             // its FEN
	entries  []core.DivideEntry // the moves counted so far, in UCI order
	division *core.Division     // the last divide, complete or cancelled; nil before any
	stats    bool               // the divide under way counts by kind of move
	cancelOn bool               // the Cancel button is enabled

	// A pasted suite's run: the suite and depth counted, and Bitview's
	// count of each cell (perftsuite.Suite.Cells), in their order.
	suite      *perftsuite.Suite
	suiteDepth int
	suiteGot   []view.SuiteCount
	drawn      time.Time // when the suite's table was last drawn
}

// suiteRedraw is how often a suite's run draws its table while it counts.
const suiteRedraw = 200 * time.Millisecond

// start divides at the end of a link's path (model.Page.Perft.Start): at
// once up to model.MaxLinkPerft, or deeper once Run is pressed, with its
// estimate.
func (pp *perftPanel) start() {
	path := &pp.m.Perft
	if pp.m.State.Perft == 0 { // the link asks for no divide
		return
	}
	pp.open = true
	fen := path.End()
	if fen == "" {
		return // the panel roots itself at the position on show at render
	}
	if path.Depth > model.MaxLinkPerft {
		p, _ := core.ParseFEN(fen)
		pp.pos, pp.fen = p, fen
		pp.run = view.PerftRun{State: "waiting", Depth: path.Depth, Estimate: model.PerftEstimate(p, path.Depth)}
		return
	}
	pp.divide()
}

// render draws the panel while it is open (the page has made the path
// follow the position on show).
func (pp *perftPanel) render() {
	open := pp.m.Tab == "perft"
	if open && !pp.open {
		pp.workerOf() // start Bitview in the worker while the user picks a depth
	}
	if pp.open = open; open {
		pp.draw()
	}
}

// draw draws the open panel: the depth picker, the path, the progress,
// the divide (compared with the paste when both are there) and the
// verdict (view.PerftPanel).
func (pp *perftPanel) draw() {
	path := &pp.m.Perft
	if !path.Rooted() {
		return // no valid position yet
	}
	query(pp.s.doc, "#perft-stats").Set("checked", path.Stats) // an <input type=checkbox>
	if path.Suite != nil {
		pp.drawSuite()
		return
	}
	active := pp.run.State == "running" || pp.run.State == "loading"
	here := pp.fen == path.End() && pp.run.State != ""
	if pp.run.State == "waiting" && (!here || pp.run.Depth != path.Depth) {
		pp.run = view.PerftRun{} // another position or depth: the link's divide is no longer asked for
		here = false
	}
	run := view.PerftRun{State: "idle", Depth: path.Depth}
	if here && (active || pp.run.Depth == path.Depth || pp.run.State == "waiting") {
		run = pp.run
	}
	var d *core.Division
	switch {
	case here && active:
		d = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes, Chess960: pp.pos.Chess960()}
	case here && pp.division != nil && pp.division.Depth == path.Depth:
		d = pp.division
	}
	pp.s.regions.write(view.PerftPanel(path, run, d, here && active)...)
	if active != pp.cancelOn {
		pp.cancelOn = active
		query(pp.s.doc, `#perft [data-perft="cancel"]`).Set("disabled", !active)
	}
}

// workerOf returns the panel's Web Worker, starting it (and Bitview
// inside it) when there is none.
func (pp *perftPanel) workerOf() js.Value {
	if pp.worker.Truthy() {
		return pp.worker
	}
	// A worker that cannot be made (a browser without module workers, a
	// policy that forbids it) is said in the panel; the page goes on.
	w := guard(func() js.Value {
		url := js.Global().Get("URL").New("perft-worker.js", pp.s.doc.Get("baseURI")).Get("href")
		return js.Global().Get("Worker").New(url, map[string]any{"type": "module"})
	}, func(msg string) js.Value {
		pp.run.State, pp.run.Error = "failed", "the worker could not start: "+msg
		return js.Undefined()
	})
	if !w.Truthy() {
		return w
	}
	pp.worker, pp.workerSc = w, newScope(w)
	pp.workerSc.on("message", "", func(e *event, _ *domElement) { pp.message(e.Data) })
	pp.workerSc.on("error", "", func(e *event, _ *domElement) {
		e.prevent()
		msg := "the worker could not start"
		if e.Key != "" { // bitview.js passes an ErrorEvent's message as the key
			msg += ": " + e.Key
		}
		pp.fail(msg)
	})
	return w
}

// stop terminates the worker, if any, and stops listening to it.
func (pp *perftPanel) stop() {
	if !pp.worker.Truthy() {
		return
	}
	pp.worker.Call("terminate") // a Web Worker: dom/v2 has none
	pp.workerSc.close()
	pp.worker, pp.workerSc = js.Undefined(), nil
}

// divide divides the end of the path at its depth in the worker; a run
// under way is cancelled first (a worker busy with a divide reads no
// message).
func (pp *perftPanel) divide() {
	fen := pp.m.Perft.End()
	p, err := core.ParseFEN(fen)
	if err != nil {
		return
	}
	if pp.run.State == "running" || pp.run.State == "loading" {
		pp.stop()
	}
	depth := pp.m.Perft.Depth
	pp.id++
	if s := pp.m.Perft.Suite; s != nil {
		pp.runSuite(s, depth)
		return
	}
	pp.pos, pp.fen, pp.entries, pp.division, pp.stats = p, fen, nil, nil, pp.m.Perft.Stats
	pp.run = view.PerftRun{State: "loading", Depth: depth}
	if w := pp.workerOf(); w.Truthy() {
		// A Web Worker: dom/v2 has none.
		w.Call("postMessage", map[string]any{"id": pp.id, "fen": fen, "depth": depth, "stats": pp.stats})
	}
}

// runSuite counts every cell of suite s up to depth in the worker, one
// bitview.perft a cell (see web/perft-worker.js).
func (pp *perftPanel) runSuite(s *perftsuite.Suite, depth int) {
	cells, _ := s.Cells(depth)
	pp.suite, pp.suiteDepth, pp.suiteGot = s, depth, make([]view.SuiteCount, len(cells))
	pp.run = view.PerftRun{State: "loading", Depth: depth, Suite: true, Total: len(cells)}
	list := make([]any, len(cells))
	for i, c := range cells {
		list[i] = map[string]any{"fen": s.Positions[c.Position].Position.FEN(), "depth": c.Depth}
	}
	if w := pp.workerOf(); w.Truthy() {
		w.Call("postMessage", map[string]any{"id": pp.id, "suite": list}) // a Web Worker: dom/v2 has none
	}
}

// drawSuite draws the panel for a pasted suite: its run's counts when
// they are of this suite and depth (view.PerftSuitePanel).
func (pp *perftPanel) drawSuite() {
	path := &pp.m.Perft
	run, got := view.PerftRun{State: "idle", Depth: path.Depth, Suite: true}, []view.SuiteCount(nil)
	if pp.suite == path.Suite && pp.suiteDepth == path.Depth && pp.run.Suite {
		run, got = pp.run, pp.suiteGot
	}
	active := run.State == "running" || run.State == "loading"
	pp.s.regions.write(view.PerftSuitePanel(path, run, got)...)
	if active != pp.cancelOn {
		pp.cancelOn = active
		query(pp.s.doc, `#perft [data-perft="cancel"]`).Set("disabled", !active)
	}
}

// message reads a message of the worker (see web/perft-worker.js): a
// structured clone the worker posted, plain data.
func (pp *perftPanel) message(data js.Value) {
	if data.Type() != js.TypeObject || data.Get("id").Type() != js.TypeNumber || data.Get("id").Int() != pp.id {
		return
	}
	switch data.Get("type").String() {
	case "cell":
		i := data.Get("index").Int()
		if !pp.run.Suite || i < 0 || i >= len(pp.suiteGot) || !data.Get("ok").Bool() {
			return
		}
		pp.suiteGot[i] = view.SuiteCount{Nodes: uint64(data.Get("nodes").Float()), Done: true}
		pp.run.State, pp.run.Done = "running", pp.run.Done+1
		pp.run.Nodes += pp.suiteGot[i].Nodes
		// A suite's cells come fast (hundreds a second at small depths), and
		// its table has a row per position: it is drawn at most every
		// suiteRedraw, and when done.
		now := time.Now()
		if now.Sub(pp.drawn) < suiteRedraw {
			return
		}
		pp.drawn = now
	case "move":
		m, err := pp.pos.ParseUCI(data.Get("uci").String())
		if err != nil {
			return
		}
		e := core.DivideEntry{Move: m, Nodes: uint64(data.Get("nodes").Float())}
		if pp.stats {
			e.Stats = statsOf(data.Get("stats"))
		}
		d := core.Division{Chess960: pp.pos.Chess960()} // the order the divide's moves are written in
		i, _ := slices.BinarySearchFunc(pp.entries, e, func(a, b core.DivideEntry) int { return strings.Compare(d.UCI(a.Move), d.UCI(b.Move)) })
		pp.entries = slices.Insert(pp.entries, i, e)
		pp.run.State, pp.run.Done, pp.run.Total = "running", data.Get("done").Int(), data.Get("total").Int()
		pp.run.Nodes += e.Nodes
	case "done":
		if !data.Get("ok").Bool() {
			pp.fail(data.Get("error").String())
			return
		}
		if pp.run.Suite {
			pp.run.State, pp.run.Seconds = "done", data.Get("ms").Float()/1000
			break
		}
		pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes, Complete: data.Get("complete").Bool(),
			Chess960: pp.pos.Chess960()}
		if pp.stats {
			pp.division.WithStats, pp.division.Stats = true, statsOf(data.Get("stats"))
		}
		pp.run.State = "done"
		pp.run.Seconds = data.Get("ms").Float() / 1000 // the divide itself, without starting the worker
	case "error":
		pp.fail(data.Get("message").String())
		return
	}
	if pp.open {
		pp.draw()
	}
}

// statsOf reads a stats object of bitview.perft (a structured clone the
// worker posted; see web/bitview.d.ts, PerftStats).
func statsOf(v js.Value) core.PerftStats {
	if v.Type() != js.TypeObject {
		return core.PerftStats{}
	}
	n := func(k string) uint64 {
		if f := v.Get(k); f.Type() == js.TypeNumber {
			return uint64(f.Float())
		}
		return 0
	}
	return core.PerftStats{Nodes: n("nodes"), Captures: n("captures"), EnPassant: n("enPassant"), Castles: n("castles"), Promotions: n("promotions"),
		Checks: n("checks"), DiscoveredChecks: n("discoveredChecks"), DoubleChecks: n("doubleChecks"), Checkmates: n("checkmates")}
}

// fail shows why the divide failed and drops the worker.
func (pp *perftPanel) fail(msg string) {
	pp.stop()
	pp.run.State, pp.run.Error = "failed", msg
	if pp.open {
		pp.draw()
	}
}

// cancel stops the divide under way, keeping the moves counted.
func (pp *perftPanel) cancel() {
	if pp.run.State != "running" && pp.run.State != "loading" {
		return
	}
	pp.stop()
	pp.id++
	pp.run.State = "cancelled"
	if pp.run.Suite {
		return
	}
	if pp.run.Total == 0 { // no root move counted yet: the worker has not said how many there are
		pp.run.Total = len(pp.pos.LegalMoves(nil))
	}
	pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes, Chess960: pp.pos.Chess960()}
}

// paste reads the paste field v: its length is checked on the JS string
// before it is copied into Go (model.PerftPath.RefusePaste). A paste that
// sets another depth (its total is that depth's count) is divided at
// once up to model.MaxLinkPerft, as a link's divide is, so that the two
// compare.
func (pp *perftPanel) paste(v js.Value) {
	if n := strLen(v); n > model.MaxPerftPaste {
		pp.m.Perft.RefusePaste(n)
		return
	}
	depth := pp.m.Perft.Depth
	pp.m.Perft.Paste(v.String())
	if d := pp.m.Perft.Depth; d != depth && d <= model.MaxLinkPerft && pp.m.Perft.Rooted() {
		pp.divide()
	}
}
