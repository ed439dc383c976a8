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
	m *model.Page
	s *surface
}

func (sh *share) render() {
	if sh.m.Tab != "embed" {
		return
	}
	loc := js.Global().Get("location")
	page := loc.Get("origin").String() + loc.Get("pathname").String()
	cdn := ""
	if bvversion.Published {
		cdn = view.CDN + version + "/"
	}
	sh.s.regions.get("embed-snippets").set(view.EmbedSnippets(sh.m.State, page, cdn))
}

// export saves the figure on show in format ("svg" or "png"), named for
// its position and numbering (model.ExportName: "bitview-kiwipete-0x88").
func (sh *share) export(format string) {
	f, _, _ := sh.m.Figure()
	named := sh.m.State
	named.FEN = f.Pos.FEN() // the position drawn: the last valid one while the FEN field holds an error
	name := model.ExportName(named)
	// web/bitview.js's public API (globalThis.bitview), not the DOM: the
	// theme read from the page's CSS, the piece images and the download.
	api := js.Global().Get("bitview")
	var t view.Theme
	_ = (vert.Value{Value: api.Call("themeOf", byID(sh.s.doc, "bitview-app").Underlying())}).AssignTo(&t)
	then(api.Call("pieceImages"), func(v js.Value) {
		var pieces []string
		_ = (vert.Value{Value: v}).AssignTo(&pieces)
		api.Call("saveFigure", view.FigureSVG(f, t, pieces), format, name)
	}, nil)
}
