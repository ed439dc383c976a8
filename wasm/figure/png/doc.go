// Package png rasterises a figure's SVG (what view.SVG writes) into a PNG, with the Go fonts, and normalises SVG path data for it.
package png
