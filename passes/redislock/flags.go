package redislock

import (
	"go/ast"
	"go/types"
)

// stateFlags returns the NX commands of the package that set a state flag
// rather than take a lock: no expiry and no work after them in their
// function (Pause: SET paused NX, an error when it was set already), on a
// key that another function hands to a script among other keys (a dequeue script that consults the flag with the queues it
// works on). A lock's key reaches a script alone, to be released or renewed
// by its owner; a key read among others is state the program consults, and
// the function that deletes it (Unpause) unlocks nothing.
func stateFlags(info *types.Info, funcs []*funcCommands) map[*command]bool {
	read := scriptStateKeys(info, funcs)
	if len(read) == 0 {
		return nil
	}
	flags := map[*command]bool{}
	for _, fc := range funcs {
		for _, c := range fc.cmds {
			sh, ok := fc.shapes[c]
			if ok && c.nx && c.ttl == ttlNone && read[sh] && !fc.workAfter(c.call) {
				flags[c] = true
			}
		}
	}
	return flags
}

// scriptStateKeys returns the shapes of the keys that functions running a
// script list in a []string of two or more keys.
func scriptStateKeys(info *types.Info, funcs []*funcCommands) map[string]bool {
	out := map[string]bool{}
	for _, fc := range funcs {
		if !fc.runsScript() {
			continue
		}
		s := genericShaper(info, fc.decl)
		ast.Inspect(fc.decl.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || len(lit.Elts) < 2 || !isStringSlice(info.TypeOf(lit)) {
				return true
			}
			for _, e := range lit.Elts {
				if sh, ok := s.of(e); ok && sh.anchored {
					out[sh.text] = true
				}
			}
			return true
		})
	}
	return out
}

func (fc *funcCommands) runsScript() bool {
	for _, c := range fc.cmds {
		if c.name == "EVAL" {
			return true
		}
	}
	return false
}

func isStringSlice(t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}
