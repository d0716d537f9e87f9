package libs

import "testing"

func TestServiceConfigMaxAttempts(t *testing.T) {
	const policy = `"retryPolicy":{"maxAttempts":4,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}`
	tests := []struct {
		name, config, service, method string
		short                         bool
		want                          int
	}{
		{"method", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments","method":"Charge"}],` + policy + `}]}`, "pay.v1.Payments", "Charge", false, 4},
		{"other method", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments","method":"Charge"}],` + policy + `}]}`, "pay.v1.Payments", "Refund", false, 0},
		{"other service", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],` + policy + `}]}`, "pay.v1.Ledger", "Charge", false, 0},
		{"whole service", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],` + policy + `}]}`, "pay.v1.Payments", "Refund", false, 4},
		{"default entry", `{"methodConfig":[{"name":[{}],` + policy + `}]}`, "any.Service", "Any", false, 4},
		{"method entry wins", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],` + policy + `},{"name":[{"service":"pay.v1.Payments","method":"Charge"}],"timeout":"1s"}]}`, "pay.v1.Payments", "Charge", false, 0},
		{"short name", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],` + policy + `}]}`, "Payments", "Charge", true, 4},
		{"short name, other package", `{"methodConfig":[{"name":[{"service":"pay.v1.Payments"}],` + policy + `}]}`, "Payments", "Charge", false, 0},
		{"one attempt is invalid", `{"methodConfig":[{"name":[{}],"retryPolicy":{"maxAttempts":1,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}`, "a.B", "C", false, 0},
		{"no codes is invalid", `{"methodConfig":[{"name":[{}],"retryPolicy":{"maxAttempts":3,"initialBackoff":"0.1s","maxBackoff":"1s","backoffMultiplier":2}}]}`, "a.B", "C", false, 0},
		{"bad duration is invalid", `{"methodConfig":[{"name":[{}],"retryPolicy":{"maxAttempts":3,"initialBackoff":"100ms","maxBackoff":"1s","backoffMultiplier":2,"retryableStatusCodes":[14]}}]}`, "a.B", "C", false, 0},
		{"not JSON", `{"methodConfig":`, "a.B", "C", false, 0},
	}
	for _, tt := range tests {
		if got := ParseServiceConfig(tt.config).MaxAttempts(tt.service, tt.method, tt.short); got != tt.want {
			t.Errorf("%s: MaxAttempts = %d, want %d", tt.name, got, tt.want)
		}
	}
}
