// Package zoneclient is a DNS hosting API client: the provider gives it
// the *http.Client to send with.
package zoneclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

const defaultBaseURL = "https://api.zones.example/v1"

type Client struct {
	BaseURL    string
	HTTPClient *http.Client

	common  service
	Records *RecordService
}

type service struct {
	client *Client
}

// RecordService groups the record endpoints.
type RecordService service

func NewClient(httpClient *http.Client) *Client {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 10 * time.Second}
	}
	c := &Client{BaseURL: defaultBaseURL, HTTPClient: httpClient}
	c.common.client = c
	c.Records = (*RecordService)(&c.common)
	return c
}

type Record struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Create adds a TXT record.
func (s *RecordService) Create(ctx context.Context, zone string, r Record) error {
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.client.BaseURL+"/zones/"+zone+"/records", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return s.client.do(req, nil)
}

// Delete removes a record: idempotent.
func (s *RecordService) Delete(ctx context.Context, zone, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, s.client.BaseURL+"/zones/"+zone+"/records/"+id, nil)
	if err != nil {
		return err
	}
	return s.client.do(req, nil)
}

func (c *Client) do(req *http.Request, out any) error {
	req.Header.Set("Accept", "application/json")
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("unexpected status %d", resp.StatusCode)
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Reader only reads: its constructor keeps a client that sends no POST.
type Reader struct {
	hc *http.Client
}

func NewReader(hc *http.Client) *Reader { return &Reader{hc: hc} }

func (r *Reader) Zone(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, defaultBaseURL+"/zones/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
