package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/translations"
	"github.com/fourwinds-mahjong/fourwinds/ui/sound"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// ShowSettings shows the settings: language, tile style, sound, animation,
// AI speed, player name and confirmation of discards, kept in Fyne's
// preferences.
func (a *App) ShowSettings() {
	a.closeGame()
	a.show(a.settingsScreen())
}

func (a *App) settingsScreen() fyne.CanvasObject {
	p := a.fy.Preferences()
	// Language: the names are written in their own language.
	langNames := make([]string, len(translations.Languages))
	for i, l := range translations.Languages {
		langNames[i] = words.T("lang.name." + l)
	}
	language := widget.NewSelect(langNames, nil)
	for i, l := range translations.Languages {
		if l == words.Current() {
			language.SetSelectedIndex(i)
		}
	}
	language.OnChanged = func(string) {
		code := translations.Languages[language.SelectedIndex()]
		p.SetString(PrefLanguage, code)
		_ = words.Use(code)
		a.ShowSettings()
	}
	styleNames := make([]string, len(tileview.Styles))
	for i, s := range tileview.Styles {
		styleNames[i] = words.T("style." + string(s))
	}
	style := widget.NewSelect(styleNames, nil)
	for i, s := range tileview.Styles {
		if s == a.Style() {
			style.SetSelectedIndex(i)
		}
	}
	preview := container.NewHBox()
	showPreview := func() {
		preview.Objects = nil
		for _, k := range previewTiles {
			preview.Add(tileview.NewTile(k, a.Style(), tileview.RackWidth))
		}
	}
	showPreview()
	style.OnChanged = func(string) {
		p.SetString(PrefStyle, string(tileview.Styles[style.SelectedIndex()]))
		showPreview()
	}
	animate := widget.NewCheck(words.T("settings.animation.on"), func(on bool) { p.SetBool(PrefAnimate, on) })
	animate.SetChecked(p.BoolWithFallback(PrefAnimate, true))
	confirm := widget.NewCheck(words.T("settings.confirm.on"), func(on bool) { p.SetBool(PrefConfirm, on) })
	confirm.SetChecked(p.BoolWithFallback(PrefConfirm, false))
	pace := widget.NewSlider(0, 2000)
	pace.Step = 100
	pace.SetValue(float64(a.Pace().Milliseconds()))
	paceLabel := widget.NewLabel("")
	showPace := func(v float64) {
		paceLabel.SetText(words.F("settings.pace.value", map[string]any{"Seconds": words.Decimal(v / 1000)}))
	}
	showPace(pace.Value)
	pace.OnChanged = showPace
	pace.OnChangeEnded = func(v float64) { p.SetInt(PrefPace, int(v)) }
	soundOn := widget.NewCheck(words.T("settings.sound.on"), func(on bool) {
		p.SetBool(PrefSound, on)
		a.sound.SetOn(on)
	})
	soundOn.SetChecked(a.sound.On())
	volume := widget.NewSlider(0, 100)
	volume.Step = 5
	volume.SetValue(float64(a.sound.Volume()))
	volume.OnChanged = func(v float64) { a.sound.SetVolume(int(v)) }
	volume.OnChangeEnded = func(v float64) {
		p.SetInt(PrefVolume, int(v))
		a.sound.Play(sound.CueDiscard) // a sample of the new volume
	}
	name := widget.NewEntry()
	name.SetText(a.PlayerName())
	name.OnChanged = func(s string) { p.SetString(PrefName, s) }
	heading := func(key string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(words.T(key), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	body := container.NewVBox(
		heading("settings.language"), language,
		heading("settings.style"), style, container.NewHScroll(preview),
		heading("settings.name"), name,
		heading("settings.pace"), container.NewBorder(nil, nil, nil, paceLabel, pace),
		heading("settings.animation"), animate,
		heading("settings.sound"), soundOn, container.NewBorder(nil, nil, widget.NewLabel(words.T("settings.sound.volume")), nil, volume),
		heading("settings.confirm"), confirm,
	)
	return a.page(words.T("home.settings"), container.NewVScroll(container.New(&narrow{max: 520}, body)))
}
