package libs

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// gRPC (LIBRARIES-2.md, B2a and B2b). A client connection retries a call
// by itself in two ways:
//
//   - a default service config (grpc.WithDefaultServiceConfig, JSON) whose
//     retryPolicy covers the method: maxAttempts attempts in all, capped at
//     5 unless grpc.WithMaxCallAttempts raises the cap (a value below 2
//     keeps 5); grpc.WithDisableRetry switches it off. No policy, no
//     retries: that is grpc-go's default.
//   - a go-grpc-middleware v2 retry interceptor
//     (retry.UnaryClientInterceptor, StreamClientInterceptor), off by
//     default: WithMax(n) is n attempts in all (the loop is attempt < max),
//     WithMax(0) and Disable() switch it off, and the same options given
//     to one call override the interceptor's. Its backoffs BackoffLinear
//     and BackoffExponential have no jitter (the latter no cap either); the
//     WithJitter variants and the default (BackoffLinearWithJitter 50 ms,
//     10 %) are jittered. WithMax takes a uint, so "no limit" is written
//     as a huge count.
//
// A call of a generated client's method (pb.NewPaymentsClient(conn)) on
// such a connection is a retrying client call: retrysite follows the
// client back to the connection and its dial options through these rows.
const (
	GRPC      = "google.golang.org/grpc"
	GRPCRetry = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
)

var grpcFamily = &Family{
	Paths:          []string{GRPC, GRPCRetry},
	CallNoJitter:   grpcBackoff,
	CallNeverStops: grpcWithMax,
}

// GRPCDefaultMaxCallAttempts is the channel's cap on a retry policy's
// maxAttempts (dialoptions.go, defaultMaxCallAttempts).
const GRPCDefaultMaxCallAttempts = 5

// GRPCHugeMax is the WithMax count from which a retry interceptor is taken
// to retry without limit: at 50 ms a wait, 65536 attempts last almost an
// hour, and counts this large are written to mean "forever"
// (math.MaxUint32, math.MaxUint).
const GRPCHugeMax = 1 << 16

// GRPCConns build a client connection; the value is the index of the
// first dial option.
var GRPCConns = Table[int]{
	{GRPC, "", "NewClient"}:   1,
	{GRPC, "", "Dial"}:        1,
	{GRPC, "", "DialContext"}: 2,
}

// GRPCOption is what a dial option does to the connection's retries.
type GRPCOption int

const (
	GRPCOtherOption   GRPCOption = iota
	GRPCServiceConfig            // WithDefaultServiceConfig(json)
	GRPCMaxCalls                 // WithMaxCallAttempts(n)
	GRPCNoRetry                  // WithDisableRetry()
	GRPCUnary                    // an option whose arguments are unary interceptors
	GRPCStream                   // an option whose arguments are stream interceptors
)

// GRPCDialOptions are the dial options that change the retries.
var GRPCDialOptions = Table[GRPCOption]{
	{GRPC, "", "WithDefaultServiceConfig"}:   GRPCServiceConfig,
	{GRPC, "", "WithMaxCallAttempts"}:        GRPCMaxCalls,
	{GRPC, "", "WithDisableRetry"}:           GRPCNoRetry,
	{GRPC, "", "WithUnaryInterceptor"}:       GRPCUnary,
	{GRPC, "", "WithChainUnaryInterceptor"}:  GRPCUnary,
	{GRPC, "", "WithStreamInterceptor"}:      GRPCStream,
	{GRPC, "", "WithChainStreamInterceptor"}: GRPCStream,
}

// GRPCInterceptors are the retry interceptors; the value is the kind of
// call they retry.
var GRPCInterceptors = Table[GRPCOption]{
	{GRPCRetry, "", "UnaryClientInterceptor"}:  GRPCUnary,
	{GRPCRetry, "", "StreamClientInterceptor"}: GRPCStream,
}

// GRPCInvokes are methods of a connection that send a call by its full
// method name; the value is the index of that name.
var GRPCInvokes = Table[int]{
	{GRPC, "ClientConn", "Invoke"}:             1,
	{GRPC, "ClientConn", "NewStream"}:          2,
	{GRPC, "ClientConnInterface", "Invoke"}:    1,
	{GRPC, "ClientConnInterface", "NewStream"}: 2,
}

// GRPCMaxOf reads a retry interceptor option: the attempts it sets (0:
// off; -1: a huge count, no limit) and whether it is one. Options that do
// not change the count (WithCodes, WithBackoff...) are not.
func GRPCMaxOf(info *types.Info, call *ast.CallExpr) (attempts int, ok bool) {
	fn := Callee(info, call)
	switch {
	case Is(fn, GRPCRetry, "Disable"):
		return 0, true
	case Is(fn, GRPCRetry, "WithMax") && len(call.Args) == 1:
		tv := info.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, true // a count from configuration may be zero: off
		}
		if constant.Compare(tv.Value, token.GEQ, constant.MakeInt64(GRPCHugeMax)) {
			return -1, true
		}
		n, _ := constant.Int64Val(tv.Value)
		if n < 2 {
			return 0, true // one attempt in all: no retry
		}
		return int(n), true
	}
	return 0, false
}

// IsGRPCConn reports whether t is a client connection type (through a
// pointer): *grpc.ClientConn or grpc.ClientConnInterface.
func IsGRPCConn(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return IsNamed(t, GRPC, "ClientConn") || IsNamed(t, GRPC, "ClientConnInterface")
}

// GRPCClientConstructor reports whether fn is a generated client
// constructor, func NewXxxClient(cc grpc.ClientConnInterface) XxxClient
// (older generators take *grpc.ClientConn).
func GRPCClientConstructor(fn *types.Func) bool {
	if fn == nil || fn.Signature().Recv() != nil || !strings.HasPrefix(fn.Name(), "New") || !strings.HasSuffix(fn.Name(), "Client") {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 1 && IsGRPCConn(sig.Params().At(0).Type()) &&
		sig.Results().Len() == 1 && GRPCServiceOf(sig.Results().At(0).Type()) != ""
}

// GRPCServiceOf returns the Go name of the service of a generated client
// type (Payments for PaymentsClient, or its unexported paymentsClient), or
// "" when t is not one: a named type whose name ends in Client and that
// has a method taking ...grpc.CallOption.
func GRPCServiceOf(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	name, ok := strings.CutSuffix(n.Obj().Name(), "Client")
	if !ok || name == "" {
		return ""
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	}
	for i := range ms.Len() {
		if fn, ok := ms.At(i).Obj().(*types.Func); ok && takesCallOptions(fn) {
			return strings.ToUpper(name[:1]) + name[1:]
		}
	}
	return ""
}

// takesCallOptions reports whether fn's last parameter is ...grpc.CallOption.
func takesCallOptions(fn *types.Func) bool {
	sig := fn.Signature()
	if !sig.Variadic() || sig.Params().Len() == 0 {
		return false
	}
	s, ok := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice)
	return ok && IsNamed(s.Elem(), GRPC, "CallOption")
}

// GRPCMethod describes a call of a generated client's method.
type GRPCMethod struct {
	Service, Method string
	// Short is true when Service is only the Go name of the service (no
	// <Service>_<Method>_FullMethodName constant was generated).
	Short bool
	// Stream is true for a streaming method (its result is a stream, not
	// a message).
	Stream bool
	// ClientStreams is true for a client or bidirectional stream (the
	// method takes no request message): the retry interceptor refuses to
	// retry those, and fails the call when asked to.
	ClientStreams bool
	// Opts is the index of the first per-call option.
	Opts int
}

// GRPCMethodOf returns the method a call of a generated client's method
// sends, or false. The full name comes from the generated
// <Service>_<Method>_FullMethodName constant when there is one.
func GRPCMethodOf(fn *types.Func) (GRPCMethod, bool) {
	if fn == nil || fn.Pkg() == nil || !takesCallOptions(fn) {
		return GRPCMethod{}, false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return GRPCMethod{}, false
	}
	svc := GRPCServiceOf(recv.Type())
	if svc == "" {
		return GRPCMethod{}, false
	}
	sig := fn.Signature()
	m := GRPCMethod{Service: svc, Method: fn.Name(), Short: true, Opts: sig.Params().Len() - 1}
	if res := sig.Results(); res.Len() == 2 {
		_, ptr := res.At(0).Type().(*types.Pointer)
		m.Stream = !ptr
		m.ClientStreams = m.Stream && sig.Params().Len() == 2
	}
	if c, ok := fn.Pkg().Scope().Lookup(svc + "_" + fn.Name() + "_FullMethodName").(*types.Const); ok && c.Val().Kind() == constant.String {
		if s, meth, ok := SplitFullMethod(constant.StringVal(c.Val())); ok {
			m.Service, m.Method, m.Short = s, meth, false
		}
	}
	return m, true
}

// SplitFullMethod splits "/pkg.Service/Method".
func SplitFullMethod(full string) (service, method string, ok bool) {
	rest, ok := strings.CutPrefix(full, "/")
	if !ok {
		return "", "", false
	}
	service, method, ok = strings.Cut(rest, "/")
	return service, method, ok && service != "" && method != ""
}

// grpcBackoff judges a go-grpc-middleware backoff wherever it is built:
// BackoffLinear and BackoffExponential have no jitter, and the
// exponential one no cap; the fix names the jittered variant.
func grpcBackoff(info *types.Info, call *ast.CallExpr) []Finding {
	fn := Callee(info, call)
	var msg, why, with string
	switch {
	case Is(fn, GRPCRetry, "BackoffLinear"):
		msg = "retry.BackoffLinear waits the same delay with no jitter" + together + "; use retry.BackoffLinearWithJitter(d, 0.1)"
		why = "has no jitter (retry.BackoffLinear)" + together
		with = "BackoffLinearWithJitter"
	case Is(fn, GRPCRetry, "BackoffExponential"):
		msg = "retry.BackoffExponential has no jitter and no cap" + together + " and the delay grows without bound; use retry.BackoffExponentialWithJitterBounded(d, 0.1, max)"
		why = "has no jitter and no cap (retry.BackoffExponential)" + together
		with = "BackoffExponentialWithJitter"
	default:
		return nil
	}
	f := Finding{At: call, Msg: msg, Why: why}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && len(call.Args) == 1 {
		f.Fixes = []analysis.SuggestedFix{{
			Message: "use retry." + with,
			TextEdits: []analysis.TextEdit{
				{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(with)},
				{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", 0.1")},
			},
		}}
	}
	return []Finding{f}
}

// grpcWithMax judges a retry interceptor's WithMax wherever it is given:
// a huge count retries until the call's context ends, and a call without
// a deadline never does.
func grpcWithMax(info *types.Info, call *ast.CallExpr) []Finding {
	if !Is(Callee(info, call), GRPCRetry, "WithMax") {
		return nil
	}
	if n, ok := GRPCMaxOf(info, call); !ok || n != -1 {
		return nil
	}
	f := Finding{At: call,
		Msg: "retry.WithMax(" + types.ExprString(call.Args[0]) + ") sets no real limit, so the interceptor retries until the call's context ends, forever for a call without a deadline; allow a few attempts (retry.WithMax(3))",
		Why: "sets no real limit (retry.WithMax)"}
	f.Fixes = []analysis.SuggestedFix{{Message: "allow 3 attempts", TextEdits: []analysis.TextEdit{
		{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: []byte("3")},
	}}}
	return []Finding{f}
}
