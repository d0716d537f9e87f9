// Package failsafehttp is a stub of github.com/failsafe-go/failsafe-go/failsafehttp v0.9.8.
package failsafehttp

import (
	"net/http"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

func NewRetryPolicyBuilder() retrypolicy.Builder[*http.Response] { return nil }

func NewRoundTripper(innerRoundTripper http.RoundTripper, policies ...failsafe.Policy[*http.Response]) http.RoundTripper {
	return nil
}

func NewRoundTripperWithExecutor(innerRoundTripper http.RoundTripper, executor failsafe.Executor[*http.Response]) http.RoundTripper {
	return nil
}

type Request struct{}

func NewRequest(request *http.Request, client *http.Client, policies ...failsafe.Policy[*http.Response]) *Request {
	return nil
}

func NewRequestWithExecutor(request *http.Request, client *http.Client, executor failsafe.Executor[*http.Response]) *Request {
	return nil
}

func (r *Request) Do() (*http.Response, error) { return nil, nil }
