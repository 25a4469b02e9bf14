package game_test

// Tests of the engine as a table serves it: JSON of views, per-seat
// decision ids in windows, uniform windows, copies and secrecy.

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// servedRules are the five rulesets.
var servedRules = []string{"classical", "hongkong", "french", "jilin", "american"}

// newServed starts a match of ruleset id with its default options.
func newServed(t testing.TB, id, seed string, uniform bool) *game.Match {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString(seed), Uniform: uniform})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// playServed plays hands of m with novice players, calling visit with every
// view a player is asked to decide on, before the decision. A player who
// can only pass passes without being asked, as a table does.
func playServed(t testing.TB, m *game.Match, hands int, visit func(p int, v *game.View)) {
	t.Helper()
	var players [4]ai.Player
	for p := range players {
		players[p], _ = ai.New(ai.Novice, wall.Derive(m.Config().Seed, "player", p))
	}
	for played := 0; ; {
		for n := 0; m.Hand.Phase != game.PhaseEnd; n++ {
			if n > 5000 {
				t.Fatalf("hand %d does not end", m.Number)
			}
			w := m.Hand.Waiting()
			if len(w) == 0 {
				t.Fatalf("hand %d: phase %s and nobody owes a decision", m.Number, m.Hand.Phase)
			}
			p := m.PlayerAt(w[0])
			if m.Hand.Phase == game.PhaseTurn || m.Hand.Phase == game.PhaseInvoke {
				p = m.PlayerAt(m.Hand.Turn)
			}
			v := m.View(p)
			if visit != nil {
				visit(p, v)
			}
			a := v.Legal[0]
			if len(v.Legal) > 1 || a.Type != game.ActPass {
				a = players[p].Decide(v)
			}
			if _, err := m.Apply(p, a); err != nil {
				t.Fatal(err)
			}
		}
		if played++; played == hands {
			return
		}
		if _, err := m.NextHand(); err != nil {
			t.Fatal(err)
		}
		if m.Over {
			return
		}
	}
}

// TestPhaseText: every phase reads back from its name, and an unknown
// name is refused with the allowed ones.
func TestPhaseText(t *testing.T) {
	for p := game.PhaseNone; p <= game.PhaseCourtesy; p++ {
		b, _ := p.MarshalText()
		var q game.Phase
		if err := q.UnmarshalText(b); err != nil || q != p {
			t.Errorf("%s reads back as %s, %v", p, q, err)
		}
	}
	var q game.Phase
	if err := q.UnmarshalText([]byte("lunch")); err == nil {
		t.Error("phase lunch accepted")
	}
}

// TestViewJSONRoundTrip: every view of whole hands of every ruleset comes
// back from JSON the same, and once its ruleset is attached the AI's
// advice on it is the advice on the original.
func TestViewJSONRoundTrip(t *testing.T) {
	for _, id := range servedRules {
		t.Run(id, func(t *testing.T) {
			m := newServed(t, id, "json "+id, true)
			n := 0
			playServed(t, m, 2, func(p int, v *game.View) {
				b, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				var back game.View
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				b2, _ := json.Marshal(&back)
				if string(b) != string(b2) {
					t.Fatalf("view changes through JSON:\n %s\n %s", b, b2)
				}
				if back.Rules() != nil {
					t.Fatal("a decoded view has a ruleset before Attach")
				}
				if err := back.Attach(v.Rules(), v.Options()); err != nil {
					t.Fatal(err)
				}
				if n++; n%7 == 0 && len(v.Legal) > 1 {
					want, got := ai.Hint(v), ai.Hint(&back)
					if want.Action != got.Action {
						t.Fatalf("hint %s on the view, %s on its JSON copy", want.Action, got.Action)
					}
				}
			})
		})
	}
}

// TestViewAttachRefusesAnotherRuleset: a view takes only its own ruleset.
func TestViewAttachRefusesAnotherRuleset(t *testing.T) {
	m := newServed(t, "hongkong", "attach", true)
	r, _ := rules.Get("french")
	if err := m.View(0).Attach(r, rules.DefaultOptions(r)); err == nil {
		t.Error("a hongkong view took the french ruleset")
	}
}

// TestWindowAnswersShareOneDecision: in a claim window and a Charleston
// step every seat is shown the same decision id, which the answers do not
// change, and which has changed once the window has closed (so that a
// table refuses an answer quoting it as stale).
func TestWindowAnswersShareOneDecision(t *testing.T) {
	for _, id := range []string{"hongkong", "american"} {
		t.Run(id, func(t *testing.T) {
			m := newServed(t, id, "window "+id, true)
			windows := 0
			for m.Hand.Phase != game.PhaseEnd && windows < 5 {
				h := m.Hand
				w := h.Waiting()
				if !h.Phase.Simultaneous() {
					p := m.PlayerAt(h.Turn)
					v := m.View(p)
					if _, err := m.Apply(p, v.Legal[len(v.Legal)-1]); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if len(w) < 2 {
					t.Fatalf("a %s window waits for %d seats", h.Phase, len(w))
				}
				windows++
				id := m.View(m.PlayerAt(w[0])).StateID
				for _, seat := range w {
					v := h.View(seat)
					if v.StateID != id {
						t.Fatalf("seat %s is shown decision %d, seat %s %d", seat, v.StateID, w[0], id)
					}
					if got := h.DecisionID(); got != id {
						t.Fatalf("seat %s answers decision %d, which is now %d", seat, id, got)
					}
					if _, err := h.Apply(seat, v.Legal[0]); err != nil {
						t.Fatalf("simultaneous answer refused: %v", err)
					}
				}
				if len(m.Hand.Waiting()) > 0 && m.Hand.DecisionID() == id {
					t.Fatalf("the window has closed and its decision %d is still the decision now", id)
				}
			}
			if windows == 0 {
				t.Fatal("no window was played")
			}
		})
	}
}

// TestUniformWindowsAskEverySeat: with Uniform, every discard opens a
// window that every other live seat answers, and the hands end exactly as
// they do without it.
func TestUniformWindowsAskEverySeat(t *testing.T) {
	for _, id := range servedRules {
		t.Run(id, func(t *testing.T) {
			uni, plain := newServed(t, id, "uniform "+id, true), newServed(t, id, "uniform "+id, false)
			playServed(t, uni, 3, nil)
			playServed(t, plain, 3, nil)
			if !reflect.DeepEqual(uni.Balances, plain.Balances) || len(uni.History) != len(plain.History) {
				t.Fatalf("uniform windows changed the game: %v / %v", uni.Balances, plain.Balances)
			}
			for i := range uni.History {
				a, b := uni.History[i].Result, plain.History[i].Result
				if a.Winner != b.Winner || a.Hands != b.Hands {
					t.Fatalf("hand %d: %v %v / %v %v", i+1, a.Winner, a.Hands, b.Winner, b.Hands)
				}
			}
		})
	}
}

// TestUniformDiscardOpensWindow: after a discard in a uniform hand, the
// three other seats owe an answer even when none can claim.
func TestUniformDiscardOpensWindow(t *testing.T) {
	m := newServed(t, "hongkong", "every discard", true)
	passOnly := 0
	for i := 0; i < 40 && m.Hand.Phase != game.PhaseEnd; i++ {
		h := m.Hand
		if h.Phase != game.PhaseTurn {
			t.Fatalf("phase %s, want turn", h.Phase)
		}
		seat := h.Turn
		k := tile.None
		for _, a := range h.LegalActions(seat) {
			if a.Type == game.ActDiscard {
				k = a.Tile
				break
			}
		}
		if _, err := h.Apply(seat, game.Act(game.ActDiscard, k)); err != nil {
			t.Fatal(err)
		}
		if h.Phase != game.PhaseClaim || len(h.Waiting()) != 3 {
			t.Fatalf("after a discard: phase %s, %d seats answer; want claim, 3", h.Phase, len(h.Waiting()))
		}
		for _, x := range h.Waiting() {
			if len(h.LegalActions(x)) == 1 {
				passOnly++
			}
			if _, err := h.Apply(x, game.Act(game.ActPass, tile.None)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if passOnly == 0 {
		t.Fatal("no seat was asked with nothing but a pass")
	}
}

// TestViewIsACopy: changing a view's legal actions or result changes
// nothing in the engine.
func TestViewIsACopy(t *testing.T) {
	m := newServed(t, "classical", "copy", false)
	p := m.PlayerAt(m.Hand.Turn)
	v := m.View(p)
	want := slices.Clone(m.Hand.LegalActions(m.Hand.Turn))
	v.Legal[0] = game.Act(game.ActMahjong, tile.Red)
	if got := m.Hand.LegalActions(m.Hand.Turn); !slices.Equal(got, want) {
		t.Fatal("changing View.Legal changed the engine's legal actions")
	}
	playServed(t, m, 1, nil)
	v = m.View(0)
	v.Result.Net[0] += 1000
	v.Result.Values[0].Items = append(v.Result.Values[0].Items[:0], rules.Item{Rule: "X"})
	if m.Hand.Result.Net == v.Result.Net {
		t.Fatal("changing View.Result changed the engine's result")
	}
	if it := m.Hand.Result.Values[0].Items; len(it) > 0 && it[0].Rule == "X" {
		t.Fatal("changing View.Result's items changed the engine's result")
	}
}

// TestViewsFromManyGoroutines: views, legal actions through views and
// Waiting may be taken at once (go test -race).
func TestViewsFromManyGoroutines(t *testing.T) {
	for _, id := range []string{"hongkong", "american"} {
		m := newServed(t, id, "race", true)
		var wg sync.WaitGroup
		for p := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 3 {
					_ = m.View(p)
					_ = m.Hand.Waiting()
					_ = m.Hand.View(rules.NoWind)
				}
			}()
		}
		wg.Wait()
	}
}

// TestStateAndMatchJSONRefused: marshalling a State or Match would show
// every concealed hand and the seed: it is refused.
func TestStateAndMatchJSONRefused(t *testing.T) {
	m := newServed(t, "hongkong", "secret", false)
	for _, v := range []any{m, *m, m.Hand, *m.Hand} {
		if b, err := json.Marshal(v); !errors.Is(err, game.ErrSecret) {
			t.Errorf("%T marshals: %.80s (%v)", v, b, err)
		}
	}
}

// TestHandSeedsSuppliedFromOutside: a hand dealt from a supplied seed is
// the hand NewHand deals from that seed, and its summary publishes it.
func TestHandSeedsSuppliedFromOutside(t *testing.T) {
	r, _ := rules.Get("hongkong")
	o := rules.DefaultOptions(r)
	s1, s2 := wall.SeedFromString("first"), wall.SeedFromString("second")
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString("match"), HandSeeds: []wall.Seed{s1}})
	if err != nil {
		t.Fatal(err)
	}
	if m.Hand.Seed != s1 {
		t.Fatal("hand 1 is not dealt from its supplied seed")
	}
	if err := m.SupplySeed(3, s2); err == nil {
		t.Fatal("a seed for hand 3 accepted before hand 2's")
	}
	playServed(t, m, 1, nil)
	if err := m.SupplySeed(2, s2); err != nil {
		t.Fatal(err)
	}
	if _, err := m.NextHand(); err != nil {
		t.Fatal(err)
	}
	want, _, _ := game.NewHand(game.HandConfig{Ruleset: r, Options: o, Seed: s2, Number: 2, Round: m.Round})
	if m.Hand.Seed != s2 || !reflect.DeepEqual(m.Hand.Players, want.Players) {
		t.Fatal("hand 2 is not the hand dealt from its supplied seed")
	}
	if m.History[0].Seed != s1 {
		t.Fatal("hand 1's summary does not publish its seed")
	}
}

func TestDecodeActionStrictRefusesUnknownFields(t *testing.T) {
	for _, in := range []string{`{"type":"pass","x":1}`, `{"type":"pass"} {}`, `[1]`, `{"type":"discard","tile":"no"}`} {
		if _, err := game.DecodeActionStrict([]byte(in)); err == nil {
			t.Errorf("%s was accepted", in)
		}
	}
	a := game.Act(game.ActDiscard, 3)
	b, _ := json.Marshal(a)
	if got, err := game.DecodeActionStrict(b); err != nil || got != a {
		t.Errorf("%s decoded as %v, %v", b, got, err)
	}
}

func FuzzDecodeActionStrict(f *testing.F) {
	f.Add([]byte(`{"type":"discard","tile":3}`))
	f.Add([]byte(`{"type":"pass","x":1}`))
	f.Add([]byte(`{"type":"kong","tile":5,"tiles":[0,1],"n":2,"declare":"ting"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := game.DecodeActionStrict(data)
		if err != nil {
			return
		}
		var loose game.Action
		if err := json.Unmarshal(data, &loose); err != nil || loose != a {
			t.Fatalf("strict and loose decoding disagree on %s: %v / %v (%v)", data, a, loose, err)
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := game.DecodeActionStrict(b); err != nil || back != a {
			t.Fatalf("%v did not round-trip: %s gave %v, %v", a, b, back, err)
		}
	})
}
