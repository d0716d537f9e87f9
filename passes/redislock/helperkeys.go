package redislock

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
)

// keyCmdFact says that a function sends one Redis command on a key it
// builds from its parameters (a dedupe store's Seen(ctx, id) doing GET
// "evt:"+id, Mark(ctx, id) doing SET "evt:"+id 1, Claim(ctx, id) doing
// SET NX and returning whether it took the key). Key is the key's
// rendering with the parameters as placeholders, so that a caller, in any
// package, can tell two helpers touch the same key: it puts the arguments
// it passes in their places.
type keyCmdFact struct {
	Cmd string // GET, EXISTS, SET (plain, of a constant value) or NX
	Key string
	// Anchored: the key holds more than a parameter (a prefix, a key
	// builder), so two helpers' keys name one key family.
	Anchored bool
}

func (*keyCmdFact) AFact() {}

func (f *keyCmdFact) String() string {
	key := strings.NewReplacer(placeholderOpen, "$", placeholderClose, "").Replace(f.Key)
	return fmt.Sprintf("%s %s", f.Cmd, fieldAddr.ReplaceAllString(key, "field"))
}

// fieldAddr matches how a shaper renders a field (by its declaration's
// address), which String leaves out to stay the same from run to run.
var fieldAddr = regexp.MustCompile(`f0x[0-9a-f]+`)

const placeholderOpen, placeholderClose = "\x00p", "\x00"

// placeholderShaper renders fd's parameters as placeholders numbered by
// position.
func placeholderShaper(info *types.Info, fd *ast.FuncDecl) *shaper {
	s := &shaper{info: info, decl: fd, params: map[types.Object]shape{}}
	for i, p := range declParams(info, fd) {
		if p != nil {
			s.params[p] = shape{text: fmt.Sprintf("%s%d%s", placeholderOpen, i, placeholderClose)}
		}
	}
	return s
}

// keyCmd computes fc's fact: its only Redis command is a GET or EXISTS
// whose result it returns as something other than an error (found bool,
// count, value), a plain SET of a constant (a marker), or a SET NX whose
// result it returns; the key is built from the parameters.
func keyCmd(fc *funcCommands) *keyCmdFact {
	if len(fc.cmds) != 1 || len(fc.cmds[0].keys) == 0 {
		return nil
	}
	c := fc.cmds[0]
	var cmd string
	switch {
	case (c.name == "GET" || c.name == "EXISTS") && returnsFinding(fc):
		cmd = c.name
	case c.name == "SET" && !c.nx:
		if tv, ok := fc.info.Types[c.value]; !ok || tv.Value == nil {
			return nil // computed data, a cache entry
		}
		cmd = "SET"
	case c.name == "SET" && c.nx && fc.returnsResult(c) && c.ttl != ttlNone:
		cmd = "NX"
	default:
		return nil
	}
	sh, ok := placeholderShaper(fc.info, fc.decl).of(c.keys[0])
	if !ok || !strings.Contains(sh.text, placeholderOpen) {
		return nil // a fixed key: one helper's own business
	}
	return &keyCmdFact{Cmd: cmd, Key: sh.text, Anchored: sh.anchored}
}

// returnsFinding reports whether fc returns something besides an error:
// what the read found.
func returnsFinding(fc *funcCommands) bool {
	fn, ok := fc.info.Defs[fc.decl.Name].(*types.Func)
	if !ok {
		return false
	}
	res := fn.Signature().Results()
	for i := range res.Len() {
		if !isErrorType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// exportKeyCmds exports the facts of the package's functions, and of the
// interface methods they alone implement, and returns them by function.
func exportKeyCmds(pass *analysis.Pass, funcs []*funcCommands, impls *ifaces.Resolver) map[*types.Func]*keyCmdFact {
	out := map[*types.Func]*keyCmdFact{}
	for _, fc := range funcs {
		fn, ok := pass.TypesInfo.Defs[fc.decl.Name].(*types.Func)
		if !ok {
			continue
		}
		if f := keyCmd(fc); f != nil {
			pass.ExportObjectFact(fn, f)
			out[fn] = f
			for _, m := range impls.Stands(pass.Pkg, fn) {
				pass.ExportObjectFact(m, f) // a Store interface's one implementation
				out[m] = f
			}
		}
	}
	return out
}

// helperCall is a call of a keyCmdFact helper with its key seen from the
// caller.
type helperCall struct {
	call *ast.CallExpr
	fn   *types.Func
	fact *keyCmdFact
	key  string
}

// helperKeyRaces reports, in every function of the package, the races
// assembled from helpers of any package: a GET or EXISTS helper whose
// finding decides a SET helper on the same key (check-then-set, reported
// at the SET helper's call), and, for helpers of other packages, an NX
// helper followed by work and a SET helper on the same key (a marker,
// reported at the NX helper's call; helperMarkers reports the package's
// own).
func helperKeyRaces(pass *analysis.Pass, funcs []*funcCommands, local map[*types.Func]*keyCmdFact, at reporter) {
	for _, fc := range funcs {
		calls := fc.helperCalls(pass, local)
		if len(calls) < 2 {
			continue
		}
		if fc.parents == nil {
			fc.parents = astutil.Parents(fc.decl)
		}
		for i, a := range calls {
			for _, b := range calls[i+1:] {
				if b.fact.Cmd != "SET" || a.key != b.key || b.call.Pos() <= a.call.End() {
					continue
				}
				switch a.fact.Cmd {
				case "GET", "EXISTS":
					// Work must hang on the check (between, or after the
					// set): a flag turned on twice with nothing else
					// repeated harms no one.
					if fc.findingDecides(a.call, b.call) && (fc.workBetween(a.call, b.call) || fc.workAfter(b.call)) {
						at(fc, &command{call: b.call}, msgCheckSet,
							analysis.RelatedInformation{Pos: a.call.Pos(), Message: "the key is read here, by " + a.fn.Name() + ", and set by " + b.fn.Name()})
					}
				case "NX":
					if a.fn.Pkg() != pass.Pkg && fc.workBetween(a.call, b.call) && !fc.backedByDatabase() {
						at(fc, &command{call: a.call}, msgMarker,
							analysis.RelatedInformation{Pos: b.call.Pos(), Message: "the key " + a.fn.Name() + " took is set again here, by " + b.fn.Name()})
					}
				}
			}
		}
	}
}

// helperCalls lists fc's calls of keyCmdFact helpers whose key, with fc's
// arguments in place, names a key family.
func (fc *funcCommands) helperCalls(pass *analysis.Pass, local map[*types.Func]*keyCmdFact) []helperCall {
	var out []helperCall
	ids := identityShaper(fc.info, fc.decl)
	for n, fn := range fc.index.All(fc.body) {
		call, ok := n.(*ast.CallExpr)
		if !ok || fn == nil {
			continue
		}
		f := local[fn]
		if f == nil {
			var imported keyCmdFact
			if fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &imported) {
				continue
			}
			f = &imported
		}
		key, anchored, ok := substitute(f, call, ids)
		if ok && anchored {
			out = append(out, helperCall{call: call, fn: fn, fact: f, key: key})
		}
	}
	return out
}

// substitute puts the shapes of call's arguments in the placeholders of
// the helper's key.
func substitute(f *keyCmdFact, call *ast.CallExpr, ids *shaper) (string, bool, bool) {
	anchored := f.Anchored
	key := f.Key
	for i, arg := range call.Args {
		p := fmt.Sprintf("%s%d%s", placeholderOpen, i, placeholderClose)
		if !strings.Contains(key, p) {
			continue
		}
		sh, ok := ids.of(arg)
		if !ok {
			return "", false, false
		}
		anchored = anchored || sh.anchored
		key = strings.ReplaceAll(key, p, sh.text)
	}
	return key, anchored, !strings.Contains(key, placeholderOpen)
}

// findingDecides reports whether what the read helper found, not only its
// error, decides whether target runs: if seen { return nil } ... Mark.
func (fc *funcCommands) findingDecides(read, target *ast.CallExpr) bool {
	outcome := astutil.ResultVars(fc.info, fc.parents, read, nil)
	found := map[types.Object]bool{}
	for v := range outcome {
		if !isErrorType(v.Type()) {
			found[v] = true
		}
	}
	if len(found) == 0 {
		return false
	}
	return astutil.Decides(fc.info, fc.parents, read, found, target)
}
