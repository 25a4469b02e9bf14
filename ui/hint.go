package ui

import (
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
	s.hintLabel.SetText(words.F("table.hint_text", map[string]any{"Action": actionLabel(adv.Action), "Reason": reason}))
	s.hintLabel.Show()
	if adv.Action.Type == game.ActDiscard {
		for i, k := range s.order {
			if k == adv.Action.Tile {
				s.sel = i
			}
		}
		s.showRack()
	}
}
