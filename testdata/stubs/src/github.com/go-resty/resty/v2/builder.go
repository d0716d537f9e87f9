package resty

import (
	"net/http"
)

func NewWithClient(hc *http.Client) *Client                      { return &Client{} }
func (c *Client) SetAuthToken(token string) *Client              { return c }
func (c *Client) NewRequest() *Request                           { return &Request{} }
func (r *Request) SetResult(res interface{}) *Request            { return r }
func (r *Request) SetQueryParam(param, value string) *Request    { return r }
func (r *Request) SetHeaders(headers map[string]string) *Request { return r }
