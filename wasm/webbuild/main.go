//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `usage: webbuild compress [-q 11] FILE...   (writes FILE.br and FILE.gz)
       webbuild sw-version DIR           (writes DIR/sw-version.js)
       webbuild sizes FILE.wasm          (code bytes per package; a build without -s -w)
`

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "webbuild:", err)
		os.Exit(1)
	}
}

// errUsage reports a command line webbuild does not understand; run has
// printed the usage.
var errUsage = fmt.Errorf("see the usage above")

// run runs the command line args (without the program's name), printing
// what it wrote to stdout and the usage to stderr.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	flags := flag.NewFlagSet("webbuild "+args[0], flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, usage) }
	switch args[0] {
	case "compress":
		quality := flags.Int("q", 11, "brotli quality, 0 (fastest) to 11 (smallest)")
		if err := flags.Parse(args[1:]); err != nil {
			return errUsage
		}
		if *quality < 0 || *quality > 11 {
			return fmt.Errorf("compress: -q %d: brotli's quality is 0 to 11", *quality)
		}
		if flags.NArg() == 0 {
			flags.Usage()
			return errUsage
		}
		return compressAll(flags.Args(), *quality)
	case "sw-version":
		if err := flags.Parse(args[1:]); err != nil {
			return errUsage
		}
		if flags.NArg() != 1 {
			flags.Usage()
			return errUsage
		}
		version, err := writeSWVersion(flags.Arg(0))
		if err != nil {
			return fmt.Errorf("sw-version: %w", err)
		}
		fmt.Fprintf(stdout, "%s: version: %q\n", swVersionPath(flags.Arg(0)), version)
		return nil
	case "sizes":
		if err := flags.Parse(args[1:]); err != nil {
			return errUsage
		}
		if flags.NArg() != 1 {
			flags.Usage()
			return errUsage
		}
		b, err := os.ReadFile(flags.Arg(0))
		if err != nil {
			return fmt.Errorf("sizes: %w", err)
		}
		pkgs, sections, err := wasmSizes(b)
		if err != nil {
			return fmt.Errorf("sizes %s: %w", flags.Arg(0), err)
		}
		writeSizes(stdout, pkgs, sections)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}
