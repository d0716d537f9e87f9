// Package cache is a directory of entries addressed by a key, as the go
// command's build cache is: each entry is written to a temporary file and
// renamed into place, so concurrent runs never see half an entry, and
// carries a checksum, so a damaged entry reads as missing and is rewritten.
package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// header starts every entry; the version changes when the format does.
const header = "idemlint cache 1 "

// Entries unused for maxAge are deleted, by a trim at most once a
// trimEvery; a hit refreshes an entry's time at most once a touchEvery,
// so that reading stays cheap.
const (
	maxAge     = 5 * 24 * time.Hour
	trimEvery  = 24 * time.Hour
	touchEvery = time.Hour
)

// Cache is a cache directory.
type Cache struct{ dir string }

// Open makes dir if needed and trims it of old entries.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	c := &Cache{dir}
	c.trim(time.Now())
	return c, nil
}

// Dir returns the cache directory.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key+"-e")
}

// Get returns the entry stored under key, or false if there is none or it
// is damaged.
func (c *Cache) Get(key string) ([]byte, bool) {
	p := c.path(key)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	line, body, ok := bytes.Cut(data, []byte("\n"))
	sum := sha256.Sum256(body)
	if !ok || string(line) != header+hex.EncodeToString(sum[:]) {
		return nil, false
	}
	if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > touchEvery {
		now := time.Now()
		os.Chtimes(p, now, now)
	}
	return body, true
}

// Put stores data under key, replacing any entry there.
func (c *Cache) Put(key string, data []byte) error {
	if len(key) < 2 || strings.ContainsAny(key, `/\.`) {
		return fmt.Errorf("cache: bad key %q", key)
	}
	dir := filepath.Dir(c.path(key))
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "tmp-")
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	_, err = fmt.Fprintf(f, "%s%x\n%s", header, sum, data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), c.path(key))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// trim deletes the entries, and temporary files left by a killed run,
// not used for maxAge; it runs at most once a trimEvery, noted in a file.
func (c *Cache) trim(now time.Time) {
	mark := filepath.Join(c.dir, "trim.txt")
	if data, err := os.ReadFile(mark); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && now.Sub(time.Unix(t, 0)) < trimEvery {
			return
		}
	}
	os.WriteFile(mark, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o666)
	subdirs, _ := filepath.Glob(filepath.Join(c.dir, "??"))
	for _, sub := range subdirs {
		files, _ := os.ReadDir(sub)
		for _, f := range files {
			if fi, err := f.Info(); err == nil && now.Sub(fi.ModTime()) > maxAge {
				os.Remove(filepath.Join(sub, f.Name()))
			}
		}
	}
}
