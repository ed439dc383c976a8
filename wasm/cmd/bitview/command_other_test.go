//go:build !linux

package main

import "errors"

// setFileSizeLimit is not there on this system.
func setFileSizeLimit(uint64) error { return errors.New("no file size limit on this system") }
