package nojitter

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// acceptsOnly reports whether every attempt of s accepts a connection on
// a listener (net/http's `if ne.Temporary() { time.Sleep(tempDelay);
// continue }` after l.Accept()). Accept asks the process's own socket,
// not a dependency many clients share: its wait has no herd to spread,
// so jitter and cap are not judged. A loop that waits for nothing is
// still reported (it spins on EMFILE).
func acceptsOnly(info *types.Info, s *retrysite.Site) bool {
	attempts := s.Attempt
	if len(attempts) == 0 && s.Op.Body != nil {
		// A reconnect loop's attempt is its whole body: its attempts
		// are the calls whose error it keeps.
		ast.Inspect(s.Op.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if _, ok := status.IsOpAssign(info, n); ok {
				attempts = append(attempts, n)
			}
			return true
		})
	}
	// What an accepted connection is then given to (enc, err :=
	// newEncoder(conn)) is the work on that connection, not an attempt
	// of the loop's own.
	accepted := map[types.Object]bool{}
	for _, n := range attempts {
		if lhs, call := site.OpParts(n); call != nil && isAccept(libs.Callee(info, call)) {
			for _, l := range lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					accepted[info.ObjectOf(id)] = true
				}
			}
		}
	}
	found := false
	for _, n := range attempts {
		if _, ok := status.IsOpAssign(info, n); !ok {
			continue // a statement of the attempt that calls nothing it keeps
		}
		_, call := site.OpParts(n)
		if call == nil || site.MentionsAny(info, call, accepted) {
			continue
		}
		if !isAccept(libs.Callee(info, call)) {
			return false
		}
		found = true
	}
	return found
}

// isAccept reports whether fn is net.Listener's Accept or a net listener
// type's.
func isAccept(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net" {
		return false
	}
	switch fn.Name() {
	case "Accept", "AcceptTCP", "AcceptUnix":
		return fn.Signature().Recv() != nil
	}
	return false
}
