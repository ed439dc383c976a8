package pgn

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bitview/bitview/core"
)

func TestParseArrows(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Arrow
		err  string // a part of the error message, "" for none
	}{
		{"", nil, ""},
		{"  , ", nil, ""},
		{"Ge2e4", []Arrow{{Green, core.E2, core.E4}}, ""},
		{"Ge2e4 Rd7d5", []Arrow{{Green, core.E2, core.E4}, {Red, core.D7, core.D5}}, ""},
		{"Ge2e4,Rd7d5", []Arrow{{Green, core.E2, core.E4}, {Red, core.D7, core.D5}}, ""},
		{" yb1c3 ,\tBh8a1 ", []Arrow{{Yellow, core.B1, core.C3}, {Blue, core.H8, core.A1}}, ""},
		{"Xe2e4", nil, `"Xe2e4" (character 1): the colour must be G, R, Y or B`},
		{"Ge2e4 Ge2", nil, `"Ge2" (character 7): an arrow is a colour letter and two squares`},
		{"Ge2e9", nil, `"e9" is not a square`},
		{"Gi2e4", nil, `"i2" is not a square`},
		{"Ge4e4", nil, "two different squares"},
		{strings.Repeat("Ga1a2 ", MaxAnnotations+1), nil, "more than 64 items"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseArrows(tc.in)
			if tc.err != "" {
				var ae *AnnotationError
				if !errors.As(err, &ae) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseArrows(%q) error = %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ParseArrows(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseMarks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Mark
		err  string
	}{
		{"", nil, ""},
		{"Gd4 Ye5", []Mark{{Green, core.D4}, {Yellow, core.E5}}, ""},
		{"Rh8,bA1", nil, `"A1" is not a square`},
		{"Rh8,ba1", []Mark{{Red, core.H8}, {Blue, core.A1}}, ""},
		{"Gd4 Qe5", nil, `"Qe5" (character 5): the colour must be`},
		{"Gd", nil, "a mark is a colour letter and a square"},
		{"Ge2e4", nil, "a mark is a colour letter and a square"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseMarks(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseMarks(%q) error = %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ParseMarks(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestCommentAnnotations(t *testing.T) {
	for _, tc := range []struct {
		in     string
		arrows string // joined with spaces
		marks  string
	}{
		{"a fine move", "", ""},
		{"[%cal Ge2e4,Rd7d5]", "Ge2e4 Rd7d5", ""},
		{"[%csl Gd4][%cal Bb1c3] develops", "Bb1c3", "Gd4"},
		{"[%clk 0:01:00] [%csl Ye5,Rd4]", "", "Ye5 Rd4"},
		{"[%cal Ge2e4,Xd7d5] [%csl Gd4]", "", "Gd4"}, // a bad list is skipped whole
		{"[%cal Ge2e4", "", ""},
		{"[% cal Ge2e4]", "Ge2e4", ""}, // blanks after "[%" are allowed
		{"[%cal]", "", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			a, m := CommentAnnotations(tc.in)
			if got := join(a); got != tc.arrows {
				t.Errorf("CommentAnnotations(%q) arrows = %q, want %q", tc.in, got, tc.arrows)
			}
			if got := join(m); got != tc.marks {
				t.Errorf("CommentAnnotations(%q) marks = %q, want %q", tc.in, got, tc.marks)
			}
		})
	}
}

func join[T interface{ String() string }](items []T) string {
	s := make([]string, len(items))
	for i, it := range items {
		s[i] = it.String()
	}
	return strings.Join(s, " ")
}

func TestParseKeepsCommentAnnotations(t *testing.T) {
	games, err := Parse("{[%cal Ga1a8]} 1. e4 {[%cal Ge2e4] [%csl Rd5]} (1. d4 {[%cal Bd2d4]}) e5 {[%csl Ye5]} {[%csl Gf7]} 2. Nf3 *")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range games[0].Moves {
		got = append(got, m.SAN+":"+join(m.Arrows)+"/"+join(m.Marks))
	}
	want := []string{"e4:Ge2e4/Rd5", "e5:/Ye5 Gf7", "Nf3:/"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("moves with annotations = %q, want %q", got, want)
	}
}

// FuzzParseArrows checks that a list that parses writes back (joined with
// commas) to a list that parses to the same arrows and marks, and that an
// error names an item inside the input.
func FuzzParseArrows(f *testing.F) {
	for _, s := range []string{"Ge2e4 Rd7d5", "Ge2e4,Rd7d5", "yb1c3", "Xe2e4", "Gd4 Ye5", "Ge4e4", "Ga1, ,Bh8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(what string, err error, again func(string) error, joined string) {
			if err != nil {
				var ae *AnnotationError
				if !errors.As(err, &ae) || ae.Offset < 0 || ae.Offset >= len(s) || !strings.HasPrefix(s[ae.Offset:], ae.Item) || ae.Msg == "" {
					t.Fatalf("%s(%q) error %#v", what, s, err)
				}
				return
			}
			if err := again(joined); err != nil {
				t.Fatalf("%s(%q) wrote %q, which does not parse back: %v", what, s, joined, err)
			}
		}
		a, err := ParseArrows(s)
		check("ParseArrows", err, func(j string) error {
			b, err := ParseArrows(j)
			if err == nil && !reflect.DeepEqual(a, b) {
				t.Fatalf("ParseArrows(%q) = %v, but its text %q gives %v", s, a, j, b)
			}
			return err
		}, strings.ReplaceAll(join(a), " ", ","))
		m, err := ParseMarks(s)
		check("ParseMarks", err, func(j string) error {
			n, err := ParseMarks(j)
			if err == nil && !reflect.DeepEqual(m, n) {
				t.Fatalf("ParseMarks(%q) = %v, but its text %q gives %v", s, m, j, n)
			}
			return err
		}, strings.ReplaceAll(join(m), " ", ","))
	})
}
