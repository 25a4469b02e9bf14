package game_test

// The play scenarios and play test vectors of hongkong.md, one test per
// rule id.

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// hongkong builds a hongkong scenario with the named options set.
func hongkong(t *testing.T, set map[string]string, sc gametest.Scenario) *game.State {
	t.Helper()
	return newScenario(t, "hongkong", set, sc)
}

func TestHK_4_2_BonusTilesAtStart(t *testing.T)    { runBonusAtStart(t, "hongkong", nil) }
func TestHK_4_3_BonusTileDrawnInPlay(t *testing.T) { runBonusInPlay(t, "hongkong", nil) }

// runBonusAtStart deals hands and checks that, starting with East, every
// seat has set its bonus tiles aside and replaced them from the tail
// (HK-4.2, FR-6.1, CL-5.3).
func runBonusAtStart(t *testing.T, id string, set map[string]string) {
	cfg := handConfig(t, id, set)
	for i := range 40 {
		cfg.Seed[0] = byte(i)
		s, evs, err := game.NewHand(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for x := rules.E; x <= rules.N; x++ {
			p := s.Players[x]
			want := 13
			if x == rules.E {
				want = 14
			}
			if p.Concealed.Total() != want || slices.ContainsFunc(p.Concealed.Kinds(), tile.Kind.IsBonus) {
				t.Fatalf("seat %s holds %v after the deal: want %d tiles and no bonus tile", x, p.Concealed.Kinds(), want)
			}
		}
		last := rules.E
		for i, e := range evs {
			if e.Type != game.EvBonus {
				continue
			}
			if e.Seat < last {
				t.Fatalf("%s sets a bonus tile aside after %s: want turn order from East", e.Seat, last)
			}
			last = e.Seat
			if r := evs[i+1]; r.Type != game.EvDraw || r.Seat != e.Seat || r.Source != game.FromBonus {
				t.Fatalf("bonus %s of %s is followed by %+v, want its replacement", e.Tile(), e.Seat, r)
			}
		}
	}
}

// runBonusInPlay: a bonus tile drawn in play is set aside at once and
// replaced from the tail, a replacement that is a bonus tile too; a win on
// the replacement is self-drawn but earns no kong-replacement double
// (HK-4.3, FR-6.2, CL-5.3).
func runBonusInPlay(t *testing.T, id string, set map[string]string) {
	s := newScenario(t, id, set, gametest.Scenario{
		Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9s"},
		Hands: [4]string{inertA, "123m 456m 789m 123p 4p", inertC, inertD}, Wall: "1f", Tail: "2y 4p",
	})
	wantTurn(t, s, rules.S, "4p")
	if b := s.View(rules.E).Seats[rules.S].Bonus; !slices.Equal(b, tile.MustParse("1f 2y")) {
		t.Fatalf("S's bonus tiles %v, want 1f 2y", b)
	}
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	wantWin(t, s, rules.S, "4p", rules.NoWind)
	if hasFlag(s, rules.KongReplacement) {
		t.Fatal("a win on a bonus replacement earned the kong-replacement double")
	}
}

func TestHK_5_1_EastDiscardsFirst(t *testing.T) { runDealerStarts(t, "hongkong") }

func TestHK_5_3_JapaneseDiscards(t *testing.T) {
	runJapaneseDiscards(t, "hongkong", map[string]string{"HK-OPT-10": "japanese"})
}

// runJapaneseDiscards: with japanese discards every view shows only the
// latest discard, and an exhausted wall makes a void hand, since the
// Celestial Empire needs face-up discards (HK-5.3, FR-7.3, FR-D21).
func runJapaneseDiscards(t *testing.T, id string, japanese map[string]string) {
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Wall: "9m",
		Discards: [4]string{"1z 2z", "3z", "4z 5p"}, Hands: [4]string{inertA, inertB, inertC, inertD}}
	s := newScenario(t, id, japanese, sc)
	wantTurn(t, s, rules.N, "9m")
	for _, seat := range []rules.Wind{rules.NoWind, rules.E, rules.S, rules.W, rules.N} {
		v := s.View(seat)
		for x, sv := range v.Seats {
			for i, d := range sv.Discards {
				latest := rules.Wind(x) == rules.W && i == len(sv.Discards)-1
				if latest != (d.Tile != tile.Unknown) {
					t.Fatalf("seat %s sees %s's discard %d as %s: only W's 5p may show", seat, rules.Wind(x), i, d.Tile)
				}
			}
		}
	}
	mustApply(t, s, rules.N, act(game.ActDiscard, "9m"))
	passRest(t, s)
	if v := s.View(rules.E); v.Seats[rules.W].Discards[1].Tile != tile.Unknown || v.Seats[rules.N].Discards[0].Tile != tk("9m") {
		t.Fatalf("after N's discard E sees W's %v and N's %v: W's 5p must turn face down", v.Seats[rules.W].Discards, v.Seats[rules.N].Discards)
	}
	// The Chinese rule (the default) keeps every discard face up.
	s = newScenario(t, id, nil, sc)
	if d := s.View(rules.S).Seats[rules.E].Discards; d[0].Tile != tk("1z") {
		t.Fatalf("chinese discards: S sees E's %v", d)
	}
	// Without face-up discards there is no Celestial Empire: the hand is void.
	s = newScenario(t, id, japanese, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "9m"},
		Hands: [4]string{inertA, inertB, inertC, inertD}, Live: gametest.LiveExhausted})
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want a void hand", s.Phase)
	}
}

func TestHK_5_4_Servi(t *testing.T) { runServi(t, "hongkong", "HK-OPT-16") }

// runServi checks the servi declaration and its lock (HK-5.4, FR-11.3);
// option names the servi option.
func runServi(t *testing.T, id, option string) {
	ready := "123m 456m 789m 123p 4p"
	others := [4]string{inertA, "", inertC, inertD}
	first := func(hand string, discards string) gametest.Scenario {
		h := others
		h[rules.S] = hand
		return gametest.Scenario{Turn: rules.S, FirstTurns: true, Hands: h, Discards: [4]string{"9p", discards}}
	}
	servi := game.Action{Type: game.ActDiscard, Tile: tk("9s"), Declare: game.DeclServi}
	t.Run("declared with the first discard when ready", func(t *testing.T) {
		s := newScenario(t, id, nil, first(ready+" +9s", ""))
		if !legal(s, rules.S, servi) {
			t.Fatalf("S may not declare servi: %v", s.LegalActions(rules.S))
		}
		if legal(s, rules.S, game.Action{Type: game.ActDiscard, Tile: tk("1m"), Declare: game.DeclServi}) {
			t.Fatal("S may declare servi with a hand that is not ready")
		}
		mustApply(t, s, rules.S, servi)
		if s.View(rules.N).Seats[rules.S].Declared != game.DeclServi {
			t.Fatal("servi is not shown to the other seats")
		}
	})
	t.Run("East after his first discard", func(t *testing.T) {
		s := newScenario(t, id, nil, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{ready + " 9s", inertB, inertC, inertD}})
		if !legal(s, rules.E, servi) {
			t.Fatalf("East may not declare servi: %v", s.LegalActions(rules.E))
		}
	})
	for _, c := range []struct{ name, hand, discards string }{
		{"not after the first turn", ready + " +9s", "1z"},
		{"not after a claim", "123m 456m 789m 4p [123p] +9s", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if s := newScenario(t, id, nil, first(c.hand, c.discards)); legal(s, rules.S, servi) {
				t.Fatal("S may declare servi")
			}
		})
	}
	t.Run("off", func(t *testing.T) {
		if s := newScenario(t, id, map[string]string{option: "off"}, first(ready+" +9s", "")); legal(s, rules.S, servi) {
			t.Fatal("servi is declared with the option off")
		}
	})
	runLock(t, id, nil, game.DeclServi)
}

// runLock checks that a declared hand (servi, calling hand) discards every
// drawn tile that does not win, declares no kong and claims only for
// mahjong (HK-5.4, HK-OPT-9, FR-11.3, FR-11.4).
func runLock(t *testing.T, id string, set map[string]string, d game.Declaration) {
	locked := func(sc gametest.Scenario) *game.State {
		sc.Declared[rules.S] = d
		return newScenario(t, id, set, sc)
	}
	for _, c := range []struct{ drawn, want string }{{"7z", "discard 7z"}, {"1m", "discard 1m"}, {"4p", "self-draw 4p, discard 4p"}} {
		s := locked(gametest.Scenario{Turn: rules.S, Hands: [4]string{inertB, "111m 456m 789m 123p 4p +" + c.drawn, inertC, "258m 369p 147s 2345z"}})
		if got := actionList(s.LegalActions(rules.S)); got != c.want {
			t.Errorf("locked S drew %s: legal %s, want %s", c.drawn, got, c.want)
		}
	}
	// East's 6p completes S's hand as a chow, West's 5p as a pung.
	s := locked(gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"6p"}, Hands: [4]string{inertA, "123m 456m 789m 44p 57p", inertC, inertD}})
	if got := actionList(s.LegalActions(rules.S)); got != "pass, mahjong 6p" {
		t.Errorf("locked S on East's 6p: %s, want pass and mahjong only", got)
	}
	s = locked(gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: [4]string{inertA, "123m 456m 789m 44p 55p", inertC, inertB}})
	if got := actionList(s.LegalActions(rules.S)); got != "pass, mahjong 5p" {
		t.Errorf("locked S on West's 5p: %s, want pass and mahjong only", got)
	}
}

// actionList writes actions as "a, b, c".
func actionList(acts []game.Action) string {
	out := ""
	for i, a := range acts {
		if i > 0 {
			out += ", "
		}
		out += a.String()
	}
	return out
}

func TestHK_6_1_6_4_Claims(t *testing.T)      { runClaimCases(t, "hongkong") }
func TestHK_6_1_PungThenDiscard(t *testing.T) { runAfterAClaim(t, "hongkong") }

func TestHK_OPT_5_LastDiscardDouble(t *testing.T) {
	for _, on := range []string{"off", "on"} {
		s := hongkong(t, map[string]string{"HK-OPT-5": on}, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Live: gametest.LiveExhausted,
			Discards: [4]string{2: "5p"}, Hands: [4]string{"123m 456m 789m 123p 5p", inertC, inertB, inertD}})
		mustApply(t, s, rules.E, act(game.ActMahjong, "5p"))
		if got := hasItem(s.Result.Values[rules.E], "HK-S-29"); got != (on == "on") {
			t.Fatalf("HK-OPT-5 %s: HK-S-29 scored %v", on, got)
		}
	}
}

func TestHK_6_2_KongFromDiscardThenAct(t *testing.T) {
	// After a claimed kong's replacement the claimant may declare another
	// kong (HK-5.2), which draws the next replacement.
	s := hongkong(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"5p"},
		Hands: [4]string{inertC, inertB, "555p 6666s 123m 45m 9m", inertD}, Tail: "7z 3m"})
	mustApply(t, s, rules.W, act(game.ActKong, "5p"))
	wantTurn(t, s, rules.W, "7z")
	evs := mustApply(t, s, rules.W, act(game.ActConcealedKong, "6s"))
	if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Tile() != tk("3m") || d[0].Source != game.FromTail {
		t.Fatalf("draws %+v: want 3m from the tail", d)
	}
	wantTurn(t, s, rules.W, "3m")
}

func TestHK_6_5_NearestMahjongWins(t *testing.T) {
	for _, c := range races {
		t.Run(c.name, func(t *testing.T) { runRace(t, "hongkong", c) })
	}
}

func TestHK_7_1_NoConcealedKongAfterClaim(t *testing.T) {
	s := hongkong(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"5p"},
		Hands: [4]string{inertA, inertB, "55p 4444p 234s 678s 9s", inertD}})
	mustApply(t, s, rules.W, act(game.ActPung, "5p"))
	if legal(s, rules.W, act(game.ActConcealedKong, "4p")) {
		t.Fatal("a concealed kong straight after a claim")
	}
	// East's dealt 14 count as a draw (HK-D-19).
	s = hongkong(t, nil, gametest.Scenario{Turn: rules.E, FirstTurns: true,
		Hands: [4]string{"4444p 123m 567m 789s 1z", inertB, inertD, inertE}})
	if !legal(s, rules.E, act(game.ActConcealedKong, "4p")) {
		t.Fatalf("East may not declare a kong on his dealt tiles: %v", s.LegalActions(rules.E))
	}
}

func TestHK_D_8_AddKongOnlyDrawnTile(t *testing.T) { runAddedKongOnlyDrawnTile(t, "hongkong") }

func TestHK_7_4_RobbingTheKong(t *testing.T) { runRobbing(t, "hongkong", "score.robbing_kong") }

// runRobbing: South adds 9p to his [999p]; East and West can both rob it.
// West, the first after South, wins; South's meld stays a pung and no
// replacement is drawn (HK-7.4, FR-11.1, CL-8.5). item is the robbing row.
func runRobbing(t *testing.T, id, item string) {
	hands := [4]string{"123s 456s 789s 78p 11z", "123m 456m 789m 1z [999p] +9p", "123p 456p 78p 55p [222p]", inertC}
	s := newScenario(t, id, nil, gametest.Scenario{Turn: rules.S, Hands: hands})
	mustApply(t, s, rules.S, act(game.ActAddKong, "9p"))
	mustApply(t, s, rules.E, act(game.ActMahjong, "9p"))
	evs := mustApply(t, s, rules.W, act(game.ActMahjong, "9p"))
	if len(eventsOf(evs, game.EvKongRobbed)) != 1 || len(eventsOf(evs, game.EvDraw)) != 0 {
		t.Fatalf("events %v: want the kong robbed and no replacement", evs)
	}
	wantWin(t, s, rules.W, "9p", rules.S)
	if m := s.Players[rules.S].Melds[0]; m.Kind != hand.Pung {
		t.Fatalf("S's meld is %+v, want the pung back", m)
	}
	if !hasFlag(s, rules.RobbingKong) || !hasItem(s.Result.Values[rules.W], item) {
		t.Fatalf("flags %v items %v: want robbing-kong and %s", s.Result.Flags, itemRules(s.Result.Values[rules.W]), item)
	}
	// Nobody robs: the kong stands and South draws its replacement.
	s = newScenario(t, id, nil, gametest.Scenario{Turn: rules.S, Hands: hands, Tail: "1z"})
	mustApply(t, s, rules.S, act(game.ActAddKong, "9p"))
	passRest(t, s)
	wantTurn(t, s, rules.S, "1z")
	if m := s.Players[rules.S].Melds[0]; m.Kind != hand.Kong || !m.Added {
		t.Fatalf("S's meld is %+v, want an added kong", m)
	}
}

func TestHK_8_1_LastTile(t *testing.T) { runLastTile(t, "hongkong", "HK-OPT-11", "score.last_tile") }

// runLastTile plays the end of the wall: a win on the last live tile,
// the discard after it, and a last tile that needs a replacement (a bonus
// tile, or a kong), which lets the drawer alone invoke once (HK-8.1, HK-7.5,
// FR-11.2, FR-12.4). celestial is the invocation option, item the
// last-tile row.
func runLastTile(t *testing.T, id, celestial, item string) {
	off := map[string]string{celestial: "off"}
	t.Run("fishing the moon", func(t *testing.T) {
		s := newScenario(t, id, nil, gametest.Scenario{Turn: rules.N, Hands: [4]string{3: "123m 456m 789m 123p 4p +4p"}, Live: gametest.LiveExhausted})
		mustApply(t, s, rules.N, selfDraw(t, s, rules.N))
		if !hasFlag(s, rules.LastTile) || !hasItem(s.Result.Values[rules.N], item) {
			t.Fatalf("flags %v items %v: want last-tile and %s", s.Result.Flags, itemRules(s.Result.Values[rules.N]), item)
		}
	})
	t.Run("the discard after it", func(t *testing.T) { runLastDiscardMahjongOnly(t, id) })
	// West discards 6z, which nobody claims; North draws the last live tile.
	flower := func(set map[string]string) *game.State {
		return newScenario(t, id, set, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Live: 1, Wall: "2f",
			Discards: [4]string{"4p", "", "9s 6z"}, Hands: [4]string{inertA, inertB, inertC, "123m 456m 789m 123p 4p"}})
	}
	t.Run("a bonus tile: the drawer invokes alone and wins", func(t *testing.T) {
		s := flower(nil)
		if s.Phase != game.PhaseInvoke || s.Turn != rules.N {
			t.Fatalf("phase %s turn %s: want N to invoke", s.Phase, s.Turn)
		}
		mustApply(t, s, rules.N, act(game.ActInvoke, "4p"))
		wantWin(t, s, rules.N, "4p", s.Result.From)
		if !hasFlag(s, rules.Invoked) || s.Result.From == rules.NoWind {
			t.Fatalf("flags %v from %s: want a discard win by invocation", s.Result.Flags, s.Result.From)
		}
	})
	for _, a := range []game.Action{act(game.ActInvoke, "9s"), pass} {
		t.Run("a bonus tile: no win, the hand is void at once ("+a.String()+")", func(t *testing.T) {
			s := flower(nil)
			mustApply(t, s, rules.N, a)
			if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
				t.Fatalf("phase %s: want a void hand", s.Phase)
			}
		})
	}
	t.Run("a bonus tile without invocation: void", func(t *testing.T) {
		if s := flower(off); s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
			t.Fatalf("phase %s: want a void hand", s.Phase)
		}
	})
	kong := func(set map[string]string) *game.State {
		return newScenario(t, id, set, gametest.Scenario{Turn: rules.N, Live: gametest.LiveExhausted, Discards: [4]string{"2z"},
			Hands: [4]string{inertA, inertD, inertC, "555m 123p 456p 789s 2z +5m"}})
	}
	t.Run("a kong: the drawer invokes alone", func(t *testing.T) {
		s := kong(nil)
		mustApply(t, s, rules.N, act(game.ActConcealedKong, "5m"))
		if s.Phase != game.PhaseInvoke || s.Turn != rules.N {
			t.Fatalf("phase %s turn %s: want N to invoke alone", s.Phase, s.Turn)
		}
		mustApply(t, s, rules.N, act(game.ActInvoke, "2z"))
		wantWin(t, s, rules.N, "2z", s.Result.From)
	})
	t.Run("a kong without invocation is not allowed", func(t *testing.T) {
		if s := kong(off); legal(s, rules.N, act(game.ActConcealedKong, "5m")) {
			t.Fatal("a kong with no replacement and no invocation")
		}
	})
	t.Run("keeping the kong tile: discard normally", func(t *testing.T) {
		s := kong(nil)
		mustApply(t, s, rules.N, act(game.ActDiscard, "5m"))
		passRest(t, s)
		if s.Phase != game.PhaseInvoke || s.Turn != rules.E {
			t.Fatalf("phase %s turn %s: want every seat to invoke, East first", s.Phase, s.Turn)
		}
	})
}

func TestHK_8_2_CelestialEmpire(t *testing.T) {
	runCelestialEmpire(t, "hongkong", "score.self_drawn", "score.last_tile")
}

// runCelestialEmpire: the wall is exhausted and nobody claims North's last
// discard. East invokes 2p, cannot win and discards 9m; South takes 9m and
// wins, as on a discard (HK-8.2, FR-12.2, FR-16 T7). Otherwise the hand is
// void after North. selfDrawn and lastTile are the rows a win by
// invocation does not score.
func runCelestialEmpire(t *testing.T, id, selfDrawn, lastTile string) {
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Live: gametest.LiveExhausted, Discards: [4]string{2: "2p", 3: "6z"},
		Hands: [4]string{"9m 147m 258p 369s 123z", "123m 456m 78m 123p 44p", inertC, inertD}}
	s := newScenario(t, id, nil, sc)
	if s.Phase != game.PhaseInvoke || s.Turn != rules.E || !legal(s, rules.E, pass) {
		t.Fatalf("phase %s turn %s: want East to invoke first", s.Phase, s.Turn)
	}
	mustApply(t, s, rules.E, act(game.ActInvoke, "2p"))
	wantTurn(t, s, rules.E, "")
	mustApply(t, s, rules.E, act(game.ActDiscard, "9m"))
	if s.Phase != game.PhaseInvoke || s.Turn != rules.S {
		t.Fatalf("phase %s turn %s: want South to invoke", s.Phase, s.Turn)
	}
	mustApply(t, s, rules.S, act(game.ActInvoke, "9m"))
	wantWin(t, s, rules.S, "9m", s.Result.From)
	v := s.Result.Values[rules.S]
	if hasItem(v, selfDrawn) || hasItem(v, lastTile) || hasFlag(s, rules.LastTile) {
		t.Fatalf("items %v flags %v: an invoked tile is a discard, with no self-drawn or last-tile row", itemRules(v), s.Result.Flags)
	}
	s = newScenario(t, id, nil, sc)
	for _, x := range []rules.Wind{rules.E, rules.S, rules.W, rules.N} {
		if s.Turn != x {
			t.Fatalf("invocation turn %s, want %s", s.Turn, x)
		}
		mustApply(t, s, x, pass)
	}
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want a void hand after North", s.Phase)
	}
	wantNet(t, s, [4]int{})
}

func TestHK_8_2_InvokedTileIsAnotherSeatsDiscard(t *testing.T) {
	// North invokes 4p, which lies in his own row and in East's. The
	// engine takes East's, so that it counts as a discard and North wins
	// (HK-8.2, FR-12.2); taking North's own would refuse the win.
	s := hongkong(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Live: 1, Wall: "2f",
		Discards: [4]string{"4p", "", "9s 6z", "4p"}, Hands: [4]string{inertA, inertB, inertC, "123m 456m 789m 123p 4p"}})
	mustApply(t, s, rules.N, act(game.ActInvoke, "4p"))
	wantWin(t, s, rules.N, "4p", rules.E)
}

func TestHK_9_3_EastWinsOnDealtTiles(t *testing.T) {
	s := hongkong(t, nil, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 44p", inertB, inertC, inertD}})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if s.Result.From != rules.NoWind || !hasItem(s.Result.Values[rules.E], "score.self_drawn") || hasFlag(s, rules.Heavenly) {
		t.Fatalf("from %s items %v flags %v: want a plain self-drawn win (HK-D-9, HK-D-19)", s.Result.From, itemRules(s.Result.Values[rules.E]), s.Result.Flags)
	}
}

func TestHK_OPT_9_CallingHand(t *testing.T) {
	runCallingHand(t, "hongkong", map[string]string{"HK-OPT-9": "on", "HK-OPT-16": "off"}, "score.calling_hand")
}

// runCallingHand: a ready player may declare a calling hand with any
// discard; it locks his hand, doubles his win, and as a loser he scores
// only his bonus tiles (HK-OPT-9, FR-11.4). item is the calling-hand row.
func runCallingHand(t *testing.T, id string, on map[string]string, item string) {
	calling := game.Action{Type: game.ActDiscard, Tile: tk("9s"), Declare: game.DeclCalling}
	sc := gametest.Scenario{Turn: rules.S, Hands: [4]string{1: "123m 456m 789m 4p [123p] +9s"}, Discards: [4]string{1: "1z"}}
	s := newScenario(t, id, on, sc)
	if !legal(s, rules.S, calling) || legal(s, rules.S, game.Action{Type: game.ActDiscard, Tile: tk("1m"), Declare: game.DeclCalling}) {
		t.Fatalf("legal %v: want a calling hand only with the discard that leaves S ready", s.LegalActions(rules.S))
	}
	if s = newScenario(t, id, nil, sc); legal(s, rules.S, calling) {
		t.Fatal("a calling hand with the option off")
	}
	runLock(t, id, on, game.DeclCalling)
	sc = gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "123m 456m 789m 123p 4p +4p", inertC, inertD}, Declared: [4]game.Declaration{1: game.DeclCalling}}
	s = newScenario(t, id, on, sc)
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	if !hasItem(s.Result.Values[rules.S], item) {
		t.Fatalf("items %v: want %s", itemRules(s.Result.Values[rules.S]), item)
	}
	// A loser with a calling hand scores his bonus tiles only.
	for _, d := range []game.Declaration{game.DeclNone, game.DeclCalling} {
		s = newScenario(t, id, on, gametest.Scenario{Turn: rules.E, Declared: [4]game.Declaration{1: d},
			Hands: [4]string{"123m 456m 789m 123p 4p +4p", "777z 555p 789s 11s 23p", inertC, inertD}})
		mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
		if got := s.Result.Values[rules.S].Value; (got == 0) != (d == game.DeclCalling) {
			t.Fatalf("declared %q: the loser's hand scores %d", d, got)
		}
	}
}

func TestHK_OPT_9_CallingHandOnTheFirstTurn(t *testing.T) {
	runCallingOnFirstTurn(t, "hongkong", map[string]string{"HK-OPT-9": "on"})
}

// runCallingOnFirstTurn: a ready player on his first turn, with servi and
// the calling hand both on, is offered both declarations and chooses
// (HK-5.4, HK-OPT-9, FR-11.3, FR-11.4).
func runCallingOnFirstTurn(t *testing.T, id string, on map[string]string) {
	sc := gametest.Scenario{Turn: rules.S, FirstTurns: true, Hands: [4]string{inertA, "123m 456m 789m 123p 4p +9s", inertC, inertD}, Discards: [4]string{"9p"}}
	for _, d := range []game.Declaration{game.DeclServi, game.DeclCalling} {
		s := newScenario(t, id, on, sc)
		a := game.Action{Type: game.ActDiscard, Tile: tk("9s"), Declare: d}
		if !legal(s, rules.S, a) {
			t.Fatalf("S may not declare %s on his first turn: %v", d, s.LegalActions(rules.S))
		}
		mustApply(t, s, rules.S, a)
		if got := s.View(rules.N).Seats[rules.S].Declared; got != d {
			t.Fatalf("S declared %s, the table shows %q", d, got)
		}
	}
}

func TestHK_TV_4_DiscardWinDominantWest(t *testing.T) {
	hand := "234m 567m 5z [666z] [999p]"
	s := hongkong(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Dice: [2]int{7, 5}, Discards: [4]string{2: "5z"},
		Hands: [4]string{inertA, hand, "369m 147p 258s 1234z", inertE}})
	if s.Dominant != rules.W {
		t.Fatalf("dominant %s, want W (a = 7)", s.Dominant)
	}
	mustApply(t, s, rules.S, act(game.ActMahjong, "5z"))
	if v := s.Result.Values[rules.S].Value; v != 56 || s.Result.Net[rules.S] != 56 {
		t.Fatalf("value %d net %d, want 56", v, s.Result.Net[rules.S])
	}
	s = hongkong(t, nil, gametest.Scenario{Turn: rules.S, Dice: [2]int{7, 5}, Hands: [4]string{inertA, hand + " +5z", "369m 147p 258s 1234z", inertE}})
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	if v := s.Result.Values[rules.S].Value; v != 70 {
		t.Fatalf("self-drawn value %d, want 70", v)
	}
}

func TestHK_TV_5_CapThenEastDoubles(t *testing.T) {
	others := "258m 369m 147s 2456z"
	s := hongkong(t, nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"111z 555p 777p 8p [333p] +8p", inertB, inertC, others}})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if v := s.Result.Values[rules.E].Value; v != 688 || s.Result.Net[rules.E] != 1376 {
		t.Fatalf("value %d net %d, want 688 recorded as 1376", v, s.Result.Net[rules.E])
	}
	s = hongkong(t, map[string]string{"HK-OPT-2": "advanced"}, gametest.Scenario{Turn: rules.E, Hands: [4]string{"111z 555p 777p 8p [333p] +8p", inertB, inertC, others}})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if v := s.Result.Values[rules.E].Value; v != 688 {
		t.Fatalf("advanced value %d, want H[E] = 688", v)
	}
}

func TestHK_TV_7_ImperialOnlySelfDrawn(t *testing.T) {
	hand := "5555z 6666z 777z 44z"
	others := [4]string{"369m 147p 258s 1234z", inertA, "258m 369p 147s 123z 9m"}
	h := others
	h[rules.N] = hand + " +7z"
	s := hongkong(t, nil, gametest.Scenario{Turn: rules.N, Hands: h})
	mustApply(t, s, rules.N, selfDraw(t, s, rules.N))
	if v := s.Result.Values[rules.N].Value; v != 6000 || s.Result.Net[rules.N] != 6000 {
		t.Fatalf("value %d net %d, want 6000 with no cap", v, s.Result.Net[rules.N])
	}
	h = others
	h[rules.N] = hand
	h[rules.W] = "258m 369p 147s 12z 9m 9p"
	s = hongkong(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "7z"}, Hands: h})
	if legal(s, rules.N, act(game.ActMahjong, "7z")) {
		t.Fatal("North may win the Imperial hand on a discard")
	}
}
