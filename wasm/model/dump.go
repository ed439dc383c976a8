package model

import (
	"strings"

	"github.com/bitview/bitview/core"
)

// TieAdvice is what the Engine tab's dump checker and bitview check say
// after "These numbers cannot tell them apart" when several readings of a
// dump of p agree equally well (dump.Tied): why, and what to dump next,
// never the position already on show. numbers is how many numbers the
// dump holds.
//
//   - The start position is its own mirror image with the colours
//     swapped: dump a less symmetric position, such as Kiwipete.
//   - Another position with fewer than twelve numbers: the bitboards
//     dumped read alike under those readings here; dump all twelve.
//   - Twelve or more: the position is symmetric enough; dump Kiwipete, or
//     another position when Kiwipete is the one on show.
func TieAdvice(p *core.Position, numbers int) string {
	placement := func(fen string) string { return strings.Fields(fen)[0] }
	on := placement(p.FEN())
	switch {
	case on == placement(core.StartFEN):
		return " (the start position is its own mirror image with the colours swapped): check a dump of a less symmetric position, such as Kiwipete, to be sure."
	case numbers < 12:
		return ": the bitboards dumped read alike under each of them in this position; check a dump of all twelve to be sure."
	}
	for _, e := range Examples {
		if e.Label == "Kiwipete" && placement(e.FEN) != on {
			return ": check a dump of a less symmetric position, such as Kiwipete, to be sure."
		}
	}
	return ": check a dump of another position to be sure."
}
