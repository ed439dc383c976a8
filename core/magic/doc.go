// Package magic shows magic bitboards step by step: how a chess engine
// turns a rook's or a bishop's square and the board's occupancy into its
// attack set with one mask, one multiplication, one shift and one table
// lookup (Chess Programming Wiki, "Magic Bitboards"; the "fancy" layout,
// one table per square with its own shift, as Stockfish's bitboard.cpp).
//
// For a slider on square sq and occupancy occ (bit n is square n, LERF:
// a1 = 0, h1 = 7, a8 = 56, h8 = 63):
//
//	masked  = occ & mask[sq]              // only squares that can block
//	product = masked * magic[sq]          // mod 2^64
//	index   = product >> shift[sq]        // shift = 64 - popcount(mask)
//	attacks = table[sq][index]
//
// The relevant-occupancy mask holds the squares a piece on those lines
// could block on: the empty-board rays without their last square (a piece
// on the board's edge blocks nothing beyond it). A magic number maps every
// subset of the mask to an index such that subsets with different attack
// sets never share an index.
//
// Bitview finds its own magics, and only when first asked for a square
// (never at start-up: the WebAssembly build starts faster): for each piece
// and square, a PCG generator (math/rand/v2) seeded with [Seed] and the
// piece and square draws sparse candidates, the AND of three random 64-bit
// numbers (about 8 bits set), skips those whose product with the mask has
// fewer than 6 bits in its top byte, and keeps the first candidate under
// which every subset of the mask (enumerated with the Carry-Rippler trick,
// sub = (sub - mask) & mask) finds a free or agreeing slot (Tord Romstad's
// method, CPW "Looking for Magics"). The same seed always gives the same
// magics.
package magic
