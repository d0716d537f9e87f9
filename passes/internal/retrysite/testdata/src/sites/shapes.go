package sites

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"sitesdep"
)

// Retry loops as service clients write them, and the loops that only look
// like one.

type profileClient struct {
	hc   *http.Client
	conn net.Conn
}

// A truncated body is fetched again: the decoder is made from this
// attempt's response, so decoding it is part of the attempt, not the next
// message of a stream.
func (c *profileClient) profile(ctx context.Context, u string) (map[string]any, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		if attempt > 1 {
			if err := sitesdep.SleepCtx(ctx, sleepFor); err != nil {
				return nil, err
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		var out map[string]any
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			lastErr = err
			continue
		}
		return out, err
	}
	return nil, lastErr
}

// Not a retry: a decoder over a connection kept by the client reads the
// next message each time round.
func (c *profileClient) events() {
	for i := 0; i < 100; i++ {
		var ev map[string]any
		if err := json.NewDecoder(c.conn).Decode(&ev); err != nil {
			continue
		}
		fmt.Println(ev)
		return
	}
}

// A status predicate of another package decides, and the error is tested
// again afterwards to release the response: the attempt that got a 500
// still failed.
func (c *profileClient) flags(ctx context.Context, u string) bool {
	for attempt := 1; attempt <= 4; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return false
		}
		resp, err := c.hc.Do(req)
		if err == nil && sitesdep.IsSuccess(resp.StatusCode) {
			resp.Body.Close()
			return true
		}
		if err == nil {
			sitesdep.DrainAndClose(resp)
		}
		if err := sitesdep.SleepCtx(ctx, sleepFor); err != nil {
			break
		}
	}
	return false
}

// Not a retry: every answer is counted, good or bad, and the loop goes on.
func (c *profileClient) probe(ctx context.Context, u string) (ok int) {
	for attempt := 1; attempt <= 4; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return ok
		}
		resp, err := c.hc.Do(req)
		if err == nil && sitesdep.IsSuccess(resp.StatusCode) {
			ok++
		}
		if err == nil {
			sitesdep.DrainAndClose(resp)
		}
		if err := sitesdep.SleepCtx(ctx, sleepFor); err != nil {
			break
		}
	}
	return ok
}

var errNotSent = errors.New("not sent")

const sleepFor = 100 * time.Millisecond

// for err != nil && tries < n: a bad status is turned into the error, and
// a success ends the loop through its condition.
func (c *profileClient) ping(ctx context.Context, u string) error {
	err := errNotSent
	for tries := 0; err != nil && tries < 3; tries++ { // want `retry loop bounded=true waits=1 op=body`
		if tries > 0 {
			if serr := sitesdep.SleepCtx(ctx, sleepFor); serr != nil {
				return serr
			}
		}
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		sitesdep.DrainAndClose(resp)
		if resp.StatusCode/100 != 2 {
			err = fmt.Errorf("ping: %s", resp.Status)
		}
	}
	return err
}

// Not a retry: the failed read's partial result is kept and built upon.
func (c *profileClient) readAll(r io.Reader) ([]byte, error) {
	var out []byte
	err := errNotSent
	for tries := 0; err != nil && tries < 3; tries++ {
		var chunk []byte
		chunk, err = nextChunk(r)
		out = append(out, chunk...)
	}
	return out, err
}

func nextChunk(r io.Reader) ([]byte, error) { return nil, nil }
