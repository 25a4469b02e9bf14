package ui

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// feltSizes are the phone, the portrait tablet and the desktop.
var feltSizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 800, Height: 1280}, {Width: 1280, Height: 800}}

// TestFeltGolden draws the table mid-hand at every size: the wall as
// stacks around the centre with its hill and the dice, the other players'
// racks as standing backs with their melds and bonus tiles beside them;
// and the phone between calls, its wall's band at the felt's foot, where
// the calls float.
func TestFeltGolden(t *testing.T) {
	draw := func(name string, sz fyne.Size, snap table.Snapshot) {
		t.Run(name, func(t *testing.T) {
			a, w := newTestApp(t, noTables{}, sz)
			a.fy.Settings().SetTheme(uitest.Theme(theme.VariantLight))
			a.openTable(newStillTable(snap))
			w.Resize(sz)
			uitest.Golden(t, name, w.Canvas().Capture())
		})
	}
	for _, sz := range feltSizes {
		draw(fmt.Sprintf("felt_%dx%d.png", int(sz.Width), int(sz.Height)), sz, midHand())
	}
	draw("felt_360x640_between.png", feltSizes[0], between())
}

// TestWallFromView checks the wall drawn from the view: 144 tiles of the
// hongkong wall less the deal, the draws and the tail draws, the hill's
// 14 tiles set apart, the rest live.
func TestWallFromView(t *testing.T) {
	v := midHand().View
	stacks, per, ok := wallOf(v)
	if !ok || per != 18 || len(stacks) != 4*per {
		t.Fatalf("wallOf: %d stacks, %d a side, %v: want 72, 18, true", len(stacks), per, ok)
	}
	live, hill := 0, 0
	for _, st := range stacks {
		switch st.Role {
		case wall.RoleLive:
			live += st.Tiles
		case wall.RoleHill:
			hill++
		}
	}
	if live != v.WallLive || hill != 7 {
		t.Errorf("%d live tiles and %d hill stacks: want %d and 7", live, hill, v.WallLive)
	}
	v.Dice = [2]int{}
	if _, _, ok := wallOf(v); ok {
		t.Error("a view without dice has a wall to draw: want none (the break is unknown)")
	}
}

// TestPhoneMeldsReadable checks that the other players' melds and bonus
// tiles are at least 24 pixels wide on a phone, in every tile style.
func TestPhoneMeldsReadable(t *testing.T) {
	for _, st := range tileview.Styles {
		t.Run(string(st), func(t *testing.T) {
			a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
			a.fy.Preferences().SetString(PrefStyle, string(st))
			a.openTable(newStillTable(midHand()))
			s := a.screen
			n := 0
			for i := 1; i < 4; i++ {
				p := s.panels[i].(*fyne.Container)
				mark := s.seatOf((s.player + i) % 4).Tile()      // the seat's wind, marked small by the name
				for _, o := range p.Objects[:len(p.Objects)-1] { // all but the discards
					walkTiles(o, func(tl *tileview.Tile) {
						if tl.Kind == mark {
							return
						}
						n++
						if w := tl.Size().Width; w < phoneMeldWidth-.01 { // float rounding of the style's scale
							t.Errorf("panel %d: %v is %.1f px wide: want at least %d", i, tl.Kind, w, phoneMeldWidth)
						}
					})
				}
			}
			if n < 7 {
				t.Fatalf("%d meld and bonus tiles in the other players' panels: want 7 (a pung, a chow and a flower)", n)
			}
		})
	}
}

// TestSheetGolden draws the end-of-hand sheet at 420×780: the exposures
// set apart on felt with the claimed tile on its side, and the running
// totals in sight above the button without scrolling.
func TestSheetGolden(t *testing.T) {
	sz := fyne.NewSize(420, 780)
	a, w := newTestApp(t, noTables{}, sz)
	a.openTable(newStillTable(handOver()))
	w.Resize(sz)
	uitest.Golden(t, "sheet_420x780.png", w.Canvas().Capture())
}

// between is midHand while West thinks: no claim offered, nothing floats
// over the felt.
func between() table.Snapshot {
	s := midHand()
	v := *s.View
	v.Phase, v.Turn, v.Legal, v.StateID = game.PhaseTurn, rules.W, nil, 43
	s.View = &v
	return s
}

// ringRect returns where the wall's ring is on the window.
func ringRect(t *testing.T, s *TableScreen) rect {
	t.Helper()
	r, ok := s.panels[4].(*fyne.Container).Objects[0].(*wallRing)
	if !ok {
		t.Fatal("the centre has no wall ring")
	}
	return rect{fyne.CurrentApp().Driver().AbsolutePositionForObject(r), r.Size()}
}

// TestRingStacksAlike (issue 20): on a wide screen (800×1280, 1280×800)
// the wall's four sides are drawn with stacks of one length, so that the
// ring reads as one wall (at 800×1280 its sides' stacks were once three
// times as long as its top's).
func TestRingStacksAlike(t *testing.T) {
	for _, sz := range feltSizes[1:] {
		t.Run(fmt.Sprintf("%dx%d", int(sz.Width), int(sz.Height)), func(t *testing.T) {
			a, w := newTestApp(t, noTables{}, sz)
			a.openTable(newStillTable(between()))
			w.Resize(sz)
			r, ok := a.screen.panels[4].(*fyne.Container).Objects[0].(*wallRing)
			if !ok {
				t.Fatal("the centre has no wall ring")
			}
			var lengths [4][]float32
			for i, o := range test.WidgetRenderer(r).Objects() {
				side := (r.stacks[i].Side - r.me + 4) % 4
				l := o.Size().Width
				if side%2 == 1 {
					l = o.Size().Height
				}
				lengths[side] = append(lengths[side], l)
			}
			lo, hi := slices.Min(lengths[0]), slices.Max(lengths[0])
			for side, ls := range lengths {
				if len(ls) == 0 {
					t.Fatalf("side %d has no stacks", side)
				}
				lo, hi = min(lo, slices.Min(ls)), max(hi, slices.Max(ls))
			}
			if hi-lo > 1 {
				t.Errorf("the ring's stacks are from %v to %v long", lo, hi)
			}
		})
	}
}

// TestRingStill (issue 20): the wall's ring keeps its place and size
// however much a player exposes: kongs, then bonus tiles, are added to
// the player across (and the one on the left), up to four kongs and
// eight bonus tiles, which take across's rack to another row on a phone
// and a landscape screen (a portrait tablet's across spans the width:
// they keep to a row there); the ring does not move, at every size.
func TestRingStill(t *testing.T) {
	for _, sz := range feltSizes {
		t.Run(fmt.Sprintf("%dx%d", int(sz.Width), int(sz.Height)), func(t *testing.T) {
			a, w := newTestApp(t, noTables{}, sz)
			snap := between()
			a.openTable(newStillTable(snap))
			w.Resize(sz)
			s := a.screen
			want := ringRect(t, s)
			head := partsOf(s.panels[2]).head
			across, left := s.seatOf((s.player+2)%4), s.seatOf((s.player+3)%4)
			expose := func(sv *game.SeatView, i int) {
				if len(sv.Melds) < 4 {
					sv.Melds = append(slices.Clone(sv.Melds), hand.Meld{Kind: hand.Kong, Tile: tile.M1 + tile.Kind(i), Open: true, Claimed: 3, From: 1})
					sv.Concealed = max(sv.Concealed-3, 1)
					return
				}
				if len(sv.Bonus) < 8 {
					sv.Bonus = append(slices.Clone(sv.Bonus), tile.F1+tile.Kind(len(sv.Bonus)))
				}
			}
			for i := range 12 {
				v := *snap.View
				for _, wd := range []rules.Wind{across, left} {
					sv := v.Seats[wd]
					expose(&sv, i)
					v.Seats[wd] = sv
				}
				v.StateID++
				snap.View, snap.Seq = &v, snap.Seq+1
				s.showSnapshot(snap)
				relayout(w.Content())
				if got := ringRect(t, s); got != want {
					t.Fatalf("after %d more exposures the ring is at %v size %v, was at %v size %v", i+1, got.pos, got.size, want.pos, want.size)
				}
			}
			if grown := partsOf(s.panels[2]).head; grown <= head && (!s.wide() || sz.Width > sz.Height) {
				t.Errorf("across's head is %v high with its exposures, %v without: they never took another row", grown, head)
			}
		})
	}
}

// emptiestBand returns the highest band across the felt (below its
// header, less the foot kept free for the calls where the wall's band is
// not there) in which nothing is drawn: no tile, back, name or wall.
func emptiestBand(s *TableScreen) float32 {
	d := fyne.CurrentApp().Driver()
	var spans [][2]float32
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *tileview.Tile, *backsRow, *textLine, *wallRing:
			y := d.AbsolutePositionForObject(x).Y
			spans = append(spans, [2]float32{y, y + x.Size().Height})
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(s.seats)
	slices.SortFunc(spans, func(a, b [2]float32) int { return cmp.Compare(a[0], b[0]) })
	top := d.AbsolutePositionForObject(s.seats).Y
	felt := findScroll(s.middle)
	bottom := d.AbsolutePositionForObject(felt).Y + felt.Size().Height - theme.Padding()
	if s.wide() {
		bottom -= s.seatsLayout.foot
	}
	most, reached := float32(0), top
	for _, sp := range spans {
		most, reached = max(most, sp[0]-reached), max(reached, sp[1])
	}
	return max(most, bottom-reached)
}

// TestWholeFeltUsed (issue 20): no band across the felt as high as a
// claim button is left empty, between calls and while they are offered:
// on a portrait tablet the wall's ring and the players fill the height;
// on a phone the wall's band lies at the felt's foot, where the calls
// float.
func TestWholeFeltUsed(t *testing.T) {
	for _, sz := range feltSizes {
		for name, snap := range map[string]func() table.Snapshot{"between": between, "claims": midHand} {
			t.Run(fmt.Sprintf("%s_%dx%d", name, int(sz.Width), int(sz.Height)), func(t *testing.T) {
				a, w := newTestApp(t, noTables{}, sz)
				a.openTable(newStillTable(snap()))
				w.Resize(sz)
				if got := emptiestBand(a.screen); got >= claimHeight {
					t.Errorf("a band %.0f px high across the felt is empty: want less than %d", got, claimHeight)
				}
			})
		}
	}
}

// TestPhoneNamesWhole (issue 20): on a phone, players with two or three
// bonus tiles and long names keep their names whole and their backs at
// their size, unsqueezed; the bonus tiles go beside the melds, at least
// 24 px wide.
func TestPhoneNamesWhole(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprint(n, "bonus"), func(t *testing.T) {
			a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
			snap := between()
			v := *snap.View
			for _, wd := range []rules.Wind{rules.E, rules.W, rules.N} {
				sv := v.Seats[wd]
				sv.Bonus = []tile.Kind{tile.F1, tile.F1 + 1, tile.Y1 + 2}[:n]
				v.Seats[wd] = sv
			}
			snap.View = &v
			snap.Info.Seats[1].Name, snap.Info.Seats[2].Name = "Computer 1", "Ordinateur 2"
			a.openTable(newStillTable(snap))
			w.Resize(fyne.NewSize(360, 640))
			s := a.screen
			for i := 1; i < 4; i++ {
				names, backs, bonus := 0, 0, 0
				var walk func(o fyne.CanvasObject)
				walk = func(o fyne.CanvasObject) {
					switch x := o.(type) {
					case *textLine:
						names++
						if need := fyne.MeasureText(x.text, theme.TextSize(), fyne.TextStyle{Bold: x.bold}).Width; x.Size().Width < need+2*theme.Padding() {
							t.Errorf("panel %d: %q has %.0f px, needs %.0f: it is cut", i, x.text, x.Size().Width, need)
						}
					case *backsRow:
						backs++
						if x.Size() != x.MinSize() {
							t.Errorf("panel %d: the backs are %v, want %v", i, x.Size(), x.MinSize())
						}
					case *tileview.Tile:
						if x.Kind.IsBonus() {
							bonus++
							if x.Size().Width < phoneMeldWidth-.01 {
								t.Errorf("panel %d: %v is %.1f px wide: want at least %d", i, x.Kind, x.Size().Width, phoneMeldWidth)
							}
						}
					case *fyne.Container:
						for _, c := range x.Objects {
							walk(c)
						}
					}
				}
				walk(s.panels[i])
				if names != 1 || backs != 1 || bonus != n {
					t.Errorf("panel %d: %d names, %d rows of backs, %d bonus tiles: want 1, 1 and %d", i, names, backs, bonus, n)
				}
			}
		})
	}
}
