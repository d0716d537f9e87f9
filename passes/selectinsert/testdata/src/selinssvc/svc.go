// Package selinssvc is a service that checks through the repository
// helpers of selinsstore and inserts directly or through them.
package selinssvc

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"

	"selinsstore"
)

// Service signs members up.
type Service struct {
	db    *sql.DB
	gdb   *gorm.DB
	teams *selinsstore.TeamStore
}

// --- reported ---

// EnsureMember returns the member's id, creating the member on first use.
func (s *Service) EnsureMember(ctx context.Context, email string) (int64, error) {
	id, err := selinsstore.MemberIDByEmail(ctx, s.db, email)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, selinsstore.ErrNotFound) {
		return 0, err
	}
	err = s.db.QueryRowContext(ctx, "INSERT INTO members (email) VALUES ($1) RETURNING id", email).Scan(&id) // want `insert into members runs only when the MemberIDByEmail\(\) at line 26 found nothing`
	return id, err
}

// Join adds a member unless the address is known, through both helpers.
func (s *Service) Join(ctx context.Context, email string) error {
	known, err := selinsstore.Found(ctx, s.db, "SELECT 1 FROM members WHERE email = $1", email)
	if err != nil || known {
		return err
	}
	return selinsstore.AddMember(ctx, s.db, email) // want `insert into members in AddMember\(\) runs only when the SELECT in Found\(\) at line 39 found nothing`
}

const invoiceBySubscription = "SELECT id FROM invoices WHERE subscription_id = $1"

// Invoice numbers the invoice of a subscription period. UNIQUE (org_id,
// number) does not cover subscription_id: two calls both find nothing.
func (s *Service) Invoice(ctx context.Context, orgID, subID int64, number string) error {
	_, found, err := selinsstore.IDBy(ctx, s.db, invoiceBySubscription, subID)
	if err != nil {
		return err
	}
	if found {
		return nil
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO invoices (org_id, number, subscription_id) VALUES ($1, $2, $3)", orgID, number, subID) // want `insert into invoices runs only when the SELECT in IDBy\(\) at line 51 found nothing`
	return err
}

// StartTrial runs at REPEATABLE READ, which does not stop two inserts.
func (s *Service) StartTrial(ctx context.Context, orgID int64) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	ok, err := selinsstore.Found(ctx, tx, "SELECT 1 FROM trials WHERE org_id = $1", orgID)
	if err != nil || ok {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO trials (org_id) VALUES ($1)", orgID); err != nil { // want `insert into trials runs only when the SELECT in Found\(\) at line 69 found nothing`
		return err
	}
	return tx.Commit()
}

// CreateTeam is a handler's "name already in use" check, then the insert
// through the store's Save.
func (s *Service) CreateTeam(orgID uint, name string) error {
	inUse, err := s.teams.NameInUse(orgID, name)
	if err != nil {
		return err
	}
	if inUse {
		return errors.New("team name already in use")
	}
	return s.teams.Save(&selinsstore.Team{OrgID: orgID, Name: name}) // want `insert into Team in Save\(\) runs only when the NameInUse\(\) at line 82 found nothing`
}

// Invite checks and creates inside a GORM transaction at the default
// isolation: still a check-then-insert.
func (s *Service) Invite(orgID uint, name string) error {
	return s.gdb.Transaction(func(tx *gorm.DB) error {
		var t selinsstore.Team
		err := tx.Where("org_id = ? AND name = ?", orgID, name).First(&t).Error
		if err == nil {
			return nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		return tx.Create(&selinsstore.Team{OrgID: orgID, Name: name}).Error // want `insert into Team runs only when the GORM First at line 97 found nothing`
	})
}

// --- not reported ---

// AssignSeat: seats.member_id has a unique index in the migrations.
func (s *Service) AssignSeat(ctx context.Context, memberID int64) error {
	taken, err := selinsstore.Found(ctx, s.db, "SELECT 1 FROM seats WHERE member_id = $1", memberID)
	if err != nil || taken {
		return err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO seats (member_id) VALUES ($1)", memberID)
	return err
}

// Tag inserts through a helper whose insert has ON CONFLICT.
func (s *Service) Tag(ctx context.Context, name string) error { // want Tag:`checks tags\(name\)`
	ok, err := selinsstore.Found(ctx, s.db, "SELECT 1 FROM tags WHERE name = $1", name)
	if err != nil || ok {
		return err
	}
	return selinsstore.AddTag(ctx, s.db, name)
}

// Label inserts through a helper that handles the unique violation.
func (s *Service) Label(ctx context.Context, name string) error { // want Label:`checks labels\(name\)` Label:`detects unique violations`
	ok, err := selinsstore.Found(ctx, s.db, "SELECT 1 FROM labels WHERE name = $1", name)
	if err != nil || ok {
		return err
	}
	return selinsstore.AddLabel(ctx, s.db, name)
}

// JoinSerializable runs the check and the insert serializable.
func (s *Service) JoinSerializable(ctx context.Context, email string) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := selinsstore.MemberIDByEmail(ctx, tx, email); !errors.Is(err, selinsstore.ErrNotFound) {
		return err
	}
	if err := selinsstore.AddMember(ctx, tx, email); err != nil {
		return err
	}
	return tx.Commit()
}

// Rename reads a team and saves it back: Save updates the row just read.
func (s *Service) Rename(id uint, name string) error {
	t, err := s.teams.Get(id)
	if err != nil {
		return err
	}
	t.Name = name
	return s.teams.Save(t)
}

// OpenSpace: the slug has a unique index on the model.
func (s *Service) OpenSpace(slug string) error {
	taken, err := s.teams.SlugTaken(slug)
	if err != nil || taken {
		return err
	}
	return s.teams.CreateSpace(&selinsstore.Space{Slug: slug})
}

// Resend inserts only when the lookup found the member: not a check for
// absence.
func (s *Service) Resend(ctx context.Context, email string) error {
	known, err := selinsstore.Found(ctx, s.db, "SELECT 1 FROM members WHERE email = $1", email)
	if err != nil || !known {
		return err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO outbox (kind, email) VALUES ('resend', $1)", email)
	return err
}

// Reply inserts a member's reply after loading the member by e-mail: the
// insert runs when the read found the row, not when it found nothing.
func (s *Service) Reply(ctx context.Context, email string) error {
	if _, err := selinsstore.MemberIDByEmail(ctx, s.db, email); err != nil {
		return err
	}
	return selinsstore.AddMember(ctx, s.db, email+".alias")
}
