//go:build !(js && wasm)

package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"
)

// A wasmSize is what one package adds to a WebAssembly binary: the bytes
// of its function bodies (the code section's entries, each with its
// length prefix), their count, and the size of those bodies alone after
// brotli at quality 11 (an estimate of what the package adds to the
// compressed download: compressed apart, the bodies lose what they share
// with other packages' code).
type wasmSize struct {
	Package string
	Funcs   int
	Code    int
	Brotli  int
}

// wasmSizes reads a WebAssembly binary that has a name section (a Go build
// without -ldflags=-s) and sums its function bodies by package: the part
// of each function's name up to the first dot after its last slash
// ("github.com/bitview/bitview/core.ParseFEN" is in
// github.com/bitview/bitview/core, "type:.eq.[2]string" in "type:").
// The data section and the rest of the binary are returned apart as other
// bytes, keyed by section ("data", "other"). The list is sorted by code
// bytes, largest first. A binary without a name section is an error.
func wasmSizes(wasm []byte) (pkgs []wasmSize, sections map[string]int, err error) {
	if len(wasm) < 8 || !bytes.Equal(wasm[:4], []byte("\x00asm")) {
		return nil, nil, errors.New("not a WebAssembly binary")
	}
	var (
		imported int      // functions imported: the first indices
		bodies   [][]byte // the code section's entries, in order
		names    = map[int]string{}
		named    bool
	)
	sections = map[string]int{}
	r := wasmReader{b: wasm[8:]}
	for len(r.b) > 0 {
		id := r.byte()
		size := r.uleb()
		if r.err != nil || size > uint64(len(r.b)) {
			return nil, nil, fmt.Errorf("section %d: truncated", id)
		}
		sec := wasmReader{b: r.b[:size]}
		r.b = r.b[size:]
		switch id {
		case 2: // imports: module, name, kind, then the kind's description
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				sec.name()
				sec.name()
				switch sec.byte() {
				case 0: // a function: its type index
					sec.uleb()
					imported++
				case 1: // a table: element type, limits
					sec.byte()
					sec.limits()
				case 2: // a memory: limits
					sec.limits()
				case 3: // a global: value type, mutability
					sec.byte()
					sec.byte()
				}
			}
			sections["other"] += int(size)
		case 10: // code
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				entry := sec.b
				l := sec.uleb()
				if l > uint64(len(sec.b)) {
					sec.err = cmp.Or(sec.err, io.ErrUnexpectedEOF)
					break
				}
				bodies = append(bodies, entry[:len(entry)-len(sec.b)+int(l)])
				sec.b = sec.b[l:]
			}
		case 11: // data
			sections["data"] += int(size)
		case 0: // custom: a name, then its content
			name := sec.name()
			if name == "name" {
				named = true
				for len(sec.b) > 0 && sec.err == nil {
					sub := sec.byte()
					l := sec.uleb()
					if l > uint64(len(sec.b)) {
						sec.err = io.ErrUnexpectedEOF
						break
					}
					body := wasmReader{b: sec.b[:l]}
					sec.b = sec.b[l:]
					if sub != 1 { // 1: function names
						continue
					}
					for n := body.uleb(); n > 0 && body.err == nil; n-- {
						i := body.uleb()
						names[int(i)] = body.name()
					}
					if body.err != nil {
						sec.err = body.err
					}
				}
			}
			sections["other"] += int(size)
		default:
			sections["other"] += int(size)
		}
		if sec.err != nil {
			return nil, nil, fmt.Errorf("section %d: %v", id, sec.err)
		}
	}
	if !named {
		return nil, nil, errors.New("no name section: build without -ldflags=-s")
	}
	byPkg := map[string]*wasmSize{}
	code := map[string]*bytes.Buffer{}
	for i, b := range bodies {
		pkg := packageOf(names[imported+i])
		s := byPkg[pkg]
		if s == nil {
			s = &wasmSize{Package: pkg}
			byPkg[pkg] = s
			code[pkg] = &bytes.Buffer{}
		}
		s.Funcs++
		s.Code += len(b)
		code[pkg].Write(b)
	}
	for pkg, s := range byPkg {
		var out bytes.Buffer
		w := brotli.NewWriterLevel(&out, 11)
		w.Write(code[pkg].Bytes())
		w.Close()
		s.Brotli = out.Len()
		pkgs = append(pkgs, *s)
	}
	slices.SortFunc(pkgs, func(a, b wasmSize) int {
		return cmp.Or(cmp.Compare(b.Code, a.Code), strings.Compare(a.Package, b.Package))
	})
	return pkgs, sections, nil
}

// packageOf returns the package of a function's name in the name section
// of a Go wasm. Go's linker writes the names with each character that is
// not a letter, digit, dot or underscore as "_" ("internal/strconv.quote"
// is "internal_strconv.quote", "(*T).M" is "__T_.M"), so the package is
// the name up to its first dot, or up to its second when the first ends a
// domain ("github.com_bitview_bitview_core.ParseFEN"); slashes come back
// in the answer ("github.com/bitview/bitview/core"). Names without a
// package (the runtime's assembly: "memchr") are their own.
func packageOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return name
	}
	if rest := name[dot+1:]; !strings.Contains(name[:dot], "_") {
		for _, tld := range []string{"com_", "org_", "co_", "io_", "net_", "dev_", "in_"} {
			if strings.HasPrefix(rest, tld) {
				if d := strings.IndexByte(rest, '.'); d >= 0 {
					dot += 1 + d
				}
				break
			}
		}
	}
	pkg := name[:dot]
	if strings.HasSuffix(pkg, "_") { // type_: the compiler's, as type:.eq.T
		return pkg
	}
	return strings.ReplaceAll(pkg, "_", "/")
}

// wasmReader reads the encodings of a WebAssembly binary; the first
// error sticks, and later reads return zero values.
type wasmReader struct {
	b   []byte
	err error
}

func (r *wasmReader) byte() byte {
	if r.err != nil || len(r.b) == 0 {
		r.err = cmp.Or(r.err, io.ErrUnexpectedEOF)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// uleb reads an unsigned LEB128 number.
func (r *wasmReader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.err = cmp.Or(r.err, errors.New("LEB128 number too long"))
	return 0
}

// name reads a length-prefixed UTF-8 name.
func (r *wasmReader) name() string {
	n := r.uleb()
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = cmp.Or(r.err, io.ErrUnexpectedEOF)
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// limits reads a table's or memory's limits: a flag, a minimum, and a
// maximum when the flag says so.
func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.uleb()
	}
	r.uleb()
}

// writeSizes prints the table of wasmSizes: each package's functions,
// code bytes, share of the code and brotli estimate, largest first, then
// the totals, the data section and the rest.
func writeSizes(w io.Writer, pkgs []wasmSize, sections map[string]int) {
	total, totalBr := 0, 0
	for _, p := range pkgs {
		total += p.Code
		totalBr += p.Brotli
	}
	fmt.Fprintf(w, "%-48s %6s %10s %6s %10s\n", "package", "funcs", "code B", "share", "brotli B")
	for _, p := range pkgs {
		fmt.Fprintf(w, "%-48s %6d %10d %5.1f%% %10d\n", p.Package, p.Funcs, p.Code, 100*float64(p.Code)/float64(max(total, 1)), p.Brotli)
	}
	fmt.Fprintf(w, "%-48s %6s %10d %6s %10d\n", "all code (brotli: each package apart)", "", total, "", totalBr)
	fmt.Fprintf(w, "%-48s %6s %10d\n", "data section", "", sections["data"])
	fmt.Fprintf(w, "%-48s %6s %10d\n", "other sections (names, types, imports…)", "", sections["other"])
}
