// want package:`waits Report RunLimited RunListener RunTunnel connectAndServe report`

// Package loggedserve restarts a tunnel whenever it ends. The tunnel's
// error is handed straight to the log, never tested, but the tunnel ends
// only by failing (an http.Server's Serve always returns an error): each
// round follows a failure, a reconnect loop with no limit. A report that
// may succeed, logged the same way on a ticker, is a periodic task: its
// tick is no retry delay.
package loggedserve

import (
	"log"
	"net"
	"net/http"
	"time"
)

func connectAndServe(l net.Listener) error {
	srv := &http.Server{Handler: http.NotFoundHandler()}
	return srv.Serve(l)
}

func RunTunnel(l net.Listener) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		log.Println("ERROR:", connectAndServe(l))
		<-t.C // want `retry delay has no jitter`
	}
}

func RunListener(l net.Listener) {
	for {
		log.Print(http.Serve(l, nil))
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}

func report(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Report sends a status every minute, forever: a success goes round as
// often as a failure, so this is a schedule, not a retry.
func Report(u string) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		log.Println("report:", report(u))
		<-t.C
	}
}

// RunLimited restarts the tunnel at most three times.
func RunLimited(l net.Listener) {
	for range 3 {
		log.Println("ERROR:", connectAndServe(l))
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}
