package version

// Version is Bitview's release, a semantic version without a "v" (the npm
// package's version; the git tag is "v" + Version). wasm/npm-package.mjs
// and the Makefile read this line as it is written.
const Version = "0.1.0"
