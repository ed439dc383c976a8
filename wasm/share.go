//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bitview/bitview/wasm/model"
	bvversion "github.com/bitview/bitview/wasm/version"
	"github.com/bitview/bitview/wasm/view"
	"github.com/norunners/vert"
)

// share is what the page gives away: the figure on show exported as an
// SVG or a PNG (at 2×, in the page's theme, through web/bitview.js's
// helpers), and the embed snippets of the view on show (#embed), drawn
// while that panel is open.
type share struct {
	st      *store
	regions *regions
	doc     js.Value
	figure  func() model.Figure // what the board and the cards show
}

func (sh *share) wire(sc *scope, acts actions) {
	sc.on("click", "[data-export]", func(_ *event, el *domElement) { sh.export(el.GetAttribute("data-export")) })
}

func (sh *share) render() {
	if sh.st.Tab != "embed" {
		return
	}
	loc := js.Global().Get("location")
	page := loc.Get("origin").String() + loc.Get("pathname").String()
	cdn := ""
	if bvversion.Published {
		cdn = view.CDN + version + "/"
	}
	sh.regions.get("embed-snippets").set(view.EmbedSnippets(sh.st.State, page, cdn))
}

// export saves the figure on show in format ("svg" or "png"), named for
// its position and numbering (model.ExportName: "bitview-kiwipete-0x88").
func (sh *share) export(format string) {
	f := sh.figure()
	named := sh.st.State
	if f.Pos != nil {
		named.FEN = f.Pos.FEN() // the position drawn: the last valid one while the FEN field holds an error
	}
	name := model.ExportName(named)
	// web/bitview.js's public API (globalThis.bitview), not the DOM: the
	// theme read from the page's CSS, the piece images and the download.
	api := js.Global().Get("bitview")
	var t view.Theme
	_ = (vert.Value{Value: api.Call("themeOf", byID(sh.doc, "bitview-app").Underlying())}).AssignTo(&t)
	then(api.Call("pieceImages"), func(v js.Value) {
		var pieces []string
		_ = (vert.Value{Value: v}).AssignTo(&pieces)
		api.Call("saveFigure", view.FigureSVG(f, t, pieces), format, name)
	}, nil)
}
