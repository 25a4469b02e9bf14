package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// A device seated at a sealed table that was not connected when its
// dealer dealt the match (its stream was down at that moment) comes late:
// the dealer's device plays its players meanwhile, by its computer, and
// from the next deal the dealer prepares after the device came, the
// device holds a key and plays them (AddHolder). The deal in play, or a
// deal prepared already behind the sheet, is not touched: its keys are
// dealt. Every deal's SealedDeal note carries the deal's key holders (its
// body, the setup of a party that comes now), so that every party deals
// it with them.

// arrival is a device that came late, waiting for the next deal to hold
// a key: its peer id and the players it plays from then on.
type arrival struct {
	peer    string
	players []int
}

// AddHolder makes a dealer's party deal, from the next deal it prepares
// on, a key to the device peer (a transport's peer id, not yet a key
// holder), which then plays players (each one this device plays now):
// a device seated at the table that came after the match was dealt. The
// deal in play and one prepared already are dealt as they are. Adding
// a device that waits already replaces its players. At most 4 devices
// hold keys.
func (t *Sealed) AddHolder(ctx context.Context, peer string, players []int) error {
	return t.call(ctx, func() error {
		switch {
		case !t.cfg.Dealer:
			return errors.New("table: only the dealer's party seats a device that came late")
		case t.closed:
			return ErrClosed
		case peer == "" || slices.Contains(t.m.setup.Peers, peer):
			return fmt.Errorf("table: device %q holds a key already, or has no id; a device that came late is added once", peer)
		case len(players) == 0:
			return errors.New("table: a device that came late plays at least one player")
		}
		for _, p := range players {
			if p < 0 || p > 3 || !t.played[p] {
				return fmt.Errorf("table: player %d is not played by this device (%v); a device that came late takes over players it played meanwhile", p, t.mine())
			}
		}
		t.arrivals = slices.DeleteFunc(t.arrivals, func(a arrival) bool { return a.peer == peer })
		t.arrivals = append(t.arrivals, arrival{peer: peer, players: slices.Clone(players)})
		return nil
	})
}

// WithdrawHolder takes back AddHolder for a device that left again before
// the next deal was prepared; once it holds a key, it is a key holder as
// any other (a deal it does not answer is void).
func (t *Sealed) WithdrawHolder(ctx context.Context, peer string) error {
	return t.call(ctx, func() error {
		t.arrivals = slices.DeleteFunc(t.arrivals, func(a arrival) bool { return a.peer == peer })
		return nil
	})
}

// seatArrivals gives the devices that came late (AddHolder) a key from
// the next deal on, at most 4 key holders, each device with the players
// this device still plays.
func (t *Sealed) seatArrivals() error {
	if len(t.arrivals) == 0 {
		return nil
	}
	peers, players := slices.Clone(t.m.setup.Peers), t.m.setup.Players
	for _, a := range t.arrivals {
		if len(peers) == 4 {
			break
		}
		h := len(peers)
		took := false
		for _, p := range a.players {
			if players[p] == int(t.me) {
				players[p], took = h, true
			}
		}
		if took {
			peers = append(peers, a.peer)
		}
	}
	t.arrivals = nil
	return t.reseat(peers, players)
}

// dealSeating reads the key holders of a deal from its SealedDeal note's
// body (the setup of a party that comes now): none when the body is empty.
func dealSeating(body []byte) (peers []string, players [4]int, ok bool, err error) {
	if len(body) == 0 {
		return nil, players, false, nil
	}
	s, err := DecodeSealedSetup(body)
	if err != nil {
		return nil, players, false, fmt.Errorf("the deal's key holders: %w", err)
	}
	return s.Peers, s.Players, true, nil
}

// reseat makes peers, playing players, the key holders from the current
// deal on. The key holders so far keep their places; a new one plays at
// least one player; a player moves only to a new holder; and only the
// dealer's party gives up players (those it played by its computer
// while their device had not come).
func (t *Sealed) reseat(peers []string, players [4]int) error {
	old := t.m.setup
	switch {
	case len(peers) > 4 || len(peers) < len(old.Peers) || !slices.Equal(peers[:len(old.Peers)], old.Peers):
		return fmt.Errorf("table: the deal's key holders %v; they are %v, and a deal may only add holders after them, up to 4", peers, old.Peers)
	}
	seen := map[string]bool{}
	for _, p := range peers {
		if seen[p] {
			return fmt.Errorf("table: key holder %s listed twice", p)
		}
		seen[p] = true
	}
	plays := make([]bool, len(peers))
	for p, h := range players {
		switch {
		case h < 0 || h >= len(peers):
			return fmt.Errorf("table: player %d is played by holder %d of %d", p, h, len(peers))
		case h != old.Players[p] && h < len(old.Peers):
			return fmt.Errorf("table: player %d moves from holder %d to holder %d; a player moves only to a device that came late", p, old.Players[p], h)
		case h != old.Players[p] && !t.cfg.Dealer && old.Players[p] == int(t.me):
			return fmt.Errorf("table: player %d, whom this device plays, moves to holder %d; only the dealer's device gives up a player", p, h)
		}
		plays[h] = true
	}
	for h := len(old.Peers); h < len(peers); h++ {
		if !plays[h] {
			return fmt.Errorf("table: holder %d plays no player; a device that came late plays one", h)
		}
	}
	t.m.setup.Peers, t.m.setup.Players = slices.Clone(peers), players
	for p := range t.played {
		if t.played[p] && players[p] != int(t.me) {
			t.played[p], t.players[p] = false, nil
			var name string
			if p < len(old.Names) {
				name = old.Names[p]
			}
			if name == "" {
				name = DefaultName(p, SeatRemote)
			}
			t.seats[p] = SeatInfo{Kind: SeatRemote, Connected: true, Name: name}
		}
	}
	return nil
}
