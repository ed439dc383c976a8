// Package coretest holds the test helpers that the tests of core's
// sub-packages (expr, pgn, repr, …) and of wasm's packages (model, view)
// share: building positions, layouts, squares and square sets from their
// text and checking a position's invariants through core's exported API.
// Each helper that parses fails the test (t.Fatalf, at the caller's line)
// when its text does not parse. core's own in-package tests keep theirs,
// since they cannot import a package that imports core.
package coretest
