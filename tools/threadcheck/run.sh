#!/usr/bin/env bash
# Plays the real app (a cgo desktop build) on a virtual display for a while
# and fails if Fyne reported a widget changed off its UI thread: the check
# behind `[Migrations] fyneDo = true` in FyneApp.toml. A plain `go build`
# carries no FyneApp.toml migrations, so Fyne's thread checks are on here.
#
# Usage: tools/threadcheck/run.sh APP [SECONDS]   (needs xvfb-run, xdotool)
set -u
app=$1
secs=${2:-40}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
cat >"$home/play.sh" <<'PLAY'
#!/usr/bin/env bash
"$APP" >"$LOG" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^Four Winds$' | head -1)
[ -n "$wid" ] || { echo "threadcheck: the app's window never showed" >>"$LOG"; kill $pid; exit 1; }
sleep 1; xdotool windowsize "$wid" 1280 800; sleep 1
xdotool mousemove 640 203 click 1; sleep 1.5   # New game (first launch: no saved game)
xdotool mousemove 640 770 click 1; sleep 2     # Deal
end=$((SECONDS + SECS))
while [ $SECONDS -lt $end ]; do
	xdotool key Return; sleep 0.4               # discard the drawn tile
	xdotool key space; sleep 0.4                # pass a claim
	xdotool key n; sleep 0.2                    # next hand, on the sheet
done
kill $pid
PLAY
chmod +x "$home/play.sh"
HOME=$home LANG=en_US.UTF-8 APP=$app LOG=$home/log SECS=$secs \
	timeout $((secs + 60)) xvfb-run -a -s "-screen 0 1280x800x24" "$home/play.sh"
if grep -q "Error in Fyne call thread" "$home/log"; then
	echo "threadcheck: Fyne was called off its UI thread:"
	grep -A3 "Error in Fyne call thread" "$home/log" | head -40
	exit 1
fi
if grep -q "never showed" "$home/log"; then
	cat "$home/log"
	exit 1
fi
echo "threadcheck: ${secs}s of play, every UI change on the UI thread"
