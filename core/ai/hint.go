package ai

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Advice is a hint for a seat's decision: the suggested action, why, and
// every legal action ranked best first with its figures.
type Advice struct {
	Action game.Action `json:"action"`
	Reason Reason      `json:"reason"`
	// Options are the legal actions, best first; Options[0] is Action.
	Options []Option `json:"options"`
}

// Reason says why a hint suggests its action, in a translatable form: a
// message key (see Messages), its arguments, and the English text.
type Reason struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	Text string            `json:"text"`
}

// Message is the English text of a reason, as a template in the form the
// app's translation files use: {{.Name}} stands for the argument Name;
// One is used when the argument Count is 1, Other otherwise.
type Message struct {
	One   string `json:"one,omitempty"`
	Other string `json:"other"`
}

// messages are the reasons' English texts by key.
var messages = map[string]Message{
	"hint.none": {Other: "there is nothing to decide now"},
	"hint.win":  {Other: "the hand is worth {{.Value}}"},
	"hint.ready": {One: "keeps one way to finish: {{.Waits}}, {{.Live}} tiles live",
		Other: "keeps {{.Count}} ways to finish: {{.Waits}}, {{.Live}} tiles live"},
	"hint.calling": {Other: "a calling hand, ready on {{.Waits}} with {{.Live}} tiles live, scores a double"},
	"hint.efficient": {One: "keeps the hand one tile from ready with the most tiles that improve it: {{.Live}} live",
		Other: "keeps the hand {{.Count}} tiles from ready with the most tiles that improve it: {{.Live}} live"},
	"hint.value":       {Other: "keeps the hand's value, about {{.Value}} if it wins, at little cost in speed: {{.Live}} tiles improve it"},
	"hint.defend":      {Other: "plays safe: {{.Tile}} is unlikely to win for {{.Seat}}, who looks ready"},
	"hint.claim":       {Other: "a {{.Meld}} with {{.Tile}} brings the hand closer to a win: {{.Live}} tiles improve it"},
	"hint.claim.ready": {Other: "a {{.Meld}} with {{.Tile}} makes the hand ready on {{.Waits}}: {{.Live}} tiles live"},
	"hint.pass":        {Other: "claiming {{.Tile}} would not help the hand enough"},
	"hint.kong":        {Other: "more points and a replacement tile"},
	"hint.invoke.pass": {Other: "no dead discard completes the hand"},
	"hint.ting":        {Other: "ready on {{.Waits}}, {{.Live}} tiles live; only a hand that announced TING may win"},
	"hint.expose":      {Other: "the combination scores {{.Points}} at the end of the hand, and only exposed ones do once anyone announces TING"},
	"hint.extend":      {Other: "a point more at the end of the hand, and a replacement tile"},
}

// Messages returns the English text of every reason key, for the app's
// translation files.
func Messages() map[string]Message {
	out := make(map[string]Message, len(messages))
	for k, m := range messages {
		out[k] = m
	}
	return out
}

// Hint advises the seat whose view v is: the expert's choice, without any
// memory of earlier views, so the same view always gets the same advice.
// A view with no legal action gets the reason "hint.none".
func Hint(v *game.View) Advice {
	if a, ok := hintCard(v); ok {
		return finite(a)
	}
	if len(v.Legal) == 0 {
		return Advice{Action: game.Act(game.ActNone, tile.None), Reason: reason("hint.none", nil)}
	}
	p := newPlanner(v, learn(nil, v), nil)
	opts := p.options()
	return finite(Advice{Action: opts[0].Action, Reason: p.explain(opts), Options: opts})
}

// finite replaces the infinite figures of options nothing recommends (a
// refused claim, a card line out of reach) by the largest finite ones, so
// that advice can be written as JSON; the ranking is unchanged.
func finite(a Advice) Advice {
	for i := range a.Options {
		o := &a.Options[i]
		for _, f := range []*float64{&o.Value, &o.Win, &o.Danger, &o.Score} {
			switch {
			case math.IsInf(*f, -1):
				*f = -math.MaxFloat64
			case math.IsInf(*f, 1):
				*f = math.MaxFloat64
			case math.IsNaN(*f):
				*f = 0
			}
		}
	}
	return a
}

// explain says why opts[0] is best.
func (p *planner) explain(opts []Option) Reason {
	best := opts[0]
	a := best.Action
	args := map[string]string{"Tile": a.Tile.String(), "Live": strconv.Itoa(best.Live), "Value": strconv.Itoa(int(best.Value + 0.5))}
	if best.Shanten == 0 {
		args["Waits"] = tileList(best.improve.Kinds())
		args["Count"] = strconv.Itoa(best.improve.Len())
	}
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong, game.ActInvoke:
		return reason("hint.win", args)
	case game.ActConcealedKong, game.ActAddKong, game.ActKong:
		return reason("hint.kong", args)
	case game.ActExpose:
		args["Tiles"] = tile.Format(a.Tiles.Kinds())
		args["Points"] = strconv.Itoa(int(a.Tiles.Total()))
		return reason("hint.expose", args)
	case game.ActExtend:
		return reason("hint.extend", args)
	case game.ActPung, game.ActChow:
		args["Meld"] = a.Type.String()
		if best.Shanten == 0 {
			return reason("hint.claim.ready", args)
		}
		return reason("hint.claim", args)
	case game.ActPass:
		if p.t.view.Phase == game.PhaseInvoke {
			return reason("hint.invoke.pass", args)
		}
		args["Tile"] = p.t.view.Pending.String()
		return reason("hint.pass", args)
	}
	return p.explainDiscard(opts, args)
}

// explainDiscard says why the discard opts[0] is best: it defends, it
// keeps value, or it is simply the most efficient.
func (p *planner) explainDiscard(opts []Option, args map[string]string) Reason {
	best := opts[0]
	fast := best
	for _, o := range opts {
		if o.Action.Type == game.ActDiscard && outcome.better(outcome{shanten: o.Shanten, live: o.Live}, outcome{shanten: fast.Shanten, live: fast.Live}) {
			fast = o
		}
	}
	switch {
	case best.Action.Declare == game.DeclCalling:
		return reason("hint.calling", args)
	case best.Action.Declare == game.DeclTing:
		return reason("hint.ting", args)
	case fast.Action != best.Action && best.Danger < fast.Danger && best.eager < fast.eager:
		args["Seat"] = p.mostReady().String()
		return reason("hint.defend", args)
	case best.Shanten == 0:
		return reason("hint.ready", args)
	case fast.Action != best.Action && (best.Shanten != fast.Shanten || best.Live != fast.Live):
		return reason("hint.value", args)
	}
	args["Count"] = strconv.Itoa(best.Shanten)
	return reason("hint.efficient", args)
}

// mostReady returns the other seat most likely to be ready.
func (p *planner) mostReady() rules.Wind {
	return mostLikely(p.ths, func(th *threat) (rules.Wind, float64) { return th.seat, th.ready })
}

// mostLikely returns the seat of the threat with the highest chance, as
// of reads them (rules.NoWind for none).
func mostLikely[T any](ths []T, of func(*T) (rules.Wind, float64)) rules.Wind {
	seat, best := rules.NoWind, -1.0
	for i := range ths {
		if s, chance := of(&ths[i]); chance > best {
			seat, best = s, chance
		}
	}
	return seat
}

// reason builds a reason with its English text.
func reason(key string, args map[string]string) Reason {
	return Reason{Key: key, Args: args, Text: english(key, args)}
}

// english renders a message in English: small counts as words, tile lists
// as "3p or 6p", seats by their wind's name.
func english(key string, args map[string]string) string {
	m := messages[key]
	text := m.Other
	if args["Count"] == "1" && m.One != "" {
		text = m.One
	}
	for k, v := range args {
		switch k {
		case "Count":
			v = countWord(v)
		case "Waits":
			v = orList(strings.Fields(v))
		case "Seat":
			v = windName(v)
		}
		text = strings.ReplaceAll(text, "{{."+k+"}}", v)
	}
	return text
}

// tileList writes kinds separated by spaces.
func tileList(ks []tile.Kind) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = k.String()
	}
	return strings.Join(parts, " ")
}

// countWord writes 0..10 as English words.
func countWord(s string) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n < len(words) {
		return words[n]
	}
	return s
}

// orList writes "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// windName names a seat written "E", "S", "W" or "N".
func windName(s string) string {
	w, err := rules.ParseWind(s)
	if err != nil || w == rules.NoWind {
		return s
	}
	return [...]string{"East", "South", "West", "North"}[w]
}

// String writes the advice on one line, such as "discard 1z: keeps ...".
func (a Advice) String() string {
	return fmt.Sprintf("%s: %s", a.Action, a.Reason.Text)
}
