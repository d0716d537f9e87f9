// Package jobsapp registers activities declared in package payments.
package jobsapp

import (
	"go.temporal.io/sdk/worker"

	"payments"
)

func Run(w worker.Worker) {
	w.RegisterActivity(payments.Refund) // want `POST request in a Temporal activity is sent again each time the activity is retried \(with no limit by default\)`
	w.RegisterActivity(payments.Status)
	w.RegisterActivity(&payments.Activities{}) // want `POST request in a Temporal activity is sent again each time the activity is retried \(with no limit by default\)`
}
