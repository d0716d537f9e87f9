// Package legacydb is a repository on GORM v1 (github.com/jinzhu/gorm).
package legacydb

import "github.com/jinzhu/gorm"

// Tenant has no unique key on its subdomain.
type Tenant struct {
	gorm.Model
	Subdomain string
}

// Handle is unique through a v1 unique_index tag.
type Handle struct {
	gorm.Model
	Name string `gorm:"unique_index"`
}

// Repo is the v1 repository.
type Repo struct{ db *gorm.DB }

// Provision creates a tenant unless the subdomain is taken: reported.
func (r *Repo) Provision(sub string) error {
	var t Tenant
	if r.db.Where("subdomain = ?", sub).First(&t).RecordNotFound() {
		return r.db.Create(&Tenant{Subdomain: sub}).Error
	}
	return nil
}

// Claim: the unique_index backs the check, not reported.
func (r *Repo) Claim(name string) error {
	var h Handle
	if r.db.Where("name = ?", name).First(&h).RecordNotFound() {
		return r.db.Create(&Handle{Name: name}).Error
	}
	return nil
}
