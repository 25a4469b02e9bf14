package ui

import (
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
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
	s.showLine(s.hintLabel, hintText(adv), widget.MediumImportance)
	if adv.Action.Type == game.ActDiscard {
		for i, k := range s.order {
			if k == adv.Action.Tile {
				s.sel = i
			}
		}
		s.showRack()
	}
}

// hintText is the hint line for adv, one sentence: the action with its
// tiles named in words (never by their corner indexes), then why.
func hintText(adv ai.Advice) string {
	reason := words.Reason(adv.Reason.Key, adv.Reason.Text, adv.Reason.Args)
	return words.F("table.hint_text", map[string]any{"Action": actionText(adv.Action, words.Tiles), "Reason": reason})
}
