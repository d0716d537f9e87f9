package pq

type ErrorCode string

type Error struct {
	Code    ErrorCode
	Message string
}

func (e *Error) Error() string    { return e.Message }
func (ec ErrorCode) Name() string { return "" }
