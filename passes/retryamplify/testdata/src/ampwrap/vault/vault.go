// Package vault is an SDK: an interface and its HTTP implementation.
package vault

import (
	"context"
	"net/http"
)

type Item struct{ Title string }

type Client interface {
	GetItem(ctx context.Context, title string) (*Item, error)
}

type restClient struct{ http *http.Client }

func New() Client { return &restClient{http: http.DefaultClient} }

func (c *restClient) GetItem(ctx context.Context, title string) (*Item, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://vault.example/items/"+title, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &Item{Title: title}, nil
}
