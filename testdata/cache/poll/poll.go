// Package poll imports nothing of the module.
package poll

import (
	"net/http"
	"time"
)

// Poll retries forever.
func Poll(c *http.Client) *http.Response {
	for {
		resp, err := c.Get("https://api.example.com/status")
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp
		}
		time.Sleep(2 * time.Second)
	}
}
