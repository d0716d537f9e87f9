package retrysite

import (
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
)

// retries asks a family whose helpers retry only with some policies
// (failsafe-go's executors) whether a call does: from the policies it is
// given, or, for an executor read from a struct field, from what the
// package stores in that field (&Client{exec: failsafe.With(rp)}).
func (f *finder) retries(fam *libs.Family, s *Site) bool {
	u := s.Use(f.info)
	if fam.Retries(u) {
		return true
	}
	if s.Policy == nil {
		return false
	}
	if _, stored := policy.StoredIn(f.info, f.index, s.Policy); stored != nil {
		u.Policy = &stored.Built
		return fam.Retries(u)
	}
	return false
}
