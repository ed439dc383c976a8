//go:build !(js && wasm)

// Command webbuild writes the files of the static site (web/, dist/) that
// go build does not: the precompressed siblings of each file a browser
// downloads, and the service worker's version file. It is plain Go (the
// brotli encoder is github.com/andybalholm/brotli, gzip is
// compress/gzip), so `make serve` needs nothing but Go, make and a POSIX
// shell. make builds it once, natively, and runs it:
//
//	webbuild compress [-q 11] FILE...
//	webbuild sw-version DIR
//	webbuild sizes FILE.wasm
//
// compress writes FILE.br (brotli, quality -q, 0–11, with the smallest
// window that holds the whole file, as the brotli command picks it) and
// FILE.gz (gzip at its best compression, with no name and no time in its
// header, as `gzip -9 -n` writes it) beside each FILE, and gives both
// FILE's modification time: make then sees them as up to date, and
// serve.go's freshness rule (a sibling not older than its source, in whole
// seconds) accepts them. Each sibling is written to a temporary file in
// the same folder (.FILE.RANDOM.br, .FILE.RANDOM.gz) and renamed into
// place, so an interrupted build leaves no truncated sibling behind. The
// siblings are written in parallel, one per CPU.
//
// sw-version writes DIR/sw-version.js, which versions the service
// worker's cache (web/sw.js): the SHA-256 of every regular file below DIR
// but the compressed siblings (.br, .gz) and sw-version.js itself, sorted
// by name in byte order, and a version made of the first 16 hex digits of
// the SHA-256 of the list those hashes make as sha256sum prints it
// ("HASH  NAME\n" each), so a build that changes any file gets a new cache
// and the worker downloads only the files whose hash changed. The list is
// also the worker's list of the files it caches: every file it names.
//
// sizes reads a wasm built with its name section (without -ldflags=-s;
// make sizes builds one) and prints, per Go package, its functions, the
// bytes of their bodies, their share of the code, and those bodies
// compressed apart with brotli at quality 11 (an estimate of what the
// package adds to the download), largest first, then the data section and
// the rest. It is how the size of bitview.wasm is followed per package.
//
// Errors name the file and what went wrong; webbuild then exits with
// status 1, having written every file it could.
package main
