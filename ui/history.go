package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Finished is one finished game in the history.
type Finished struct {
	When     time.Time `json:"when"`
	Rules    string    `json:"rules"`
	Names    [4]string `json:"names"`
	Balances [4]int    `json:"balances"`
	Hands    int       `json:"hands"`
	// Record is the file of the game's record, or "".
	Record string `json:"record,omitempty"`
}

// loadHistory reads the finished games, newest last.
func loadHistory(path string) ([]Finished, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var h []Finished
	if err := json.Unmarshal(b, &h); err != nil {
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	return h, nil
}

// addHistory appends a finished game, with its record file when there is
// one, written atomically.
func addHistory(path string, in table.Info, rec string) error {
	h, err := loadHistory(path)
	if err != nil {
		return err
	}
	f := Finished{When: time.Now().UTC(), Rules: in.Rules, Balances: in.Balances, Hands: len(in.History), Record: rec}
	for p, s := range in.Seats {
		f.Names[p] = s.Name
	}
	h = append(h, f)
	b, err := json.MarshalIndent(h, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(path, b)
}

// ShowHistory lists the finished games with their scores.
func (a *App) ShowHistory() {
	a.closeGame()
	h, err := loadHistory(a.HistoryPath())
	list := container.NewVBox()
	if err != nil {
		list.Add(widget.NewLabel(err.Error()))
	}
	if len(h) == 0 && err == nil {
		list.Add(widget.NewLabel(words.T("history.empty")))
	}
	for i := len(h) - 1; i >= 0; i-- {
		f := h[i]
		name, _ := words.Ruleset(f.Rules)
		list.Add(widget.NewLabelWithStyle(fmt.Sprintf("%s · %s · %s", f.When.Local().Format("2006-01-02 15:04"), name,
			words.F("history.hands", map[string]any{"N": f.Hands})), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		row := ""
		for p := range 4 {
			row += f.Names[p] + " " + total(f.Balances[p]) + "   "
		}
		line := container.NewBorder(nil, nil, nil, nil, widget.NewLabel(row))
		if f.Record != "" {
			line = container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon(words.T("history.export"), theme.DocumentSaveIcon(), func() {
				b, err := os.ReadFile(f.Record)
				if err != nil {
					dialog.ShowError(err, a.win)
					return
				}
				a.exportBytes(filepath.Base(f.Record), b)
			}), widget.NewLabel(row))
		}
		list.Add(line)
	}
	a.show(a.page(words.T("home.history"), container.NewVScroll(container.NewPadded(list))))
}
