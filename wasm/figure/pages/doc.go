// Package pages prerenders the figures of the HTML pages a site generator built (every bitboard block and <bitboard-view>, as a declarative shadow root and an <img> fallback of a figure file), leaving sources and Bitview's own copy as they are, and writes files as an editor saves them.
package pages
