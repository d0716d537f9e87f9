package resty

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	RetryCount int
	httpClient *http.Client
}
type Request struct {
	Header http.Header
	Method string
	URL    string
	client *Client
}
type Response struct{ RawResponse *http.Response }

func New() *Client                                            { return &Client{} }
func (c *Client) R() *Request                                 { return &Request{client: c} }
func (c *Client) SetRetryCount(count int) *Client             { return c }
func (c *Client) SetRetryWaitTime(d time.Duration) *Client    { return c }
func (c *Client) SetRetryMaxWaitTime(d time.Duration) *Client { return c }
func (c *Client) SetHeader(header, value string) *Client      { return c }
func (c *Client) SetBaseURL(url string) *Client               { return c }
func (r *Request) SetHeader(header, value string) *Request    { return r }
func (r *Request) SetBody(body interface{}) *Request          { return r }
func (r *Request) Get(url string) (*Response, error)          { return nil, nil }
func (r *Request) Post(url string) (*Response, error)         { return r.Execute("POST", url) }
func (r *Request) Put(url string) (*Response, error)          { return nil, nil }
func (r *Request) Patch(url string) (*Response, error)        { return nil, nil }
func (r *Request) Delete(url string) (*Response, error)       { return nil, nil }

// Execute sends once, or, when the client's RetryCount is set, retries
// as resty's own Execute does (its Backoff loop, with the caller's
// conditions): a library's inside, which idemlint reads through its
// model of the client, not through facts learned from this body.
func (r *Request) Execute(method, url string) (*Response, error) {
	r.Method, r.URL = method, url
	if r.client == nil || r.client.RetryCount == 0 {
		return r.client.execute(r)
	}
	var resp *Response
	err := Backoff(func() (*Response, error) {
		var err error
		resp, err = r.client.execute(r)
		return resp, err
	}, r.client.RetryCount, nil)
	return resp, err
}

func (c *Client) execute(r *Request) (*Response, error) {
	req, err := http.NewRequest(r.Method, r.URL, nil)
	if err != nil {
		return nil, err
	}
	res, err := c.httpClient.Do(req)
	if err != nil {
		return nil, err
	}
	return &Response{RawResponse: res}, nil
}

// Backoff retries operation while the conditions say so, as resty's does.
func Backoff(operation func() (*Response, error), retries int, conds []RetryConditionFunc) error {
	var (
		resp *Response
		err  error
	)
	for attempt := 0; attempt <= retries; attempt++ {
		resp, err = operation()
		needsRetry := err != nil
		for _, condition := range conds {
			needsRetry = condition(resp, err)
			if needsRetry {
				break
			}
		}
		if !needsRetry {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}
func (r *Response) StatusCode() int { return 0 }
func (r *Response) IsSuccess() bool { return false }
func (r *Response) IsError() bool   { return false }

type RetryConditionFunc func(*Response, error) bool

func (c *Client) SetTimeout(d time.Duration) *Client                     { return c }
func (c *Client) AddRetryCondition(condition RetryConditionFunc) *Client { return c }
func (r *Request) SetContext(ctx context.Context) *Request               { return r }
