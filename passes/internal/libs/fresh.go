package libs

import (
	"go/constant"
	"go/types"
	"strings"
	"time"
)

// A key made inside a retry site or a redelivered handler by a function
// that returns a new value on each call is new on every attempt or run
// (RULES.md, retrynonidempotent): a random ID, the clock, a counter the
// process keeps. One derived from its inputs, or from the clock through a
// deliberate window, is the same each time.

// freshPackages are packages whose functions make a new value each call,
// but those derivedIDFuncs names.
var freshPackages = map[string]bool{
	"github.com/google/uuid":            true,
	"github.com/gofrs/uuid":             true,
	"github.com/gofrs/uuid/v5":          true,
	"github.com/satori/go.uuid":         true,
	"github.com/oklog/ulid":             true,
	"github.com/oklog/ulid/v2":          true,
	"github.com/rs/xid":                 true,
	"github.com/segmentio/ksuid":        true,
	"github.com/lithammer/shortuuid/v3": true,
	"github.com/lithammer/shortuuid/v4": true,
	"github.com/matoous/go-nanoid/v2":   true,
	"github.com/teris-io/shortid":       true,
	"math/rand":                         true,
	"math/rand/v2":                      true,
	"crypto/rand":                       true,
}

// derivedIDFuncs are the functions of freshPackages that derive their
// value from their arguments: a parse, or a name-based UUID
// (uuid.NewSHA1(ns, []byte(msg.ID)) is the same for the same message).
// Must passes its argument on: it is as fresh as what it is given.
var derivedIDFuncs = map[string]bool{
	"Parse": true, "MustParse": true, "ParseBytes": true, "ParseStrict": true, "MustParseStrict": true,
	"FromBytes": true, "FromString": true, "FromBytesOrNil": true, "FromStringOrNil": true,
	"NewMD5": true, "NewSHA1": true, "NewHash": true, "NewV3": true, "NewV5": true,
	"Must": true, "Validate": true, "IsValid": true,
}

// FreshValueFuncs are other functions that return a new value each call.
var FreshValueFuncs = Table[bool]{
	{"time", "", "Now"}:           true,
	{"time", "Time", "UnixNano"}:  true,
	{"time", "Time", "UnixMilli"}: true,
	// watermill's message IDs (uuid.go).
	{"github.com/ThreeDotsLabs/watermill", "", "NewUUID"}:      true,
	{"github.com/ThreeDotsLabs/watermill", "", "NewShortUUID"}: true,
	{"github.com/ThreeDotsLabs/watermill", "", "NewULID"}:      true,
}

// MakesFreshValue reports whether each call of fn returns a new value.
func MakesFreshValue(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name := NameOf(fn)
	if freshPackages[name.Pkg] && !derivedIDFuncs[name.Name] {
		// Package functions, and a random source's draws (r.Intn(n)); a
		// UUID's own methods (u.String()) only show the value.
		if name.Recv == "" || name.Recv == "Rand" && strings.HasPrefix(name.Pkg, "math/rand") && name.Name != "Seed" {
			return true
		}
	}
	_, ok := FreshValueFuncs.Lookup(fn)
	return ok
}

// AtomicAdds advance a counter and return its new value; the value is the
// index of the counter's address argument (-1: the receiver). A counter
// the process keeps (a package variable, a field of a long-lived value)
// gives a new value on every call.
var AtomicAdds = Table[int]{
	{"sync/atomic", "", "AddInt32"}:    0,
	{"sync/atomic", "", "AddInt64"}:    0,
	{"sync/atomic", "", "AddUint32"}:   0,
	{"sync/atomic", "", "AddUint64"}:   0,
	{"sync/atomic", "Int32", "Add"}:    -1,
	{"sync/atomic", "Int64", "Add"}:    -1,
	{"sync/atomic", "Uint32", "Add"}:   -1,
	{"sync/atomic", "Uint64", "Add"}:   -1,
	{"go.uber.org/atomic", "*", "Inc"}: -1,
	{"go.uber.org/atomic", "*", "Add"}: -1,
}

// timeWindows are time.Time methods that keep only a coarse part of an
// instant: a key made from time.Now() through one is the same for every
// run within the window (one key per day: Truncate(24 * time.Hour),
// Format("2006-01-02")). Truncate and Round are windows when their
// duration is a minute or more (or not a constant: chosen on purpose);
// Format and AppendFormat when their layout shows no seconds.
var timeWindows = Table[bool]{
	{"time", "Time", "Truncate"}:     true,
	{"time", "Time", "Round"}:        true,
	{"time", "Time", "Format"}:       true,
	{"time", "Time", "AppendFormat"}: true,
	{"time", "Time", "Date"}:         true,
	{"time", "Time", "Year"}:         true,
	{"time", "Time", "YearDay"}:      true,
	{"time", "Time", "Month"}:        true,
	{"time", "Time", "Day"}:          true,
	{"time", "Time", "Weekday"}:      true,
	{"time", "Time", "ISOWeek"}:      true,
	{"time", "Time", "Hour"}:         true,
}

// TimeWindow reports whether a call of fn whose last argument has the
// constant value arg (nil when it is not a constant, or there is none)
// keeps only a window of a minute or more of its instant.
func TimeWindow(fn *types.Func, arg constant.Value) bool {
	if _, ok := timeWindows.Lookup(fn); !ok {
		return false
	}
	switch fn.Name() {
	case "Truncate", "Round":
		if arg == nil {
			return true
		}
		d, ok := constant.Int64Val(constant.ToInt(arg))
		return ok && time.Duration(d) >= time.Minute
	case "Format", "AppendFormat":
		if arg == nil || arg.Kind() != constant.String {
			return false
		}
		return !strings.Contains(constant.StringVal(arg), "05") // no seconds shown
	}
	return true
}

// UnixUnits are the time.Time methods that count an instant in a unit:
// how many of it make a second. Dividing one by a minute or more of its
// unit (time.Now().Unix() / 3600) is a window.
var UnixUnits = Table[int64]{
	{"time", "Time", "Unix"}:      1,
	{"time", "Time", "UnixMilli"}: 1e3,
	{"time", "Time", "UnixMicro"}: 1e6,
	{"time", "Time", "UnixNano"}:  1e9,
}
