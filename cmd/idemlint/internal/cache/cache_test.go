package cache

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const key = "0123456789abcdef"

func TestPutGet(t *testing.T) {
	c, err := Open(t.TempDir())
	require.NoError(t, err)
	_, ok := c.Get(key)
	assert.False(t, ok)
	require.NoError(t, c.Put(key, []byte("findings")))
	data, ok := c.Get(key)
	assert.True(t, ok)
	assert.Equal(t, "findings", string(data))
	assert.Error(t, c.Put("../x", nil))
}

// A damaged entry reads as missing, and the next Put rewrites it.
func TestDamaged(t *testing.T) {
	c, err := Open(t.TempDir())
	require.NoError(t, err)
	require.NoError(t, c.Put(key, []byte(`{"ID":"p"}`)))
	path := c.path(key)
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	for name, bad := range map[string][]byte{
		"flipped":   bytes.Replace(good, []byte(`"p"`), []byte(`"q"`), 1),
		"truncated": good[:len(good)-3],
		"empty":     nil,
		"garbage":   []byte("\x00\xff\n\x01"),
	} {
		require.NoError(t, os.WriteFile(path, bad, 0o666))
		_, ok := c.Get(key)
		assert.False(t, ok, name)
	}
	require.NoError(t, c.Put(key, []byte(`{"ID":"p"}`)))
	data, ok := c.Get(key)
	assert.True(t, ok)
	assert.Equal(t, `{"ID":"p"}`, string(data))
}

// Runs writing and reading the same entries at once never see half an
// entry.
func TestConcurrent(t *testing.T) {
	c, err := Open(t.TempDir())
	require.NoError(t, err)
	big := bytes.Repeat([]byte("x"), 1<<20)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				k := fmt.Sprintf("%s%d", key, i%3)
				assert.NoError(t, c.Put(k, big))
				if data, ok := c.Get(k); ok {
					assert.Equal(t, len(big), len(data), "writer %d", w)
				}
			}
		}()
	}
	wg.Wait()
	left, _ := filepath.Glob(filepath.Join(c.dir, "*", "tmp-*"))
	assert.Empty(t, left, "temporary files are renamed or removed")
}

func TestTrim(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, c.Put(key, []byte("old")))
	require.NoError(t, c.Put(key+"1", []byte("new")))
	old := time.Now().Add(-maxAge - time.Hour)
	require.NoError(t, os.Chtimes(c.path(key), old, old))

	_, err = Open(dir) // trimmed less than a day ago: nothing happens
	require.NoError(t, err)
	assert.FileExists(t, c.path(key))

	require.NoError(t, os.Remove(filepath.Join(dir, "trim.txt")))
	_, err = Open(dir)
	require.NoError(t, err)
	assert.NoFileExists(t, c.path(key))
	assert.FileExists(t, c.path(key+"1"))
}
