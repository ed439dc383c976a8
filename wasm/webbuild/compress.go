//go:build !(js && wasm)

package main

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/andybalholm/brotli"
)

// compressAll writes the .br and .gz siblings of each file in names (see
// compress), one sibling per CPU at a time. Each name is checked first (it
// must be a regular file); one that is not is reported once and skipped.
// It returns every error, joined, or nil.
func compressAll(names []string, quality int) error {
	type job struct {
		name string
		ext  string // ".br" or ".gz"
	}
	var (
		jobs []job
		errs []error
	)
	for _, name := range names {
		info, err := os.Stat(name)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("compress %s: %w", name, err))
		case info.IsDir():
			errs = append(errs, fmt.Errorf("compress %s: a folder, not a file", name))
		case !info.Mode().IsRegular():
			errs = append(errs, fmt.Errorf("compress %s: not a regular file", name))
		default:
			jobs = append(jobs, job{name, ".br"}, job{name, ".gz"})
		}
	}
	jobErrs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				jobErrs[i] = compress(jobs[i].name, jobs[i].ext, quality)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return errors.Join(append(errs, jobErrs...)...)
}

// compress writes name's sibling name+ext: for ".br", brotli at quality
// (0–11) with the window brotliWindow picks for name's size; for ".gz",
// gzip at gzip.BestCompression with no name and no time in its header.
// The sibling is written to a temporary file beside name, given name's
// modification time and renamed into place. name must be a regular file.
func compress(name, ext string, quality int) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("compress %s: %w", name, err)
		}
	}()
	src, err := os.Open(name)
	if err != nil {
		return err
	}
	defer src.Close()
	info, err := src.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file")
	}
	out, err := newSibling(name, ext, info)
	if err != nil {
		return err
	}
	defer out.discard()
	var enc io.WriteCloser
	switch ext {
	case ".br":
		enc = brotli.NewWriterOptions(out.f, brotli.WriterOptions{Quality: quality, LGWin: brotliWindow(info.Size())})
	case ".gz":
		if enc, err = gzip.NewWriterLevel(out.f, gzip.BestCompression); err != nil {
			return err
		}
	default:
		return fmt.Errorf("no encoder for %q", ext)
	}
	if _, err := io.Copy(enc, src); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("%s: %w", ext, err)
	}
	return out.commit()
}

// brotliWindow returns the base-2 logarithm of the smallest brotli window
// (2^lgwin - 16 bytes, lgwin from 10 to 24, RFC 7932 section 9.1) that
// holds size bytes, or 24 for larger inputs: what the brotli command
// picks when no -w is given. A smaller window changes nothing in the
// output's size and lets the decoder allocate less.
func brotliWindow(size int64) int {
	lgwin := 10
	for lgwin < 24 && int64(1)<<lgwin-16 < size {
		lgwin++
	}
	return lgwin
}

// A sibling is a compressed file being written: a temporary file beside
// its source, renamed to its final name by commit.
type sibling struct {
	f     *os.File
	name  string      // the final name: the source's name and .br or .gz
	src   os.FileInfo // the source's, for its modification time and mode
	moved bool
}

// newSibling creates the temporary file for name+ext in name's folder. Its
// name (.NAME.RANDOM.br) ends as the sibling's does, so that one an
// interrupted build leaves behind is deleted by make clean and counts for
// nothing in sw-version.js, as the siblings themselves.
func newSibling(name, ext string, src os.FileInfo) (*sibling, error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*"+ext)
	if err != nil {
		return nil, err
	}
	return &sibling{f: f, name: name + ext, src: src}, nil
}

// commit closes the temporary file, gives it the source's permissions
// (without any execute bit) and modification time, and renames it to its
// final name.
func (s *sibling) commit() error {
	if err := s.f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(s.f.Name(), s.src.Mode().Perm()&0o666); err != nil {
		return err
	}
	if err := os.Chtimes(s.f.Name(), s.src.ModTime(), s.src.ModTime()); err != nil {
		return err
	}
	if err := os.Rename(s.f.Name(), s.name); err != nil {
		return err
	}
	s.moved = true
	return nil
}

// discard removes the temporary file unless commit renamed it.
func (s *sibling) discard() {
	if !s.moved {
		s.f.Close()
		os.Remove(s.f.Name())
	}
}
