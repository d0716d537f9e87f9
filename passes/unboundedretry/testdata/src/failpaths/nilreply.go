package failpaths

import (
	"errors"
	"time"
)

type connReply struct{ id string }

type connResp struct{ err error }

func (r *connResp) Err() error { return r.err }

// connect says its failure by a nil reply, the error kept in the
// response beside it.
func connect() (*connReply, *connResp) {
	resp := &connResp{err: errors.New("down")}
	if resp.Err() != nil {
		return nil, resp
	}
	return &connReply{id: "1"}, resp
}

// ConnectForever goes round on every nil reply, for ever.
func ConnectForever() *connReply {
	for { // want `retry loop can run forever`
		reply, _ := connect()
		if reply != nil {
			return reply
		}
		time.Sleep(time.Second)
	}
}

// ConnectFewTimes stops after five nil replies.
func ConnectFewTimes() *connReply {
	for attempt := 0; attempt < 5; attempt++ {
		reply, _ := connect()
		if reply != nil {
			return reply
		}
		time.Sleep(time.Second)
	}
	return nil
}
