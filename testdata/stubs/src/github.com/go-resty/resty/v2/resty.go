package resty

import (
	"context"
	"net/http"
	"time"
)

type Client struct{ RetryCount int }
type Request struct{ Header http.Header }
type Response struct{ RawResponse *http.Response }

func New() *Client                                               { return &Client{} }
func (c *Client) R() *Request                                    { return &Request{} }
func (c *Client) SetRetryCount(count int) *Client                { return c }
func (c *Client) SetRetryWaitTime(d time.Duration) *Client       { return c }
func (c *Client) SetRetryMaxWaitTime(d time.Duration) *Client    { return c }
func (c *Client) SetHeader(header, value string) *Client         { return c }
func (c *Client) SetBaseURL(url string) *Client                  { return c }
func (r *Request) SetHeader(header, value string) *Request       { return r }
func (r *Request) SetBody(body interface{}) *Request             { return r }
func (r *Request) Get(url string) (*Response, error)             { return nil, nil }
func (r *Request) Post(url string) (*Response, error)            { return nil, nil }
func (r *Request) Put(url string) (*Response, error)             { return nil, nil }
func (r *Request) Patch(url string) (*Response, error)           { return nil, nil }
func (r *Request) Delete(url string) (*Response, error)          { return nil, nil }
func (r *Request) Execute(method, url string) (*Response, error) { return nil, nil }
func (r *Response) StatusCode() int                              { return 0 }
func (r *Response) IsSuccess() bool                              { return false }
func (r *Response) IsError() bool                                { return false }

type RetryConditionFunc func(*Response, error) bool

func (c *Client) SetTimeout(d time.Duration) *Client                     { return c }
func (c *Client) AddRetryCondition(condition RetryConditionFunc) *Client { return c }
func (r *Request) SetContext(ctx context.Context) *Request               { return r }
