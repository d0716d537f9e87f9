package failpaths

import (
	"errors"
	"fmt"
	"math/rand"

	"gorm.io/gorm"
)

type row struct{ ID string }

func insertRow(db *gorm.DB, id string) error { return db.Create(&row{ID: id}).Error }

// NewRowID draws a new ID whenever the last one was taken: collision
// resolution (RULES.md), not a retry.
func NewRowID(db *gorm.DB) (string, error) {
	for {
		id := fmt.Sprint(rand.Int63())
		err := insertRow(db, id)
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			continue
		}
		return id, err
	}
}

// The closest hazard: the same ID again and again.
func InsertRow(db *gorm.DB, id string) error {
	for { // want `retry loop can run forever`
		err := insertRow(db, id)
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			continue
		}
		return err
	}
}
