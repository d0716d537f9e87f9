package shop

import "context"

// SignUp checks through the repository of package accounts, then inserts
// through it with INSERT ... RETURNING: two concurrent sign-ups can both
// pass the check. Reported at the insert call.
func (s *Service) SignUp(ctx context.Context, email, name string) (int64, error) {
	taken, err := s.accounts.EmailTaken(ctx, email)
	if err != nil {
		return 0, err
	}
	if taken {
		return 0, errEmailTaken
	}
	return s.accounts.Insert(ctx, email, name)
}

// SignUpUpsert is the look-alike: the insert has a conflict clause.
func (s *Service) SignUpUpsert(ctx context.Context, email, name string) error {
	taken, err := s.accounts.EmailTaken(ctx, email)
	if err != nil || taken {
		return err
	}
	return s.accounts.Upsert(ctx, email, name)
}
