package excerpt

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// A quoteCase is one case of testdata/quote.json, the table of cases
// that web/bitview/quote.js (the Markdown blocks' quote) passes too
// (wasm/quote.test.mjs): the input is In, or Repeat written Times, then
// Tail.
type quoteCase struct {
	Name, In, Repeat, Tail, Want string
	Times                        int
}

// TestQuoteCases runs the cases Quote shares with web/bitview/quote.js.
func TestQuoteCases(t *testing.T) {
	b, err := os.ReadFile("testdata/quote.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []quoteCase }
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 10 {
		t.Fatalf("testdata/quote.json has %d cases", len(table.Cases))
	}
	for _, c := range table.Cases {
		t.Run(c.Name, func(t *testing.T) {
			in := c.In + strings.Repeat(c.Repeat, c.Times) + c.Tail
			if got := Quote(in); got != c.Want {
				t.Errorf("Quote(%.60q) = %s, want %s", in, got, c.Want)
			}
		})
	}
}

// TestQuote holds the cases JSON cannot write, and so quote.js never
// meets: bytes that are not UTF-8.
func TestQuote(t *testing.T) {
	for _, tt := range []struct {
		name, in, want string
	}{
		{"invalid bytes count one each", strings.Repeat("\xff", 41), `"` + strings.Repeat(`\xff`, 40) + `"… (41 bytes)`},
		{"a cut multi-byte rune counts one", strings.Repeat("a", 39) + "\xe2\x82€", `"` + strings.Repeat("a", 39) + `\xe2"… (44 bytes)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Quote(tt.in); got != tt.want {
				t.Errorf("Quote(%.60q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestUnquoted(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"Nf3+", "Nf3+"},
		{"Nf3" + strings.Repeat("+", 37), "Nf3" + strings.Repeat("+", 37)},
		{"Nf3" + strings.Repeat("+", 1<<20), "Nf3" + strings.Repeat("+", 37) + "… (1,048,579 bytes)"},
		{strings.Repeat("ü", 50), strings.Repeat("ü", 40) + "… (100 bytes)"},
	} {
		if got := Unquoted(tt.in); got != tt.want {
			t.Errorf("Unquoted(%.60q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCut checks the cut on every kind of text: the head is a prefix of
// at most MaxChars characters that ends on a character boundary, and cut
// says whether anything was dropped.
func TestCut(t *testing.T) {
	for _, s := range []string{"", "a", strings.Repeat("a", 40), strings.Repeat("a", 41), strings.Repeat("€", 100),
		strings.Repeat("\xff", 100), "a\xe2\x82", strings.Repeat("a", 39) + "𝄞𝄞"} {
		head, cut := Cut(s)
		if !strings.HasPrefix(s, head) || cut != (len(head) < len(s)) {
			t.Errorf("Cut(%q) = %q, %v", s, head, cut)
		}
		if n := len([]rune(head)); n > MaxChars || cut && n != MaxChars {
			t.Errorf("Cut(%q) has %d characters", s, n)
		}
		if cut && utf8.ValidString(s) && !utf8.ValidString(head) {
			t.Errorf("Cut(%q) = %q cuts a character", s, head)
		}
	}
}

func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "Nf3", strings.Repeat("\x01", 100), strings.Repeat("é", 41), "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		if len(q) > 440 {
			t.Fatalf("Quote(%q) is %d bytes", s, len(q))
		}
		head, cut := Cut(s)
		if !cut && q != Quote(head) || cut && !strings.HasPrefix(q, Quote(head)+"… (") {
			t.Fatalf("Quote(%q) = %q, head %q", s, q, head)
		}
	})
}

// TestEscape: what is not printable is escaped as strconv.Quote escapes
// it, and nothing else: a terminal's control sequences (OSC, CSI, C1's
// CSI), invalid bytes and format characters become visible escapes;
// printable text, backslashes and quotes stay; Quote's output is left as
// it is.
func TestEscape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"a.html", "a.html"},
		{`C:\sites\a "b".html`, `C:\sites\a "b".html`},
		{"x\x1b]0;PWNED\a.html", `x\x1b]0;PWNED\a.html`},
		{"P\x1b[2J", `P\x1b[2J`},
		{"\u009b2J", `\u009b2J`},
		{"tab\there\nnext", `tab\there\nnext`},
		{"\xff\xfe", `\xff\xfe`},
		{"zero\u200bwidth", `zero\u200bwidth`},
		{"é€𝄞 ", "é€𝄞 "},
		{Quote("P\x1b]0;T\a"), Quote("P\x1b]0;T\a")},
	} {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
