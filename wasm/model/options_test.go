package model

import (
	"slices"
	"strings"
	"testing"
)

// TestAttributesMatchOptions: the table and the Options struct name the
// same options, each a switch exactly when its field is a boolean; names
// are unique, lower case, and a Markdown alias sets an attribute.
func TestAttributesMatchOptions(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range Attributes {
		if seen[a.Name] {
			t.Errorf("Attributes: %q twice", a.Name)
		}
		seen[a.Name] = true
		if a.Name != strings.ToLower(a.Name) || a.Name == "" {
			t.Errorf("Attributes: name %q is not lower case", a.Name)
		}
		if a.Use == 0 {
			t.Errorf("Attributes: %q is read nowhere (Use 0)", a.Name)
		}
		if a.Switch && len(a.Choices) > 0 {
			t.Errorf("Attributes: switch %q has choices", a.Name)
		}
		if a.Sets != "" {
			if s, ok := FindAttribute(a.Sets); !ok || s.Sets != "" {
				t.Errorf("Attributes: %q sets %q, which is no attribute", a.Name, a.Sets)
			}
		}
		if a.Use&UseFigure != 0 && a.Help == "" {
			t.Errorf("Attributes: %q is a flag of the bitview command without Help", a.Name)
		}
		if a.Use&(UseElement|UseMount) != 0 && a.Doc == "" {
			t.Errorf("Attributes: %q has no Doc for custom-elements.json and the .d.ts", a.Name)
		}
	}
	var fields []string
	for _, f := range OptionFields {
		fields = append(fields, f.Key)
		a, ok := FindAttribute(strings.ToLower(f.Key))
		switch {
		case !ok || a.Use&UseMount == 0:
			t.Errorf("Options.%s (js %q) is missing from Attributes (with UseMount)", f.Key, f.Key)
		case a.Switch == f.String:
			t.Errorf("Attributes: %q has Switch %t, but its Options field is a string: %t", a.Name, a.Switch, f.String)
		case a.Key() != f.Key:
			t.Errorf("Attributes: %q has Key %q, want %q", a.Name, a.Key(), f.Key)
		}
	}
	for _, a := range Attributes {
		if a.Use&UseMount != 0 && !slices.Contains(fields, a.Key()) {
			t.Errorf("Attributes: %q has UseMount, but Options has no field with js tag %q (extra)", a.Name, a.Key())
		}
	}
}

// TestParseSwitch is the one on/off rule (bitview-options.js has it from
// OffWords).
func TestParseSwitch(t *testing.T) {
	for _, tc := range []struct {
		in     string
		on, ok bool
	}{
		{"", true, true}, {"true", true, true}, {" YES ", true, true}, {"1", true, true}, {"on", true, true},
		{"false", false, true}, {"Off", false, true}, {" 0", false, true}, {"NO", false, true},
		{"maybe", true, false}, {"2", true, false}, {"nope", true, false},
	} {
		if on, ok := ParseSwitch(tc.in); on != tc.on || ok != tc.ok {
			t.Errorf("ParseSwitch(%q) = %t, %t, want %t, %t", tc.in, on, ok, tc.on, tc.ok)
		}
	}
}
