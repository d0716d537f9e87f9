// Package plainhttp holds the program's one-shot client in a variable, and
// declares no function that returns a client.
package plainhttp

import (
	"net/http"
	"time"
)

// Client sends each request once.
var Client = &http.Client{Timeout: 10 * time.Second}
