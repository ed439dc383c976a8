// Package pages prerenders the figures of Markdown and HTML pages (every ```bitboard block and <bitboard-view>, as a declarative shadow root and an <img> fallback of a figure file) and writes files as an editor saves them.
package pages
