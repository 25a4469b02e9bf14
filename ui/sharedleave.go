package ui

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// leaveDialogWidth is the width of the dialogs asking before a shared
// table is left (less on a narrow phone).
const leaveDialogWidth float32 = 420

// LeaveShared is what Home does at a shared table: it asks first, unless
// the match is over. A device that joined confirms it leaves (its seat
// stays its own); the host chooses between handing the table over to the
// next seated phone at the next hand boundary and ending the table for
// everyone, or, when no phone could deal on, confirms the end.
func (a *App) LeaveShared() {
	if a.share == nil {
		a.ShowHome()
		return
	}
	h := a.share.hosted
	switch {
	case a.sharedOver():
		a.ShowHome()
	case h == nil:
		text := "share.leave.joined"
		if a.share.centre != nil {
			text = "share.leave.centre"
		}
		a.confirmLeave(words.T("share.leave.title"), words.T(text), words.T("share.leave.ok"), widget.HighImportance)
	case a.share.leaving != nil:
		a.confirmLeave(words.T("share.leave.end_title"), words.F("share.leave.already", map[string]any{"Name": a.hostedName(h, *a.share.leaving)}),
			words.T("share.leave.end"), widget.DangerImportance)
	case h.Successor() < 0:
		a.confirmLeave(words.T("share.leave.end_title"), words.T("share.leave.end_only"), words.T("share.leave.end"), widget.DangerImportance)
	default:
		a.askHandOver(h)
	}
}

// sharedOver tells whether the shared table on screen has ended: there is
// nothing left to leave.
func (a *App) sharedOver() bool {
	switch {
	case a.share.centre != nil:
		return a.share.centre.snap.Info.Over
	case a.screen != nil && a.screen.shared:
		return a.screen.snap.Info.Over
	}
	return false
}

// confirmLeave asks whether to leave the shared table for home; yes is the
// leaving button's text.
func (a *App) confirmLeave(title, text, yes string, imp widget.Importance) {
	d := dialog.NewConfirm(title, text, func(ok bool) {
		if ok {
			a.ShowHome()
		}
	}, a.win)
	d.SetConfirmText(yes)
	d.SetConfirmImportance(imp)
	d.SetDismissText(words.T("share.leave.stay"))
	a.showLeaveDialog(d)
}

// showLeaveDialog shows d at a width that fits the window.
func (a *App) showLeaveDialog(d dialog.Dialog) {
	d.Show()
	// Twice: the wrapped text knows its height once it has its width.
	w := min(leaveDialogWidth, a.win.Canvas().Size().Width-4*theme.Padding())
	d.Resize(fyne.NewSize(w, d.MinSize().Height))
	d.Resize(fyne.NewSize(w, d.MinSize().Height))
}

// askHandOver offers the host the hand-over to the next seated phone,
// the end of the table for everyone, or to stay.
func (a *App) askHandOver(h Hosted) {
	name := a.hostedName(h, h.Successor())
	text := wrapped(words.F("share.leave.host", map[string]any{"Name": name}))
	var d *dialog.CustomDialog
	over := widget.NewButtonWithIcon(words.F("share.leave.hand_over", map[string]any{"Name": name}), theme.MailForwardIcon(), func() {
		d.Hide()
		a.handOver(h)
	})
	over.Importance = widget.HighImportance
	end := widget.NewButtonWithIcon(words.T("share.leave.end"), theme.CancelIcon(), func() {
		d.Hide()
		a.ShowHome()
	})
	end.Importance = widget.DangerImportance
	stay := widget.NewButton(words.T("share.leave.stay"), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(words.T("share.leave.title"), container.NewVBox(text, over, end, stay), a.win)
	a.showLeaveDialog(d)
}

// hostedName is player p's name at the hosted table.
func (a *App) hostedName(h Hosted, p int) string {
	if p < 0 || p > 3 {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	snap, err := h.Table().Snapshot(ctx, table.Spectator)
	if err != nil {
		return seatName(p)
	}
	return playerName(snap.Info, p)
}

// handOver makes the hosted table go to the next seated phone at the next
// hand boundary; this device's screen says so until then, and goes home
// once the table is handed over. The devices are told off the UI thread.
func (a *App) handOver(h Hosted) {
	go func() {
		next, err := h.HandOver(func() { fyne.Do(func() { a.handedOver(h) }) })
		fyne.Do(func() {
			switch {
			case a.share == nil || a.share.hosted != h:
			case err != nil:
				dialog.ShowError(err, a.win)
			default:
				a.showLeaving(next)
			}
		})
	}()
}

// showLeaving says on the host's screen that it leaves after this hand
// and player next's device deals on.
func (a *App) showLeaving(next int) {
	a.share.leaving = &next
	if c := a.share.centre; c != nil {
		c.banner.link.leaving, c.banner.link.next = true, next
		c.show(c.snap)
	}
	if r := a.share.rack; r != nil {
		r.banner.link.leaving, r.banner.link.next = true, next
		r.refresh()
	}
}

// handedOver goes home once h is handed over, saying who deals on.
func (a *App) handedOver(h Hosted) {
	if a.share == nil || a.share.hosted != h || a.share.leaving == nil {
		return
	}
	name := a.hostedName(h, *a.share.leaving)
	a.ShowHome()
	d := dialog.NewInformation(words.T("share.handed_title"), words.F("share.handed_host", map[string]any{"Name": name}), a.win)
	a.showLeaveDialog(d)
}
