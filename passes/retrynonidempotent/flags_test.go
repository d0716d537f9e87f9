package retrynonidempotent

import (
	"strings"
	"testing"
)

func FuzzListFlag(f *testing.F) {
	for _, s := range []string{"POST,PATCH", "", ",", " POST , PUT ", "PO/ST", "Idempotency-Key,X-Idempotency-Key", "\x00", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var l listFlag
		if err := l.Set(s); err != nil {
			return
		}
		if len(l) == 0 {
			t.Fatalf("Set(%q) accepted an empty list", s)
		}
		for _, item := range l {
			if item == "" || !isToken(item) || strings.ContainsAny(item, ", ") {
				t.Fatalf("Set(%q) kept %q", s, item)
			}
		}
	})
}
