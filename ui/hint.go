package ui

import (
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// showHint shows the suggested action and its reason, and selects the
// suggested discard on the rack.
func (s *TableScreen) showHint() {
	v := s.snap.View
	if v == nil || len(v.Legal) == 0 {
		return
	}
	snap := s.snap
	adv, err := table.Hint(&snap)
	if err != nil {
		s.say(err.Error())
		return
	}
	reason := words.Reason(adv.Reason.Key, adv.Reason.Text, adv.Reason.Args)
	what := actionLabel(adv.Action)
	if adv.Action.Type == game.ActDiscard {
		what += " " + words.Tile(adv.Action.Tile) // the rack shows it selected too
	}
	s.showLine(s.hintLabel, words.F("table.hint_text", map[string]any{"Action": what, "Reason": reason}), widget.MediumImportance)
	if adv.Action.Type == game.ActDiscard {
		for i, k := range s.order {
			if k == adv.Action.Tile {
				s.sel = i
			}
		}
		s.showRack()
	}
}
