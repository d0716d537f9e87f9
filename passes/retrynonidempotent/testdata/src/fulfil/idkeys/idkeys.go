// Package idkeys makes idempotency keys; it sends nothing itself.
package idkeys

import (
	"fmt"
	"time"

	"github.com/google/uuid"
)

// New returns a fresh random key.
func New() string { // want New:`returns a fresh value`
	return uuid.NewString()
}

// Stamped folds the clock into the shipment's key.
func Stamped(shipmentID string) string { // want Stamped:`returns a fresh value`
	return fmt.Sprintf("%s-%d", shipmentID, time.Now().UnixNano())
}

// ForShipment is the same for every attempt of a shipment.
func ForShipment(shipmentID string) string {
	return "shipment-" + shipmentID
}
