package failpaths

import (
	"context"
	"errors"
	"net/http"
)

type cursor struct{ c *http.Client }

func (c *cursor) next(ctx context.Context) error {
	_, err := c.c.Get("http://example.com/next")
	return err
}

func (c *cursor) head(ctx context.Context) (string, error) {
	resp, err := c.c.Get("http://example.com/head")
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	return resp.Status, nil
}

var errCursorDone = errors.New("done")

// skipDuplicates advances each cursor past the value last yielded (a
// merge of sorted iterators). A failure moves on to the next cursor with
// continue Outer, which leaves the inner loop, or returns: no failure
// goes round the inner loop.
func skipDuplicates(ctx context.Context, cursors []*cursor, last string) error {
Outer:
	for i, c := range cursors {
		h, err := c.head(ctx)
		if err != nil {
			return err
		}
		for h == last {
			err = c.next(ctx)
			if err == nil {
				h, err = c.head(ctx)
			}
			if err != nil {
				if errors.Is(err, errCursorDone) {
					cursors[i] = nil
					continue Outer
				}
				return err
			}
		}
	}
	return nil
}

// Continuing the loop's own label goes round it on the failure.
func skipOwn(ctx context.Context, c *cursor, last string) error {
	h, err := c.head(ctx)
	if err != nil {
		return err
	}
Inner:
	for h == last { // want `retry loop can run forever`
		err = c.next(ctx)
		if err == nil {
			h, err = c.head(ctx)
		}
		if err != nil {
			continue Inner
		}
	}
	return nil
}
