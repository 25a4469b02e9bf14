package rules

// Summary is a ruleset as the faces list it: its id, name and option
// schema (the JSON of `fourwinds rules --json` and of the mobile binding).
type Summary struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Options []OptionSpec `json:"options"`
}

// Summarize returns r's summary.
func Summarize(r Ruleset) Summary {
	return Summary{ID: r.ID(), Name: r.Name(), Options: r.OptionSpecs()}
}
