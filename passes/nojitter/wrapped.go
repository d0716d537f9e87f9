package nojitter

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
)

// checkWrapped judges the policies handed to an HTTP transport or request
// that retries with them (failsafehttp.NewRoundTripper(nil, rp)), as at a
// retry helper call: the transport retries every request sent through it.
func checkWrapped(pass *analysis.Pass) {
	if !libs.ImportsAny(pass.Pkg, libs.WrappingPaths()...) {
		return
	}
	for _, u := range policy.Wrapped(pass.TypesInfo, pass.ResultOf[bodies.Analyzer].(*bodies.Index)) {
		if fam := libs.FamilyByName(u.Func); fam != nil && fam.NoJitter != nil && (fam.Retries == nil || fam.Retries(u)) {
			fs, _ := fam.NoJitter(u)
			libs.ReportFindings(pass, fs)
		}
	}
}
