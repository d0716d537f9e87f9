package redelivery

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// jobConfig is how a job framework is told to run one kind of job, as far
// as the package shows it.
type jobConfig struct {
	attempts int  // runs in all; 0 = no limit
	dedup    bool // every enqueue is deduplicated by the framework
}

// jobConfigs holds what the package configures: asynq options per task
// type, river options per job args type, Temporal retry policies per
// activity. Where the enqueue is not in the package, the defaults hold.
type jobConfigs struct {
	asynqHandlers map[*ast.BlockStmt][]string     // handler body -> task types it is registered for
	asynqTypes    map[string][]jobConfig          // task type -> each NewTask of it
	riverArgs     map[*types.TypeName][]jobConfig // job args type -> each insert of it
	riverDefault  map[*types.TypeName]jobConfig   // from the args' InsertOpts method
	riverLocal    map[*types.TypeName]jobConfig   // the same, as declared here (exported as facts)
	riverClient   int                             // river.Config{MaxAttempts}
	importArgs    func(*types.TypeName) (jobConfig, bool)
	activities    map[*types.Func][]int // activity -> attempts of each ExecuteActivity
}

func (f *finder) jobConfigs() *jobConfigs {
	c := &jobConfigs{
		asynqHandlers: map[*ast.BlockStmt][]string{},
		asynqTypes:    map[string][]jobConfig{},
		riverArgs:     map[*types.TypeName][]jobConfig{},
		riverDefault:  map[*types.TypeName]jobConfig{},
		riverLocal:    map[*types.TypeName]jobConfig{},
		activities:    map[*types.Func][]int{},
	}
	asynq := libs.ImportsAny(f.pass.Pkg, libs.Asynq)
	river := libs.ImportsAny(f.pass.Pkg, libs.River)
	temporal := libs.ImportsAny(f.pass.Pkg, libs.TemporalWorkflow)
	if !asynq && !river && !temporal {
		return c
	}
	for _, b := range f.index.Bodies {
		for _, call := range b.Calls {
			if asynq {
				f.asynqCall(c, b, call)
			}
			if river {
				f.riverCall(c, b, call)
			}
			if temporal && (libs.Is(call.Callee, libs.TemporalWorkflow, "ExecuteActivity") || libs.Is(call.Callee, libs.TemporalWorkflow, "ExecuteLocalActivity")) && len(call.Args) > 1 {
				if op := site.ResolveOp(f.info, f.decls, call.Args[1], b.Node); op.Func != nil {
					c.activities[op.Func] = append(c.activities[op.Func], f.activityRuns(b, call.CallExpr))
				}
			}
		}
	}
	if river {
		f.riverConfig(c)
	}
	return c
}

// handler returns the Redelivery of a handler recognised by its signature.
func (c *jobConfigs) handler(fw *libs.Framework, b *bodies.Body, param types.Type) *site.Redelivered {
	red := &site.Redelivered{F: fw, Attempts: fw.Attempts}
	var cfgs []jobConfig
	switch fw {
	case libs.AsynqFramework:
		for _, typ := range c.asynqHandlers[b.Block] {
			if len(c.asynqTypes[typ]) == 0 {
				return red // enqueued elsewhere: the defaults
			}
			cfgs = append(cfgs, c.asynqTypes[typ]...)
		}
	case libs.RiverFramework:
		if n, ok := types.Unalias(param).(*types.Named); ok && n.TypeArgs().Len() == 1 {
			if args, ok := types.Unalias(n.TypeArgs().At(0)).(*types.Named); ok {
				cfgs = c.riverArgs[args.Obj()]
				if len(cfgs) == 0 {
					cfgs = []jobConfig{c.argsDefault(args.Obj())}
				}
			}
		}
	}
	return combine(red, cfgs)
}

// argsDefault returns the options a job of type args is inserted with
// when no insert of it is in the package: its InsertOpts method's, here or
// (from a fact) in its own package, then the client's MaxAttempts.
func (c *jobConfigs) argsDefault(args *types.TypeName) jobConfig {
	if cfg, ok := c.riverDefault[args]; ok {
		return cfg
	}
	cfg := jobConfig{attempts: c.riverClient}
	if c.importArgs != nil {
		if imp, ok := c.importArgs(args); ok {
			cfg.dedup = imp.dedup
			if imp.attempts != 0 {
				cfg.attempts = imp.attempts
			}
		}
	}
	return cfg
}

// combine applies the configurations of every enqueue of a handler's jobs:
// the most attempts any allows; deduplicated only when every one is.
func combine(red *site.Redelivered, cfgs []jobConfig) *site.Redelivered {
	if len(cfgs) == 0 {
		return red
	}
	most, dedup := 0, true
	for _, cfg := range cfgs {
		n := cfg.attempts
		if n == 0 {
			n = red.F.Attempts
		}
		if n == 0 || most < 0 {
			most = -1 // no limit
		} else {
			most = max(most, n)
		}
		dedup = dedup && cfg.dedup
	}
	if dedup {
		return nil
	}
	red.Attempts = max(most, 0)
	return red
}

// activity returns the attempts of a Temporal activity: the most that any
// ExecuteActivity of it in the package allows, or no limit.
func (c *jobConfigs) activity(fn *types.Func) int {
	runs := c.activities[fn]
	if len(runs) == 0 {
		return 0
	}
	most := 0
	for _, n := range runs {
		if n == 0 {
			return 0
		}
		most = max(most, n)
	}
	return most
}

// asynqCall records the task types a handler is registered for and the
// options of the tasks made.
func (f *finder) asynqCall(c *jobConfigs, b *bodies.Body, call bodies.Call) {
	switch {
	case libs.Is(call.Callee, libs.Asynq, "NewTask") && len(call.Args) >= 2:
		typ, ok := astutil.StringValue(f.info, call.Args[0], b.Node)
		if !ok {
			return
		}
		cfg := asynqOptions(f.info, call.Args[2:], jobConfig{})
		// Options given where the task is enqueued add to those.
		for _, enq := range f.enqueuesOf(b, call.CallExpr) {
			cfg = asynqOptions(f.info, enq, cfg)
		}
		c.asynqTypes[typ] = append(c.asynqTypes[typ], cfg)
	default:
		if _, ok := libs.AsynqRegister.Lookup(call.Callee); !ok || len(call.Args) != 2 {
			return
		}
		typ, ok := astutil.StringValue(f.info, call.Args[0], b.Node)
		if !ok {
			return
		}
		if body := f.asynqHandlerBody(b, call.Args[1]); body != nil {
			c.asynqHandlers[body] = append(c.asynqHandlers[body], typ)
		}
	}
}

// asynqHandlerBody finds the body of a handler given to ServeMux.Handle or
// HandleFunc: a function, or a value whose ProcessTask is declared here.
func (f *finder) asynqHandlerBody(b *bodies.Body, arg ast.Expr) *ast.BlockStmt {
	if op := site.ResolveOp(f.info, f.decls, arg, b.Node); op.Body != nil {
		return op.Body
	}
	t := f.info.TypeOf(arg)
	if t == nil {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, f.pass.Pkg, "ProcessTask")
	if fn, ok := m.(*types.Func); ok {
		if fd := f.decls[fn.Origin()]; fd != nil {
			return fd.Body
		}
	}
	return nil
}

// enqueuesOf returns the options of the Enqueue calls of b that enqueue
// the task a NewTask call makes (directly, or through a local variable).
func (f *finder) enqueuesOf(b *bodies.Body, newTask *ast.CallExpr) [][]ast.Expr {
	var out [][]ast.Expr
	for _, call := range b.Calls {
		i, ok := libs.AsynqEnqueue.Lookup(call.Callee)
		if !ok || i >= len(call.Args) {
			continue
		}
		arg := ast.Unparen(call.Args[i])
		if id, ok := arg.(*ast.Ident); ok {
			if v, ok := f.info.Uses[id].(*types.Var); ok {
				if def := site.LocalDef(f.info, b.Node, v); def != nil {
					arg = ast.Unparen(def)
				}
			}
		}
		if arg == newTask {
			out = append(out, call.Args[i+1:])
		}
	}
	return out
}

// asynqOptions adds the effect of asynq options to cfg: MaxRetry(n) runs a
// task n+1 times; Unique and TaskID deduplicate it.
func asynqOptions(info *types.Info, opts []ast.Expr, cfg jobConfig) jobConfig {
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok {
			continue
		}
		switch what, _ := libs.AsynqOptions.Lookup(libs.Callee(info, call)); what {
		case "MaxRetry":
			if len(call.Args) != 1 {
				continue
			}
			if n, ok := astutil.IntConst(info, call.Args[0]); ok {
				cfg.attempts = int(max(n, 0)) + 1
			}
		case "dedup":
			cfg.dedup = true
		}
	}
	return cfg
}

// riverCall records the options of a river insert and of the client.
func (f *finder) riverCall(c *jobConfigs, b *bodies.Body, call bodies.Call) {
	i, ok := libs.RiverInsert.Lookup(call.Callee)
	if !ok || i+1 >= len(call.Args) {
		return
	}
	args, ok := types.Unalias(site.DerefType(f.info.TypeOf(call.Args[i]))).(*types.Named)
	if !ok {
		return
	}
	opts := call.Args[i+1]
	if id, ok := ast.Unparen(opts).(*ast.Ident); ok {
		if v, ok := f.info.Uses[id].(*types.Var); ok {
			if def := site.LocalDef(f.info, f.enclosingDecl(b), v); def != nil {
				opts = def
			}
		}
	}
	c.riverArgs[args.Obj()] = append(c.riverArgs[args.Obj()], riverOptions(f.info, opts))
}

// riverConfig reads the InsertOpts methods of job args types and the
// client's MaxAttempts; an insert without options of its own uses them.
func (f *finder) riverConfig(c *jobConfigs) {
	for _, fd := range f.decls {
		if fd.Name.Name != "InsertOpts" || fd.Recv == nil || len(fd.Recv.List) != 1 {
			continue
		}
		args, ok := types.Unalias(site.DerefType(f.info.TypeOf(fd.Recv.List[0].Type))).(*types.Named)
		if !ok {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				c.riverDefault[args.Obj()] = riverOptions(f.info, ret.Results[0])
				c.riverLocal[args.Obj()] = c.riverDefault[args.Obj()]
			}
			return true
		})
	}
	// Args types of other packages: their InsertOpts, from facts.
	imported := func(obj *types.TypeName) {
		if _, ok := c.riverDefault[obj]; !ok {
			if cfg, ok := f.importedArgsOpts(obj); ok {
				c.riverDefault[obj] = cfg
			}
		}
	}
	for obj := range c.riverArgs {
		imported(obj)
	}
	c.importArgs = f.importedArgsOpts
	for n := range f.index.Package() {
		if lit, ok := n.(*ast.CompositeLit); ok && libs.IsNamed(f.info.TypeOf(lit), libs.River, "Config") {
			if v := fieldValue(lit, "MaxAttempts"); v != nil {
				c.riverClient = astutil.IntValue(f.info, v)
			}
		}
	}
	for obj, cfgs := range c.riverArgs {
		for i := range cfgs {
			if cfgs[i].attempts == 0 {
				cfgs[i].attempts = c.riverDefault[obj].attempts
			}
			if cfgs[i].attempts == 0 {
				cfgs[i].attempts = c.riverClient
			}
			cfgs[i].dedup = cfgs[i].dedup || c.riverDefault[obj].dedup
		}
	}
	for obj, cfg := range c.riverDefault {
		if cfg.attempts == 0 {
			cfg.attempts = c.riverClient
			c.riverDefault[obj] = cfg
		}
	}
}

// riverOptions reads a river.InsertOpts literal (or a pointer to one):
// MaxAttempts counts every run; UniqueOpts deduplicates inserts.
func riverOptions(info *types.Info, e ast.Expr) jobConfig {
	var cfg jobConfig
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || !libs.IsNamed(info.TypeOf(lit), libs.River, "InsertOpts") {
		return cfg
	}
	if v := fieldValue(lit, "MaxAttempts"); v != nil {
		cfg.attempts = astutil.IntValue(info, v)
	}
	cfg.dedup = fieldValue(lit, "UniqueOpts") != nil
	return cfg
}

// enclosingDecl returns the declaration holding a body (itself, or the
// function a literal is in), so options set around a literal count.
func (f *finder) enclosingDecl(b *bodies.Body) ast.Node {
	if b.Func != nil {
		return b.Node
	}
	for _, fd := range f.decls {
		if fd.Pos() <= b.Node.Pos() && b.Node.End() <= fd.End() {
			return fd
		}
	}
	return b.Node
}

func fieldValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

func intArg(info *types.Info, e ast.Expr) int {
	n := astutil.IntValue(info, e)
	if n < 0 {
		return 0
	}
	return n
}

// dedup moves the end of what runs again to the first insert that records
// the delivered unit with a conflict clause that skips a duplicate (ON
// CONFLICT DO NOTHING, INSERT IGNORE): a second delivery finds the row
// and stops, the database making the check atomic.
func (r *redeliveries) dedup(block *ast.BlockStmt, red *site.Redelivered) token.Pos {
	until := red.Until
	ast.Inspect(block, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !red.Covers(call.Pos()) || until != token.NoPos && call.Pos() >= until {
			return true
		}
		i, ok := libs.SQLCalls.Lookup(libs.Callee(r.info, call))
		if !ok || i >= len(call.Args) {
			return true
		}
		text, ok := astutil.StringValue(r.info, call.Args[i], block)
		if !ok {
			return true
		}
		upper := strings.ToUpper(text)
		if st := sqltext.Parse(text); st.IsInsert() && st.Conflict && (strings.Contains(upper, "DO NOTHING") || strings.Contains(upper, "IGNORE")) {
			until = call.Pos()
		}
		return true
	})
	return until
}
