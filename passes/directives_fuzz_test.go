package passes_test

import (
	"testing"

	"github.com/idemlint/idemlint/passes"
)

func FuzzParseDirective(f *testing.F) {
	for _, s := range []string{"//idemlint:ignore nojitter reason", "//idemlint:ignore", "//idemlint:ignorex", "//idemlint:ignore a,b", "// other"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		names, reason, ok := passes.ParseDirective(s)
		if !ok && (len(names) > 0 || reason != "") {
			t.Fatalf("%q: not a directive, yet names %v reason %q", s, names, reason)
		}
	})
}
