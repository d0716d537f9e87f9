package retryclienterror

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// Analyzer reports retries of responses that cannot succeed, and retries
// that ignore Retry-After.
var Analyzer = &analysis.Analyzer{
	Name:     "retryclienterror",
	Doc:      Doc,
	URL:      "https://github.com/idemlint/idemlint#retryclienterror",
	Requires: []*analysis.Analyzer{retrysite.Analyzer, bodies.Analyzer},
	Run:      run,
}

var checkStatus, checkRetryAfter bool

func init() {
	Analyzer.Flags.BoolVar(&checkStatus, "status", true, "report retries of every non-success status, 4xx included")
	Analyzer.Flags.BoolVar(&checkRetryAfter, "retryafter", true, "report retries on 429/503 that ignore Retry-After")
}

const (
	msgStatus     = "retry on any non-success status also retries 4xx responses (400, 401, 404, 409...), which fail the same way every time; retry only 5xx, 408 and 429"
	msgRetryAfter = "retry on 429 or 503 ignores the Retry-After header the server sent; wait at least as long as it says (resp.Header.Get(\"Retry-After\"))"
	// msgHelperRetryAfter is said at a retry helper's call, whose own
	// backoff is the wait.
	msgHelperRetryAfter = "retry on 429 or 503 waits the retry helper's own backoff and ignores the Retry-After header the server sent; wait at least as long as it says (resp.Header.Get(\"Retry-After\"))"
)

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	if checkStatus {
		clientConditions(pass, res.ClientRetries)
	}
	inner := passedThrough(pass, res.Sites)
	done := map[ast.Node]bool{}
	// A function that calls itself again after a failure retries like a
	// loop: its failure test and its wait are judged the same way.
	// A goto retry's failure test is read like a loop's too, and so are
	// the failure paths of a loop whose success goes round (a poll that
	// retries its failed calls).
	for _, s := range slices.Concat(res.Sites, res.Recursions, res.Gotos, res.FailureRetries) {
		f := s.Fail
		if f == nil || len(f.Sends) == 0 || s.OnePass() {
			continue
		}
		if checkStatus && f.Retried.ClientErrors() {
			switch {
			case s.Kind == retrysite.Redelivery:
				reportHandlerStatus(pass, s)
			case s.Kind == retrysite.Loop || !reportInHelper(pass, s, inner, done):
				reportStatus(pass, f)
			}
		}
		// A retry on 429 or 503: one singled out, or 503 among the server
		// errors a test of them sends round (>= 500). A test that sends
		// every failure round is reported for its 4xx.
		throttled := f.Throttle && (f.Retried.Has(429) || f.Retried.Has(503)) || f.Retried.Has(503) && !f.Retried.ClientErrors()
		if checkRetryAfter && throttled && f.IgnoresRetryAfter {
			switch {
			case len(s.Waits) > 0:
				// A loop's wait, or the wait of a helper's operation
				// where the library leaves the delay to it (Terraform's
				// RetryContext).
				report.At(pass, throttleWait(s), msgRetryAfter)
			case (s.Kind == retrysite.Helper || s.Kind == retrysite.UserHelper) && !f.ReadsRetryAfter:
				// The helper waits its own backoff: its call is the wait.
				// An operation that reads the header for the statuses it
				// singles out (429 waits, 5xx does not) made a choice.
				report.At(pass, s.Node, msgHelperRetryAfter)
			}
		}
	}
	return nil, nil
}
