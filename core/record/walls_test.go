package record_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// playWalled records a whole game of ruleset id whose every hand is dealt
// from a wall given from outside, as a sealed table's are, between four
// novice players; each wall is written out once its hand is over. It
// returns the record and the match as played.
func playWalled(t testing.TB, id string) (*record.Record, *game.Match) {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("walled " + id), Uniform: true,
		Rings: map[int]game.Ring{}}
	shuffle := wall.NewRand(wall.SeedFromString("walls of " + id))
	for n := 1; n <= 64; n++ {
		cfg.Rings[n] = game.Ring{Tiles: wall.Shuffle(r.Setup(cfg.Options).Tiles, shuffle), Throws: [2]int{2 + shuffle.IntN(11), 2 + shuffle.IntN(11)}}
	}
	rec, m := playNovices(t, "the walled game of "+id, cfg)
	for _, h := range m.History {
		rg := cfg.Rings[h.Number]
		rec.AddWall(record.Wall{Hand: h.Number, Ring: rg.Tiles, Throws: rg.Throws})
	}
	return rec, m
}

// TestWalledRecordReplays: a game dealt from given walls writes a record
// of format 2 that decodes, encodes back byte for byte and replays to the
// same hands and balances.
func TestWalledRecordReplays(t *testing.T) {
	for _, id := range []string{"hongkong", "american"} {
		t.Run(id, func(t *testing.T) {
			rec, played := playWalled(t, id)
			data, err := rec.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(data), `{"format":"fourwinds-record/2"`) {
				t.Fatalf("a record with walls begins %.60s; want format 2", data)
			}
			back, err := record.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := back.Encode(); err != nil || string(again) != string(data) {
				t.Fatalf("the decoded record encodes otherwise (%v)", err)
			}
			m, err := back.Replay(func(m *game.Match, _ game.Event) {
				if err := m.Hand.CheckInvariants(); err != nil {
					t.Fatal(err)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !m.Over || m.Balances != played.Balances || !reflect.DeepEqual(m.History, played.History) {
				t.Fatalf("the replay ends at %v over %v; the game at %v", m.Balances, m.Over, played.Balances)
			}
			for _, h := range m.History {
				if h.Seed != (wall.Seed{}) {
					t.Fatalf("hand %d, dealt from its wall, has seed %v", h.Number, h.Seed)
				}
			}
		})
	}
}

// TestWalledRecordRefused: a record's walls that are malformed are
// refused with a record error that says what is wrong, on decoding or,
// for a ring that is not the ruleset's set, on replay.
func TestWalledRecordRefused(t *testing.T) {
	base, _ := playWalled(t, "hongkong")
	for _, c := range []struct {
		name   string
		change func(h *record.Header)
		want   string
	}{
		{"a tile short", func(h *record.Header) { h.Walls[0].Ring = h.Walls[0].Ring[1:] }, "ring of 143 tiles holds"},
		{"a tile too many", func(h *record.Header) { h.Walls[1].Ring = append(h.Walls[1].Ring, h.Walls[1].Ring[0]) }, "hand 2's ring of 145 tiles"},
		{"a tile changed", func(h *record.Header) { h.Walls[0].Ring[0] = h.Walls[0].Ring[0] ^ 1 }, "a hongkong set of 144 tiles holds 4"},
		{"an unknown tile", func(h *record.Header) { h.Walls[0].Ring[3] = tile.Unknown }, "hand 1's ring holds ?? at 3, which is not a tile"},
		{"a bad throw", func(h *record.Header) { h.Walls[0].Throws[1] = 13 }, "2 to 12"},
		{"hands out of order", func(h *record.Header) { h.Walls[0], h.Walls[1] = h.Walls[1], h.Walls[0] }, "in the order of their hands"},
		{"hand 0", func(h *record.Header) { h.Walls[0].Hand = 0 }, "numbered from 1"},
		{"format 1 with walls", func(h *record.Header) { h.Format = record.Format }, "a record with walls is"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := &record.Record{Header: base.Header, Events: base.Events}
			rec.Header.Walls = nil
			for _, w := range base.Header.Walls {
				w.Ring = slices.Clone(w.Ring)
				rec.Header.Walls = append(rec.Header.Walls, w)
			}
			c.change(&rec.Header)
			_, err := rec.Replay(nil)
			if !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("replay: got %v, want a record error saying %q", err, c.want)
			}
			data, err := rec.Encode()
			if err != nil {
				return // a tile that does not encode: no record says it
			}
			if _, err := record.Decode(data); err != nil && (!errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), "line 1")) {
				t.Fatalf("decode: got %v, want a record error naming line 1", err)
			}
		})
	}
	t.Run("an unknown tile's name", func(t *testing.T) {
		data, _ := base.Encode()
		bad := strings.Replace(string(data), `"ring":["`, `"ring":["5x","`, 1)
		if _, err := record.Decode([]byte(bad)); !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), "line 1") || !strings.Contains(err.Error(), "5x") {
			t.Fatalf("got %v, want a record error naming line 1 and the tile", err)
		}
	})
	t.Run("another order", func(t *testing.T) {
		rec := &record.Record{Header: base.Header, Events: base.Events}
		w := base.Header.Walls[0]
		ring := slices.Clone(w.Ring)
		slices.Reverse(ring)
		w.Ring = ring
		rec.Header.Walls = append([]record.Wall{w}, base.Header.Walls[1:]...)
		wantRefused(t, func() error { _, err := rec.Replay(nil); return err }(), "differs on replay")
	})
}

// TestWalledRecordTakenUp: a record that begins where the match stood
// before a later hand (Header.From), its hands dealt from walls and no
// hand seed given, replays to the same end; a wall of a hand before it
// is refused.
func TestWalledRecordTakenUp(t *testing.T) {
	full, played := playWalled(t, "hongkong")
	// The match as it stood before hand 3: replay to hand 3's start.
	var from *record.Continuation
	starts := 0
	_, err := full.Replay(func(m *game.Match, e game.Event) {
		if e.Type == game.EvHandStart {
			starts++
			if starts == 3 && from == nil {
				from = &record.Continuation{Standing: m.Standing(), History: slices.Clone(m.History)}
			}
		}
	})
	if err != nil || from == nil {
		t.Fatalf("the game has no hand 3 (%v)", err)
	}
	begin := indexOf(full.Events, game.EvHandStart, 2)
	rec := &record.Record{Header: full.Header, Events: full.Events[begin:]}
	rec.Header.From = from
	rec.Header.Walls = full.Header.Walls[2:]
	m, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Over || m.Balances != played.Balances || !reflect.DeepEqual(m.History, played.History) {
		t.Fatalf("the record taken up at hand 3 ends at %v; the game at %v", m.Balances, played.Balances)
	}
	rec.Header.Walls = full.Header.Walls[1:]
	if _, err := rec.Replay(nil); !errors.Is(err, record.ErrRecord) || !strings.Contains(err.Error(), "a wall of hand 2 in a record that begins at hand 3") {
		t.Fatalf("got %v, want the wall of hand 2 refused", err)
	}
}
