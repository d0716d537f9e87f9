package ampsdk

import (
	"context"
	"encoding/json"
	"net/http"

	"ampsdk/reqconf"
)

type SessionService struct {
	BaseURL string
	Options []reqconf.Option
}

type Event struct {
	Type    string `json:"type"`
	Payload string `json:"payload"`
}

// Send posts events to a session; reqconf retries it.
func (s *SessionService) Send(ctx context.Context, session string, events []Event, opts ...reqconf.Option) error {
	body, err := json.Marshal(events)
	if err != nil {
		return err
	}
	return reqconf.Do(ctx, http.MethodPost, s.BaseURL+"/sessions/"+session+"/events", body, append(s.Options, opts...)...)
}
