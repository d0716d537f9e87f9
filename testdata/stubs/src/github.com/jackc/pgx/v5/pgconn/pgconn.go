package pgconn

type CommandTag struct{}

func (ct CommandTag) RowsAffected() int64 { return 0 }

type PgError struct {
	Code    string
	Message string
}

func (pe *PgError) Error() string { return pe.Message }
