// Package selinsgormv1 is a legacy service on GORM v1 (jinzhu/gorm): the
// same check-then-create hazards as on gorm.io/gorm.
package selinsgormv1

import (
	"errors"

	"github.com/jinzhu/gorm"
)

// Customer has no unique key but its id.
type Customer struct {
	gorm.Model
	Email string
}

// Handle is unique through a v1 unique_index tag.
type Handle struct {
	gorm.Model
	Name string `gorm:"unique_index"`
}

// Domain is unique per organisation through a named composite index.
type Domain struct {
	ID    uint   `gorm:"primary_key"`
	OrgID uint   `gorm:"unique_index:idx_org_host"`
	Host  string `gorm:"unique_index:idx_org_host"`
}

// Coupon's code is unique through the sql tag v1 also reads.
type Coupon struct {
	ID   uint
	Code string `sql:"unique"`
}

// Repo is the v1 repository.
type Repo struct {
	db *gorm.DB
}

// --- reported ---

// Signup creates the customer unless one has the address.
func (r *Repo) Signup(email string) error {
	var c Customer
	if r.db.Where("email = ?", email).First(&c).RecordNotFound() {
		return r.db.Create(&Customer{Email: email}).Error // want `insert into Customer runs only when the GORM First at line 46 found nothing`
	}
	return nil
}

// Import creates the customer when the lookup says not found.
func (r *Repo) Import(email string) error {
	var c Customer
	err := r.db.Where(&Customer{Email: email}).Take(&c).Error
	if !gorm.IsRecordNotFoundError(err) {
		return err
	}
	return r.db.Create(&Customer{Email: email}).Error // want `insert into Customer runs only when the GORM Take at line 55 found nothing`
}

// Count counts first.
func (r *Repo) Register(email string) error {
	var n int
	if err := r.db.Model(&Customer{}).Where("email = ?", email).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return r.db.Save(&Customer{Email: email}).Error // want `insert into Customer runs only when the GORM Count at line 65`
	}
	return nil
}

// Adopt checks and creates inside a v1 transaction at the default
// isolation.
func (r *Repo) Adopt(email string) error {
	return r.db.Transaction(func(tx *gorm.DB) error {
		var found []Customer
		if err := tx.Where("email = ?", email).Find(&found).Error; err != nil {
			return err
		}
		if len(found) > 0 {
			return errors.New("customer exists")
		}
		return tx.Create(&Customer{Email: email}).Error // want `insert into Customer runs only when the GORM Find at line 79`
	})
}

// Ensure uses FirstOrCreate on a model with no unique e-mail.
func (r *Repo) Ensure(email string) (*Customer, error) {
	var c Customer
	err := r.db.Where(Customer{Email: email}).FirstOrCreate(&c).Error // want `FirstOrCreate is a find-then-create with no lock and no conflict clause`
	return &c, err
}

// --- not reported ---

// Claim: the name carries a unique_index.
func (r *Repo) Claim(name string) error {
	var h Handle
	if r.db.Where("name = ?", name).First(&h).RecordNotFound() {
		return r.db.Create(&Handle{Name: name}).Error
	}
	return nil
}

// AddDomain: the composite unique index covers both checked columns.
func (r *Repo) AddDomain(orgID uint, host string) error {
	var d Domain
	err := r.db.Where("org_id = ? AND host = ?", orgID, host).First(&d).Error
	if gorm.IsRecordNotFoundError(err) {
		return r.db.Create(&Domain{OrgID: orgID, Host: host}).Error
	}
	return err
}

// Redeem: the sql tag makes the code unique.
func (r *Repo) Redeem(code string) error {
	var c Coupon
	if r.db.Where("code = ?", code).First(&c).RecordNotFound() {
		return r.db.Create(&Coupon{Code: code}).Error
	}
	return nil
}

// Touch inserts with v1's conflict option.
func (r *Repo) Touch(email string) error {
	var c Customer
	if r.db.Where("email = ?", email).First(&c).RecordNotFound() {
		return r.db.Set("gorm:insert_option", "ON CONFLICT DO NOTHING").Create(&Customer{Email: email}).Error
	}
	return nil
}

// Load reads by primary key and saves the row it read.
func (r *Repo) Load(id uint, email string) error {
	var c Customer
	if err := r.db.First(&c, id).Error; err != nil {
		return err
	}
	c.Email = email
	return r.db.Save(&c).Error
}
