#!/usr/bin/env bash
# Plays the real app (a cgo desktop build) on a virtual display and prints
# its memory: the resident set (VmRSS) on the home screen and every 20
# moves, then where it lies (/proc/PID/smaps: the C heap, where Mesa keeps
# its textures; libLLVM, the software GL driver's compiler; the binary; the
# anonymous mappings, mostly the Go heap), the Go heap at its last
# collection and the collections' share of the CPU (GODEBUG=gctrace=1). The figure in the README's performance
# section ("Memory during a solo game").
#
# Usage: tools/memcheck/run.sh APP [MOVES]   (needs xvfb-run, xdotool)
set -u
app=$1
moves=${2:-60}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
cat >"$home/play.sh" <<'PLAY'
#!/usr/bin/env bash
GODEBUG=gctrace=1 "$APP" >"$LOG" 2>&1 &
pid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^Four Winds$' | head -1)
[ -n "$wid" ] || { echo "memcheck: the app's window never showed"; kill $pid; exit 1; }
sleep 1; xdotool windowsize "$wid" 1280 800; sleep 3
rss() { awk '/VmRSS/ {printf "%d", $2/1024}' /proc/$pid/status; }
echo "home screen: RSS $(rss) MB"
xdotool mousemove 640 203 click 1; sleep 1.5   # New game (first launch: no saved game)
xdotool mousemove 640 770 click 1; sleep 2     # Deal
for i in $(seq 1 "$MOVES"); do
	xdotool key h Return space n; sleep 1.4     # hint, discard the drawn tile, pass a claim, next hand
	[ $((i % 20)) -eq 0 ] && echo "after $i moves: RSS $(rss) MB"
done
awk '
	/^[0-9a-f]+-[0-9a-f]+ / { name = $6; if (name == "") name = "[anon]"; if (name ~ /libLLVM/) name = "libLLVM"; else if (name ~ /\/(dri|libgallium|swrast)/) name = "Mesa"; else if (name == ENVIRON["APP"]) name = "the binary"; next }
	/^Rss:/ { rss[name] += $2 }
	END { for (n in rss) if (rss[n] >= 2048) printf "  %4d MB  %s\n", rss[n] / 1024, n }' "/proc/$pid/smaps" | sort -n -r
last=$(grep '^gc [0-9]' "$LOG" | tail -1)
echo "  Go heap at the last collection: $(echo "$last" | grep -o '[0-9]*->[0-9]*->[0-9]* MB') (before, after marking, live)"
echo "  collections: $(echo "$last" | awk '{sub(":", "", $4); print $2 " in " substr($3, 2) ", " $4 " of the CPU"}')"
kill $pid
wait $pid
PLAY
chmod +x "$home/play.sh"
HOME=$home LANG=en_US.UTF-8 APP=$app LOG=$home/log MOVES=$moves \
	timeout $((moves * 2 + 90)) xvfb-run -a -s "-screen 0 1280x800x24" "$home/play.sh"
