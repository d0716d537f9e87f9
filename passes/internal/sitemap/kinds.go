package sitemap

import (
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// categoryOf is the category of a site of retrysite.Result.Sites.
func categoryOf(s *retrysite.Site) string {
	switch s.Kind {
	case retrysite.Helper:
		return "library"
	case retrysite.UserHelper:
		return "helper"
	case retrysite.Client:
		return "client"
	case retrysite.Redelivery:
		return "handler"
	}
	return "loop"
}

// kindOf says how a site retries, as a reviewer names it: the loop, the
// library helper called, the helper of the program, the framework.
func kindOf(s *retrysite.Site, category string) string {
	switch category {
	case "goto":
		return "goto loop"
	case "recursion":
		return "recursion"
	case "failure-path":
		return "reconnect loop"
	case "library":
		return libraryName(libs.NameOf(s.HelperFunc))
	case "helper":
		k := "helper " + qualified(s.HelperFunc)
		if s.Library.Name != "" {
			k += " over " + libraryName(s.Library)
		}
		return k
	case "client":
		return clientKind(s)
	case "handler":
		f := s.Redelivery.F
		return f.Name + " " + f.Handler
	}
	return "loop"
}

// libraryName names a library function by its module path less the host
// (cenkalti/backoff/v4.Retry), so two major versions stay apart.
func libraryName(f libs.Func) string {
	path := f.Pkg
	if i := strings.Index(path, "/"); i >= 0 && strings.Contains(path[:i], ".") && strings.Count(path, "/") > 1 {
		path = path[i+1:]
	}
	name := f.Name
	if f.Recv != "" && f.Recv != "interface" {
		name = f.Recv + "." + name
	}
	return path + "." + name
}

// clientKind names the library of a retrying client from the call that
// sends through it.
func clientKind(s *retrysite.Site) string {
	fn := s.HelperFunc
	switch {
	case libs.IsAWSOperation(fn):
		return "AWS SDK client"
	case isGRPCCall(fn):
		return "gRPC client with retries"
	case fn == nil || fn.Pkg() == nil:
		return "retrying client"
	}
	switch path := fn.Pkg().Path(); {
	case path == libs.RetryableHTTP:
		return "retryablehttp client"
	case path == libs.RestyV2:
		return "resty client"
	case path == libs.FailsafeHTTP:
		return "failsafe-go HTTP request"
	case path == "net/http":
		return "http.Client over a retrying transport"
	}
	return "retrying client"
}

func isGRPCCall(fn *types.Func) bool {
	if _, ok := libs.GRPCMethodOf(fn); ok {
		return true
	}
	_, ok := libs.GRPCInvokes.Lookup(fn)
	return ok
}

// qualified names a function as a reader finds it: pkg.F or pkg.T.M.
func qualified(fn *types.Func) string {
	if fn == nil {
		return "?"
	}
	if fn.Pkg() == nil {
		return astutil.FuncName(fn)
	}
	return fn.Pkg().Name() + "." + astutil.FuncName(fn)
}

// fullName names a function with its package path, as rows are keyed
// (Package + "." + Function).
func fullName(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	return fn.Pkg().Path() + "." + astutil.FuncName(fn)
}
