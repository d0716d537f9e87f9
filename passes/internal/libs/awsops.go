package libs

import (
	"go/types"
	"strings"
)

// What an AWS SDK operation's input and errors say about retrying it:
// the idempotency token the SDK fills in, and the modeled errors its
// retryer never retries.

// AWSNotRetried reports whether t (through pointers) is a modeled error of
// a service (service/<name>/types) that the SDK's retryer does not retry:
// a definite answer such as ConditionalCheckFailedException, not a
// throttle, a timeout or a server fault (retry.DefaultThrottleErrorCodes,
// DefaultRetryableErrorCodes, HTTP 5xx).
func AWSNotRetried(t types.Type) bool {
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	if !strings.HasSuffix(path, "/types") || !IsAWSService(strings.TrimSuffix(path, "/types")) {
		return false
	}
	name := n.Obj().Name()
	for _, retried := range []string{"Throttl", "TooMany", "Throughput", "Limit", "InProgress", "Timeout", "Internal", "Unavailable", "Server", "SlowDown", "PriorRequest"} {
		if strings.Contains(name, retried) {
			return false
		}
	}
	return true
}

// AWSTokenField returns the idempotency token field of an operation's
// input (ClientToken, ClientRequestToken, IdempotencyToken: a *string the
// SDK fills in with a new token when the call leaves it nil), or "".
func AWSTokenField(t types.Type) string {
	t = derefType(t)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !IsAWSService(n.Obj().Pkg().Path()) || !strings.HasSuffix(n.Obj().Name(), "Input") {
		return ""
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for f := range st.Fields() {
		switch f.Name() {
		case "ClientToken", "ClientRequestToken", "IdempotencyToken":
			if p, ok := f.Type().(*types.Pointer); ok && types.Identical(p.Elem(), types.Typ[types.String]) {
				return f.Name()
			}
		}
	}
	return ""
}

func derefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// AWSNotFoundCode reports whether code is an AWS error code that says the
// resource does not exist (yet): the SDKs' convention names them NotFound,
// NoSuchBucket, NoSuchKey, ResourceNotFoundException, DBInstanceNotFound.
// A retry that goes round only on one waits for the resource to appear.
func AWSNotFoundCode(code string) bool {
	return code == "NotFound" || strings.HasPrefix(code, "NoSuch") || strings.HasSuffix(code, "NotFound") || strings.HasSuffix(code, "NotFoundException") || strings.HasSuffix(code, "NotFoundFault")
}
