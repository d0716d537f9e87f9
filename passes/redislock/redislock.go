package redislock

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// Analyzer reports Redis locks and idempotency markers that are not atomic.
var Analyzer = &analysis.Analyzer{
	Name:      "redislock",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#redislock",
	Requires:  []*analysis.Analyzer{bodies.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*keyParamFact)(nil), (*keyCmdFact)(nil)},
}

const (
	msgNoExpiry  = "lock key is set with NX and no expiry, so a holder that crashes keeps it forever; give it a TTL (SET key token NX PX ms)"
	msgIgnored   = "the result of SET NX is ignored, so the work runs whether or not the key was taken; check the boolean (ok, err := SetNX(...).Result(); if !ok { ... })"
	unlockPrefix = "lock is released with a plain DEL"
	msgUnlock    = "lock is released with a plain DEL that does not check the owner token, so after the TTL expires it can delete another holder's lock; release it with a compare-and-delete Lua script (if GET == token then DEL)"
	msgMarker    = "SET NX marker is not atomic with the work it guards: if the process dies or the TTL expires before the final SET, the next caller repeats the work; back the work with a database unique constraint or make it atomic in one script"
	msgCheckSet  = "GET then SET of the same key is a check-then-set race: two callers both see it missing and both proceed; use SET NX to test and set in one step"
	msgUnlockGet = "lock is released with a plain DEL separate from the GET that checked its owner, so a lock that expired in between and was taken by another holder gets deleted; release it with a compare-and-delete Lua script (if GET == token then DEL)"
	msgExtend    = "lock is extended with an EXPIRE separate from the GET that checked its owner, so a lock that expired in between and was taken by another holder gets extended; extend it with a compare-and-expire Lua script (if GET == token then PEXPIRE)"
)

func run(pass *analysis.Pass) (any, error) {
	wrappersOnly := false
	if !libs.UsesAny(pass.TypesInfo, pass.Pkg, redisClients...) {
		if !hasKeyParamFacts(pass) {
			return nil, nil
		}
		wrappersOnly = true // the package uses lock helpers of another
	}
	lockFields := map[*types.Var]bool{}
	var funcs []*funcCommands
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	for _, b := range index.Top {
		if b.Block == nil {
			continue // not a function
		}
		fc := collect(pass.TypesInfo, index, b)
		for _, c := range fc.cmds {
			if c.nx && len(c.keys) > 0 {
				if fld := keyField(pass.TypesInfo, c.keys[0]); fld != nil {
					lockFields[fld] = true
				}
			}
		}
		funcs = append(funcs, fc)
	}
	for _, fc := range funcs {
		fc.test = strings.HasSuffix(pass.Fset.Position(fc.decl.Pos()).Filename, "_test.go") || takesTesting(pass.TypesInfo, fc.decl)
	}
	pk := newPkgKeys(pass.TypesInfo, funcs)
	type finding struct {
		call *ast.CallExpr
		msg  string
	}
	reported := map[finding]bool{}
	unlocked := map[*ast.CallExpr]bool{}
	at := func(fc *funcCommands, c *command, msg string, related ...analysis.RelatedInformation) {
		if strings.HasPrefix(msg, unlockPrefix) {
			if unlocked[c.call] {
				return // one unsafe unlock, one report
			}
			unlocked[c.call] = true
		}
		if f := (finding{c.call, msg}); !reported[f] {
			reported[f] = true
			report.Report(pass, analysis.Diagnostic{Pos: c.call.Pos(), End: c.call.End(), Message: msg, Related: related})
		}
	}
	for _, fc := range funcs {
		if wrappersOnly {
			break
		}
		fc.check(pk, lockFields, at)
		pk.helperMarkers(fc, at)
	}
	var impls ifaces.Resolver
	exportKeyParams(pass, funcs, &impls)
	pairedUnlocks(pass, funcs, pk.funcs, &impls, at)
	helperKeyRaces(pass, funcs, exportKeyCmds(pass, funcs, &impls), at)
	return nil, nil
}

// funcCommands are the Redis commands of one function, in source order.
type funcCommands struct {
	info    *types.Info
	index   *bodies.Index
	body    *bodies.Body
	decl    *ast.FuncDecl
	parents map[ast.Node]ast.Node
	cmds    []*command
	// shapes are the commands' first keys as genericShaper renders them.
	shapes map[*command]string
	test   bool // in a _test.go file or a test helper: a dropped SET NX result seeds a fixture
}

func collect(info *types.Info, index *bodies.Index, b *bodies.Body) *funcCommands {
	fd := b.Node.(*ast.FuncDecl)
	fc := &funcCommands{info: info, index: index, body: b, decl: fd}
	for n, fn := range index.All(b) {
		if call, ok := n.(*ast.CallExpr); ok {
			if c := decode(info, fd, call, fn); c != nil {
				fc.cmds = append(fc.cmds, c)
			}
		}
	}
	if len(fc.cmds) > 0 {
		// The commands' statements and results are found upwards from
		// them: a map of parents, for the few functions that hold one.
		fc.parents = astutil.Parents(fd)
	}
	return fc
}

// reporter reports a finding at a command, once.
type reporter func(fc *funcCommands, c *command, msg string, related ...analysis.RelatedInformation)

func (fc *funcCommands) check(pk *pkgKeys, lockFields map[*types.Var]bool, report reporter) {
	at := func(c *command, msg string) { report(fc, c, msg) }
	for i, c := range fc.cmds {
		if !c.nx {
			continue
		}
		quiet := pk.seeds(fc, c) || pk.flags[c] || pk.stores[c]
		if c.ttl == ttlNone && !quiet {
			at(c, msgNoExpiry)
		}
		if fc.ignored(c) && !quiet {
			at(c, ignoredMessage(c))
		}
		if quiet {
			continue // a seeded key, a flag or a store, not a lock: its DEL unlocks nothing
		}
		for _, later := range fc.cmds[i+1:] {
			if !fc.sameKeyAs(c, later) {
				continue
			}
			switch {
			case later.name == "DEL":
				at(later, msgUnlock)
			case later.name == "SET" && !later.nx && fc.workBetween(c.call, later.call) && !fc.backedByDatabase():
				at(c, msgMarker)
			}
		}
	}
	for _, c := range fc.cmds {
		if c.name == "DEL" && len(c.keys) > 0 {
			if fld := keyField(fc.info, c.keys[0]); fld != nil && lockFields[fld] {
				at(c, msgUnlock)
			} else if nx, owner := pk.unlockedElsewhere(fc, c); nx != nil {
				report(fc, c, msgUnlock, analysis.RelatedInformation{Pos: nx.call.Pos(), Message: "the lock is taken here, in " + owner.decl.Name.Name})
			}
		}
		if c.name == "GET" || c.name == "EXISTS" {
			fc.checkThenSet(c, at)
			fc.checkThenExpire(c, func(del *command) bool { return pk.lockKeyed(fc, del, lockFields) }, report)
		}
	}
}

func (fc *funcCommands) sameKeyAs(a, b *command) bool {
	if len(a.keys) == 0 {
		return false
	}
	for _, k := range b.keys {
		if sameKey(fc.info, fc.decl, a.keys[0], k) {
			return true
		}
	}
	return false
}

// checkThenSet reports a plain SET of a constant to the key a GET or EXISTS
// read, when the read's result decides whether the SET runs.
func (fc *funcCommands) checkThenSet(read *command, at func(*command, string)) {
	outcome := astutil.ResultVars(fc.info, fc.parents, read.call, nil)
	for _, c := range fc.cmds {
		if c.name != "SET" || c.nx || c.call.Pos() < read.call.Pos() || !fc.sameKeyAs(read, c) {
			continue
		}
		if tv, ok := fc.info.Types[c.value]; !ok || tv.Value == nil {
			continue // computed data, a cache entry: a racing fill is harmless
		}
		if astutil.Decides(fc.info, fc.parents, read.call, outcome, c.call) {
			at(c, msgCheckSet)
		}
	}
}

// ignored reports whether the result of an NX command is thrown away, or
// only its error is read.
func (fc *funcCommands) ignored(c *command) bool {
	if c.redigo {
		return fc.redigoIgnored(c)
	}
	if c.errMethod == "Error" {
		return fc.rueidisIgnored(c)
	}
	if !c.bool {
		return false // SetArgs NX: not acquired is err == redis.Nil, so Err() is the check
	}
	switch p := fc.parents[c.call].(type) {
	case *ast.ExprStmt, *ast.DeferStmt, *ast.GoStmt:
		return true
	case *ast.SelectorExpr:
		if p.Sel.Name == "Err" {
			return true
		}
		if p.Sel.Name == "Result" {
			if as, ok := fc.parents[fc.parents[p]].(*ast.AssignStmt); ok && isBlank(as.Lhs[0]) {
				return true
			}
		}
	case *ast.AssignStmt:
		if isBlank(p.Lhs[0]) {
			return true
		}
		if id, ok := p.Lhs[0].(*ast.Ident); ok {
			return fc.onlyErrUsed(fc.info.ObjectOf(id), c.errMethod)
		}
	}
	return false
}

// redigoIgnored: a redigo SET NX replies nil when the key was taken, with a
// nil error, so discarding the reply ignores the outcome unless the function
// compares with redis.ErrNil (redis.String(conn.Do(...)) turns nil into it).
func (fc *funcCommands) redigoIgnored(c *command) bool {
	var n ast.Node = c.call
	for {
		p := fc.parents[n]
		if call, ok := p.(*ast.CallExpr); ok {
			n = call // redis.String(conn.Do(...))
			continue
		}
		switch p := p.(type) {
		case *ast.ExprStmt:
			return true
		case *ast.AssignStmt:
			return isBlank(p.Lhs[0]) && !mentionsErrNil(fc.info, fc.decl)
		}
		return false
	}
}

func mentionsErrNil(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && id.Name == "ErrNil" {
			if obj := info.Uses[id]; obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == libs.Redigo {
				found = true
			}
		}
		return !found
	})
	return found
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// onlyErrUsed reports whether every use of the command variable reads
// only its error (errMethod: Err on go-redis, Error on rueidis).
// Identifiers are not in the bodies index: this scans the one function
// that holds the command.
func (fc *funcCommands) onlyErrUsed(obj types.Object, errMethod string) bool {
	used, onlyErr := false, true
	ast.Inspect(fc.decl, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || fc.info.Uses[id] != obj {
			return true
		}
		used = true
		if sel, ok := fc.parents[id].(*ast.SelectorExpr); !ok || sel.Sel.Name != errMethod {
			onlyErr = false
		}
		return true
	})
	return used && onlyErr
}

// pureStd are packages whose calls are not "work" between a lock and its
// marker: formatting, errors, time, logging.
var pureStd = map[string]bool{
	"fmt": true, "strings": true, "strconv": true, "errors": true, "time": true,
	"context": true, "log": true, "log/slog": true, "bytes": true, "sort": true,
	libs.GoRedisV9: true, libs.GoRedisV8: true, libs.Redigo: true, libs.RueidisCompat: true,
	libs.Rueidis: true, libs.RueidisCmds: true,
}

// redisClients are the client packages whose commands are read.
var redisClients = []string{libs.GoRedisV9, libs.GoRedisV8, libs.Redigo, libs.RueidisCompat, libs.Rueidis}

// workBetween reports whether a call that does work runs between from and
// to in the function.
func (fc *funcCommands) workBetween(from, to *ast.CallExpr) bool {
	for n, fn := range fc.index.All(fc.body) {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Pos() <= from.End() || call.End() >= to.Pos() {
			continue
		}
		if tv, ok := fc.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
			continue
		}
		if fn == nil || fn.Pkg() == nil || !pureStd[fn.Pkg().Path()] {
			return true
		}
	}
	return false
}

// backedByDatabase reports whether the function also protects the work
// with a database constraint: an insert that resolves conflicts, or a check
// for a unique violation.
func (fc *funcCommands) backedByDatabase() bool {
	for n := range fc.index.All(fc.body) {
		lit, ok := n.(*ast.BasicLit)
		if !ok {
			continue
		}
		tv := fc.info.Types[lit]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		s := constant.StringVal(tv.Value)
		if st := sqltext.Parse(s); st.IsInsert() && st.Conflict || sqltext.MentionsUniqueViolation(s) {
			return true
		}
	}
	return false
}
