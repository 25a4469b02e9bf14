package netui

import (
	"context"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// LocalConfig is the table.Local a host screen sets up: it waits in its
// lobby until the host starts it, each hand's wall comes from seed (the
// devices' commit-reveal), and the computer stands in for a dropped phone
// after the chosen delay.
func LocalConfig(s ui.HostSetup, seed func(ctx context.Context, hand int) (wall.Seed, error)) table.LocalConfig {
	cfg := table.LocalConfig{Rules: s.Rules, Options: s.Options, Card: s.Card, Name: s.Name,
		Pace: s.Pace, StandIn: s.StandIn, Hold: true, HandSeed: seed}
	for p, st := range s.Seats {
		cfg.Seats[p] = table.SeatConfig{Name: st.Name, Kind: st.Kind, Level: ai.Level(st.Level)}
	}
	return cfg
}

// Deal makes the table.Local of s.
func Deal(s ui.HostSetup, seed func(ctx context.Context, hand int) (wall.Seed, error)) (Dealt, error) {
	t, err := table.NewLocal(LocalConfig(s, seed))
	if err != nil {
		return nil, err
	}
	return Local{t}, nil
}

// Local is a table.Local as a Dealt table.
type Local struct{ *table.Local }

// SetName names remote player p.
func (l Local) SetName(p int, name string) error {
	return l.SetSeat(p, table.SeatConfig{Name: name, Kind: table.SeatRemote})
}
