// want package:`waits Await Follow Subscribe fetch handle.Get update`

// Package answerflag follows a test run's progress on a ticker until the
// answer says it finished. A failed fetch is logged and goes round on the
// next tick: the failure path retries the fetch, on a constant ticker
// (RULES.md: a poll is a loop whose failed call returns). The same poll
// returning on a failed fetch waits only after a "not yet": no retry. A
// stream read page by page waits when a page says no more is ready yet:
// its cursor moves, and a draining source is a "not yet" too.
package answerflag

import (
	"context"
	"errors"
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

type Page struct {
	Items      []string
	NextOffset int
	MoreReady  bool
}

type AppError struct{ kind string }

func (e *AppError) Error() string { return e.kind }

type handle struct{ offset int }

func update(ctx context.Context, offset int) (*handle, error) {
	if _, err := fetch(ctx, "stream"); err != nil {
		return nil, err
	}
	return &handle{offset}, nil
}

func (h *handle) Get(ctx context.Context, page *Page) error {
	p, err := fetch(ctx, "stream")
	if err != nil {
		return err
	}
	if p.state == "draining" {
		return &AppError{kind: "draining"}
	}
	page.NextOffset = h.offset + 1
	return nil
}

func Subscribe(ctx context.Context, yield func(string, error) bool) {
	offset := 0
	for {
		if err := ctx.Err(); err != nil {
			yield("", err)
			return
		}
		var page Page
		h, err := update(ctx, offset)
		if err == nil {
			err = h.Get(ctx, &page)
		}
		if err != nil {
			var appErr *AppError
			if errors.As(err, &appErr) {
				switch appErr.kind {
				case "truncated":
					offset = 0
					continue
				case "draining":
					select {
					case <-time.After(time.Second):
						continue
					case <-ctx.Done():
						yield("", ctx.Err())
						return
					}
				}
			}
			yield("", err)
			return
		}
		for _, it := range page.Items {
			if !yield(it, nil) {
				return
			}
		}
		offset = page.NextOffset
		if !page.MoreReady {
			select {
			case <-time.After(time.Second):
			case <-ctx.Done():
				yield("", ctx.Err())
				return
			}
		}
	}
}
