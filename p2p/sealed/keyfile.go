package sealed

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// KeyFile is the file in a key holder's state directory that keeps its
// key of the sealed match under way: the last deal whose key it made, and
// that key (table.SealedConfig.SaveKey). An app started again at the
// match rejoins it from that key (JoinConfig.Rejoin); the file is removed
// when the match ends.
type KeyFile string

// KeyFileIn returns the key file in dir of the sealed match of table
// tableID, term term.
func KeyFileIn(dir, tableID string, term uint64) KeyFile {
	return KeyFile(filepath.Join(dir, fmt.Sprintf("sealed-%s-%d.key", tableID, term)))
}

// savedKey is what a key file holds.
type savedKey struct {
	Deal uint32 `json:"deal"`
	Key  []byte `json:"key"`
}

// Save replaces the file with deal's key, whole or not at all (a
// temporary file renamed), readable by this user only.
func (f KeyFile) Save(deal uint32, key []byte) error {
	b, err := json.Marshal(savedKey{Deal: deal, Key: key})
	if err != nil {
		return err
	}
	path := string(f)
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b) // CreateTemp makes it mode 0600
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// Load reads the saved key as a rejoin: nil when there is none.
func (f KeyFile) Load() (*table.SealedRejoin, error) {
	b, err := os.ReadFile(string(f))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var k savedKey
	if err := json.Unmarshal(b, &k); err != nil || len(k.Key) == 0 {
		return nil, fmt.Errorf("sealed: the saved key %s is damaged (delete it to join without it): %v", string(f), err)
	}
	return &table.SealedRejoin{Deal: k.Deal, Key: k.Key}, nil
}

// Remove removes the file; none is not an error.
func (f KeyFile) Remove() error {
	if err := os.Remove(string(f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
