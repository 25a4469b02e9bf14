package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
)

// SaveFormat is the format written in the first line of every save.
const SaveFormat = "fourwinds-table/1"

// ErrSave is wrapped by every error about a damaged or foreign save.
var ErrSave = errors.New("table: bad save")

// A save is a JSON line describing the table (saveHeader), then the game
// record (record.Encode). It holds the match seed and every concealed
// hand: it is the host's file, never sent to anyone.
type saveHeader struct {
	Format  string      `json:"format"`
	Config  LocalConfig `json:"config"`
	Ready   [4]bool     `json:"ready"`
	Started bool        `json:"started"`
}

// saver writes a table's save, encoding each event once.
type saver struct {
	path string
	// events holds the encoded events of the record so far, n of them.
	events bytes.Buffer
	n      int
}

// saveNow saves, and shows a failure as the table's problem.
func (t *Local) saveNow() {
	if err := t.save(); err != nil && t.problem == nil {
		t.problem = err
	}
}

// save writes the table to its save file atomically (a temporary file in
// the same directory, then a rename): a process killed at any moment
// leaves the previous save or the new one, whole.
func (t *Local) save() error {
	sv := t.saved
	if sv == nil {
		return nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	cfg := t.cfg
	cfg.Options = t.res.opts.Map()
	if err := enc.Encode(saveHeader{Format: SaveFormat, Config: cfg, Ready: t.ready, Started: t.started && t.rec != nil}); err != nil {
		return fmt.Errorf("table: cannot save: %w", err)
	}
	if t.rec != nil {
		if err := enc.Encode(t.rec.Header); err != nil {
			return fmt.Errorf("table: cannot save: %w", err)
		}
		ev := json.NewEncoder(&sv.events)
		for ; sv.n < len(t.rec.Events); sv.n++ {
			if err := ev.Encode(t.rec.Events[sv.n]); err != nil {
				return fmt.Errorf("table: cannot save a %s event: %w", t.rec.Events[sv.n].Type, err)
			}
		}
		b.Write(sv.events.Bytes())
	}
	return writeAtomic(sv.path, b.Bytes())
}

// writeAtomic writes data to path through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("table: cannot save: %w", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("table: cannot save to %s: %w", path, err)
	}
	return nil
}

// Resume opens the table saved at path and goes on at the decision where
// it stopped. adjust, when not nil, may change the configuration before
// the table starts (a HandSeed hook, the pace, the seats). A damaged save
// is an error wrapping ErrSave. A table saved before it started starts
// now, unless adjust sets Hold. The computer players start afresh: from
// the same seeds, but not with the memory of the hands already played.
func Resume(path string, adjust func(*LocalConfig)) (*Local, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("table: cannot resume: %w", err)
	}
	t, err := decodeSave(data, path, adjust)
	if err != nil {
		return nil, err
	}
	go t.run()
	switch {
	case t.started:
		t.post(t.settle)
	case !t.cfg.Hold:
		if err := t.Start(context.Background()); err != nil {
			t.Close()
			return nil, err
		}
	}
	return t, nil
}

// decodeSave rebuilds a table, not yet running, from a save's bytes.
func decodeSave(data []byte, path string, adjust func(*LocalConfig)) (*Local, error) {
	line, rest, _ := bytes.Cut(data, []byte("\n"))
	var h saveHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%w: %s: the first line is not a table: %v", ErrSave, path, err)
	}
	if h.Format != SaveFormat {
		return nil, fmt.Errorf("%w: %s: format %q, want %q", ErrSave, path, h.Format, SaveFormat)
	}
	cfg := h.Config
	cfg.SavePath = path
	if adjust != nil {
		adjust(&cfg)
	}
	res, err := cfg.resolve()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSave, path, err)
	}
	if !h.Started {
		if len(bytes.TrimSpace(rest)) > 0 {
			return nil, fmt.Errorf("%w: %s: a table that has not started holds a record", ErrSave, path)
		}
		return newLocal(cfg, res), nil
	}
	rec, err := record.Decode(rest)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSave, path, err)
	}
	if rec.Header.Seed != res.seed || rec.Header.Ruleset != res.rs.ID() {
		return nil, fmt.Errorf("%w: %s: the record is of another game than the table", ErrSave, path)
	}
	m, err := rec.Replay(nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrSave, path, err)
	}
	if m.Hand == nil {
		return nil, fmt.Errorf("%w: %s: the record has no hand", ErrSave, path)
	}
	t := newLocal(cfg, res)
	t.ready = h.Ready
	t.m, t.rec, t.started = m, rec, true
	t.over = m.Over || (cfg.Hands > 0 && len(m.History) >= cfg.Hands && m.Hand.Phase == game.PhaseEnd)
	if t.over {
		t.closeEnded()
	}
	t.trackWindow()
	return t, nil
}
