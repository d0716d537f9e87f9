package loopshapes

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"os"
	"strconv"
	"time"

	"loopshapes/dialer"
)

// batchResult is the program's own outcome of an upload: the status the
// server answered and what it says about each event.
type batchResult struct {
	statusCode int
	results    map[string]string
}

type batcher struct {
	url        string
	retryAfter func(int) time.Duration
}

// upload tells the server which attempt this is in a header; the request
// is otherwise the same each time.
func (b *batcher) upload(body []byte, attempt int) (*batchResult, error) {
	req, err := http.NewRequest("POST", b.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Attempt", strconv.Itoa(attempt))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return &batchResult{statusCode: res.StatusCode}, nil
}

func retryable(code int) bool {
	switch code {
	case 408, 500, 502, 503, 504:
		return true
	}
	return false
}

// leftover keeps the events the server asked to have sent again.
func leftover(res *batchResult, data, ids []string) ([]string, []string) {
	var nd, ni []string
	for i, id := range ids {
		if res.results[id] == "retry" {
			nd = append(nd, data[i])
			ni = append(ni, id)
		}
	}
	return nd, ni
}

type delays struct {
	base, cap time.Duration
	jitter    float64
}

func newDelays(base time.Duration, jitter float64, cap time.Duration) *delays {
	return &delays{base: base, jitter: jitter, cap: cap}
}

func defaultDelays() *delays { return newDelays(100*time.Millisecond, 0, 30*time.Second) }

func (d *delays) Duration(attempt int) time.Duration {
	return time.Duration(math.Min(float64(d.base)*math.Pow(2, float64(attempt)), float64(d.cap)))
}

// sleepBefore only waits: the delay comes from a function kept in a
// field, or from a policy built on the spot.
func (b *batcher) sleepBefore(attempt int) {
	retryAfter := b.retryAfter
	if retryAfter == nil {
		retryAfter = defaultDelays().Duration
	}
	if d := retryAfter(attempt); d > 0 {
		time.Sleep(d)
	}
}

// Send numbers its attempts in a header, reads the status from its own
// result type, and sends again what the server did not take: a failed
// upload goes round with the same events.
func (b *batcher) Send(data, ids []string) {
	pending, pendingIDs := data, ids
	for i := 0; i < 5; i++ { // want `retry loop bounded=true waits=2 op=body`
		body, err := json.Marshal(pending)
		if err != nil {
			return
		}
		res, err := b.upload(body, i+1)
		if err != nil {
			b.sleepBefore(i)
			continue
		}
		if retryable(res.statusCode) {
			b.sleepBefore(i)
			continue
		}
		next, nextIDs := leftover(res, pending, pendingIDs)
		if len(nextIDs) == 0 {
			return
		}
		pending, pendingIDs = next, nextIDs
		b.sleepBefore(i)
	}
}

// Page walks pages: the cursor is the answer's, and a failure returns.
func (b *batcher) Page(first string) error {
	cursor := first
	for {
		res, err := b.upload([]byte(cursor), 1)
		if err != nil {
			return err
		}
		if res.statusCode >= 500 {
			return os.ErrDeadlineExceeded
		}
		cursor = res.results["next"]
		if cursor == "" {
			return nil
		}
	}
}

// Connect tries each server in turn: failover over the connections a
// network library opens.
func Connect(urls []string) (*dialer.Connection, error) {
	var last error
	for _, u := range urls { // want `retry loop bounded=true waits=0 op=body`
		c, err := dialer.Dial(u)
		if err == nil {
			return c, nil
		}
		last = err
	}
	return nil, last
}

// FirstFile is a search over paths, not a failover: a file is no
// connection.
func FirstFile(paths []string) (*os.File, error) {
	var last error
	for _, p := range paths {
		f, err := os.Open(p)
		if err == nil {
			return f, nil
		}
		last = err
	}
	return nil, last
}
