// Package retryclienterror defines an Analyzer that reports retries of
// responses that cannot succeed, and retries that ignore Retry-After.
package retryclienterror

// Doc is the analyzer's documentation.
const Doc = `report retries of 4xx responses and retries that ignore Retry-After

A 400, 401, 403, 404, 409 or 422 response fails the same way on every
attempt: retrying it only adds load and delay. Reported at the send call
(with -retryclienterror.status, on by default): a retry loop whose failure
test treats every non-success status as retryable (resp.StatusCode != 200,
!= http.StatusOK, >= 400, > 299, StatusCode/100 != 2, resty's IsError() or
!IsSuccess()), unless another test of the loop singles out client errors
(compares the status with a 4xx value, or with 500).

A server that answers 429 or 503 often says when to come back, in the
Retry-After header. Reported at the wait (with -retryclienterror.retryafter,
on by default): a retry loop whose failure test picks 429 or 503 and whose
body never reads the Retry-After header.`
