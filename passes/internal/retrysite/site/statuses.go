package site

import "strings"

// Statuses is a set of HTTP statuses, one bit per representative code of
// SampleCodes: a failure test is judged by running it on each of them.
type Statuses uint32

// SampleCodes are the statuses a failure test is run on: the successes,
// the client errors that fail the same way every time, the ones that may
// pass later (408, 429), and the server errors; last, 202, the answer of
// an asynchronous API that a poll asks again (a path that goes round on it
// with the body open leaks a connection per poll).
var SampleCodes = [...]int64{200, 201, 204, 304, 400, 401, 403, 404, 405, 409, 410, 422, 408, 429, 500, 501, 502, 503, 504, 202}

// Has reports whether code (one of the sampled codes) is in the set.
func (s Statuses) Has(code int64) bool {
	for i, c := range SampleCodes {
		if c == code {
			return s&(1<<i) != 0
		}
	}
	return false
}

// Only returns the set holding code alone (one of the sampled codes).
func Only(code int64) Statuses {
	for i, c := range SampleCodes {
		if c == code {
			return 1 << i
		}
	}
	return 0
}

// Successes reports whether the set holds a 2xx status.
func (s Statuses) Successes() bool {
	for i, c := range SampleCodes {
		if c >= 200 && c < 300 && s&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// ClientErrors reports whether the set holds the sampled 4xx statuses
// that say the request itself is wrong (400, 401, 403, 422): no retry
// changes them, and a failure test that lets them all through treats the
// client errors as retryable, though it may single out one it knows is
// final (a 404 turned into errNotFound, which the loop returns). One that
// picks a few (a 409 on a lock) is a choice.
func (s Statuses) ClientErrors() bool {
	for _, c := range requestErrorCodes {
		if !s.Has(c) {
			return false
		}
	}
	return true
}

// requestErrorCodes are the client errors that say the request is wrong.
var requestErrorCodes = []int64{400, 401, 403, 422}

func (s Statuses) String() string {
	var b strings.Builder
	for i, c := range SampleCodes {
		if s&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(itoa(c))
		}
	}
	return b.String()
}

func itoa(c int64) string {
	return string([]byte{byte('0' + c/100), byte('0' + c/10%10), byte('0' + c%10)})
}
