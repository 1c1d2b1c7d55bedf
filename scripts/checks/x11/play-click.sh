#!/usr/bin/env bash
# `liquid play switch` in a real X11 window under a virtual X server (Xvfb), driven by synthetic mouse
# input (xdotool). It passes when:
#   - the window appears and draws the switch (more than a flat background);
#   - a click in its middle turns the switch on (the --trace file says "isOn":true) and the window then
#     looks different from before the click;
#   - pressing and holding shows the press ("pressed":true); letting go is a second tap: the press ends
#     and the switch turns off again;
#   - a drag across the switch and back is traced;
#   - closing the window ends the process with status 0, and the trace's closing line says off;
#   - the session was also recorded (--record): `liquid simulate switch --events RECORDING` replays it at
#     the frames the window showed and its trace agrees with the --trace file frame for frame, bit for
#     bit (scripts/checks/x11/traces-agree.py).
# Every wait is on a condition (the display number written, the window mapped, its first frame drawn, a
# trace line, the springs at rest) and has a limit; the first failure prints one line naming what did not
# happen, and the background processes (Xvfb, liquid) are stopped on any exit.
#
#   scripts/checks/x11/play-click.sh [LIQUID_BINARY]
#
# The binary defaults to $LIQUID_BINARY, else a debug build (`swift build --product liquid`). Needs Xvfb,
# xdotool, ImageMagick and Python 3 (Debian: xvfb, xdotool, imagemagick, python3); without them it prints a note and exits 0
# (skipped), or fails when REQUIRE_TOOLS=1 (as CI sets it). The picture of the held switch is saved as
# $SCREENSHOT_DIR/play-window.png (default docs/images).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"

for pair in Xvfb:xvfb xdotool:xdotool import:imagemagick identify:imagemagick compare:imagemagick python3:python3; do
  tool="${pair%%:*}" package="${pair#*:}"
  if ! command -v "$tool" > /dev/null; then
    if [ "${REQUIRE_TOOLS:-0}" = 1 ]; then
      echo "play-click: FAILED: $tool is not installed (Debian package $package)" >&2
      exit 1
    fi
    echo "play-click: skipped: $tool is not installed (apt-get install $package)"
    exit 0
  fi
done

liquid="${1:-${LIQUID_BINARY:-}}"
if [ -z "$liquid" ]; then
  swift build --product liquid > /dev/null
  liquid="$(swift build --show-bin-path)/liquid"
fi
[ -x "$liquid" ] || { echo "play-click: FAILED: no liquid binary at $liquid" >&2; exit 1; }

work="$(mktemp -d)"
xvfb_pid="" play_pid=""
stop() {  # PID: ends a process this script started and reaps it
  kill "$1" 2> /dev/null || true
  wait "$1" 2> /dev/null || true
}
cleanup() {
  [ -z "$play_pid" ] || stop "$play_pid"
  [ -z "$xvfb_pid" ] || stop "$xvfb_pid"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "play-click: FAILED: $*" >&2
  if [ -s "$work/play.err" ]; then sed 's/^/  liquid: /' "$work/play.err" >&2; fi
  if [ -s "$work/trace.jsonl" ]; then echo "  last trace line: $(tail -n1 "$work/trace.jsonl")" >&2; fi
  exit 1
}

# until SECONDS WHAT COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails naming WHAT when
# SECONDS pass first, or as soon as liquid (once started) has exited.
until_true() {
  local seconds="$1" what="$2"
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if [ -n "$play_pid" ] && ! kill -0 "$play_pid" 2> /dev/null; then
      fail "liquid play exited while waiting for $what"
    fi
    [ "$SECONDS" -lt "$deadline" ] || fail "$what did not happen within $seconds s"
    sleep 0.1
  done
}

# A free display number: the server picks one and writes it to file descriptor 3 once it accepts clients.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3> "$work/display" 2> "$work/xvfb.log" &
xvfb_pid=$!
xvfb_ready() {
  kill -0 "$xvfb_pid" 2> /dev/null || fail "Xvfb exited: $(tail -n1 "$work/xvfb.log")"
  [ -s "$work/display" ]
}
until_true 10 "Xvfb starting" xvfb_ready
DISPLAY=":$(head -n1 "$work/display")"
export DISPLAY

trace="$work/trace.jsonl" recording="$work/recording.json"
"$liquid" play switch --scale 3 --trace "$trace" --record "$recording" > "$work/play.out" 2> "$work/play.err" &
play_pid=$!

window=""
window_mapped() {
  window="$(xdotool search --onlyvisible --name '^liquid play: switch' 2> /dev/null | head -n1 || true)"
  [ -n "$window" ]
}
until_true 15 "the 'liquid play: switch' window being mapped" window_mapped
eval "$(xdotool getwindowgeometry --shell "$window")"  # WIDTH, HEIGHT

# snapshot NAME: the window's pixels as $work/NAME.png.
snapshot() { import -window "$window" "$work/$1.png" 2> /dev/null; }
colours() { identify -format '%k' "$work/$1.png"; }
# Differing pixels between two snapshots (a little fuzz for rounding).
difference() { compare -fuzz 1% -metric AE "$work/$1.png" "$work/$2.png" null: 2>&1 || true; }

# The first frame is drawn once the window holds more than its flat background colour.
drawn() { snapshot before && [ "$(colours before)" -gt 16 ]; }
until_true 10 "the first frame being drawn" drawn

# last_state KEY: the value of KEY in the trace's last line ("" without a trace yet).
last_state() { tail -n1 "$trace" 2> /dev/null | grep -o "\"$1\":[^,}]*" | cut -d: -f2 || true; }
state_is() { [ "$(last_state "$1")" = "$2" ]; }

# The switch sits in the middle of the window (equal padding on every side): click there.
[ "$(last_state isOn)" = false ] || fail "the switch is not off before the click"
xdotool mousemove --window "$window" $((WIDTH / 2)) $((HEIGHT / 2)) click 1
until_true 5 "the click turning the switch on (\"isOn\":true in the trace)" grep -q '"isOn":true' "$trace"

# settled [CONDITION...]: the trace (one line per frame that changed anything) has had no new line for
# half a second, i.e. every spring has come to rest, and CONDITION (if given) holds for its last line.
quiet=0 lines=-1
settled() {
  local now
  now="$(wc -l < "$trace")"
  if [ "$now" = "$lines" ]; then quiet=$((quiet + 1)); else quiet=0 lines="$now"; fi
  [ "$quiet" -ge 5 ] && { [ $# -eq 0 ] || "$@"; }
}
# On, not pressed, and every animated value at its resting value (full colour, no swell, no jiggle).
resting_on() {
  state_is isOn true && state_is pressed false && state_is colorFraction 1 && state_is thumbScale 1 &&
    state_is jiggle 1
}
until_true 10 "the switch coming to rest, on, after the click" settled resting_on
snapshot on
changed="$(difference before on)"
area=$((WIDTH * HEIGHT))
[[ "$changed" =~ ^[0-9]+$ ]] || fail "could not compare the window before and after the click: $changed"
[ "$changed" -ge $((area / 50)) ] ||
  fail "the window barely changed after the click ($changed of $area pixels differ); the switch did not redraw as on"

# Press and hold: the thumb swells; the picture of that is the documentation's screenshot.
xdotool mousedown 1
until_true 5 "the press showing (\"pressed\":true in the trace)" state_is pressed true
quiet=0 lines=-1
until_true 10 "the pressed thumb coming to rest" settled state_is pressed true
shots="${SCREENSHOT_DIR:-docs/images}"
mkdir -p "$shots"
snapshot held
cp "$work/held.png" "$shots/play-window.png"
xdotool mouseup 1
released_off() { state_is pressed false && state_is isOn false; }
until_true 5 "letting go ending the press and turning the switch off (\"pressed\":false, \"isOn\":false)" released_off

# A drag: from the left of the switch across to its right and back, in small steps, then let go.
before_drag="$(wc -l < "$trace")"
xdotool mousemove --window "$window" $((WIDTH / 2 - WIDTH / 8)) $((HEIGHT / 2)) mousedown 1
for step in $(seq 1 12) $(seq 11 -1 0); do
  xdotool mousemove --window "$window" $((WIDTH / 2 - WIDTH / 8 + step * WIDTH / 48)) $((HEIGHT / 2))
  sleep 0.02
done
xdotool mouseup 1
quiet=0 lines=-1
until_true 10 "the switch coming to rest after the drag" settled state_is pressed false
[ "$(wc -l < "$trace")" -gt $((before_drag + 2)) ] || fail "the drag left no trace of the thumb moving"

xdotool windowclose "$window"
exited() { ! kill -0 "$play_pid" 2> /dev/null; }
deadline=$((SECONDS + 10))
until exited; do
  [ "$SECONDS" -lt "$deadline" ] || fail "liquid play did not exit within 10 s of its window closing"
  sleep 0.1
done
status=0
wait "$play_pid" || status=$?
play_pid=""
[ "$status" -eq 0 ] || fail "liquid play exited with status $status after its window closed"
grep -q '"exit":true' "$trace" || fail "the trace has no closing line"
state_is isOn false || fail "the closing trace line does not say the switch is off"

# The recording replays to the same states at the same frames.
[ -s "$recording" ] || fail "liquid play wrote no recording"
"$liquid" simulate switch --events "$recording" > "$work/replay.json" 2> "$work/replay.err" ||
  fail "simulate could not replay the recording: $(head -n1 "$work/replay.err")"
agreement="$(python3 scripts/checks/x11/traces-agree.py "$trace" "$work/replay.json" switch 2>&1)" ||
  fail "the replay of the recording does not match the session: $agreement"
echo "play-click: ok (window ${WIDTH}x${HEIGHT} on $DISPLAY; the click turned the switch on and changed" \
  "$changed pixels; press, release, the second toggle and a drag traced; closing exited 0; screenshot" \
  "$shots/play-window.png; the recording replays: ${agreement#traces-agree: })"
