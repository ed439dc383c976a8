// Package version holds Bitview's release number, the one place it is
// written: the wasm reports it as bitview.version, the bitview command
// prints it with -version, the page's Embed snippets load that version of
// the npm package, wasm/npm-package.mjs writes it into dist/package.json
// (reading the line below), and the README test checks that README.md
// quotes it. Raise it here, and only here, before `make release`.
package version

// Version is Bitview's release, a semantic version without a "v"
// (the npm package's version; the git tag is "v" + Version).
const Version = "0.1.0"
