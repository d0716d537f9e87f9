// Package exporter sends each batch through the retry helper its config
// made and keeps in a field: a POST it builds, wrapped in a request
// struct that can reset its body, retried without a key.
package exporter

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"exporter/retry"
)

// request wraps an http.Request with a body it can read again.
type request struct {
	*http.Request
	body func() io.ReadCloser
}

func (r *request) reset(ctx context.Context) {
	r.Request = r.Request.WithContext(ctx)
	if r.body != nil {
		r.Body = r.body()
	}
}

type Client struct {
	hc          *http.Client
	requestFunc retry.RequestFunc
	keyed       retry.RequestFunc
}

type retryableError struct{ err error }

func (e retryableError) Error() string { return e.err.Error() }

func evaluate(err error) (bool, time.Duration) {
	if _, ok := err.(retryableError); ok {
		return true, 0
	}
	return false, 0
}

func New(cfg retry.Config) *Client {
	return &Client{
		hc:          http.DefaultClient,
		requestFunc: cfg.RequestFunc(evaluate),
		keyed:       cfg.RequestFunc(evaluate),
	}
}

func (c *Client) newRequest(ctx context.Context) (request, error) { // want newRequest:`builds POST request \(keyed=false fresh=false\)`
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://collector.example/v1/traces", http.NoBody)
	if err != nil {
		return request{Request: r}, err
	}
	return request{Request: r}, nil
}

func send(hc *http.Client, req *http.Request) error { // want send:`sends request param 1 \(keyed=false retried=false\)`
	resp, err := hc.Do(req)
	if err != nil {
		return retryableError{err}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return retryableError{errors.New(resp.Status)}
	}
	return nil
}

// Upload retries the POST through the helper made by the config.
func (c *Client) Upload(ctx context.Context) error { // want Upload:`sends unkeyed POST \(retried=true\)`
	req, err := c.newRequest(ctx)
	if err != nil {
		return err
	}
	return c.requestFunc(ctx, func(ctx context.Context) error {
		req.reset(ctx)
		resp, err := c.hc.Do(req.Request) // want `POST request is retried without an Idempotency-Key header by the helper Config.RequestFunc made`
		if err != nil {
			return retryableError{err}
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return retryableError{errors.New(resp.Status)}
		}
		return nil
	})
}

// UploadKeyed sets one key for the batch, sent with every attempt.
func (c *Client) UploadKeyed(ctx context.Context, key string) error {
	req, err := c.newRequest(ctx)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	return c.keyed(ctx, func(ctx context.Context) error {
		req.reset(ctx)
		return send(c.hc, req.Request)
	})
}

// LogClient builds its request once, in the constructor, and clones it
// for each upload.
type LogClient struct {
	hc          *http.Client
	req         *http.Request
	requestFunc retry.RequestFunc
}

func NewLogClient(ctx context.Context, cfg retry.Config) (*LogClient, error) { // want NewLogClient:`builds POST request \(keyed=false fresh=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://collector.example/v1/logs", http.NoBody)
	if err != nil {
		return nil, err
	}
	return &LogClient{hc: http.DefaultClient, req: req, requestFunc: cfg.RequestFunc(evaluate)}, nil
}

// UploadLogs retries the cloned POST.
func (c *LogClient) UploadLogs(ctx context.Context) error { // want UploadLogs:`sends unkeyed POST \(retried=true\)`
	r := request{Request: c.req.Clone(ctx)}
	return c.requestFunc(ctx, func(ctx context.Context) error {
		r.reset(ctx)
		resp, err := c.hc.Do(r.Request) // want `POST request is retried without an Idempotency-Key header`
		if err != nil {
			return retryableError{err}
		}
		return resp.Body.Close()
	})
}
