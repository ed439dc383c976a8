package view

import (
	"hash/fnv"
	"strconv"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/wasm/model"
)

// The page (index.html) is drawn by package main from the functions in
// this file, and wasm/webpages writes the same functions' answer for the
// default state into index.html at build time, so that the first board is
// on screen before the wasm has downloaded. The page then takes that
// markup over (see Prerender) instead of drawing it again. Both sides
// compose their markup here, so they cannot drift apart.

// A Region is one element of the page, by its id, and its content.
type Region struct{ ID, Markup string }

// An Attr is an attribute the page sets on the element with the given id
// (a CSS selector when it starts with a bracket).
type Attr struct{ ID, Name, Value string }

// NoCardsHint is the cards' place when no bitboard is shown.
const NoCardsHint = `<p class="hint">Switch on a bitboard above to see its bits.</p>`

// NoSquareHint is the square panel while no square is pointed at: its
// headings, and a hint where the square's name and indices go.
var NoSquareHint = SquareInfo(nil, core.NoSquare)

// FixedRegions returns the regions the page writes once, at start: the
// tool tabs (ToolTabs), the example buttons, the expression help, the shortcuts dialog and the shift
// demo's selectors (with src and op selected), and the perft panel's
// depth picker at DefaultPerftDepth (rewritten when the depth changes).
func FixedRegions(src string, op int) []Region {
	return []Region{
		{"tool-tabs", ToolTabs()},
		{"examples", ExampleButtons()},
		{"expr-help", ExprHelp()},
		{"shortcuts", `<div>` + ShortcutsHelp() + `</div>`},
		{"shift-op", ShiftOpOptions(op)},
		{"shift-src", BitboardOptions(src)},
		{"perft-depth", PerftDepthOptions(model.DefaultPerftDepth)},
	}
}

// PageRegions returns the regions that follow the page's state, in the
// order the page writes them, and the attributes it sets: those of the
// FEN field, the switches, the playground, the square panel, presentation
// mode and the cards' column. The page's components each draw their own
// part (FENStatus, PageSwitches, PagePlayground, SquarePanel); PageRegions
// is all of them, for the prerender. The playground's result is left out
// while its expression fails: the last result stays on show.
func PageRegions(p *model.Page) ([]Region, []Attr) {
	fen, fenAttr := FENStatus(p)
	play, invalid := PagePlayground(p)
	rs := append([]Region{fen}, PageSwitches(p)...)
	rs = append(rs, play...)
	rs = append(rs, SquarePanel(p))
	return rs, []Attr{fenAttr, invalid, PresentButton(p), CardsCols(p)}
}

// FENStatus returns the FEN's status below its field (what Status says,
// in a div of class notice-body, with a button that opens its detail and
// one that dismisses it; nothing once dismissed, model.Page.NoticeShown)
// and the field's aria-invalid. The page keeps one line for the status
// (style.css), so that a status shown or gone moves nothing: the line
// shows its first sentence, and the detail open (aria-expanded) lays the
// whole status over the stage until it is closed or changes.
func FENStatus(p *model.Page) (Region, Attr) {
	status := ""
	if p.NoticeShown() {
		status = `<div class="notice-body">` + Status(p.Status()) + `</div>` + DetailButton(p.DetailOpen()) + DismissButton
	}
	return Region{"fen-status", status}, Attr{"fen", "aria-invalid", strconv.FormatBool(!p.Reading().OK())}
}

// DetailButton opens and closes a one-line status's detail (data-action
// "notice-detail"); open is its aria-expanded.
func DetailButton(open bool) string {
	return `<button type="button" class="detail" data-action="notice-detail" aria-expanded="` + strconv.FormatBool(open) +
		`" title="Show the whole message">Details</button>`
}

// DismissButton ends a status that can be dismissed (data-action
// "dismiss"): it hides the status until it changes.
const DismissButton = `<button type="button" class="dismiss" data-action="dismiss" aria-label="Dismiss this message" title="Dismiss (until it changes)">×</button>`

// PageSwitches returns the numbering switch, the bitboard switches (the
// pieces and sets, the free bitboard) and the attack maps' switches (in
// the tool area's Attacks tab).
func PageSwitches(p *model.Page) []Region {
	return []Region{
		{"layout-switch", LayoutSwitch(p.Layout())},
		{"toggles", Toggles(p.Show) + FreeToggle(p.Show)},
		{"attack-toggles", AttackToggles(p.Show, p.Selected())},
	}
}

// CardsCols returns the cards' column's data-cols: how many columns its
// grids have in the state's layout (8; 10 for 10×12, 16 for 0x88).
// style.css reads it where a rule depends on the grids' shape (the index
// note of a 0x88 grid too narrow for its indices): an attribute written
// when the numbering changes, where a :has() over the cards would be
// matched again at every cell a new position changes.
func CardsCols(p *model.Page) Attr {
	return Attr{"bits-side", "data-cols", strconv.Itoa(p.Layout().Cols)}
}

// PresentButton returns the presentation button's aria-pressed.
func PresentButton(p *model.Page) Attr {
	return Attr{`[data-action="present"]`, "aria-pressed", strconv.FormatBool(p.Present)}
}

// PagePlayground returns the playground's regions (its status, and its
// result unless the expression failed) and the expression field's
// aria-invalid.
func PagePlayground(p *model.Page) ([]Region, Attr) {
	status, result, failed := Playground(p.Expr, p.Pos(), p.Layout(), p.Step(), p.Show)
	invalid := Attr{"expr", "aria-invalid", strconv.FormatBool(failed)}
	if failed {
		return []Region{{"expr-status", status}}, invalid
	}
	return []Region{{"expr-status", status}, {"expr-result", result}}, invalid
}

// SquarePanel returns the square panel: the pointed square's index in
// every layout, or a hint.
func SquarePanel(p *model.Page) Region {
	if p.Hover() == core.NoSquare {
		return Region{"square-info", NoSquareHint}
	}
	return Region{"square-info", SquareInfo(p.Pos(), p.Hover())}
}

// BoardMarkup returns f's board with the marks m, as the page's renderer
// writes it into #board.
func BoardMarkup(f model.Figure, m model.Marks) string {
	return BoardMarked(f.Pos, f.Layout, f.Flipped, f.Labels, m)
}

// CardMarkup returns the card of f's shown item i, with the bits that
// changed since prev marked, as the page's renderer writes it into #cards.
func CardMarkup(f model.Figure, i int, prev core.Bitboard) string {
	s := f.Shown[i]
	return Card(f.Layout, s, prev, f.GridsFlipped())
}

// A Prerender is the page's default view as markup: what wasm/webpages
// writes into index.html and what the page, finding it there, takes over
// without writing it again.
type Prerender struct {
	Regions []Region // by element id: the fixed regions, the state's, then "board" and "cards"
	Attrs   []Attr   // the attributes the page sets, and the FEN field's value
	Query   string   // the default state's URL query (see State.Query)
}

// DefaultPage returns the page's view of DefaultState as markup.
func DefaultPage() Prerender {
	p := model.NewPage(model.DefaultState())
	regions, attrs := PageRegions(p)
	f, m, _ := p.Figure()
	cards := NoCardsHint
	if len(f.Shown) > 0 {
		cards = ""
		for i, s := range f.Shown {
			cards += CardMarkup(f, i, s.Bits)
		}
	}
	return Prerender{
		Regions: append(append(FixedRegions(model.DefaultShiftSource, model.DefaultShiftOp), regions...),
			Region{"board", BoardMarkup(f, m)}, Region{"cards", cards}),
		Attrs: append(attrs, Attr{"fen", "value", p.FEN}),
		Query: p.Link(),
	}
}

// Hash returns a digest of p's markup (FNV-1a, 64 bits, in hex). The
// prerendered index.html carries it (data-prerender on #bitview-app); the
// page takes the markup over only when its own DefaultPage has the same
// digest, so a stale index.html beside a newer wasm is drawn afresh.
func (p Prerender) Hash() string {
	h := fnv.New64a()
	for _, r := range p.Regions {
		h.Write([]byte(r.ID + "\x00" + r.Markup + "\x00"))
	}
	for _, a := range p.Attrs {
		h.Write([]byte(a.ID + "\x00" + a.Name + "\x00" + a.Value + "\x00"))
	}
	return strconv.FormatUint(h.Sum64(), 16)
}
