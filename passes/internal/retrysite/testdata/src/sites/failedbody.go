package sites

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"
)

// A failed response's body handed to the program's own error, or tested
// in a branch, is inspected, not built upon: the loop still throws the
// attempt away and sends again. Found on a webhook validator that tests
// the length of the body it read before giving up.

type apiError struct {
	Code int
	Msg  string
}

func (e *apiError) Error() string { return e.Msg }

func newAPIError(code int, msg string) error { return &apiError{Code: code, Msg: msg} }

func validate(hc *http.Client, url string, data []byte) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		time.Sleep(time.Second)
		resp, err := hc.Post(url, "application/json", bytes.NewReader(data))
		if err != nil {
			lastErr = err
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode != http.StatusOK {
			if len(body) == 0 {
				return errors.New("empty answer")
			}
			lastErr = newAPIError(resp.StatusCode, string(body))
			continue
		}
		return nil
	}
	return lastErr
}

func validateMsg(hc *http.Client, url string, data []byte) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		time.Sleep(time.Second)
		resp, err := hc.Post(url, "application/json", bytes.NewReader(data))
		if err != nil {
			lastErr = err
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			continue
		}
		if resp.StatusCode >= 500 {
			msg := string(body)
			lastErr = &apiError{Code: resp.StatusCode, Msg: msg}
			continue
		}
		return nil
	}
	return lastErr
}

// Not a retry: the partial data of a failed read is kept and the offset
// advances by it.
func readFull(r io.Reader, buf []byte) ([]byte, error) {
	var out []byte
	off := 0
	for tries := 0; tries < 3; tries++ {
		n, err := r.Read(buf[off:])
		if err != nil {
			if n > 0 {
				out = append(out, buf[:n]...)
			}
			off += n
			continue
		}
		return append(out, buf[:n]...), nil
	}
	return out, nil
}
