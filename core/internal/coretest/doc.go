// Package coretest holds the test helpers that the tests of core's
// sub-packages (expr, pgn, repr) share: building positions and square sets
// and checking a position's invariants through core's exported API. core's
// own in-package tests keep theirs, since they cannot import a package
// that imports core.
package coretest
