// Package docs reads the repository's Markdown files the way its tests
// check them: the fenced blocks of a file and the prose between them
// (Fences), and the commands of its sh blocks (Commands). The browser
// tests run the commands and serve the html blocks; the tests here check
// every version, size and limit README.md and CONTRIBUTING.md quote
// against the code, which needs no browser.
package docs
