//go:build js && wasm

package main

import (
	"slices"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/divide"
	"github.com/bitview/bitview/wasm/view"
	"honnef.co/go/js/dom/v2"
)

// The perft divide panel (#perft): a divide counted in a Web Worker
// (web/perft-worker.js) with progress and cancel, a pasted divide
// compared with it, and a path of moves from a root position, each step
// one ply shallower, kept in the URL (&perft, &path, &root).

// A perftPanel is the panel's state beside view.State.
type perftPanel struct {
	root  string   // the root's FEN (as core writes it)
	path  []string // the moves from the root, in UCI
	fens  []string // fens[k] is the FEN after path[:k]; len(path)+1 of them
	depth int      // the depth divided at the end of the path

	worker    js.Value   // the Web Worker; undefined until needed, again after a cancel
	listeners []listener // the worker's, removed when it is terminated
	id        int        // the current run; messages of earlier runs are ignored
	run       view.PerftRun
	pos       core.Position      // the position being (or last) divided
	fen       string             // its FEN
	entries   []core.DivideEntry // the moves counted so far, in UCI order
	division  *core.Division     // the last divide, complete or cancelled; nil before any
	cancelOn  bool               // the Cancel button is enabled
	parsed    *divide.Parsed     // the pasted divide, nil when the field is empty
	pasteNote string             // why the paste was not read
}

// perftFromURL restores the panel from a link: open at its depth, the
// path replayed from its root (up to the first move that is not legal,
// which the panel says), the board at the end of the path, and a divide
// started there.
func (pg *page) perftFromURL() {
	pp := &pg.perft
	pp.depth = view.DefaultPerftDepth
	if pg.state.Perft == 0 {
		return
	}
	pp.depth = pg.state.Perft
	rootFEN := pg.state.FEN
	if len(pg.state.Path) > 0 {
		rootFEN = core.StartFEN
		if pg.state.Root != "" {
			rootFEN = pg.state.Root
		}
	}
	pg.doc.Call("getElementById", "perft").Set("open", true)
	pg.open["perft"] = true
	root, err := core.ParseFEN(rootFEN)
	if err != nil {
		if len(pg.state.Path) > 0 {
			pp.note("The link's perft root is not a FEN (" + err.Error() + "); the path is dropped.")
		}
		return // renderPerft roots the panel at the position on show, once there is one
	}
	pp.reset(root.FEN())
	p := root
	for _, uci := range pg.state.Path {
		m, err := p.ParseUCI(uci)
		if err != nil {
			pp.note("The link's path stops before " + uci + ": " + err.Error() + ".")
			break
		}
		p.Play(m)
		pp.path = append(pp.path, uci)
		pp.fens = append(pp.fens, p.FEN())
	}
	if len(pp.path) > 0 {
		pg.leaveGame()
		pg.state.FEN = pp.fens[len(pp.path)]
	}
	pg.perftRun(pp.fens[len(pp.path)])
}

// reset roots the panel at fen with an empty path.
func (pp *perftPanel) reset(fen string) {
	pp.root, pp.path, pp.fens = fen, nil, []string{fen}
}

// note shows a notice above the divide (a link's path that did not
// replay, a paste too long).
func (pp *perftPanel) note(msg string) {
	pp.pasteNote = msg
}

// syncPerftState puts the panel into the state, for the URL: its depth
// and path while it is open.
func (pg *page) syncPerftState() {
	pp := &pg.perft
	pg.state.Perft, pg.state.Path, pg.state.Root = 0, nil, ""
	if !pg.open["perft"] || pp.depth == 0 {
		return
	}
	pg.state.Perft = pp.depth
	if len(pp.path) > 0 {
		pg.state.Path = pp.path
		if pp.root != core.StartFEN {
			pg.state.Root = pp.root
		}
	}
}

// follow keeps the path in step with the position on show: a position of
// the path (undo, the back button of a step) shortens the path to it; any
// other position (typed, edited, a game) becomes the new root.
func (pg *page) perftFollow() {
	pp := &pg.perft
	if pg.fenError {
		return
	}
	cur := pg.pos.FEN()
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

// renderPerft draws the panel: the depth picker, the path, the progress,
// the divide (compared with the paste when both are there) and the
// verdict. It runs only while the panel is open.
func (pg *page) renderPerft() {
	pp := &pg.perft
	pg.perftFollow()
	if len(pp.fens) == 0 {
		return // no valid position yet
	}
	cur := pp.fens[len(pp.path)]
	pg.region("perft-depth").set(view.PerftDepthOptions(pp.depth))
	pg.region("perft-path").set(view.PerftPath(pp.root, pp.path, pp.depth))
	active := pp.run.State == "running" || pp.run.State == "loading"
	here := pp.fen == cur && pp.run.State != ""
	fresh := here && pp.division != nil && pp.division.Depth == pp.depth
	run := view.PerftRun{State: "idle", Depth: pp.depth}
	if here && (active || pp.run.Depth == pp.depth) {
		run = pp.run
	}
	pg.region("perft-progress").set(view.PerftProgress(run))
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
	pg.region("perft-table").set(table)
	pg.region("perft-verdict").set(verdict)
	if active != pp.cancelOn {
		pp.cancelOn = active
		pg.doc.Call("querySelector", `#perft [data-perft="cancel"]`).Set("disabled", !active)
	}
}

// perftWorker returns the panel's Web Worker, starting it (and Bitview
// inside it) when there is none.
func (pg *page) perftWorker() js.Value {
	pp := &pg.perft
	if pp.worker.Truthy() {
		return pp.worker
	}
	url := js.Global().Get("URL").New("perft-worker.js", pg.doc.Get("baseURI")).Call("toString")
	w := js.Global().Get("Worker").New(url, map[string]any{"type": "module"})
	pp.worker = w
	pp.listeners = []listener{
		on(w, "message", "", func(ev js.Value, _ *dom.BasicHTMLElement) { pg.perftMessage(ev.Get("data")) }),
		on(w, "error", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
			ev.Call("preventDefault")
			msg := "the worker could not start"
			if m := ev.Get("message"); m.Type() == js.TypeString && m.String() != "" {
				msg += ": " + m.String()
			}
			pg.perftFail(msg)
		}),
	}
	return w
}

// perftStop terminates the worker, if any, and releases its listeners.
func (pg *page) perftStop() {
	pp := &pg.perft
	if !pp.worker.Truthy() {
		return
	}
	pp.worker.Call("terminate")
	for _, l := range pp.listeners {
		l.remove()
	}
	pp.worker, pp.listeners = js.Undefined(), nil
}

// perftRun divides fen at the panel's depth in the worker; a run under
// way is cancelled first (a worker busy with a divide reads no message).
func (pg *page) perftRun(fen string) {
	pp := &pg.perft
	p, err := core.ParseFEN(fen)
	if err != nil {
		return
	}
	if pp.run.State == "running" || pp.run.State == "loading" {
		pg.perftStop()
	}
	pp.id++
	pp.pos, pp.fen, pp.entries, pp.division = p, fen, nil, nil
	pp.run = view.PerftRun{State: "loading", Depth: pp.depth}
	pg.perftWorker().Call("postMessage", map[string]any{"id": pp.id, "fen": fen, "depth": pp.depth})
}

// perftMessage reads a message of the worker (see web/perft-worker.js).
func (pg *page) perftMessage(data js.Value) {
	pp := &pg.perft
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
			pg.perftFail(data.Get("error").String())
			return
		}
		pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes, Complete: data.Get("complete").Bool()}
		pp.run.State = "done"
		pp.run.Seconds = data.Get("ms").Float() / 1000 // the divide itself, without starting the worker
	case "error":
		pg.perftFail(data.Get("message").String())
		return
	}
	if pg.open["perft"] {
		pg.renderPerft()
	}
}

// perftFail shows why the divide failed and drops the worker.
func (pg *page) perftFail(msg string) {
	pg.perftStop()
	pg.perft.run.State, pg.perft.run.Error = "failed", msg
	if pg.open["perft"] {
		pg.renderPerft()
	}
}

// perftCancel stops the divide under way, keeping the moves counted.
func (pg *page) perftCancel() {
	pp := &pg.perft
	if pp.run.State != "running" && pp.run.State != "loading" {
		return
	}
	pg.perftStop()
	pp.id++
	pp.run.State = "cancelled"
	pp.division = &core.Division{Depth: pp.run.Depth, Entries: pp.entries, Nodes: pp.run.Nodes}
	pg.renderPerft()
}

// perftGo makes the node k moves from the root the one on show, at depth,
// clears the paste (it was for another position) and divides there.
func (pg *page) perftGo(k, depth int) {
	pp := &pg.perft
	pp.path, pp.fens, pp.depth = pp.path[:k], pp.fens[:k+1], depth
	pg.perftClearPaste()
	pg.show(pp.fens[k], false) // renders; the path already ends here
	pg.perftRun(pp.fens[k])
	pg.renderPerft()
}

// perftDescend plays uci at the end of the path and divides one ply
// shallower there.
func (pg *page) perftDescend(uci string) {
	pp := &pg.perft
	cur := pp.fens[len(pp.path)]
	if pp.depth <= 1 || len(pp.path) >= view.MaxPerftPath {
		return
	}
	p, err := core.ParseFEN(cur)
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
	pg.perftGo(len(pp.path), pp.depth-1)
}

// perftClearPaste empties the paste field and forgets what it held.
func (pg *page) perftClearPaste() {
	pg.doc.Call("getElementById", "perft-paste").Set("value", "")
	pg.perft.parsed, pg.perft.pasteNote = nil, ""
}

// perftPaste reads the paste field: its length is checked on the JS
// string before it is copied into Go.
func (pg *page) perftPaste() {
	pp := &pg.perft
	v := pg.doc.Call("getElementById", "perft-paste").Get("value")
	pp.pasteNote = ""
	switch n := strLen(v); {
	case n == 0:
		pp.parsed = nil
	case n > view.MaxPerftPaste:
		pp.parsed = nil
		pp.note(view.LimitMessage("The paste", n, view.MaxPerftPaste, "characters") + ": paste one divide.")
	default:
		parsed := divide.Parse(v.String())
		pp.parsed = &parsed
	}
	pg.renderPerft()
}

// wirePerft connects the panel's controls; they live as long as the page.
func (pg *page) wirePerft() {
	pg.region("perft-depth").set(view.PerftDepthOptions(pg.perft.depth))
	panel := pg.doc.Call("getElementById", "perft")
	on(panel, "toggle", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		if ev.Get("target").Get("id").String() != "perft" {
			return
		}
		if pg.open["perft"] {
			pg.perftWorker() // start Bitview in the worker while the user picks a depth
		}
		pg.writeURL()
	})
	on(panel, "click", "[data-perft],[data-descend],[data-path]", func(_ js.Value, el *dom.BasicHTMLElement) {
		pp := &pg.perft
		switch {
		case el == nil || len(pp.fens) == 0:
		case el.GetAttribute("data-perft") == "run":
			pg.perftRun(pp.fens[len(pp.path)])
			pg.renderPerft()
		case el.GetAttribute("data-perft") == "cancel":
			pg.perftCancel()
		case el.HasAttribute("data-descend"):
			pg.perftDescend(el.GetAttribute("data-descend"))
		case el.HasAttribute("data-path"):
			if k, err := strconv.Atoi(el.GetAttribute("data-path")); err == nil && k >= 0 && k < len(pp.path) {
				pg.perftGo(k, min(pp.depth+len(pp.path)-k, core.MaxDivideDepth))
			}
		}
	})
	on(pg.doc.Call("getElementById", "perft-depth"), "change", "", func(ev js.Value, _ *dom.BasicHTMLElement) {
		if d, err := strconv.Atoi(ev.Get("target").Get("value").String()); err == nil && d >= 1 && d <= core.MaxDivideDepth {
			pg.perft.depth = d
			pg.renderPerft()
			pg.writeURL()
		}
	})
	on(pg.doc.Call("getElementById", "perft-paste"), "input", "", func(js.Value, *dom.BasicHTMLElement) { pg.perftPaste() })
}
