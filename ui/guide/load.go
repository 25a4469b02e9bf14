package guide

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/assets"
)

// Load returns the guide of ruleset in language lang, or in English when
// there is none in lang; ok is false when the ruleset has no guide.
func Load(ruleset, lang string) (d Doc, ok bool, err error) {
	for _, l := range []string{lang, "en"} {
		b, err := assets.Guides.ReadFile("guides/" + ruleset + "." + l + ".md")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Doc{}, false, err
		}
		d, err := Parse(string(b))
		return d, err == nil, err
	}
	return Doc{}, false, nil
}

// Reference returns the text of the engine reference
// (assets/rules/<ruleset>.md) that states rule: its table row, read as
// "cell · cell · cell", or its item with the lines that belong to it; ""
// when the reference does not define rule.
func Reference(ruleset, rule string) string {
	b, err := assets.Rules.ReadFile("rules/" + ruleset + ".md")
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if text := stated(lines, rule); text != "" {
		return text
	}
	// "CL-12" is section 12 ("## 12. Doubles"); "JL-11.B1" row B1 of
	// section 11's table ("## JL-11 Winner's value").
	prefix, num, _ := strings.Cut(rule, "-")
	sec, row, _ := strings.Cut(num, ".")
	for i, l := range lines {
		if !strings.HasPrefix(l, "## "+sec+". ") && !strings.HasPrefix(l, "## "+prefix+"-"+sec+" ") {
			continue
		}
		if row == "" {
			text := l
			for _, l := range lines[i+1:] {
				if strings.HasPrefix(l, "## ") {
					break
				}
				text += "\n" + l
			}
			return strings.TrimSpace(text)
		}
		for _, l := range lines[i+1:] {
			if strings.HasPrefix(l, "## ") {
				break
			}
			if cells, ok := tableRow(strings.TrimSpace(l)); ok && cells[0] == row {
				return rule + " · " + strings.Join(cells[1:], " · ")
			}
		}
	}
	// Last, the first line that mentions rule: "(HK-OPT-7)" in a row.
	for _, l := range lines {
		i := strings.Index(l, rule)
		if i < 0 {
			continue
		}
		if end := i + len(rule); end == len(l) || !strings.ContainsAny(l[end:end+1], "0123456789") {
			if cells, ok := tableRow(strings.TrimSpace(l)); ok {
				return strings.Join(cells, " · ")
			}
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// stated returns the table row or the item of lines that states rule.
func stated(lines []string, rule string) string {
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if cells, ok := tableRow(t); ok && len(cells) > 0 && strings.Trim(cells[0], "*`") == rule {
			return strings.Join(cells, " · ")
		}
		if !defines(t, rule) {
			continue
		}
		out := []string{t}
		for _, next := range lines[i+1:] {
			// A section ("## AM-12 House card") runs to the next heading,
			// an item to the first line that is not indented under it.
			if strings.HasPrefix(t, "#") && !strings.HasPrefix(next, "#") ||
				next != "" && strings.HasPrefix(next, " ") {
				out = append(out, strings.TrimSpace(next))
				continue
			}
			break
		}
		return strings.TrimSpace(strings.Join(out, "\n"))
	}
	return ""
}

// tableRow splits a markdown table row into its cells.
func tableRow(l string) ([]string, bool) {
	if !strings.HasPrefix(l, "|") || !strings.HasSuffix(l, "|") {
		return nil, false
	}
	cells := strings.Split(strings.Trim(l, "|"), "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells, true
}

// defines reports whether line l is where rule is stated: a section, an
// item or a decision that starts with the id, in bold or not ("## AM-12
// House card", "- **HK-S-33 Who scores.**", "- FR-13.2 A set is",
// "> **Decision HK-D-10:**").
func defines(l, rule string) bool {
	l = strings.TrimLeft(l, "#-> ")
	l = strings.TrimPrefix(l, "**")
	l = strings.TrimPrefix(l, "Decision ")
	rest, ok := strings.CutPrefix(l, rule)
	return ok && (rest == "" || strings.ContainsAny(rest[:1], " .:*"))
}
