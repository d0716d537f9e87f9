// Package slack stubs github.com/slack-go/slack: the client, a message
// POST, and the status check that makes a RateLimitedError only for a 429
// with a Retry-After (misc.go, checkStatusCode).
package slack

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

type Option func(*Client)

type Client struct {
	token    string
	endpoint string
	hc       *http.Client
}

func OptionHTTPClient(c *http.Client) Option { return func(s *Client) { s.hc = c } }

func New(token string, options ...Option) *Client {
	s := &Client{token: token, endpoint: "https://slack.com/api/", hc: http.DefaultClient}
	for _, opt := range options {
		opt(s)
	}
	return s
}

// RateLimitedError represents the rate limit response from slack.
type RateLimitedError struct {
	RetryAfter time.Duration
}

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("slack rate limit exceeded, retry after %s", e.RetryAfter)
}

func (e *RateLimitedError) Retryable() bool { return true }

// StatusCodeError represents an http response error.
type StatusCodeError struct {
	Code   int
	Status string
}

func (t StatusCodeError) Error() string { return fmt.Sprintf("slack server error: %s", t.Status) }

func checkStatusCode(resp *http.Response) error {
	if resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("Retry-After") != "" {
		retry, err := strconv.ParseInt(resp.Header.Get("Retry-After"), 10, 64)
		if err != nil {
			return err
		}
		return &RateLimitedError{time.Duration(retry) * time.Second}
	}
	if resp.StatusCode != http.StatusOK {
		return StatusCodeError{Code: resp.StatusCode, Status: resp.Status}
	}
	return nil
}

func (api *Client) postForm(ctx context.Context, path string, values url.Values) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api.endpoint+path, strings.NewReader(values.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := api.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return checkStatusCode(resp)
}

// PostMessageContext sends a message to a channel.
func (api *Client) PostMessageContext(ctx context.Context, channelID, text string) (string, string, error) {
	values := url.Values{"token": {api.token}, "channel": {channelID}, "text": {text}}
	if err := api.postForm(ctx, "chat.postMessage", values); err != nil {
		return "", "", err
	}
	return channelID, "", nil
}
