// Package senderchain reaches its client's status check through a chain
// of senders declared against the order of the files (as an SDK's
// droplet_actions.go calls godo.go's Client.Do): each link's fact is
// learned a round after the next one's.
package senderchain

import (
	"context"
	"net/http"
	"net/url"
)

type Action struct{ Status string }

type ActionsService struct{ client *Client }

func (s *ActionsService) GetByURI(ctx context.Context, rawurl string) (*Action, error) {
	u, err := url.Parse(rawurl)
	if err != nil {
		return nil, err
	}
	return s.get(ctx, u.Path)
}

func (s *ActionsService) get(ctx context.Context, path string) (*Action, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com"+path, nil)
	if err != nil {
		return nil, err
	}
	a := new(Action)
	if _, err := s.client.Do(ctx, req); err != nil {
		return nil, err
	}
	return a, nil
}

// WaitForActive asks again after every failed read, a 404 among them.
func WaitForActive(ctx context.Context, s *ActionsService, uri string) error {
	failures := 0
	for {
		action, err := s.GetByURI(ctx, uri) // want `retry on any non-success status also retries 4xx responses`
		if err != nil {
			if failures < 3 {
				failures++
				continue
			}
			return err
		}
		if action.Status == "completed" {
			return nil
		}
	}
}
