package nojitter

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The delay a server asks for (RULES.md, retryclienterror: a retry on 429
// or 503 should read the Retry-After header) is waited as given: jitter
// would only make the client come back before the server is ready, and
// every client is told its own time. So a delay traced to the header (a
// call given its name, resp.Header.Get("Retry-After"), and what parses
// it, strconv.Atoi, http.ParseTime, time.Until) is a server delay, and is
// not judged. Where it merges with another value (a phi, a variable
// assigned on both paths, a helper's returns),
//
//	wait := c.minWait
//	if ra := retryAfter(resp); ra > 0 {
//		wait = ra
//	}
//	time.Sleep(wait)
//
// the other value is what the client waits when the server said nothing,
// and is judged alone: a constant fallback has no jitter.

// serverHeaders are the response headers, lower case, whose value is the
// wait the server asks for.
var serverHeaders = map[string]bool{
	"retry-after":         true,
	"retry-after-ms":      true,
	"x-ms-retry-after-ms": true,
	"x-retry-after":       true,
}

// isServerHeader reports whether v is the constant name of such a header.
func isServerHeader(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return false
	}
	return serverHeaders[strings.ToLower(constant.StringVal(c.Value))]
}

// readsServerHeader reports whether a call is given the name of such a
// header (resp.Header.Get("Retry-After"), a helper parseWait(resp,
// "Retry-After")).
func readsServerHeader(c *ssa.CallCommon) bool {
	for _, a := range c.Args {
		if isServerHeader(a) {
			return true
		}
	}
	return false
}

// noteServer records, for the report's related information, where the
// server's delay was set aside.
func (t *tracer) noteServer(v ssa.Value) {
	t.server = true
	t.note(v.Pos(), "the delay the server asks for (Retry-After) is waited as given; the fallback is what is judged")
}
