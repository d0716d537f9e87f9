// Package retrybody defines an Analyzer that reports request bodies drained
// by the first attempt and response bodies left open by failed attempts.
package retrybody

// Doc is the analyzer's documentation.
const Doc = `report request bodies reused across attempts and response bodies left open

An *http.Request's body is a reader: the first attempt reads it to the end,
and a retry that sends the same request (or a new request around the same
reader) sends an empty or truncated body. Reported at the send call (with
-retrybody.request, on by default): a request sent in every attempt of a
retry site whose body (a bytes.Buffer, bytes.Reader, strings.Reader or any
io.Reader) was made once, outside the retry. Safe: the request or its body
is built inside the retry; req.Body is reset (from req.GetBody) inside the
retry; the body is nil or http.NoBody; the request goes through
go-retryablehttp, which rewinds its body.

A response whose status makes the attempt fail still has a body to close:
a retry loop that tests the response's status and goes round without closing
it leaks a connection on every failed attempt. Reported at the send call
(with -retrybody.response, on by default) when the loop's failure test reads
the response's status and nothing on the retry path closes resp.Body (or
passes the response or its body to a function, which may close it). A
deferred close inside the loop counts as a close, and so does a close
between the send and the status test.`
