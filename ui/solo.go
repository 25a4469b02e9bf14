package ui

import (
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Solo opens solo games as table.Local: the person is player 0, the
// computer plays the others at the settings' pace, with the same pause
// after every discard whether or not anyone could claim it.
type Solo struct {
	// Seed fixes the match's walls (tests); empty deals at random.
	Seed string
}

// New deals a new solo game that saves itself to s.SavePath.
func (o Solo) New(s Setup) (table.Table, error) {
	cfg := table.LocalConfig{Rules: s.Rules, Options: s.Options, Card: s.Card, Pace: s.Pace, Seed: o.Seed,
		DiscardPause: discardPause(s.Pace), SavePath: s.SavePath}
	cfg.Seats[0] = table.SeatConfig{Name: s.Name, Kind: table.SeatHuman}
	for i, l := range s.Levels {
		cfg.Seats[i+1] = table.SeatConfig{Name: words.Computer(i + 1), Kind: table.SeatAI, Level: ai.Level(l)}
	}
	return table.NewLocal(cfg)
}

// Resume reopens the solo game saved at path at the pace given.
func (o Solo) Resume(path string, pace time.Duration) (table.Table, error) {
	return table.Resume(path, func(c *table.LocalConfig) {
		c.Pace, c.DiscardPause = pace, discardPause(pace)
	})
}

// discardPause is the least time a discard stays claimable: most of a
// computer's move, so that a person can see it and decide.
func discardPause(pace time.Duration) time.Duration { return pace * 3 / 4 }
