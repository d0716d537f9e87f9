package libs

import "go/types"

// NeverDone reports whether fn makes a context that is never done:
// context.Background and context.TODO.
func NeverDone(fn *types.Func) bool {
	return Is(fn, "context", "Background") || Is(fn, "context", "TODO")
}
