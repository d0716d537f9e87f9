package retrynonidempotent

import (
	"fmt"
	"strings"
)

// listFlag is a comma-separated list of HTTP tokens (methods, header names).
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	var out []string
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !isToken(item) {
			return fmt.Errorf("%q is not an HTTP token", item)
		}
		out = append(out, item)
	}
	if len(out) == 0 {
		return fmt.Errorf("empty list")
	}
	*l = out
	return nil
}

// isToken reports whether s is an RFC 9110 token, the syntax of both
// methods and header names.
func isToken(s string) bool {
	for _, r := range s {
		if r > 0x7e || r <= ' ' || strings.ContainsRune(`"(),/:;<=>?@[\]{}`, r) {
			return false
		}
	}
	return true
}
