package failpaths

import (
	"net/http"
	"time"
)

// SendTwice tests the status and the counter in one condition: the 5xx
// path goes round only while retries are left.
func SendTwice(client *http.Client, req *http.Request) (int, error) {
	for retries := 1; ; retries-- {
		resp, err := client.Do(req)
		if err != nil {
			if retries > 0 {
				time.Sleep(time.Second)
				continue
			}
			return 0, err
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 && retries > 0 {
			time.Sleep(time.Second)
			continue
		}
		return resp.StatusCode, nil
	}
}

// SendUntilUp is the closest hazard: the 5xx path asks nothing but the
// status.
func SendUntilUp(client *http.Client, req *http.Request) (int, error) {
	for retries := 1; ; retries-- { // want `retry loop can run forever`
		resp, err := client.Do(req)
		if err != nil {
			if retries > 0 {
				time.Sleep(time.Second)
				continue
			}
			return 0, err
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 && req.Method != "" {
			time.Sleep(time.Second)
			continue
		}
		return resp.StatusCode, nil
	}
}
