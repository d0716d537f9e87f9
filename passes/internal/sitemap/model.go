package sitemap

// Version is the version of the map's JSON form (docs/sites.md). It
// changes when a field changes meaning or goes away, not when one is
// added.
const Version = 1

// Pos is a place in a file. Files are absolute in an analyzer's result
// and in the cache, relative to the working directory in what is printed.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"column"`
}

// Site is one row of the map: a retry site, or for a retrying client one
// construction of the client with the calls made through it.
type Site struct {
	ID       string `json:"id"` // file:line:column of Pos, unique in a map
	Pos      Pos    `json:"pos"`
	EndLine  int    `json:"endLine"`
	Package  string `json:"package"`
	Function string `json:"function,omitempty"` // the enclosing function, T.M or F; empty at package level
	// Category groups the kinds: loop, goto, recursion, failure-path,
	// library, helper, client, handler.
	Category string `json:"category"`
	// Kind says how it retries: "loop", "cenkalti/backoff/v4.Retry",
	// "retryablehttp client", "asynq task handler"...
	Kind string `json:"kind"`
	// Calls counts the calls made through a retrying client (client
	// rows), made at CallsAt.
	Calls    int      `json:"calls,omitempty"`
	CallsAt  []Pos    `json:"callsAt,omitempty"`
	Attempts Attempts `json:"attempts"`
	Wait     Wait     `json:"wait"`
	Repeats  []Op     `json:"repeats,omitempty"`
	Nested   []Nested `json:"nested,omitempty"`
	// Product is the largest number of calls a chain of nested retries
	// starting here makes when everything fails (this site's attempts
	// times its inner retries'), 0 when a factor is not a constant;
	// Chain lists the retries of that chain after this one.
	Product int    `json:"product,omitempty"`
	Chain   []Link `json:"chain,omitempty"`
	// Reports are the reports made at this site: within its code, the
	// operation it runs, or the policy it is given.
	Reports []Report `json:"reports,omitempty"`
	// Spans are where the site's code is, to join reports by position;
	// the printed map leaves them out.
	Spans []Span `json:"spans,omitempty"`
}

// Attempts is how many times the site runs its operation when it keeps
// failing.
type Attempts struct {
	// Count is the number of attempts, first included; 0 when there is
	// no constant count.
	Count int `json:"count,omitempty"`
	// Bound says what ends the retries: count (a limit in the code),
	// default (a library's or framework's default count), deadline,
	// context, stop (a quit channel or a stop flag someone else sets),
	// config (a limit read from configuration or a parameter), unbounded,
	// or unknown.
	Bound string `json:"bound"`
	// Text is the column as the text map prints it: "3", "unbounded",
	// "until ctx", "unknown (from configuration)".
	Text string `json:"text"`
	// From is the code or default it comes from: "attempt < 3", "asynq
	// default", "retry.Attempts(5)".
	From string `json:"from,omitempty"`
	At   *Pos   `json:"at,omitempty"`
}

// Wait is what the site waits between attempts.
type Wait struct {
	// Delay is "none", "constant 1s", "computed: base << attempt", "policy:
	// backoff.NewExponentialBackOff()", "client default: ...", "by the
	// framework".
	Delay string `json:"delay"`
	// Grows says the delay grows with the attempts (yes, no, or unknown);
	// Capped whether that growth has a cap.
	Grows  string `json:"grows,omitempty"`
	Capped string `json:"capped,omitempty"`
	// Jitter is yes, no or unknown: no for a constant delay and wherever
	// nojitter reported one; empty when there is no delay of the site's
	// own.
	Jitter string `json:"jitter,omitempty"`
	// RetryAfter is read, ignored (retryclienterror reported it) or "not
	// read", for sites that read an HTTP response; empty otherwise.
	RetryAfter string `json:"retryAfter,omitempty"`
	At         *Pos   `json:"at,omitempty"`
}

// Op is one operation an attempt runs.
type Op struct {
	// Kind is http, sql, redis, grpc, aws or call (a function of the
	// program, named in What).
	Kind string `json:"kind"`
	// What names it: "POST https://pay.example.com/charges", "INSERT
	// users", "SETNX", "payments.Payments/Charge", "sqs.SendMessage",
	// "demo.Charge".
	What string `json:"what"`
	// Method is the HTTP method when constant; Key, for a POST or PATCH,
	// is "missing" when retrynonidempotent reported the send and "not
	// reported" otherwise, and "not judged" for the other methods.
	Method string `json:"method,omitempty"`
	Key    string `json:"key,omitempty"`
	// Via is the function of the program the attempt calls to reach it,
	// when it is not in the site's own code.
	Via string `json:"via,omitempty"`
	At  Pos    `json:"at"`
}

// Nested is a retry that this site's attempts reach, as retryamplify
// found it.
type Nested struct {
	At       Pos `json:"at"`
	Attempts int `json:"attempts,omitempty"`
	// Via is the function called that retries (package path and T.M or
	// F), when the attempt reaches the retry through a call.
	Via string `json:"via,omitempty"`
	// Site is the ID of the row it is, when the map holds it.
	Site string `json:"site,omitempty"`
}

// Link is one retry of a chain: a row of the map, or a function of a
// package outside it that retries.
type Link struct {
	Site     string `json:"site,omitempty"`
	Via      string `json:"via,omitempty"`
	Attempts int    `json:"attempts,omitempty"`
}

// Report is a report made at a site.
type Report struct {
	Check   string `json:"check"` // as a text report ends: nojitter/no-jitter
	At      Pos    `json:"at"`
	Message string `json:"message"`
}

// Span is a range of a file, in byte offsets.
type Span struct {
	File  string `json:"file"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}
