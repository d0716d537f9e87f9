// Package client reads how a retrying client is configured: go-retryablehttp,
// resty, failsafe-go's HTTP client, gRPC connections and AWS SDK clients,
// read where the client is built and followed through the variables,
// struct fields and constructors that carry it to the call that sends
// (Configs.SendConfig), across packages through RetryingClientFact,
// RetryingTransportFact and ClientPassFact.
//
// It decides how many times a client sends a request and whether its retry
// decision was replaced; which statuses a client's retry condition retries
// is read by package status, and which RoundTrip methods retry by package
// retrysite (MarkRetryingTransport).
package client
