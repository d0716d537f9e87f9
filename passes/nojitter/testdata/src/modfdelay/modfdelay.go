// want package:`waits TooManyRequests.UnmarshalJSON do send`
// Package modfdelay: a delay decoded from the server's answer
// ({"retry_after": 1.5}) and split by math.Modf into seconds and
// milliseconds is the server's, not a constant of the program.
package modfdelay

import (
	"encoding/json"
	"math"
	"net/http"
	"time"
)

type TooManyRequests struct {
	RetryAfter time.Duration
}

func (t *TooManyRequests) UnmarshalJSON(b []byte) error {
	u := struct {
		RetryAfter float64 `json:"retry_after"`
	}{}
	if err := json.Unmarshal(b, &u); err != nil {
		return err
	}
	whole, frac := math.Modf(u.RetryAfter)
	t.RetryAfter = time.Duration(whole)*time.Second + time.Duration(frac*1000)*time.Millisecond
	return nil
}

func send(c *http.Client, req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	return resp, nil, nil
}

// Not reported: the wait is what the server asked for.
func do(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, body, err := send(c, req)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return nil
		}
		var rl TooManyRequests
		if err := json.Unmarshal(body, &rl); err != nil {
			return err
		}
		time.Sleep(rl.RetryAfter)
	}
	return nil
}
