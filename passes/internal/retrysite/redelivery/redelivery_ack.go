package redelivery

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// AckFact marks a function of the program that acknowledges what a broker
// delivered: its body calls an acknowledgement (a consumer's
// CommitMessage(ctx, msg) wrapping kafka-go's CommitMessages). Code after
// a call of it is not redelivered.
type AckFact struct{}

func (*AckFact) AFact()         {}
func (*AckFact) String() string { return "acks" }

// learnAcks finds the functions of the package that acknowledge, directly
// or through each other, and exports an AckFact for each. Taking a call
// for an acknowledgement only ever shortens what a site covers.
func (r *redeliveries) learnAcks() {
	r.acks = map[*types.Func]bool{}
	for range 4 {
		grew := false
		for fn, fd := range r.decls {
			if r.acks[fn] {
				continue
			}
			if astutil.Some(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				return ok && r.isAck(call)
			}) {
				r.acks[fn] = true
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for fn := range r.acks {
		r.pass.ExportObjectFact(fn, &AckFact{})
		// An importer read from export data may not see the
		// implementation behind an interface of this package.
		for _, m := range r.impls.Stands(r.pass.Pkg, fn) {
			r.pass.ExportObjectFact(m, &AckFact{})
		}
	}
}

// isAck reports whether a call acknowledges: a library acknowledgement,
// the same method of an interface of the program that mirrors it, or a
// function of the program that acknowledges (AckFact).
func (r *redeliveries) isAck(call *ast.CallExpr) bool {
	fn := libs.Callee(r.info, call)
	if fn == nil {
		return false
	}
	if _, ok := lookupMirrored(libs.Acks, fn); ok {
		return true
	}
	if r.acks[fn] || mirrorsAck(fn) || r.importedAck(fn) {
		return true
	}
	// A method of an interface of the program whose one implementation
	// acknowledges (w.handler.Handle(ctx, m), the handler deleting the
	// message).
	if impl := r.impls.SoleImplementation(fn); impl != nil && impl != fn {
		return r.acks[impl] || r.importedAck(impl)
	}
	return false
}

// importedAck reports whether fn carries an AckFact: one of another
// package, or one of this package once learnAcks exported it.
func (r *redeliveries) importedAck(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	var fact AckFact
	return r.pass.ImportObjectFact(fn, &fact)
}

// mirrorsAck reports whether fn is a method of an interface of the program
// that stands for a library acknowledgement under a name of its own making
// (CommitMessage for kafka-go's CommitMessages, Commit, Ack): its name
// begins a library acknowledgement's name, or is that name in the
// singular, and its signature takes or returns the library's types.
func mirrorsAck(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) || len(fn.Name()) < 3 || fn.Pkg() == nil || brokerPath(fn.Pkg().Path()) {
		return false
	}
	for k := range libs.Acks {
		if (strings.HasPrefix(k.Name, fn.Name()) || k.Name == fn.Name()+"s") && mentionsPkg(fn.Signature(), k.Pkg) {
			return true
		}
	}
	return false
}
