package libs

import (
	"encoding/json"
	"strconv"
	"strings"
)

// A gRPC service config (google.golang.org/grpc, service_config.go) is
// JSON: methodConfig[] entries name the methods they apply to
// (name[]{service, method}) and may carry a retryPolicy. grpc-go parses
// it with encoding/json into untagged structs, so the keys match Go's
// field names case-insensitively, as here.

// ServiceConfig is the retry part of a parsed service config.
type ServiceConfig struct {
	entries []configEntry
}

type configEntry struct {
	names   []configName
	retries int // maxAttempts of a valid retryPolicy, 0 when none
}

type configName struct{ service, method string }

type jsonServiceConfig struct {
	MethodConfig []struct {
		Name []struct {
			Service string
			Method  string
		}
		RetryPolicy *struct {
			MaxAttempts          int
			InitialBackoff       string
			MaxBackoff           string
			BackoffMultiplier    float64
			RetryableStatusCodes []json.RawMessage
		}
	}
}

// PlaceholderNumber is what a value idemlint cannot see prints as in a
// config built with fmt.Sprintf: as maxAttempts, it reads as a policy
// that retries a number of times that is not known. (A valid retryPolicy
// has maxAttempts above 1, and an invalid one fails the dial, so a policy
// the program can use retries.)
const PlaceholderNumber = 7919

// ParseServiceConfig reads the retry policies of a service config, or
// returns nil when the text does not parse or grpc-go would refuse it (an
// invalid retryPolicy fails the whole config, and the dial with it).
func ParseServiceConfig(text string) *ServiceConfig {
	var js jsonServiceConfig
	if err := json.Unmarshal([]byte(text), &js); err != nil {
		return nil
	}
	sc := &ServiceConfig{}
	for _, mc := range js.MethodConfig {
		e := configEntry{}
		for _, n := range mc.Name {
			if n.Service == "" && n.Method != "" {
				return nil // grpc: cannot combine empty 'service' and non-empty 'method'
			}
			e.names = append(e.names, configName{n.Service, n.Method})
		}
		if rp := mc.RetryPolicy; rp != nil {
			if rp.MaxAttempts <= 1 || !positiveDuration(rp.InitialBackoff) || !positiveDuration(rp.MaxBackoff) ||
				rp.BackoffMultiplier <= 0 || len(rp.RetryableStatusCodes) == 0 {
				return nil
			}
			e.retries = rp.MaxAttempts
		}
		sc.entries = append(sc.entries, e)
	}
	return sc
}

// positiveDuration reports whether s is a protobuf JSON duration ("0.1s")
// above zero.
func positiveDuration(s string) bool {
	v, ok := strings.CutSuffix(s, "s")
	if !ok {
		return false
	}
	f, err := strconv.ParseFloat(v, 64)
	return err == nil && f > 0
}

// MaxAttempts returns the maxAttempts of the retry policy that applies to
// a method, or 0 when none does. As grpc-go does, the most specific entry
// wins (service and method, then the whole service, then the default
// entry with no service), even when it has no retry policy. service is the
// full proto name ("pay.v1.Payments"); short is true when only its last
// element is known (then any package matches).
func (sc *ServiceConfig) MaxAttempts(service, method string, short bool) int {
	if sc == nil {
		return 0
	}
	sameService := func(s string) bool {
		if short {
			return s == service || strings.HasSuffix(s, "."+service)
		}
		return s == service
	}
	best, rank := 0, 0
	for _, e := range sc.entries {
		for _, n := range e.names {
			r := 0
			switch {
			case n.service == "":
				r = 1
			case sameService(n.service) && n.method == "":
				r = 2
			case sameService(n.service) && n.method == method:
				r = 3
			}
			if r > rank {
				best, rank = e.retries, r
			}
		}
	}
	return best
}
