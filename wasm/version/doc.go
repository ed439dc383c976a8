// Package version holds Bitview's release number, the one place it is
// written: the wasm reports it as bitview.version, the bitview command
// prints it with -version, the page's Embed tab names that version of the
// npm package on the CDN once it is Published, wasm/npm-package.mjs writes
// it into the npm package's package.json
// (reading the const line of version.go), and the README test checks that
// README.md and CONTRIBUTING.md quote it. Raise it there, and only there,
// before `make release` (see CONTRIBUTING.md, "Publishing a release").
package version
