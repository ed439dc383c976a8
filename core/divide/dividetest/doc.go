// Package dividetest provides what the tests of perft divide need from an
// engine with a bug: the divide output it prints, to paste where a user
// pastes their engine's. It serves the tests of package divide and those
// of the page's perft panel (wasm/browser), as net/http/httptest serves
// the tests of HTTP code.
package dividetest
