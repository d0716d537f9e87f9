// Package selinscount holds a count read through a helper: an insert
// when the count is zero is a check-then-insert, one in the branch where
// rows were found inserts something else.
package selinscount

import "database/sql"

func countEvents(tx *sql.Tx, id int64) (int, error) { // want countEvents:`counts endpoint_events\(endpoint_id\)`
	var n int
	err := tx.QueryRow("SELECT COUNT(1) FROM endpoint_events WHERE endpoint_id = $1", id).Scan(&n)
	return n, err
}

func lastSuccess(tx *sql.Tx, id int64) (bool, error) { // want lastSuccess:`checks endpoint_results\(endpoint_id\)`
	var ok bool
	err := tx.QueryRow("SELECT success FROM endpoint_results WHERE endpoint_id = $1 ORDER BY id DESC LIMIT 1", id).Scan(&ok)
	return ok, err
}

func insertEvent(tx *sql.Tx, id int64, typ string) error { // want insertEvent:`inserts into endpoint_events`
	_, err := tx.Exec("INSERT INTO endpoint_events (endpoint_id, event_type) VALUES ($1, $2)", id, typ)
	return err
}

// Record starts the events of an endpoint when it has none, and adds a
// change when some were found.
func Record(tx *sql.Tx, id int64, success bool) {
	n, _ := countEvents(tx, id)
	if n == 0 {
		_ = insertEvent(tx, id, "START") // want `insert into endpoint_events in insertEvent\(\) runs only when the countEvents\(\) at line 28 found nothing`
	} else {
		last, err := lastSuccess(tx, id)
		if err == nil && last != success {
			_ = insertEvent(tx, id, "CHANGE")
		}
	}
}

// RecordFound adds a change only when rows were found.
func RecordFound(tx *sql.Tx, id int64) {
	if n, err := countEvents(tx, id); err == nil && n > 0 {
		_ = insertEvent(tx, id, "CHANGE")
	}
}
