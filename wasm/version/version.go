package version

// Version is Bitview's release, a semantic version without a "v" (the npm
// package's version; the git tag is "v" + Version). wasm/npm-package.mjs
// and the Makefile read this line as it is written.
const Version = "0.1.0"

// Published reports whether Version is on the npm registry (and so on its
// CDNs): the page's Embed tab names the CDN only then, and README.md marks
// the npm and CDN lines "Not published yet" until then (the README test
// checks both). Set it to true in the commit after `npm publish`, and back
// to false when Version is raised for the next release.
const Published = false
