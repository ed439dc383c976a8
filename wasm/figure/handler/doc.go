// Package handler answers figures at a URL, /figure.svg?fen=…&show=… (the options of package figure as query parameters), with ETags, compression and a bound on concurrent drawing.
package handler
