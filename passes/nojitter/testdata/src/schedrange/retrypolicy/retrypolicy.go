// Package retrypolicy holds the service's shared retry schedules.
package retrypolicy

import "time"

// Webhook is the schedule of pauses between webhook deliveries.
var Webhook = []time.Duration{time.Second, 10 * time.Second, time.Minute}
