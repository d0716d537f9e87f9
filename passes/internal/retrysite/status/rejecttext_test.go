package status

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTextStatus(t *testing.T) {
	for text, want := range map[string]int64{
		"status 403: Authorization":      403,
		"429 Too Many Requests":          429,
		"429":                            429,
		"Too Many Requests":              429,
		"unexpected status code: 409":    409,
		"HTTP/1.1 412 Precondition":      412,
		"server returned HTTP 503":       503,
		"500 internal server error":      500,
		"code=422":                       422,
		"got status code 401 from token": 401,
	} {
		got, ok := TextStatus(text)
		assert.True(t, ok, text)
		assert.Equal(t, want, got, text)
	}
	for _, text := range []string{
		"connection reset by peer: 403 bytes read",
		"unicode 404 table",
		"dial tcp :443: connection refused",
		"retry 3 of 429",
		"not found",
		"",
	} {
		_, ok := TextStatus(text)
		assert.False(t, ok, text)
	}
}
