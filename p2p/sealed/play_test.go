package sealed

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	mocknet "github.com/libp2p/go-libp2p/p2p/net/mock"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// rig is a sealed match on a mocknet: the dealer's device on host 0, the
// other key holders on hosts 1 to n-1, a spectator on host n.
type rig struct {
	host    *Host
	records []table.SealedRecord // by host; the spectator's last
	errs    []error
}

// tamperer may drop (false) the messages key holder sends in deal.
type tamperer func(holder int, deal uint32, m *sealedplay.Msg) bool

// novices are four novice computer seats.
var novices = [4]table.SeatConfig{{Level: ai.Novice}, {Level: ai.Novice}, {Level: ai.Novice}, {Level: ai.Novice}}

// serveOn serves cfg's sealed table on host 0 of a mocknet of n hosts:
// hosts 0 to holders-1 hold its keys (cfg.Holders, in order), host
// spectator (when at least holders) is its admitted spectator. Both are
// closed when the test ends.
func serveOn(t *testing.T, n, holders, spectator int, cfg Config) ([]host.Host, *Host) {
	t.Helper()
	mn, err := mocknet.FullMeshConnected(n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mn.Close() })
	hs := mn.Hosts()
	cfg.Holders = nil
	for i := range holders {
		cfg.Holders = append(cfg.Holders, hs[i].ID())
	}
	cfg.Spectator = func(id peer.ID) bool { return spectator >= holders && spectator < n && id == hs[spectator].ID() }
	x, err := Serve(hs[0], cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return hs, x
}

func playMatch(t *testing.T, rules string, holders, hands int, wait time.Duration, tamper tamperer) *rig {
	t.Helper()
	cfg := Config{Table: "sealed test", Term: 3, Rules: rules, Hands: hands, Seed: wall.SeedFromString(fmt.Sprintf("sealed %d", holders)),
		Wait: wait, Seats: novices}
	for p := range cfg.Players {
		cfg.Players[p] = p % holders
	}
	hs, x := serveOn(t, holders+1, holders, holders, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	r := &rig{host: x, records: make([]table.SealedRecord, holders+1), errs: make([]error, holders+1)}
	var wg sync.WaitGroup
	// The spectator first: the dealer serves only those that come before
	// the first deal, and starts it once the last key holder has come.
	for i := holders; i >= 1; i-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var tm func(table.SealedNote) bool
			if tamper != nil {
				tm = func(n table.SealedNote) bool {
					var m sealedplay.Msg
					return n.Kind != table.SealedPlay || m.UnmarshalBinary(n.Body) != nil || tamper(i, n.Deal, &m)
				}
			}
			j, err := dial(ctx, hs[i], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: cfg.Seats}, tm)
			if err == nil {
				r.records[i], err = j.Wait()
				j.Close()
			}
			r.errs[i] = err
			if r.errs[i] != nil {
				t.Logf("device %d: %v", i, r.errs[i])
			}
		}()
		if i == holders {
			for x.streams() == 0 {
				time.Sleep(time.Millisecond)
			}
		}
	}
	r.records[0], r.errs[0] = x.Run(ctx)
	if r.errs[0] != nil {
		cancel()
	}
	wg.Wait()
	for i, err := range r.errs {
		if err != nil {
			t.Fatalf("device %d: %v", i, err)
		}
	}
	return r
}

// streams returns the number of streams served.
func (x *Host) streams() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.links)
}

// TestSealedMatch: a sealed hongkong match of 2, 3 and 4 key-holding
// devices, a jilin match of 2 and 4 (TING, the joker indicator's copies,
// the combinations) and an american hand of 2 and 4 (its whole
// Charleston with the blind pass, its default), each
// with a spectator, over a mocknet end with the same hands, results and
// balances on every device, every audit verified.
func TestSealedMatch(t *testing.T) {
	type match struct {
		rules   string
		holders int
	}
	matches := []match{{"hongkong", 2}, {"hongkong", 3}, {"hongkong", 4}, {"jilin", 2}, {"jilin", 4}, {"american", 2}, {"american", 4}}
	if raceOn {
		// About 50 to 100 s each under the race detector.
		matches = []match{{"hongkong", 4}, {"jilin", 2}, {"american", 2}}
	}
	for _, m := range matches {
		t.Run(fmt.Sprint(m.rules, "/", m.holders), func(t *testing.T) {
			hands := 2
			if testing.Short() || raceOn || m.rules == "american" {
				// american: one hand each (its whole Charleston makes
				// the longest hand); the other rulesets play the match
				// on from hand to hand.
				hands = 1
			}
			r := playMatch(t, m.rules, m.holders, hands, time.Minute, nil)
			want := r.records[0]
			if len(want.History) != hands || !want.Over {
				t.Fatalf("the dealer's device booked %d hands (over: %v); want %d", len(want.History), want.Over, hands)
			}
			for _, h := range want.Hands {
				if !h.Verified {
					t.Fatalf("deal %d: %s (the sequencer refused: %v)", h.Deal, h.Reason, r.host.Refused())
				}
			}
			for i, got := range r.records[1:] {
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("device %d saw another match:\n%+v\nthe dealer's:\n%+v", i+1, got, want)
				}
			}
			if ref := r.host.Refused(); len(ref) > 0 {
				t.Fatalf("the sequencer refused honest messages: %v", ref)
			}
		})
	}
}

// stallWait is how long the withheld-message tests' dealer waits for
// progress before it voids a deal: longer than an honest shuffle takes,
// which the race detector slows about tenfold.
var stallWait = map[bool]time.Duration{false: 5 * time.Second, true: 30 * time.Second}[raceOn]

// TestWithheldShareVoids: a device that withholds its shares in the first
// deal has that deal voided, naming it; the hand is dealt again with fresh
// keys and the match goes on, the same on every device.
func TestWithheldShareVoids(t *testing.T) {
	r := playMatch(t, "hongkong", 3, 1, stallWait, func(holder int, deal uint32, m *sealedplay.Msg) bool {
		return holder != 2 || deal != 1 || m.Type != sealedplay.TShares
	})
	want := r.records[0]
	if len(want.Hands) != 2 || want.Hands[0].Verified || !want.Hands[1].Verified {
		t.Fatalf("deals: %+v; want a void deal and a verified one", want.Hands)
	}
	if v := want.Hands[0].Reason; !strings.Contains(v, "holder 2 withheld its shares") {
		t.Fatalf("void for %q; want holder 2 named for its shares", v)
	}
	if want.Hands[0].Number != 1 || want.Hands[1].Number != 1 {
		t.Fatalf("hand numbers %d, %d: a void hand is dealt again under the same number", want.Hands[0].Number, want.Hands[1].Number)
	}
	for i, got := range r.records[1:] {
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("device %d saw another match:\n%+v\nthe dealer's:\n%+v", i+1, got, want)
		}
	}
}

// TestWithheldSetupVoids: a device that withholds its key, or its link of
// the shuffle, has the first deal voided, naming it.
func TestWithheldSetupVoids(t *testing.T) {
	for typ, want := range map[sealedplay.Type]string{sealedplay.TKey: "holder 1 did not send its key", sealedplay.TShuffle: "holder 1 did not send its link of the shuffle"} {
		t.Run(typ.String(), func(t *testing.T) {
			r := playMatch(t, "hongkong", 2, 1, stallWait, func(holder int, deal uint32, m *sealedplay.Msg) bool {
				return holder != 1 || deal != 1 || m.Type != typ
			})
			got := r.records[0]
			if len(got.Hands) != 2 || !strings.Contains(got.Hands[0].Reason, want) || !got.Hands[1].Verified {
				t.Fatalf("deals %+v; want the first void (%q), the second verified", got.Hands, want)
			}
			if !reflect.DeepEqual(r.records[1], got) || !reflect.DeepEqual(r.records[2], got) {
				t.Fatal("the device or the spectator saw another match")
			}
		})
	}
}

// TestLateSpectator: a spectator that comes after the first deal is
// served from the next deal, with the ledger so far: it verifies that
// deal and ends with the dealer's balances and history.
func TestLateSpectator(t *testing.T) {
	seats := novices
	cfg := Config{Table: "late", Term: 1, Rules: "hongkong", Hands: 2, Seed: wall.SeedFromString("late spectator"), Seats: seats, Players: [4]int{0, 1, 0, 1}}
	hs, x := serveOn(t, 3, 2, 2, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	var device, late table.SealedRecord
	var deviceErr, lateErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		device, deviceErr = Join(ctx, hs[1], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: seats})
	}()
	go func() {
		defer wg.Done()
		for {
			x.mu.Lock()
			dealt := x.dealt
			x.mu.Unlock()
			if dealt {
				break
			}
			time.Sleep(time.Millisecond)
		}
		late, lateErr = Join(ctx, hs[2], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{})
	}()
	want, err := x.Run(ctx)
	if err != nil {
		cancel()
	}
	wg.Wait()
	if err != nil || deviceErr != nil || lateErr != nil {
		t.Fatalf("dealer %v, device %v, late spectator %v", err, deviceErr, lateErr)
	}
	if !reflect.DeepEqual(device, want) {
		t.Fatalf("the device saw another match:\n%+v\nthe dealer's:\n%+v", device, want)
	}
	if len(late.Hands) == 0 || !reflect.DeepEqual(late.Hands, want.Hands[len(want.Hands)-len(late.Hands):]) || late.Balances != want.Balances ||
		len(late.History) != len(want.History) || !late.Over {
		t.Fatalf("the late spectator saw %+v; the dealer %+v", late, want)
	}
	if late.Hands[0].Deal < 2 {
		t.Fatalf("the late spectator was served deal %d; it came after the first", late.Hands[0].Deal)
	}
}
