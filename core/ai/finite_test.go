package ai

import (
	"encoding/json"
	"math"
	"testing"
)

// TestHintFiguresAreFinite: options nothing recommends (a claim refused
// outright) carry the lowest finite score, not -Inf, so hints encode as
// JSON and keep their order.
func TestHintFiguresAreFinite(t *testing.T) {
	a := finite(Advice{Options: []Option{
		{Score: 3, Value: math.Inf(1)},
		{Score: math.Inf(-1), Win: math.NaN(), Danger: math.Inf(-1)},
	}})
	if _, err := json.Marshal(a); err != nil {
		t.Fatal(err)
	}
	if o := a.Options[1]; o.Score != -math.MaxFloat64 || o.Win != 0 || o.Danger != -math.MaxFloat64 || a.Options[0].Value != math.MaxFloat64 {
		t.Errorf("options %+v", a.Options)
	}
	if !(a.Options[0].Score > a.Options[1].Score) {
		t.Error("the order changed")
	}
}
