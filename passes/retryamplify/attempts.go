package retryamplify

import (
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// attempts returns how many attempts a site makes when its operation keeps
// failing, or 0 when that is not a constant we can see.
func attempts(info *types.Info, s *retrysite.Site) int {
	switch s.Kind {
	case retrysite.Loop:
		return s.Attempts(info)
	case retrysite.Client:
		return s.Client.Attempts
	case retrysite.Helper:
		return helperAttempts(info, s)
	case retrysite.Redelivery:
		return s.Redelivery.Attempts
	}
	return 0
}

// helperAttempts asks the helper's library family.
func helperAttempts(info *types.Info, s *retrysite.Site) int {
	if fam := libs.FamilyByName(s.Library); fam != nil && fam.Attempts != nil {
		return fam.Attempts(s.Use(info))
	}
	return 0
}
