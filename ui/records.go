package ui

import (
	"errors"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// Recorder is a table that can give its game record (table.Local does).
type Recorder interface {
	Record() (*record.Record, error)
}

// errNoRecord is returned for a table that keeps no record.
var errNoRecord = errors.New("this table keeps no game record")

// recordBytes returns t's record as `fourwinds replay` reads it.
func recordBytes(t table.Table) ([]byte, error) {
	r, ok := t.(Recorder)
	if !ok {
		return nil, errNoRecord
	}
	rec, err := r.Record()
	if err != nil {
		return nil, err
	}
	return rec.Encode()
}

// writeFile writes data to path atomically (temp file and rename).
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// exportBytes asks where to save data (a record) and writes it there.
func (a *App) exportBytes(name string, data []byte) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			if err != nil {
				dialog.ShowError(err, a.win)
			}
			return
		}
		defer w.Close()
		if _, err := w.Write(data); err != nil {
			dialog.ShowError(err, a.win)
		}
	}, a.win)
	d.SetFileName(name)
	d.Show()
}
