package redelivery

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// JobOptsFact is exported on the InsertOpts method of a river job args
// type: the options every insert of such a job starts from. Real services
// declare the args types in one package and their workers in another, so
// the worker's package learns here that its jobs run once.
type JobOptsFact struct {
	Attempts int  // InsertOpts{MaxAttempts}; 0 = not set
	Dedup    bool // InsertOpts{UniqueOpts}
}

func (*JobOptsFact) AFact() {}
func (f *JobOptsFact) String() string {
	return fmt.Sprintf("river opts attempts=%d dedup=%t", f.Attempts, f.Dedup)
}

// ActivityRunsFact is a package fact listing the Temporal activities the
// package executes (workflow.ExecuteActivity), by full name, with the runs
// its retry policies allow (0 = no limit). A worker that registers an
// activity executed in a package it imports leaves the activity to that
// package, which reads the policy and reports at its ExecuteActivity: the
// registration alone would only know the server's default.
type ActivityRunsFact struct {
	Activities []ActivityRuns // sorted by name: facts must encode the same way each time
}

// ActivityRuns is one activity of an ActivityRunsFact.
type ActivityRuns struct {
	Name string // types.Func.FullName
	Runs int
}

func (*ActivityRunsFact) AFact() {}
func (f *ActivityRunsFact) String() string {
	var names []string
	for _, a := range f.Activities {
		names = append(names, fmt.Sprintf("%s=%d", a.Name, a.Runs))
	}
	return "activities " + strings.Join(names, " ")
}

// exportJobFacts exports what other packages need of the package's job
// configuration.
func (f *finder) exportJobFacts(c *jobConfigs) {
	for _, fd := range f.decls {
		if fd.Name.Name != "InsertOpts" || fd.Recv == nil {
			continue
		}
		fn, ok := f.info.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		recv := fn.Signature().Recv()
		if recv == nil {
			continue
		}
		args, ok := types.Unalias(site.DerefType(recv.Type())).(*types.Named)
		if !ok {
			continue
		}
		if cfg, ok := c.riverLocal[args.Obj()]; ok && (cfg.attempts != 0 || cfg.dedup) {
			f.pass.ExportObjectFact(fn, &JobOptsFact{Attempts: cfg.attempts, Dedup: cfg.dedup})
		}
	}
	if len(c.activities) > 0 {
		fact := &ActivityRunsFact{}
		for fn := range c.activities {
			fact.Activities = append(fact.Activities, ActivityRuns{Name: fn.FullName(), Runs: c.activity(fn)})
		}
		sort.Slice(fact.Activities, func(i, j int) bool { return fact.Activities[i].Name < fact.Activities[j].Name })
		f.pass.ExportPackageFact(fact)
	}
}

// importedArgsOpts returns the options of a river job args type declared in
// another package, from the fact on its InsertOpts method.
func (f *finder) importedArgsOpts(args *types.TypeName) (jobConfig, bool) {
	if args.Pkg() == nil || args.Pkg() == f.pass.Pkg {
		return jobConfig{}, false
	}
	m, _, _ := types.LookupFieldOrMethod(args.Type(), true, args.Pkg(), "InsertOpts")
	fn, ok := m.(*types.Func)
	if !ok {
		return jobConfig{}, false
	}
	var fact JobOptsFact
	if !f.pass.ImportObjectFact(fn.Origin(), &fact) {
		return jobConfig{}, false
	}
	return jobConfig{attempts: fact.Attempts, dedup: fact.Dedup}, true
}

// executedElsewhere reports whether a package this one imports executes
// the activity fn (an ActivityRunsFact lists it).
func (f *finder) executedElsewhere(fn *types.Func) bool {
	name := fn.FullName()
	for _, pf := range f.pass.AllPackageFacts() {
		if pf.Package == f.pass.Pkg {
			continue
		}
		if fact, ok := pf.Fact.(*ActivityRunsFact); ok {
			for _, a := range fact.Activities {
				if a.Name == name {
					return true
				}
			}
		}
	}
	return false
}
