package model

import "github.com/bitview/bitview/core/thousands"

// The limits of a view's options (Options: the attributes of
// <bitboard-view>, bitview.mount's options, embed.html's parameters).
// ResolveEmbed checks them before any other work; wasm/options.go checks
// the lengths on the JavaScript strings before copying them into Go.
const (
	// MaxShowItems is the most items a show list may hold, 64. Every
	// bitboard name and attack map the page offers is 31 items; a
	// tutorial figure shows a handful. Each item is a card of about 13 KB
	// of markup, so 64 cards are under 1 MB (20,000 items built 266 MB).
	MaxShowItems = 64
	// MaxShowLength is the longest show list, 4,096 bytes: 64 names of
	// up to 12 letters, or a few expressions (each at most
	// expr.MaxLength, 1,000 bytes).
	MaxShowLength = 4096
	// MaxOptionLength is the longest layout or orientation option, 64
	// bytes (the longest layout id is 6).
	MaxOptionLength = 64
)

// LimitMessage says that an input is over its limit, e.g. "show is
// 20,971,520 bytes; the limit is 4,096".
func LimitMessage(what string, n, limit int, unit string) string {
	return what + " is " + thousands.Itoa(n) + " " + unit + "; the limit is " + thousands.Itoa(limit)
}
