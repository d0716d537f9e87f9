package libs

import "go/types"

// TimeOrContext are calls whose result changes with the clock or a context.
var TimeOrContext = Table[bool]{
	{"time", "", "Since"}:          true,
	{"time", "", "Until"}:          true,
	{"time", "", "Now"}:            true,
	{"time", "Time", "After"}:      true,
	{"time", "Time", "Before"}:     true,
	{"time", "Time", "Sub"}:        true,
	{"context", "Context", "Err"}:  true,
	{"context", "Context", "Done"}: true,
	{"context", "", "Cause"}:       true,
}

// StopSignals are the values a backoff policy returns when retries must
// end (each major version of cenkalti/backoff's Stop, added in backoff.go).
var StopSignals = Table[bool]{}

// NotAttempts are calls returning an error that do not perform an attempt.
var NotAttempts = Table[bool]{
	{"fmt", "", "Errorf"}:         true,
	{"errors", "", "New"}:         true,
	{"errors", "", "Join"}:        true,
	{"errors", "", "Unwrap"}:      true,
	{"context", "Context", "Err"}: true,
	{"context", "", "Cause"}:      true,
}

// Parsers turn text into a number, a time or a duration: they send
// nothing (NotAttempts), and what they return is the text's value, as
// fixed as the setting or header it is read from (no random part).
var Parsers = Table[bool]{
	{"strconv", "", "Atoi"}:       true,
	{"strconv", "", "ParseInt"}:   true,
	{"strconv", "", "ParseUint"}:  true,
	{"strconv", "", "ParseFloat"}: true,
	{"net/http", "", "ParseTime"}: true,
	{"time", "", "Parse"}:         true,
	{"time", "", "ParseDuration"}: true,
}

func init() {
	// Parsing a value (a Retry-After header, a count) sends nothing.
	for f := range Parsers {
		NotAttempts[f] = true
	}
}

// NoReturns are calls that never return, for the control-flow graph.
var NoReturns = Table[bool]{
	{"os", "", "Exit"}:          true,
	{"log", "", "Fatal"}:        true,
	{"log", "", "Fatalf"}:       true,
	{"log", "", "Fatalln"}:      true,
	{"log", "", "Panic"}:        true,
	{"log", "", "Panicf"}:       true,
	{"log", "Logger", "Fatal"}:  true,
	{"log", "Logger", "Fatalf"}: true,
	// t.Fatal and friends end the test's goroutine (runtime.Goexit).
	{"testing", "*", "Fatal"}:   true,
	{"testing", "*", "Fatalf"}:  true,
	{"testing", "*", "FailNow"}: true,
	{"testing", "*", "Skip"}:    true,
	{"testing", "*", "Skipf"}:   true,
	{"testing", "*", "SkipNow"}: true,
	// testify's require.Fail and FailNow fail the test at once (FailNow).
	{TestifyRequire, "", "Fail"}:              true,
	{TestifyRequire, "", "Failf"}:             true,
	{TestifyRequire, "", "FailNow"}:           true,
	{TestifyRequire, "", "FailNowf"}:          true,
	{TestifyRequire, "Assertions", "Fail"}:    true,
	{TestifyRequire, "Assertions", "Failf"}:   true,
	{TestifyRequire, "Assertions", "FailNow"}: true,
}

// Logging are packages whose calls only report a value: using a failed
// attempt's result in them is not making progress with it.
var Logging = map[string]bool{
	"fmt": true, "log": true, "log/slog": true, "testing": true, "errors": true,
}

// StreamMethods are methods that take the next item from a stream: a loop
// calling one on a stream made outside it consumes the stream.
var StreamMethods = map[string]bool{
	"Read": true, "ReadFrom": true, "ReadFromUDP": true, "ReadMsgUDP": true,
	"ReadMsg": true, "ReadMessage": true, "ReadPacket": true, "ReadLine": true,
	"ReadString": true, "ReadBytes": true, "ReadRune": true, "ReadSlice": true,
	"Accept": true, "AcceptTCP": true, "AcceptUnix": true, "Recv": true,
	"RecvMsg": true, "Receive": true, "Next": true, "NextPart": true,
	"NextReader": true, "Scan": true, "Decode": true, "Token": true,
	"ReadJSON": true, "NextResultSet": true,
	// os.File and fs.ReadDirFile: each call reads the entries after the last.
	"ReadDir": true, "Readdir": true, "Readdirnames": true,
}

// SyscallPackages define system error numbers (EINTR, EAGAIN).
var SyscallPackages = map[string]bool{
	"syscall": true, "golang.org/x/sys/unix": true, "golang.org/x/sys/windows": true,
}

// Interrupted are the error numbers that ask for a system call to be made
// again at once.
var Interrupted = map[string]bool{
	"EINTR": true, "EAGAIN": true, "EWOULDBLOCK": true, "EINPROGRESS": true, "EALREADY": true,
}

// LostRaceTests are the functions that ask whether an error says the
// attempt lost a race that an immediate retry resolves (the target already
// exists).
var LostRaceTests = Table[bool]{
	{"os", "", "IsExist"}: true,
}

// LostRaceErrors are the errors that say the attempt lost such a race: the
// target already exists, or an optimistic transaction's watched key
// changed.
var LostRaceErrors = Table[bool]{
	{GoRedisV9, "", "TxFailedErr"}:          true,
	{GoRedisV8, "", "TxFailedErr"}:          true,
	{"os", "", "ErrExist"}:                  true,
	{"io/fs", "", "ErrExist"}:               true,
	{"syscall", "", "EEXIST"}:               true,
	{"golang.org/x/sys/unix", "", "EEXIST"}: true,
}

// NotSentErrors are the errors of an attempt that never reached the
// server: a connection that was never made, or a pooled connection that a
// driver found broken before sending (database/sql retries on a new one),
// a request no subscriber received, or a program that never started (ETXTBSY: its file was still open for
// writing, the race of go.dev/issue/22315 that exec callers retry).
var NotSentErrors = Table[bool]{
	{"syscall", "", "ECONNREFUSED"}:               true,
	{"golang.org/x/sys/unix", "", "ECONNREFUSED"}: true,
	{"syscall", "", "ETXTBSY"}:                    true,
	{"golang.org/x/sys/unix", "", "ETXTBSY"}:      true,
	{"database/sql/driver", "", "ErrBadConn"}:     true,
	// A NATS request that no subscriber received: the server answers
	// the 503 "no responders" status at once (nats.go's request paths,
	// and JetStream's publish when no stream listens on the subject).
	{NATS, "", "ErrNoResponders"}: true,
}

// ReadsToEnd are the functions that read a reader to its end: a response
// body read so gives its connection back to the pool before it is closed.
var ReadsToEnd = Table[bool]{
	{"io", "", "ReadAll"}:        true,
	{"io/ioutil", "", "ReadAll"}: true,
	{"io", "", "Copy"}:           true,
}

// ConflictErrors are the errors that say an insert or a create met a twin:
// the name, file or key is taken (RULES.md, retry loop: collision
// resolution).
var ConflictErrors = Table[bool]{
	{"os", "", "ErrExist"}:                  true,
	{"io/fs", "", "ErrExist"}:               true,
	{"syscall", "", "EEXIST"}:               true,
	{"golang.org/x/sys/unix", "", "EEXIST"}: true,
	{Gorm, "", "ErrDuplicatedKey"}:          true,
}

// errorsPackages are the packages whose As, Is and Unwrap behave as the
// standard errors package's (they forward to it, or implement the same
// chain walk).
var errorsPackages = map[string]bool{
	"errors":                        true,
	"github.com/pkg/errors":         true,
	"golang.org/x/xerrors":          true,
	"github.com/cockroachdb/errors": true,
	"github.com/go-faster/errors":   true,
	"emperror.dev/errors":           true,
}

// IsErrorsFunc reports whether fn is name (As, Is) of the standard errors
// package or of a package that behaves the same (github.com/pkg/errors).
func IsErrorsFunc(fn *types.Func, name string) bool {
	n := NameOf(fn)
	return n.Recv == "" && n.Name == name && errorsPackages[n.Pkg]
}

// UnwrapsError reports whether fn is a method of the error-wrapping
// protocol, Unwrap() error (what errors.Unwrap calls) or Cause() error
// (github.com/pkg/errors' causer): it hands back the error an error
// wraps, sending nothing, whichever type declares it. A loop that walks
// an error chain with it (for err != nil { ...; err = c.Cause() }) retries
// nothing.
func UnwrapsError(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Unwrap" && fn.Name() != "Cause" {
		return false
	}
	sig := fn.Signature()
	return sig.Recv() != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}
