// Package corpus gives the tests of core and of its sub-packages one
// reader of the shared test data in core/testdata (sources in
// testdata/SOURCES.md) and the positions they all use, so that no test
// package keeps its own copy. It depends on nothing of core, so core's
// in-package tests can use it too.
package corpus
