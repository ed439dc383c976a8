package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/bitview/bitview/core"
	"github.com/bitview/bitview/core/thousands"
	"github.com/bitview/bitview/wasm/figure"
	"github.com/bitview/bitview/wasm/model"
)

// The engine author's bench: show, divide and check, the sub-commands
// that bring the page's cards, perft divide and dump checker to a
// terminal and to CI. Each lives in its own file; this one holds what
// they share.

// Exit statuses of the bench's sub-commands.
const (
	exitAgree    = 0 // the engine agrees with Bitview (show: drawn)
	exitDiffer   = 1 // it differs, or the engine failed while answering
	exitBadInput = 2 // bad flags, FEN, expression, dump, or an engine that cannot start
)

// A benchCommand runs a sub-command with its arguments, standard input,
// output and error, and returns its exit status.
type benchCommand func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// benchCommands are the bench's sub-commands by name.
var benchCommands = map[string]benchCommand{
	"show":   showCmd,
	"divide": divideCmd,
	"check":  checkCmd,
}

// runBench runs the sub-command args[0] when it is one of the bench's,
// with the process's standard input.
func runBench(args []string, stdout, stderr io.Writer) (status int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	cmd, ok := benchCommands[args[0]]
	if !ok {
		return 0, false
	}
	return cmd(args[1:], os.Stdin, stdout, stderr), true
}

// newFlags returns a sub-command's flag set, printing usage (a synopsis,
// what it does and an example, then the flags) on -h.
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bitview "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; done is true when the command should stop with
// status (-h: 0; a bad flag: 2, the flag package has said why).
func parseFlags(fs *flag.FlagSet, args []string) (status int, done bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitAgree, true
		}
		return exitBadInput, true
	}
	return 0, false
}

// readFEN reads the -fen flag as the page reads its FEN field: a whole
// FEN, or a piece placement alone (White to move, no castling). Its
// error names the field and the character as the bitview command does
// for -fen ("fen: field 4 (en passant target square), character 52 'e':
// …").
func readFEN(fen string) (core.Position, error) {
	fen = model.Clip(fen, core.MaxFENLength)
	p, _, err := core.ParseFENOrPlacement(fen)
	var fe *core.FENError
	if errors.As(err, &fe) {
		return p, &figure.Error{Option: "fen", Value: fen, Field: fe.Field, Offset: fe.Offset, Msg: fe.Msg, Err: fe}
	}
	return p, err
}

// fail prints "bitview NAME: err" and returns status.
func fail(stderr io.Writer, name string, err error, status int) int {
	fmt.Fprintf(stderr, "bitview %s: %v\n", name, err)
	return status
}

// readLimited reads r up to limit bytes; more is an error naming what
// and the limit, and nothing beyond the limit is read.
func readLimited(r io.Reader, what string, limit int) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", what, err)
	}
	if len(b) > limit {
		return "", errors.New(what + " is over its limit of " + thousands.Itoa(limit) + " bytes")
	}
	return string(b), nil
}

// writeJSON writes doc, a benchjson document, as indented JSON and a
// newline.
func writeJSON(w io.Writer, doc any) {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil { // the documents hold strings, numbers and slices only
		panic(err)
	}
	w.Write(append(b, '\n'))
}
