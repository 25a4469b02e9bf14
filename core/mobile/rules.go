package fourwinds

import (
	"encoding/json"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // register every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/score"
)

// marshal returns v as JSON text.
func marshal(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("fourwinds: %w", err)
	}
	return string(b), nil
}

// Rulesets returns every ruleset with its table options, as a JSON array
// of {"id", "name", "options": [{"id", "key", "label", "type", "default",
// "choices", "min", "max", "even", "rule"}]}: the JSON of `fourwinds rules
// --json`.
func Rulesets() (string, error) {
	var out []rules.Summary
	for _, id := range rules.IDs() {
		r, err := rules.Get(id)
		if err != nil {
			return "", err
		}
		out = append(out, rules.Summarize(r))
	}
	return marshal(out)
}

// Ruleset returns one ruleset with its option schema, as one element of
// Rulesets.
func Ruleset(id string) (string, error) {
	r, err := rules.Get(id)
	if err != nil {
		return "", err
	}
	return marshal(rules.Summarize(r))
}

// scoreRequest is the JSON that Score reads: the hand in the ruleset's
// notation, such as "234m 567m 5z [666z] [999p] +5z" (a "+" tile is the
// winning tile), and where it was played. Winds are "E", "S", "W" or "N".
type scoreRequest struct {
	// Rules is the ruleset id; Options the table options by id or key.
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options"`
	Hand    string            `json:"hand"`
	// Seat is the scored player's wind (E when empty), Round the round
	// wind (E), Dominant the dominant wind (the round wind).
	Seat     string `json:"seat"`
	Round    string `json:"round"`
	Dominant string `json:"dominant"`
	// From is the seat that discarded the winning tile; empty: self-drawn.
	From string `json:"from"`
	// Flags are the situations of the win, such as "last-tile".
	Flags []string `json:"flags"`
	// Joker is the shared joker's kind (jilin); Bonus the bonus tiles.
	Joker string `json:"joker"`
	Bonus string `json:"bonus"`
	// Card is the text of a user's American card (AM-11); hands are then
	// valued against it.
	Card string `json:"card"`
}

// wind reads a wind, or def when s is empty.
func wind(field, s string, def rules.Wind) (rules.Wind, error) {
	if s == "" {
		return def, nil
	}
	w, err := rules.ParseWind(s)
	if err != nil {
		return 0, fmt.Errorf("fourwinds: score: %s: %w", field, err)
	}
	return w, nil
}

// Score values a hand. request is a JSON object {"rules", "options",
// "hand", "seat", "round", "dominant", "from", "flags", "joker", "bonus",
// "card"}
// (only rules and hand are required); the answer is the JSON of
// `fourwinds score --json`: {"rules", "valid", "error", "items",
// "points", "doubles", "value", "limit", "line", "payments"}. A hand the
// ruleset refuses is an answer with "valid": false; an error means the
// request is wrong.
func Score(request string) (string, error) {
	var q scoreRequest
	if err := json.Unmarshal([]byte(request), &q); err != nil {
		return "", fmt.Errorf("fourwinds: score: the request is not the JSON object expected: %w", err)
	}
	r, err := rules.GetWithCard(q.Rules, q.Card)
	if err != nil {
		return "", err
	}
	o, err := rules.ResolveOptions(r, q.Options)
	if err != nil {
		return "", err
	}
	ctx := rules.Context{}
	if ctx.Seat, err = wind("seat", q.Seat, rules.E); err != nil {
		return "", err
	}
	if ctx.Round, err = wind("round", q.Round, rules.E); err != nil {
		return "", err
	}
	if ctx.Dominant, err = wind("dominant", q.Dominant, ctx.Round); err != nil {
		return "", err
	}
	if ctx.From, err = wind("from", q.From, rules.NoWind); err != nil {
		return "", err
	}
	setup := r.Setup(o)
	if ctx.Flags, err = score.Flags(q.Flags, setup); err != nil {
		return "", err
	}
	if ctx.Joker, err = score.Joker(q.Joker, setup); err != nil {
		return "", err
	}
	notation, err := score.WithBonus(q.Hand, q.Bonus)
	if err != nil {
		return "", err
	}
	sheet, err := score.Hand(r, o, notation, ctx)
	if err != nil {
		return "", err
	}
	return marshal(sheet)
}
