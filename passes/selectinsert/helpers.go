package selectinsert

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/ifaces"
)

// helpers holds what the functions of the program do with the database,
// learned from this package's bodies and imported as Facts from the
// packages it depends on: a read in store.Exists(ctx, id), a query helper
// given its SQL by the caller, an insert in store.Create(ctx, row).
type helpers struct {
	pass    *analysis.Pass
	checks  map[*types.Func]*CheckFact
	queries map[*types.Func]*QueryFact
	inserts map[*types.Func]*InsertFact
	// impls resolves a Store interface to its one implementation.
	impls ifaces.Resolver
	// prepared holds the SQL of the statements kept in struct fields.
	prepared *preparedFields
	// The facts of callees are read into these, then copied: a fact
	// variable handed to ImportObjectFact would be allocated for each of
	// the three questions asked of every call of every body.
	checkBuf  CheckFact
	queryBuf  QueryFact
	insertBuf InsertFact
}

func (h *helpers) check(fn *types.Func) *CheckFact {
	if impl := h.impls.SoleImplementation(fn); impl != nil {
		fn = impl
	}
	if c := h.checks[fn]; c != nil {
		return c
	}
	if fn.Pkg() != h.pass.Pkg && h.pass.ImportObjectFact(fn, &h.checkBuf) {
		f := h.checkBuf
		return &f
	}
	return nil
}

func (h *helpers) query(fn *types.Func) *QueryFact {
	if impl := h.impls.SoleImplementation(fn); impl != nil {
		fn = impl
	}
	if q := h.queries[fn]; q != nil {
		return q
	}
	if fn.Pkg() != h.pass.Pkg && h.pass.ImportObjectFact(fn, &h.queryBuf) {
		f := h.queryBuf
		return &f
	}
	return nil
}

func (h *helpers) insert(fn *types.Func) *InsertFact {
	if impl := h.impls.SoleImplementation(fn); impl != nil {
		fn = impl
	}
	if i := h.inserts[fn]; i != nil {
		return i
	}
	if fn.Pkg() != h.pass.Pkg && h.pass.ImportObjectFact(fn, &h.insertBuf) {
		f := h.insertBuf
		return &f
	}
	return nil
}

// learn finds, to a fixpoint (helpers call helpers), the functions of the
// package that read, run their caller's SQL or insert, and exports their
// Facts. g knows the functions that tell a unique violation apart.
func (h *helpers) learn(decls []*bodies.Body, newFinder func(*bodies.Body) *finder, g *guards) {
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			if h.checks[d.Func] != nil || h.queries[d.Func] != nil || h.inserts[d.Func] != nil {
				continue
			}
			f := newFinder(d)
			reads, inserts := f.accesses()
			switch {
			case len(f.paramUses) > 0 && len(reads) == 0 && len(inserts) == 0:
				if p, ok := oneParam(f.paramUses); ok {
					h.queries[d.Func] = &QueryFact{Param: p, Outcome: returnsOutcome(d.Func)}
					changed = true
				}
			case len(f.paramUses) > 0:
			case len(reads) == 1 && len(inserts) == 0 && returnsOutcome(d.Func):
				r := reads[0]
				h.checks[d.Func] = &CheckFact{Table: r.table, Columns: r.cols, Model: r.modelName, Backed: r.backed || r.model != nil && backedByModel(r), Count: isCount(r)}
				changed = true
			case len(inserts) > 0 && len(reads) == 0:
				if fact := insertFact(f, inserts); fact != nil && !g.detectsUnique(d, d.Node) && !g.serializable(d.Node) && !g.holdsLock(d) {
					h.inserts[d.Func] = fact
					changed = true
				}
			}
		}
	}
	// The facts go on the interface methods a function alone implements
	// too: under go vet a caller in another package sees the interface
	// but not the package's unexported implementation.
	for fn, f := range h.checks {
		if f.Table != "" || f.Model != "" {
			h.export(fn, f)
		}
	}
	for fn, f := range h.queries {
		h.export(fn, f)
	}
	for fn, f := range h.inserts {
		h.export(fn, f)
	}
}

// insertFact describes a function's inserts when they are all into one
// table or model and none resolves a conflict: a function that also
// upserts, or inserts into several tables, is left opaque.
func insertFact(f *finder, inserts []*access) *InsertFact {
	var fact *InsertFact
	for _, ins := range inserts {
		if ins.safe || ins.first || ins.table == "" && ins.modelName == "" {
			return nil
		}
		if fact != nil && (fact.Table != ins.table || fact.Model != ins.modelName) {
			return nil
		}
		fact = &InsertFact{Table: ins.table, Model: ins.modelName}
		if ins.what == "GORM Save" && ins.saved != nil {
			if p, ok := f.paramOf(derefArg(ins.saved)); ok {
				fact.SaveParam = p + 1
			}
		}
	}
	return fact
}

// derefArg strips the & of db.Save(&row).
func derefArg(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok {
		return u.X
	}
	return e
}

func oneParam(uses []paramUse) (int, bool) {
	for _, u := range uses[1:] {
		if u.param != uses[0].param {
			return 0, false
		}
	}
	return uses[0].param, true
}

// export exports f on fn and on the interface methods fn alone implements.
func (h *helpers) export(fn *types.Func, f analysis.Fact) {
	h.pass.ExportObjectFact(fn, f)
	for _, m := range h.impls.Stands(h.pass.Pkg, fn) {
		h.pass.ExportObjectFact(m, f)
	}
}
