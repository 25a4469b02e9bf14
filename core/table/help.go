package table

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// Attach gives the snapshot's view (decoded from JSON, such as one that
// came over the network) its ruleset and table options, rebuilt from the
// registry by the match facts: rules id, options and, for a user's
// American card, the card text. A snapshot taken from a Local table
// already has them; attaching again is harmless.
func Attach(s *Snapshot) error {
	if s.View == nil {
		return nil
	}
	r, err := rules.GetWithCard(s.Info.Rules, s.Info.Card)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	o, err := rules.ResolveOptions(r, s.Info.Options)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return s.View.Attach(r, o)
}

// Hint returns the computer's advice for the snapshot's player: the best
// of the legal actions, why, and the others ranked (ai.Hint). A view
// decoded from JSON is attached first (Attach).
func Hint(s *Snapshot) (ai.Advice, error) {
	if s.View == nil {
		return ai.Advice{}, fmt.Errorf("table: no hand is in play to advise on")
	}
	if s.View.Rules() == nil {
		if err := Attach(s); err != nil {
			return ai.Advice{}, err
		}
	}
	return ai.Hint(s.View), nil
}

// NothingToDecide reports a view whose only choice is to pass: after every
// discard the table asks every seat (so that nobody learns who could
// claim), and a face answers such a view for the person, the table
// keeping its pause.
func NothingToDecide(v *game.View) bool {
	return v != nil && len(v.Legal) == 1 && v.Legal[0].Type == game.ActPass
}
