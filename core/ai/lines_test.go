package ai

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// The house card's lines that these tests aim at (AM-12):
//
//	Y3 | 2222a 0000 2222b 66c   | X 25 | kong 2, kong soap, kong 2, pair 6
//	W1 | NNNN DDDa DDDb SSSS    | X 30 | kongs North and South; two dragon pungs

// cardTable is a situation of a house-card game seen by seat S, in
// notation: S's hand (exposures in [...]), the other seats' exposures and
// discards (E, W, N order by seat), the discard being answered.
type cardTable struct {
	hand      string
	exposures [4]string
	discards  [4]string
	pending   string
	wall      int
}

// cardMelds reads exposures in notation ("[4444z] [666z0j]") as melds.
func cardMelds(t *testing.T, s string) []hand.Meld {
	t.Helper()
	if s == "" {
		return nil
	}
	n, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []hand.Meld
	for _, g := range n.Groups {
		m := hand.Meld{Kind: hand.OfSize(len(g.Tiles)), Tile: tile.None, Open: true}
		for _, k := range g.Tiles {
			switch {
			case k == tile.Joker:
				m.Jokers++
			case k.IsBonus():
				m.Tile = tile.F1
				m.Flowers[k-tile.F1]++
			default:
				m.Tile = k
			}
		}
		out = append(out, m)
	}
	return out
}

// view builds S's view of the table in phase ph with legal actions legal
// (none: every discard of its concealed tiles).
func (ct cardTable) view(t *testing.T, ph game.Phase, legal ...game.Action) *game.View {
	t.Helper()
	n, err := tile.ParseHand(ct.hand)
	if err != nil {
		t.Fatal(err)
	}
	v := &game.View{Seat: rules.S, Ruleset: "american", Phase: ph, Turn: rules.S, Pending: tile.None, Drawn: tile.None, Joker: tile.None, WallLive: ct.wall}
	if v.WallLive == 0 {
		v.WallLive = 60
	}
	v.Hand = tile.CountsOf(n.Concealed)
	if n.HasWinning() {
		v.Hand.Add(n.Winning)
	}
	v.Seats[rules.S].Melds = cardMelds(t, cardGroups(ct.hand))
	for x := range v.Seats {
		if x != int(rules.S) {
			v.Seats[x].Melds = cardMelds(t, ct.exposures[x])
		}
		for _, k := range tile.MustParse(ct.discards[x]) {
			v.Seats[x].Discards = append(v.Seats[x].Discards, game.Discard{Tile: k})
		}
	}
	if ct.pending != "" {
		v.Pending = tile.MustParse(ct.pending)[0]
		v.Turn = rules.E
		v.Seats[rules.E].Discards = append(v.Seats[rules.E].Discards, game.Discard{Tile: v.Pending})
	}
	v.Legal = legal
	if len(legal) == 0 {
		for _, k := range v.Hand.Distinct() {
			v.Legal = append(v.Legal, game.Act(game.ActDiscard, k))
		}
	}
	return v
}

// cardGroups keeps the exposures of a hand in notation.
func cardGroups(s string) string {
	var out []string
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "[") {
			out = append(out, f)
		}
	}
	return strings.Join(out, " ")
}

// cardDecide returns level l's decision on v.
func cardDecide(v *game.View, l Level) game.Action {
	r := american.Ruleset{}
	pl := planCard(v, r, rules.DefaultOptions(r), l)
	defer pl.release()
	return pl.decide(wall.NewRand(wall.SeedFromString("lines test")))
}

// cardGive is a Charleston answer giving tiles in notation.
func cardGive(tiles string) game.Action {
	return game.Action{Type: game.ActGive, Tile: tile.None, Tiles: tile.CountsOf(tile.MustParse(tiles))}
}

// cardGives lists every answer of lo to hi of the tiles of hand in notation
// (no jokers), as the engine offers them.
func cardGives(hand string, lo, hi int) []game.Action {
	c := tile.CountsOf(tile.MustParse(hand))
	c[tile.Joker] = 0
	var out []game.Action
	var pick tile.Counts
	var walk func(from tile.Kind, n int)
	walk = func(from tile.Kind, n int) {
		if n >= lo {
			out = append(out, game.Action{Type: game.ActGive, Tile: tile.None, Tiles: pick})
		}
		if n == hi {
			return
		}
		for k := from; k < tile.Joker; k++ {
			if pick[k] < c[k] {
				pick[k]++
				walk(k, n+1)
				pick[k]--
			}
		}
	}
	walk(0, 0)
	return out
}

var cardLevels = []Level{Novice, Intermediate, Expert}

// TestCardDecisions checks decisions whose answer is clear to every level:
// discarding the tile no near line uses, calling the tile that completes a
// group, taking a joker with a tile the hand does not need (AM-6.3), and
// giving in the Charleston the tiles the nearest line does not use (AM-4).
func TestCardDecisions(t *testing.T) {
	pass := game.Act(game.ActPass, tile.None)
	for _, c := range []struct {
		name  string
		table cardTable
		phase game.Phase
		legal []game.Action
		want  []game.Action // any of these
	}{
		{"discard the stray tile of Y3", cardTable{hand: "2222m 5555z 2222p 6s 9p"}, game.PhaseTurn, nil,
			[]game.Action{game.Act(game.ActDiscard, tile.MustParse("9p")[0])}},
		{"call the kong of Y3", cardTable{hand: "222m 0j 5555z 222p 6s 9p", pending: "2p"}, game.PhaseClaim,
			[]game.Action{pass, {Type: game.ActCall, Tile: tile.MustParse("2p")[0], Tiles: tile.CountsOf(tile.MustParse("222p"))}},
			[]game.Action{{Type: game.ActCall, Tile: tile.MustParse("2p")[0], Tiles: tile.CountsOf(tile.MustParse("222p"))}}},
		{"no call off the line", cardTable{hand: "222m 0j 5555z 222p 6s 1p", pending: "1p"}, game.PhaseClaim,
			[]game.Action{pass, {Type: game.ActCall, Tile: tile.MustParse("1p")[0], Tiles: tile.CountsOf(tile.MustParse("1p0j"))}},
			[]game.Action{pass}},
		{"take W's joker with the stray 6z", cardTable{hand: "2222m 5555z 222p 66s 6z", exposures: [4]string{rules.W: "[666z0j]"}}, game.PhaseTurn,
			[]game.Action{game.Act(game.ActDiscard, tile.MustParse("6z")[0]), game.Act(game.ActDiscard, tile.MustParse("2p")[0]), {Type: game.ActExchange, Tile: tile.MustParse("6z")[0], N: int8(rules.W)}},
			[]game.Action{{Type: game.ActExchange, Tile: tile.MustParse("6z")[0], N: int8(rules.W)}}},
		{"give what Y3 does not use", cardTable{hand: "2222m 555z 2222p 6s 19p 3z"}, game.PhaseCharleston,
			cardGives("2222m 555z 2222p 6s 19p 3z", 3, 3), []game.Action{cardGive("19p 3z")}},
		{"blind pass: give only the stray tile", cardTable{hand: "2222m 555z 2222p 66s 9p"}, game.PhaseCharleston,
			cardGives("2222m 555z 2222p 66s 9p", 0, 3), []game.Action{cardGive("9p")}},
	} {
		for _, l := range cardLevels {
			v := c.table.view(t, c.phase, c.legal...)
			got := cardDecide(v, l)
			ok := false
			for _, w := range c.want {
				ok = ok || got == w
			}
			if !ok {
				t.Errorf("%s, %s: %v, want one of %v", c.name, l, got, c.want)
			}
		}
	}
}

// TestCardDefence: West's kongs of North and South fit only W1, which
// wants two dragon pungs; with a Red dragon and a 9p both useless to
// Y3, the expert keeps the Red dragon.
func TestCardDefence(t *testing.T) {
	ct := cardTable{hand: "2222m 555z 2222p 6s 7z 9p", exposures: [4]string{rules.W: "[4444z] [2222z]"},
		discards: [4]string{rules.W: "1m 9m 3p 8s 1s 5m 3s 9s"}, wall: 20}
	if got := cardDecide(ct.view(t, game.PhaseTurn), Expert); got != game.Act(game.ActDiscard, tile.MustParse("9p")[0]) {
		t.Errorf("expert discards %v, want 9p: West waits on dragons", got)
	}
}

// TestCardVote: the expert stops the Charleston with a hand near a line
// (AM-4.4); the others always ask for the second.
func TestCardVote(t *testing.T) {
	legal := []game.Action{game.Act(game.ActContinue, tile.None), game.Act(game.ActStop, tile.None)}
	near := cardTable{hand: "2222m 555z 2222p 6s 19p"}
	far := cardTable{hand: "1379m 258p 46s 1357z"}
	for _, c := range []struct {
		table cardTable
		level Level
		want  game.ActionType
	}{
		{near, Expert, game.ActStop}, {far, Expert, game.ActContinue},
		{near, Intermediate, game.ActContinue}, {near, Novice, game.ActContinue},
	} {
		if got := cardDecide(c.table.view(t, game.PhaseVote, legal...), c.level); got.Type != c.want {
			t.Errorf("%s on %q votes %v, want %v", c.level, c.table.hand, got.Type, c.want)
		}
	}
}

// TestCardHint checks that the hint names the line the hand aims at.
func TestCardHint(t *testing.T) {
	r := american.Ruleset{}
	v := cardTable{hand: "2222m 5555z 2222p 6s 9p"}.view(t, game.PhaseTurn)
	pl := planCard(v, r, rules.DefaultOptions(r), Expert)
	a := pl.advise()
	pl.release()
	want := "keeps the hand one tile from line Y3, worth 25: 3 live tiles complete it"
	if a.Action != game.Act(game.ActDiscard, tile.MustParse("9p")[0]) || a.Reason.Key != "hint.line" || a.Reason.Text != want {
		t.Errorf("hint %v: %q (%s), want discard 9p: %q", a.Action, a.Reason.Text, a.Reason.Key, want)
	}
	if len(a.Options) != len(v.Legal) || a.Options[0].Shanten != 0 || a.Options[0].Live != 3 {
		t.Errorf("options %+v: want %d, the first ready on 3 live tiles", a.Options, len(v.Legal))
	}
}

// TestCardMessages checks that every reason of the card hints renders
// with its arguments.
func TestCardMessages(t *testing.T) {
	args := map[string]string{"Tile": "5p", "Tiles": "1m 9p", "Live": "4", "Count": "2", "Line": "Y3", "Pattern": "2222a 0000 2222b 66c", "Value": "25", "Seat": "W"}
	for key := range cardMessages {
		if text := english(key, args); strings.Contains(text, "{{") || text == "" {
			t.Errorf("%s renders as %q", key, text)
		}
	}
	if got := fmt.Sprint(english("hint.line.defend", args)); !strings.Contains(got, "West") {
		t.Errorf("hint.line.defend names the seat as %q", got)
	}
}
