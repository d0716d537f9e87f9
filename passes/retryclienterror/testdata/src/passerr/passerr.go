// Package passerr fails through a function that hands the caller's error
// back after logging it: the status test is the one the error came from.
package passerr

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"time"
)

type client struct {
	http *http.Client
	base string
}

// logged logs the error and returns it unchanged.
func logged(err error) error {
	log.Printf("push failed: %v", err)
	return err
}

// counted hands back its error unless it is told to drop it.
func counted(err error, drop bool) error {
	if drop {
		return nil
	}
	return err
}

// put fails on every status but 200, through logged.
func (c *client) put(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/items/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return logged(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return logged(fmt.Errorf("push %s: status %d", id, resp.StatusCode))
	}
	return nil
}

// putQuiet may drop the status error: what it returns is not known.
func (c *client) putQuiet(ctx context.Context, id string, drop bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.base+"/items/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return counted(fmt.Errorf("push %s: status %d", id, resp.StatusCode), drop)
	}
	return nil
}

func (c *client) Push(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.put(ctx, id); err == nil { // want `retry on any non-success status also retries 4xx responses`
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}

func (c *client) PushQuiet(ctx context.Context, id string, drop bool) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = c.putQuiet(ctx, id, drop); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}
