package sites

import (
	"bufio"
	"context"
	"net/http"
	"time"
)

// A webhook sender that makes the first attempt before the loop, tests
// the outcome at the top of each round and sends again at the bottom,
// waiting as long as its schedule says for that round: a retry loop.
type hookSender struct {
	hc    *http.Client
	delay []time.Duration
}

func (h *hookSender) deliver(req *http.Request) (*http.Response, error) {
	resp, err := h.hc.Do(req)
	for round := 0; round < len(h.delay); round++ { // want `retry loop bounded=true waits=1 op=body`
		if err == nil && resp.StatusCode < http.StatusInternalServerError {
			break
		}
		time.Sleep(h.delay[round])
		resp, err = h.hc.Do(req)
	}
	return resp, err
}

// The same shape with the attempt's error declared inside the loop is
// not carried round: nothing to test at the top.
func (h *hookSender) deliverEach(ctx context.Context, reqs []*http.Request) {
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
		resp, err := h.hc.Do(reqs[0])
		if err == nil {
			resp.Body.Close()
		}
	}
}

// A scanner that reads the next line at the bottom and stops at the
// first error moves on each round: not a retry.
func countLines(r *bufio.Reader) int {
	n := 0
	line, err := r.ReadString('\n')
	for i := 0; i < 1000; i++ {
		if err != nil {
			break
		}
		if line != "" {
			n++
		}
		line, err = r.ReadString('\n')
	}
	return n
}

// Failover down a list of mirrors, one per round: not a retry of one
// request.
func fetchFromMirrors(ctx context.Context, hc *http.Client, mirrors []string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, mirrors[0], nil)
	_, err := hc.Do(req)
	for i := 1; i < len(mirrors); i++ {
		if err == nil {
			return nil
		}
		req, _ = http.NewRequestWithContext(ctx, http.MethodGet, mirrors[i], nil)
		_, err = hc.Do(req)
	}
	return err
}
