// Package reqseam uploads events through the seam's request builder: a
// POST built by the one implementation of an interface is a POST.
package reqseam

import (
	"bytes"
	"math/rand/v2"
	"net/http"
	"time"

	"reqseam/sysutil"
)

var Http sysutil.HttpI = sysutil.NewHttp()

type Uploader struct {
	Client sysutil.HTTPClientI
	URL    string
}

// Upload retries a failed connection.
func (u *Uploader) Upload(raw []byte) { // want Upload:`sends unkeyed POST \(retried=true\)`
	for retries := 0; retries < 3; retries++ {
		req, err := Http.NewRequest("POST", u.URL, bytes.NewBuffer(raw))
		if err != nil {
			return
		}
		resp, err := u.Client.Do(req) // want `POST request is retried without an Idempotency-Key header by this retry loop`
		if err != nil {
			time.Sleep(time.Second/2 + rand.N(time.Second/2))
			continue
		}
		resp.Body.Close()
		return
	}
}

// Fetch retries a GET built through the same seam: no report.
func (u *Uploader) Fetch() {
	for retries := 0; retries < 3; retries++ {
		req, err := Http.NewRequest(http.MethodGet, u.URL, nil)
		if err != nil {
			return
		}
		resp, err := u.Client.Do(req)
		if err != nil {
			time.Sleep(time.Second/2 + rand.N(time.Second/2))
			continue
		}
		resp.Body.Close()
		return
	}
}
