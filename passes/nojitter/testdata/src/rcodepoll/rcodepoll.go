// want package:`waits Client.Exchange Client.Pending Drain SendNotify`

// Package rcodepoll sends a notification up to three times: a failed
// exchange goes round at once, and so does an answer whose code is not
// the success the protocol names (RcodeSuccess, whose value is zero).
// Waiting on nothing, the loop hammers the peer. A count of messages
// compared with a literal zero is a drain, not a done test.
package rcodepoll

import (
	"errors"
	"net"
	"time"
)

const RcodeSuccess = 0

type Msg struct{ Rcode int }

type Client struct{ d net.Dialer }

func (c *Client) Exchange(m *Msg, addr string) (*Msg, time.Duration, error) {
	conn, err := c.d.Dial("udp", addr)
	if err != nil {
		return nil, 0, err
	}
	defer conn.Close()
	return &Msg{}, 0, nil
}

func SendNotify(c *Client, m *Msg, addr string) error {
	var err error
	var ret *Msg
	for range 3 { // want `retry loop retries at once`
		ret, _, err = c.Exchange(m, addr)
		if err != nil {
			continue
		}
		if ret.Rcode == RcodeSuccess {
			return nil
		}
	}
	return errors.New("notify not accepted")
}

func (c *Client) Pending(addr string) (int, error) {
	conn, err := c.d.Dial("udp", addr)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	return 1, nil
}

func Drain(c *Client, addr string, handle func(int)) error {
	for {
		n, err := c.Pending(addr)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		handle(n)
	}
}
