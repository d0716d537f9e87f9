// Package requestconfig is a generated SDK's request machinery: the
// request is built into a config with the method it is given, and the
// config's Execute sends it, retried, through a handler made from the
// client's Do.
package requestconfig

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand"
	"net/http"
	"time"
)

type RequestConfig struct {
	MaxRetries int
	Context    context.Context
	Request    *http.Request
	HTTPClient *http.Client
	Body       *bytes.Buffer
}

func NewRequestConfig(ctx context.Context, method string, u string, body interface{}) (*RequestConfig, error) { // want NewRequestConfig:`builds param 1 request \(keyed=false fresh=false\)`
	buf := new(bytes.Buffer)
	if err := json.NewEncoder(buf).Encode(body); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Retry-Count", "0")
	cfg := RequestConfig{
		MaxRetries: 10,
		Context:    ctx,
		Request:    req,
		HTTPClient: http.DefaultClient,
		Body:       buf,
	}
	return &cfg, nil
}

// shouldRetry's first answers are a guard (a body it cannot send again)
// and the server's override; the status decides the rest.
func shouldRetry(req *http.Request, res *http.Response) bool {
	if req.Body != nil && req.GetBody == nil {
		return false
	}
	if res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	if res.Header.Get("x-should-retry") == "false" {
		return false
	}
	return res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= http.StatusInternalServerError
}

func retryDelay(res *http.Response, n int) time.Duration { // want retryDelay:`returns a fresh value`
	if res != nil && res.Header.Get("Retry-After") != "" {
		return time.Second
	}
	d := time.Duration(float64(time.Second) * float64(int(1)<<n))
	if d > 30*time.Second {
		d = 30 * time.Second
	}
	return d - time.Duration(rand.Int63n(int64(d/4)))
}

type middleware = func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error)

func (cfg *RequestConfig) Execute() (err error) { // want Execute:`sends the receiver's request \(keyed=false retried=true\)`
	handler := cfg.HTTPClient.Do
	var res *http.Response
	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount++ {
		req := cfg.Request.Clone(cfg.Context)
		res, err = handler(req)
		if !shouldRetry(cfg.Request, res) || retryCount >= cfg.MaxRetries {
			break
		}
		if res != nil {
			res.Body.Close()
		}
		time.Sleep(retryDelay(res, retryCount))
	}
	if err != nil {
		return err
	}
	return res.Body.Close()
}

func ExecuteNewRequest(ctx context.Context, method string, u string, body interface{}) error { // want ExecuteNewRequest:`sends unkeyed param 1 \(retried=true\)`
	cfg, err := NewRequestConfig(ctx, method, u, body)
	if err != nil {
		return err
	}
	return cfg.Execute()
}

// KeyedConfig's builder sets an idempotency key on every request it
// builds, so its sends are keyed.
type KeyedConfig struct {
	Request *http.Request
	Client  *http.Client
}

func NewKeyedConfig(ctx context.Context, method, u string, key string) (*KeyedConfig, error) { // want NewKeyedConfig:`builds param 1 request \(keyed=true fresh=false\)`
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return &KeyedConfig{Request: req, Client: http.DefaultClient}, nil
}

func (k *KeyedConfig) Execute() error { // want Execute:`sends the receiver's request \(keyed=false retried=true\)`
	for i := 0; i < 3; i++ {
		res, err := k.Client.Do(k.Request.Clone(k.Request.Context()))
		if err == nil && res.StatusCode < 500 {
			return res.Body.Close()
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(time.Duration(rand.Int63n(int64(time.Second))))
	}
	return nil
}
