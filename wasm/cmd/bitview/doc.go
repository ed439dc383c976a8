// Command bitview draws Bitview's figures without a browser: the SVG a
// <bitboard-view>'s toSVG() returns, byte for byte, or a PNG of it (as
// toPNG(), at 2× by default), from a FEN and the element's options; and it
// prerenders pages, writing every figure of a folder of Markdown or built
// HTML into the page so it shows with JavaScript off.
//
// Install or run it without a clone:
//
//	go run github.com/bitview/bitview/wasm/cmd/bitview@latest -fen '…' -show P,empty -o pawns.svg
//
// Usage:
//
//	bitview [options] -o FILE.svg|FILE.png|-
//	bitview prerender [-n] [-base URL] [-exclude PATH]... [-break-links] PATH...
//	bitview show [-fen FEN] [-layout L] [-index] [-binary] [-decimal] [-literals] [-json] NAME|EXPR|NUMBER...
//	bitview divide [-fen FEN] -depth N [-stats] [-engine CMD | -engine - | -perftree SCRIPT] [-timeout D] [-json]
//	bitview divide -suite FILE [-max-depth N] [-engine CMD | -perftree SCRIPT] [-timeout D] [-json]
//	bitview check [-fen FEN] < DUMP
//
// The options are the element's attributes that change its figure, and
// -theme (light, dark, or colours: light,bitOn=#1d4ed8): figure.Names,
// from Go's one table of options (model.Attributes), each flag with its
// help from there (-h lists them); they are read by the element's rules
// (package figure). -scale sets the PNG's scale.
// Bad input exits with status 1 and a message naming the option, the
// field and the character; no file is written then. Files are written as
// an editor saves them (pages.WriteFile): through a symbolic link to its
// target, always through a temporary file renamed over FILE only when
// whole; the mode, owner, ACL and extended attributes are kept, a new
// file gets 0666 less the umask, and a read-only file or one with other
// hard links is refused (status 1); errors name FILE as given.
//
// Every command writes its messages through excerpt.Escape: a byte of a
// page, a file name, an option's value or an engine's output that is not
// printable is written escaped (ESC as \x1b, BEL as \a), so nothing it
// prints can move the cursor, clear the screen or retitle the window.
//
// prerender walks each PATH for the .html and .htm pages a site generator
// built (Hugo's public/, MkDocs's site/, Jekyll's _site/: it is the step
// after the build) and writes each <bitboard-view> element's and bitboard
// block's figure into the page (a block is the <pre><code
// class="language-bitboard"> a generator builds from a ```bitboard fence):
// the view in a declarative shadow root and an <img> of the figure's SVG,
// a file written into bitview-figures/ beside the page and named by its
// content (a page that loads no Bitview script, without -base, gets the
// SVG inline instead; see pages.Page). -base is the folder of Bitview's
// files as the pages see it; by default the folder of each page's
// bitview-load.js or bitview-element.js script, and a -base that is not
// where a page's script finds them is warned about. A file is rewritten
// only when a figure changed, so a second run changes nothing. What an
// author wrote inside an element is kept after its figure, whatever it
// looks like: prerender replaces only what it wrote, which carries its
// mark sealed with a hash of what it wrote (pages.Mark), never a part
// that merely carries the mark's attribute or was edited since. A block
// line that is not a known "key: value", a blank line or a "# comment"
// (a key that is no option, prose in a fence left open, a "## heading")
// and every wrong option are errors naming their lines (the live
// Markdown loader, bitview-markdown.js, leaves such a block as text by
// the same rule): the file is left untouched, the others are still done,
// and the exit status is 1. A page changed while its figures were drawn
// (size, time or content) is left as it is, and named, with status 1.
// Pages are written as pages.WriteFile writes: through a temporary file
// renamed over the page, keeping its mode, owner, ACL and extended
// attributes, so a failed write leaves it whole; a page with other hard
// links is refused unless -break-links (then replaced under the name
// walked, its other names keeping the old page). -n only reports, the
// refusals of the real run included.
//
// prerender never writes a source: a Markdown file given is refused (exit
// 1) with the built folder to prerender instead, found from the
// generator's configuration (hugo.toml, mkdocs.yml, _config.yml) above
// it; in a walked folder Markdown files are left alone, and a generator's
// source folder is refused. A copy of Bitview's own files (a folder
// holding bitview-element.js, see pages.IsCopy) is left byte for byte, as
// is each -exclude PATH (repeatable; -exclude= is refused). Links are
// resolved before these rules: a site given as a link is walked, a link
// to a page outside the site or in the copy is left as it is (and said),
// and -exclude names the files its paths lead to. Only regular files are
// read, each to pages.MaxPageBytes.
//
//	bitview prerender -base /repo/bitview/ public/
//
// # The engine author's bench
//
// show, divide and check bring the page's cards, perft divide and dump
// checker (the Engine tab) to a terminal and to CI. Each has -h with an
// example. Their exit status is 0 when the engine agrees with Bitview, 1
// when it differs (or fails while answering), 2 on bad input, named as
// the page names it.
//
// show prints each bitboard as a grid, rank 8 at the top, in a layout's
// numbering (0x88 and 10x12 with their off-board slots, drawn '.'), with
// its value in hex (-binary, -decimal for more); a bitboard name, attack
// map or expression of the position, or a number, read in the layout as
// the page's free bitboard reads it:
//
//	bitview show -layout 0x88 -index 'K | k'
//
// divide prints Bitview's divide in Stockfish's "go perft" format. With
// -engine CMD it runs a UCI engine (uci, isready, then "position fen …
// moves …" and "go perft N"); with -perftree SCRIPT it runs a perftree
// script as agausmann/perftree does ("SCRIPT depth fen [moves]", printing
// "move count" lines, a blank line and the total), so an engine that
// works with perftree works here without Stockfish; -engine - reads a
// divide from standard input. It names the moves the engine misses, adds
// or counts differently, then drills down along the first wrong count
// (divide.DrillDown) to the position whose depth-1 divide shows the bug,
// and prints it as "position fen … moves …" and "go perft 1"; an engine
// whose depth-1 divide of a position lists the moves its deeper divide
// missed is told it answers the position two ways. A divide on standard
// input cannot be drilled: where it differs, divide names the divide to
// paste next. -timeout limits each engine call; an engine that exits,
// hangs or prints over 1 MiB (MaxEngineOutput) in one answer or one line
// is stopped and reported with its last output, every byte that is not
// printable escaped. The engine runs in a process group of its own, ended
// with all it started when the command is done, at the time limit and on
// Ctrl-C or SIGTERM (exit status 128 + the signal's); a process that
// leaves the group on purpose (a daemon the engine starts with setsid)
// is not followed, and outlives it. Output Bitview
// cannot read (lines that name a move without a count it reads, or no
// total, which a part of a divide lacks, or a move written in
// look-alike characters such as Cyrillic е) is "could not read the
// divide", with its lines, exit status 2: never a verdict. A move listed
// twice is a difference of its own; the line an engine stuck mid-line
// printed last is quoted with its last output.
//
// Chess960: a position that needs Chess960's castling (core.Position's
// Chess960) is divided with castling written king-takes-rook, and an
// engine is sent "setoption name UCI_Chess960 value true" first, which the
// report says (with -suite, once, when any of the suite's positions needs
// it); the -json document's "chess960" is then true. Castling written in the other of UCI's notations (e1h1 in
// a standard game) is named, and compared as the move it is.
//
//	bitview divide -fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' -depth 4 -engine ./myengine
//
// divide -stats counts each move's leaves by kind, the columns of the
// Chess Programming Wiki's "Perft Results" tables (core.PerftStats), and
// where an engine's depth-1 divide differs the verdict says what kind of
// moves are at fault (divide.Kinds: "the 2 missing moves are en passant
// captures").
//
// divide -suite FILE runs a perft suite (package perftsuite: EPD lines
// "FEN ;D1 20 ;D2 400 …", such as core/testdata/perftsuite.epd) at every
// depth each line lists up to -max-depth (5 unless given): Bitview first
// checks its own counts against the file (core.PerftDepths, one walk a
// position), then asks the engine for each position and depth, counting
// its own divide meanwhile, and prints a table of positions by depths; a
// position stops at its first depth that differs, and the first
// difference is drilled down as above. A count of the file that is not
// Bitview's gets no verdict on the engine (exit 2); without an engine it
// is the verdict (exit 1).
//
// -json makes show, divide and check print one JSON document whose
// schema is versioned (package benchjson: "bitview-divide/1", …).
//
// In CI, one step runs the standard suite and fails the build at the first
// count that differs:
//
//	# .github/workflows/ci.yml, in the job's steps (after actions/setup-go):
//	- name: perft against Bitview
//	  run: |
//	    # The module is not published yet: build the command from a clone
//	    # of Bitview (once it is, go install …/wasm/cmd/bitview@latest).
//	    (cd path/to/bitview && go build -o "$RUNNER_TEMP/bitview" ./wasm/cmd/bitview)
//	    export PATH="$RUNNER_TEMP:$PATH"
//	    bitview divide -suite path/to/bitview/core/testdata/perftsuite.epd -max-depth 4 -engine ./myengine
//
// check reads what an engine dumps for a position from standard input:
// up to 14 bitboards (hex, binary or decimal, C, C++, Rust, Go, Java or
// Python literals and arrays, labelled or not, or grids such as
// Stockfish's Bitboards::pretty and BBC's print_bitboard), and the board
// and state it prints (Stockfish's d). It finds the square numbering and
// bitboard order under which the bitboards agree (package dump), prints
// them with every wrong bit, then whether the dump's own board, FEN and
// state agree with the position:
//
//	./myengine dump | bitview check -fen '…'
//	printf 'position fen …\nd\nquit\n' | stockfish | bitview check -fen '…'
package main
