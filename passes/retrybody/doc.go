// Package retrybody defines an Analyzer that reports request bodies drained
// by the first attempt and response bodies left open by failed attempts.
package retrybody

// Doc is the analyzer's documentation.
const Doc = `report request bodies reused across attempts and response bodies left open

An *http.Request's body is a reader: the first attempt reads it to the end,
and a retry that sends the same request (or a new request around the same
reader) sends an empty or truncated body. Reported at the send call (with
-retrybody.request, on by default): a request sent in every attempt of a
retry site (a loop, a retry helper's operation), directly or through a
function of the program that sends the request it is given (c.doRequest(req,
&out) handing it to another package's wrapper that calls client.Do; known
by a fact, unless the function touches the request's Body or GetBody,
as a rewind does), whose body was made once, outside the retry: the request was built there, by http.NewRequest or by a
builder of the program in any package (newRequest(ctx, method, url, body),
newJSONRequest(ctx, method, url, v)); its Body was assigned there; it is a
copy (req.WithContext, req.Clone) of such a request, which shares the
body; it was built inside around a reader made outside (a bytes.Buffer,
bytes.Reader or strings.Reader made once, a caller's io.Reader, an
incoming request's r.Body); or it is the request parameter of the function
that retries, and a caller in the package hands it one built with a body.
A function of another package that sends its request parameter in every
attempt of its retry (retryhttp.Do(client, req), or a method that hands
the request on to it) is known by a fact: a call that hands it a request
built with a body is reported at that call, naming the retry.
An options struct that carries the reader (Options{Body:
bytes.NewReader(b)}) handed by every attempt to a function of the program
that builds its request around that field and sends it (known by a fact,
in any package) sends the reader again, when the options were made
outside the retry with the reader set, or are the parameter of the
function that retries and a caller in the package sets it; setting the
field inside the retry is safe.
A function that waits and calls itself with the same arguments after a
failure (a recursive retry) sends again what it was given: a caller's
reader, or its request parameter, is judged as above. A retry written
with a goto back to a label sends again what was built before the label.
Safe: the request or its body is built inside the retry; a reader made
once is sought back to its start (body.Seek(0, io.SeekStart)) by the
retry; req.Body is reset
(from req.GetBody) inside the retry; the body is nil or http.NoBody; the
request goes through go-retryablehttp, which rewinds its body; a builder
that makes its body only when its payload is non-nil (var r io.Reader; if
v != nil { r = bytes.NewReader(...) }) is given nil.

A response whose attempt fails still has a body to close: a path that
goes round for another attempt with the body open leaks a connection on
every failed attempt. The attempt's code is run once per sampled status
(see retryclienterror); reported at the send call (with
-retrybody.response, on by default) when a path that goes round (continue
or the end of a loop body, an error returned to a retry helper that retries
it, (false, nil) from a k8s wait condition, a goto back to a retry's
label) leaves the body open after a
failing status (or a 202 that a poll asks again) or after a read of the response that failed. Closes count
when made with resp.Body.Close(), deferred in an attempt that returns
before the next one (a helper's operation, a function the loop calls), or
by a function of the program the response is handed to that closes it for
that status (known by a fact); a function of the program that sends and
returns nil in place of the response on a failing status (it closed the
body itself, or returns what such a function returns) leaves its caller
nothing to close; a response handed to a function that
cannot be pinned down, or stored, counts as closed. A close deferred in
the loop's own body (or before a goto or a recursive call of a retry)
runs only when the function returns: the body stays open through every
later attempt, unless the path read it to its end (io.ReadAll, io.Copy),
which gives the connection back.`
