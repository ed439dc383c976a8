//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/wasm/model"
	"github.com/bitview/bitview/wasm/view"
)

// A perftPanel is the perft divide panel (#perft): a divide counted in a
// Web Worker (web/perft-worker.js) with progress and cancel, a pasted
// divide compared with it, and a path of moves from a root position, each
// step one ply shallower. While open, its depth and path are in the state
// (&perft, &path, &root: see sync).
type perftPanel struct {
	st      *store
	regions *regions
	doc     js.Value
	open    bool     // the tab was on show at the last render
	root    string   // the root's FEN (as core writes it)
	path    []string // the moves from the root, in UCI
	fens    []string // fens[k] is the FEN after path[:k]; len(path)+1 of them
	depth   int      // the depth divided at the end of the path

	worker    js.Value // the Web Worker; undefined until needed, again after a cancel
	workerSc  *scope   // its listeners, closed when it is terminated
	id        int      // the current run; messages of earlier runs are ignored
	run       view.PerftRun
	pos       core.Position      // the position being (or last) divided
	fen       string             // its FEN
	entries   []core.DivideEntry // the moves counted so far, in UCI order
	division  *core.Division     // the last divide, complete or cancelled; nil before any
	cancelOn  bool               // the Cancel button is enabled
	parsed    *divide.Parsed     // the pasted divide, nil when the field is empty
	pasteNote string             // why the paste was not read, or a link's path that did not replay
}

// start restores the panel from a link: open at its depth, the path
// replayed from its root (up to the first move that is not legal, which
// the panel says), the board at the end of the path, and a divide started
// there.
func (pp *perftPanel) start() {
	s := pp.st
	pp.depth = model.DefaultPerftDepth
	if s.Perft == 0 {
		return
	}
	pp.depth = s.Perft
	rootFEN := s.FEN
	if len(s.Path) > 0 {
		rootFEN = core.StartFEN
		if s.Root != "" {
			rootFEN = s.Root
		}
	}
	s.Tab, pp.open = "perft", true
	root, err := core.ParseFEN(rootFEN)
	if err != nil {
		if len(s.Path) > 0 {
			pp.pasteNote = "The link's perft root is not a FEN (" + err.Error() + "); the path is dropped."
		}
		return // render roots the panel at the position on show, once there is one
	}
	pp.reset(root.FEN())
	p := root
	for _, uci := range s.Path {
		m, err := p.ParseUCI(uci)
		if err != nil {
			pp.pasteNote = "The link's path stops before " + uci + ": " + err.Error() + "."
			break
		}
		p.Play(m)
		pp.path = append(pp.path, uci)
		pp.fens = append(pp.fens, p.FEN())
	}
	if len(pp.path) > 0 {
		s.closeGame()
		s.FEN = pp.fens[len(pp.path)]
		s.read()
	}
	fen := pp.fens[len(pp.path)]
	if pp.depth > model.MaxLinkPerft {
		// A deep divide from a link waits for a click, with its estimate.
		p, _ := core.ParseFEN(fen)
		pp.pos, pp.fen = p, fen
		pp.run = view.PerftRun{State: "waiting", Depth: pp.depth, Estimate: model.PerftEstimate(p, pp.depth)}
		return
	}
	pp.divide(fen)
}

// reset roots the panel at fen with an empty path.
func (pp *perftPanel) reset(fen string) {
	pp.root, pp.path, pp.fens = fen, nil, []string{fen}
}

// sync puts the panel into the state, for the link: its depth and path
// while it is open.
func (pp *perftPanel) sync() {
	s := &pp.st.State
	s.Perft, s.Path, s.Root = 0, nil, ""
	if !pp.open || pp.depth == 0 {
		return
	}
	s.Perft = pp.depth
	if len(pp.path) > 0 {
		s.Path = pp.path
		if pp.root != core.StartFEN {
			s.Root = pp.root
		}
	}
}

// follow keeps the path in step with the position on show: a position of
// the path (undo, the back button of a step) shortens the path to it; any
// other position (typed, edited, a game) becomes the new root.
func (pp *perftPanel) follow() {
	if !pp.st.status.Read.OK() {
		return
	}
	cur := pp.st.pos.FEN()
	if len(pp.fens) > 0 && pp.fens[len(pp.path)] == cur {
		return
	}
	if k := slices.Index(pp.fens, cur); k >= 0 {
		pp.depth = min(pp.depth+len(pp.path)-k, core.MaxDivideDepth)
		pp.path, pp.fens = pp.path[:k], pp.fens[:k+1]
		return
	}
	pp.reset(cur)
}

// render draws the panel while it is open: the depth picker, the path,
// the progress, the divide (compared with the paste when both are there)
// and the verdict; and keeps the state's perft fields.
func (pp *perftPanel) render() {
	open := pp.st.Tab == "perft"
	if open && !pp.open {
		pp.workerOf() // start Bitview in the worker while the user picks a depth
	}
	if pp.open = open; open {
		pp.draw()
	}
	pp.sync()
}

// draw draws the open panel.
func (pp *perftPanel) draw() {
	pp.follow()
	if len(pp.fens) == 0 {
		return // no valid position yet
	}
	cur := pp.fens[len(pp.path)]
	pp.regions.get("perft-depth").set(view.PerftDepthOptions(pp.depth))
	pp.regions.get("perft-path").set(view.PerftPath(pp.root, pp.path, pp.depth))
	active := pp.run.State == "running" || pp.run.State == "loading"
	here := pp.fen == cur && pp.run.State != ""
	if pp.run.State == "waiting" && (!here || pp.run.Depth != pp.depth) {
		pp.run = view.PerftRun{} // another position or depth: the link's divide is no longer asked for
		here = false
	}
	fresh := here && pp.division != nil && pp.division.Depth == pp.depth
	run := view.PerftRun{State: "idle", Depth: pp.depth}
	if here && (active || pp.run.Depth == pp.depth || pp.run.State == "waiting") {
		run = pp.run
	}
	pp.regions.get("perft-progress").set(view.PerftProgress(run))
	table, verdict := "", view.PerftNote(pp.pasteNote)
	switch {
	case here && active:
		d := core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes}
		table = view.DivideTable(d, nil)
	case fresh && pp.division.Complete:
		table = view.DivideTable(*pp.division, pp.parsed)
		if pp.parsed != nil {
			verdict += view.PerftVerdict(*pp.division, *pp.parsed)
		}
	case fresh:
		table = view.DivideTable(*pp.division, nil)
		if pp.parsed != nil {
			verdict += `<p class="perft-verdict">The divide was cancelled: run it to the end to compare the paste.</p>`
		}
	case pp.parsed != nil:
		verdict += `<p class="perft-verdict">Run the divide at depth ` + strconv.Itoa(pp.depth) + ` to compare the paste.</p>`
	}
	pp.regions.get("perft-table").set(table)
	pp.regions.get("perft-verdict").set(verdict)
	if active != pp.cancelOn {
		pp.cancelOn = active
		query(pp.doc, `#perft [data-perft="cancel"]`).Set("disabled", !active)
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
		url := js.Global().Get("URL").New("perft-worker.js", pp.doc.Get("baseURI")).Get("href")
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

// divide divides fen at the panel's depth in the worker; a run under way
// is cancelled first (a worker busy with a divide reads no message).
func (pp *perftPanel) divide(fen string) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		return
	}
	if pp.run.State == "running" || pp.run.State == "loading" {
		pp.stop()
	}
	pp.id++
	pp.pos, pp.fen, pp.entries, pp.division = p, fen, nil, nil
	pp.run = view.PerftRun{State: "loading", Depth: pp.depth}
	if w := pp.workerOf(); w.Truthy() {
		// A Web Worker: dom/v2 has none.
		w.Call("postMessage", map[string]any{"id": pp.id, "fen": fen, "depth": pp.depth})
	}
}

// message reads a message of the worker (see web/perft-worker.js): a
// structured clone the worker posted, plain data.
func (pp *perftPanel) message(data js.Value) {
	if data.Type() != js.TypeObject || data.Get("id").Type() != js.TypeNumber || data.Get("id").Int() != pp.id {
		return
	}
	switch data.Get("type").String() {
	case "move":
		m, err := pp.pos.ParseUCI(data.Get("uci").String())
		if err != nil {
			return
		}
		e := core.DivideEntry{Move: m, Nodes: uint64(data.Get("nodes").Float())}
		i, _ := slices.BinarySearchFunc(pp.entries, e, func(a, b core.DivideEntry) int { return strings.Compare(a.Move.UCI(), b.Move.UCI()) })
		pp.entries = slices.Insert(pp.entries, i, e)
		pp.run.State, pp.run.Done, pp.run.Total = "running", data.Get("done").Int(), data.Get("total").Int()
		pp.run.Nodes += e.Nodes
	case "done":
		if !data.Get("ok").Bool() {
			pp.fail(data.Get("error").String())
			return
		}
		pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes, Complete: data.Get("complete").Bool()}
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
	if pp.run.Total == 0 { // no root move counted yet: the worker has not said how many there are
		pp.run.Total = len(pp.pos.LegalMoves(nil))
	}
	pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes}
	pp.draw()
}

// goTo makes the node k moves from the root the one on show, at depth,
// clears the paste (it was for another position) and divides there.
func (pp *perftPanel) goTo(k, depth int) {
	pp.path, pp.fens, pp.depth = pp.path[:k], pp.fens[:k+1], depth
	pp.clearPaste()
	pp.st.show(pp.fens[k], false) // redraws; the path already ends here
	pp.divide(pp.fens[k])
	pp.render()
}

// descend plays uci at the end of the path and divides one ply shallower
// there.
func (pp *perftPanel) descend(uci string) {
	if pp.depth <= 1 || len(pp.path) >= model.MaxPerftPath {
		return
	}
	p, err := core.ParseFEN(pp.fens[len(pp.path)])
	if err != nil {
		return
	}
	m, err := p.ParseUCI(uci)
	if err != nil {
		return
	}
	p.Play(m)
	pp.path = append(pp.path, uci)
	pp.fens = append(pp.fens, p.FEN())
	pp.goTo(len(pp.path), pp.depth-1)
}

// clearPaste empties the paste field and forgets what it held.
func (pp *perftPanel) clearPaste() {
	byID(pp.doc, "perft-paste").Set("value", "") // a <textarea>
	pp.parsed, pp.pasteNote = nil, ""
}

// paste reads the paste field v: its length is checked on the JS string
// before it is copied into Go.
func (pp *perftPanel) paste(v js.Value) {
	pp.pasteNote = ""
	switch n := strLen(v); {
	case n == 0:
		pp.parsed = nil
	case n > model.MaxPerftPaste:
		pp.parsed = nil
		pp.pasteNote = model.LimitMessage("The paste", n, model.MaxPerftPaste, "characters") + ": paste one divide."
	default:
		parsed := divide.Parse(v.String())
		pp.parsed = &parsed
	}
	pp.render()
}

func (pp *perftPanel) wire(sc *scope, acts actions) {
	if pp.depth == 0 {
		pp.depth = model.DefaultPerftDepth
	}
	pp.regions.get("perft-depth").set(view.PerftDepthOptions(pp.depth))
	sc.on("click", "#perft [data-perft],#perft [data-descend],#perft [data-path]", func(_ *event, el *domElement) {
		switch {
		case len(pp.fens) == 0:
		case el.GetAttribute("data-perft") == "run":
			pp.divide(pp.fens[len(pp.path)])
			pp.render()
		case el.GetAttribute("data-perft") == "cancel":
			pp.cancel()
		case el.HasAttribute("data-descend"):
			pp.descend(el.GetAttribute("data-descend"))
		case el.HasAttribute("data-path"):
			if k, err := strconv.Atoi(el.GetAttribute("data-path")); err == nil && k >= 0 && k < len(pp.path) {
				pp.goTo(k, min(pp.depth+len(pp.path)-k, core.MaxDivideDepth))
			}
		}
	})
	sc.on("change", "#perft-depth", func(_ *event, el *domElement) {
		if d, err := strconv.Atoi(el.Underlying().Get("value").String()); err == nil && d >= 1 && d <= core.MaxDivideDepth {
			pp.depth = d
			pp.st.redraw()
		}
	})
	sc.on("input", "#perft-paste", func(_ *event, el *domElement) { pp.paste(el.Underlying().Get("value")) })
}
