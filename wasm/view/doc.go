// Package view turns core's answers into the page's markup and keeps the
// page's state (FEN, layout, shown bitboards, board options). It is plain
// Go, tested natively; package main only copies its strings into the DOM.
package view
