// Package sitegen builds small sites with the static-site generators
// Bitview's README has recipes for (Hugo, MkDocs, Jekyll), as an author
// would, for tests: New makes a site from the generator's defaults
// ("new site"), Page, Write, Head, SubPath and Copy add pages, templates,
// the <head> lines, a sub-path and a copy of Bitview's files, Build runs
// the generator and Serve serves the built folder under a sub-path.
//
// A test that needs a generator that is not installed is skipped, with
// the command that installs it (Need), unless CI is set: CI runs every
// test, so there it fails.
//
//	s := sitegen.New(t, sitegen.Hugo)
//	s.AppendConfig("[markup.goldmark.renderer]\nunsafe = true\n")
//	s.Copy(webDir, "bitview", nil)
//	page := s.Page("posts/pawns", "Pawns", "```bitboard\nshow: P\n```\n")
//	out := s.Build() // out/posts/pawns/index.html is page
package sitegen
