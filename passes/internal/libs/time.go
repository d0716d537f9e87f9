package libs

import "go/types"

// Waits are the calls that block for a duration; the value is the index of
// the duration argument. A retry loop waits between attempts through one of
// them. The families add theirs (wait.Jitter) when the package is
// initialised.
var Waits = Table[int]{
	{"time", "", "Sleep"}:      0,
	{"time", "", "After"}:      0,
	{"time", "", "NewTimer"}:   0,
	{"time", "", "AfterFunc"}:  0,
	{"time", "", "Tick"}:       0,
	{"time", "", "NewTicker"}:  0,
	{"time", "Timer", "Reset"}: 0,
}

// randomPackages are packages every function of which yields randomness.
var randomPackages = map[string]bool{
	"math/rand":    true,
	"math/rand/v2": true,
	"crypto/rand":  true,
	"hash/maphash": true, // a new Hash, or MakeSeed, is seeded at random
}

// Jitterers are functions outside the random packages that add a random
// component to a duration (the Jitterers of each Family, gathered when the
// package is initialised).
var Jitterers = Table[bool]{}

// IsRandom reports whether calling fn yields a random value.
func IsRandom(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if randomPackages[fn.Pkg().Path()] {
		return true
	}
	_, ok := Jitterers.Lookup(fn)
	return ok
}
