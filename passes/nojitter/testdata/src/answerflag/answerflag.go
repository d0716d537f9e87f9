// want package:`waits Await Follow fetch`

// Package answerflag follows a test run's progress on a ticker until the
// answer says it finished. A failed fetch is logged and goes round on the
// next tick: the failure path retries the fetch, on a constant ticker
// (RULES.md: a poll is a loop whose failed call returns). The same poll
// returning on a failed fetch waits only after a "not yet": no retry.
package answerflag

import (
	"context"
	"log"
	"net/http"
	"time"
)

type Progress struct{ state string }

func (p *Progress) IsFinished() bool { return p.state == "done" }
func (p *Progress) IsRunning() bool  { return p.state == "running" }

func fetch(ctx context.Context, id string) (*Progress, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/runs/"+id, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Progress{state: resp.Header.Get("X-State")}, nil
}

func Follow(ctx context.Context, id string, exitOnRunning bool) {
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for range ticker.C { // want `retry delay has no jitter`
		p, err := fetch(ctx, id)
		if err != nil {
			log.Print(err)
			continue
		}
		if p.IsFinished() || (exitOnRunning && p.IsRunning()) {
			return
		}
	}
}

func Await(ctx context.Context, id string) error {
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for range ticker.C {
		p, err := fetch(ctx, id)
		if err != nil {
			return err
		}
		if p.IsFinished() {
			return nil
		}
	}
	return nil
}
