// Package ssautil connects the syntax the retry-site recognition works on
// with the SSA form the data-flow questions are answered on.
package ssautil

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// CallsByPos indexes the calls of funcs by the position of their opening
// parenthesis, which is how an *ast.CallExpr finds its SSA twin.
func CallsByPos(funcs []*ssa.Function) map[token.Pos]*ssa.CallCommon {
	out := map[token.Pos]*ssa.CallCommon{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					out[c.Common().Pos()] = c.Common()
				}
			}
		}
	}
	return out
}
