package ai

import (
	"math"
	"slices"
	"strconv"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// cardMessages are the reasons of the hints of a card game, merged into
// messages.
var cardMessages = map[string]Message{
	"hint.line": {One: "keeps the hand one tile from line {{.Line}}, worth {{.Value}}: {{.Live}} live tiles complete it",
		Other: "keeps the hand {{.Count}} tiles from line {{.Line}}, worth {{.Value}}: {{.Live}} live tiles bring it closer"},
	"hint.line.far": {Other: "no line of the card is within reach; keeps the tiles most likely to lead to one"},
	"hint.line.defend": {One: "plays safe: {{.Tile}} is unlikely to give {{.Seat}} Mah Jongg; the hand stays one tile from line {{.Line}}",
		Other: "plays safe: {{.Tile}} is unlikely to give {{.Seat}} Mah Jongg; the hand stays {{.Count}} tiles from line {{.Line}}"},
	"hint.line.call": {One: "the hand is then one tile from line {{.Line}}, worth {{.Value}}",
		Other: "the hand is then {{.Count}} tiles from line {{.Line}}, worth {{.Value}}"},
	"hint.line.exchange": {One: "the hand is then one tile from line {{.Line}}, worth {{.Value}}",
		Other: "the hand is then {{.Count}} tiles from line {{.Line}}, worth {{.Value}}"},
	"hint.line.pass":     {Other: "calling {{.Tile}} would not bring line {{.Line}} closer"},
	"hint.line.give":     {Other: "line {{.Line}}, worth {{.Value}}, needs them least"},
	"hint.line.keep":     {Other: "every tile of the hand serves line {{.Line}}"},
	"hint.line.continue": {Other: "the hand is still {{.Count}} tiles from line {{.Line}}"},
	"hint.line.stop": {One: "the hand is only one tile from line {{.Line}}",
		Other: "the hand is only {{.Count}} tiles from line {{.Line}}"},
	"hint.line.propose": {One: "line {{.Line}} needs it least",
		Other: "line {{.Line}} needs them least"},
}

func init() {
	for k, m := range cardMessages {
		messages[k] = m
	}
}

// hintCard advises the seat of a card game as the expert sees it, and
// reports false when v's ruleset plays no card.
func hintCard(v *game.View) (Advice, bool) {
	pl, ok := newCardPlan(v, Expert)
	if !ok {
		return Advice{}, false
	}
	defer pl.release()
	return pl.advise(), true
}

// advise ranks every legal action and says why the first is best.
func (pl *cardPlan) advise() Advice {
	v := pl.v
	charleston := v.Phase != game.PhaseTurn && v.Phase != game.PhaseClaim
	pick := game.Action{Type: game.ActNone}
	if charleston && v.Legal[0].Type != game.ActGive {
		pick = pl.charleston(wall.NewRand(wall.Seed{}))
	}
	type rated struct {
		o Option
		r cardRating
	}
	all := make([]rated, len(v.Legal))
	for i, a := range v.Legal {
		var r cardRating
		switch {
		case a.Type == game.ActGive:
			r = pl.giveRating(a.Tiles)
			// Each tile given brings one back (cardGiveLoss).
			r.score *= math.Pow(1+cardGiveLoss, float64(a.Tiles.Total()))
		case charleston:
			r = pl.rate(pl.cur, tile.None)
			r.score = 0
			if a == pick {
				r.score = 1
			}
		default:
			r = pl.rateAction(a)
		}
		all[i] = rated{o: pl.option(a, r), r: r}
	}
	slices.SortStableFunc(all, func(a, b rated) int {
		switch {
		case a.o.Score > b.o.Score:
			return -1
		case a.o.Score < b.o.Score:
			return 1
		}
		return 0
	})
	adv := Advice{Action: all[0].o.Action, Options: make([]Option, len(all))}
	for i := range all {
		adv.Options[i] = all[i].o
	}
	adv.Reason = pl.explain(all[0].o, all[0].r, adv.Options)
	return adv
}

// option fills an option's figures from a rating.
func (pl *cardPlan) option(a game.Action, r cardRating) Option {
	o := Option{Action: a, Shanten: r.reach.Distance - 1, Improve: r.reach.Improve.Kinds(), improve: r.reach.Improve, Live: r.live, Score: r.score}
	if a.Type == game.ActSelfDraw || a.Type == game.ActMahjong {
		o.Shanten, o.Win, o.Value, o.Improve, o.improve = -1, 1, float64(pl.winValue()), nil, 0
		return o
	}
	if r.aim.Line != "" {
		o.Value = float64(r.aim.Value)
		o.Win = min(r.aim.Worth/float64(r.aim.Value), 1)
	}
	chance, cost := pl.danger(a.Tile)
	if a.Type == game.ActDiscard {
		o.Danger = chance
	}
	o.eager = r.score + cost
	return o
}

// winValue returns the payment unit of the seat's winning hand: its own
// tiles, with the discard when it answers one.
func (pl *cardPlan) winValue() int {
	h := pl.hand
	if pl.v.Phase == game.PhaseClaim {
		h.concealed.Add(pl.v.Pending)
	}
	pay, _ := pl.meter.Pay(h.concealed, h.exposed)
	return pay
}

// explain says why option best, rated r, is the best of opts.
func (pl *cardPlan) explain(best Option, r cardRating, opts []Option) Reason {
	a := best.Action
	args := map[string]string{"Tile": a.Tile.String(), "Live": strconv.Itoa(r.live), "Count": strconv.Itoa(r.aim.Distance)}
	if r.aim.Line != "" {
		args["Line"], args["Pattern"], args["Value"] = r.aim.Line, r.aim.Pattern, strconv.Itoa(r.aim.Value)
	}
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		args["Value"] = strconv.Itoa(int(best.Value))
		return reason("hint.win", args)
	}
	if r.aim.Line == "" {
		return reason("hint.line.far", nil)
	}
	switch a.Type {
	case game.ActCall:
		return reason("hint.line.call", args)
	case game.ActExchange:
		return reason("hint.line.exchange", args)
	case game.ActPass:
		args["Tile"] = pl.v.Pending.String()
		return reason("hint.line.pass", args)
	case game.ActGive:
		if a.Tiles == (tile.Counts{}) {
			return reason("hint.line.keep", args)
		}
		args["Tiles"] = tile.Format(a.Tiles.Kinds())
		return reason("hint.line.give", args)
	case game.ActContinue:
		return reason("hint.line.continue", args)
	case game.ActStop:
		return reason("hint.line.stop", args)
	case game.ActPropose:
		args["Count"] = strconv.Itoa(int(a.N))
		return reason("hint.line.propose", args)
	}
	for _, o := range opts {
		if o.Action.Type == game.ActDiscard && o.eager > best.eager && o.Danger > best.Danger {
			args["Seat"] = pl.mostReady().String()
			return reason("hint.line.defend", args)
		}
	}
	return reason("hint.line", args)
}

// mostReady returns the other seat most likely to be one tile from Mah
// Jongg.
func (pl *cardPlan) mostReady() rules.Wind {
	return mostLikely(pl.threats, func(th *cardThreat) (rules.Wind, float64) { return th.seat, th.ready })
}
