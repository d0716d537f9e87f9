package forgeapi

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// A second client whose retry decision leaves POST alone: the author
// chose, nothing to report.
type Mirror struct{ rc *retryablehttp.Client }

func NewMirror() *Mirror {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp == nil || resp.Request.Method != http.MethodGet {
			return false, err
		}
		return resp.StatusCode >= 500, nil
	}
	return &Mirror{rc: rc}
}

func (m *Mirror) Push(url string, body []byte) error { // want Push:`sends unkeyed POST \(retried=false\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return err
	}
	resp, err := m.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
