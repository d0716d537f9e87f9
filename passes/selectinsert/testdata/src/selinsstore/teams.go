package selinsstore

import "gorm.io/gorm"

// Team is a GORM model with no unique key on its name.
type Team struct {
	ID    uint
	OrgID uint
	Name  string
}

// Space is a GORM model whose slug is unique.
type Space struct {
	ID   uint
	Slug string `gorm:"uniqueIndex"`
}

// TeamStore keeps teams.
type TeamStore struct {
	db *gorm.DB
}

// NameInUse reports whether the organisation has a team with the name.
func (s *TeamStore) NameInUse(orgID uint, name string) (bool, error) { // want NameInUse:`counts selinsstore.Team\(org_id,name\)`
	var n int64
	err := s.db.Model(&Team{}).Where("org_id = ? AND name = ?", orgID, name).Count(&n).Error
	return n > 0, err
}

// Get loads a team.
func (s *TeamStore) Get(id uint) (*Team, error) { // want Get:`checks selinsstore.Team\(id\)`
	var t Team
	err := s.db.First(&t, id).Error
	return &t, err
}

// Save writes a team: an insert when it has no ID yet.
func (s *TeamStore) Save(t *Team) error { // want Save:`inserts into selinsstore.Team`
	return s.db.Save(t).Error
}

// SlugTaken reports whether a space has the slug.
func (s *TeamStore) SlugTaken(slug string) (bool, error) { // want SlugTaken:`counts selinsstore.Space\(slug\)`
	var n int64
	err := s.db.Model(&Space{}).Where("slug = ?", slug).Count(&n).Error
	return n > 0, err
}

// CreateSpace inserts a space.
func (s *TeamStore) CreateSpace(sp *Space) error { // want CreateSpace:`inserts into selinsstore.Space`
	return s.db.Create(sp).Error
}
