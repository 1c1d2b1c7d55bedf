#!/usr/bin/env bash
# The `liquid play` window under a virtual X server: it opens, a synthetic click toggles the switch on, and
# closing the window ends the process with status 0. Also saves a screenshot of the window.
#
#   scripts/checks/x11/play-click.sh [LIQUID_BINARY]
#
# The binary defaults to $LIQUID_BINARY, else a debug build (`swift build --product liquid`). Needs Xvfb and
# xdotool (Debian: xvfb, xdotool); without them it prints a note and exits 0 (skipped). With ImageMagick's
# `import` it writes the screenshot to $SCREENSHOT_DIR/play-window.png (default docs/images).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"

for tool in Xvfb xdotool; do
  if ! command -v "$tool" > /dev/null; then
    echo "play-click: skipped: $tool is not installed (apt-get install xvfb xdotool)"
    exit 0
  fi
done

liquid="${1:-${LIQUID_BINARY:-}}"
if [ -z "$liquid" ]; then
  swift build --product liquid > /dev/null
  liquid="$(swift build --show-bin-path)/liquid"
fi

work="$(mktemp -d)"
xvfb_pid="" play_pid=""
cleanup() {
  [ -n "$play_pid" ] && kill "$play_pid" 2> /dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "play-click: FAILED: $*" >&2
  [ -s "$work/play.err" ] && sed 's/^/  liquid: /' "$work/play.err" >&2
  exit 1
}

# A free display number: the server picks one and writes it to file descriptor 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3> "$work/display" 2> "$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(head -n1 "$work/display")"

trace="$work/trace.jsonl"
"$liquid" play switch --scale 3 --trace "$trace" > "$work/play.out" 2> "$work/play.err" &
play_pid=$!

window=""
for _ in $(seq 100); do
  window="$(xdotool search --name '^liquid play: switch' 2> /dev/null | head -n1 || true)"
  [ -n "$window" ] && break
  kill -0 "$play_pid" 2> /dev/null || fail "liquid play exited before its window appeared"
  sleep 0.1
done
[ -n "$window" ] || fail "no 'liquid play: switch' window within 10 s"

# The switch sits in the middle of the window (equal padding on every side): click there.
eval "$(xdotool getwindowgeometry --shell "$window")"
xdotool mousemove --window "$window" $((WIDTH / 2)) $((HEIGHT / 2)) click 1

on=""
for _ in $(seq 50); do
  if grep -q '"isOn":true' "$trace" 2> /dev/null; then on=yes; break; fi
  sleep 0.1
done
[ -n "$on" ] || fail "the click did not turn the switch on (trace: $(tail -n1 "$trace" 2> /dev/null))"

if command -v import > /dev/null; then
  # Let the toggle settle, press and hold (the thumb swells), take the picture, then let go.
  sleep 1
  xdotool mousedown 1
  sleep 0.5
  mkdir -p "${SCREENSHOT_DIR:-docs/images}"
  import -window "$window" "${SCREENSHOT_DIR:-docs/images}/play-window.png"
  xdotool mouseup 1
  echo "play-click: screenshot ${SCREENSHOT_DIR:-docs/images}/play-window.png"
fi

xdotool windowclose "$window"
status=""
for _ in $(seq 50); do
  if ! kill -0 "$play_pid" 2> /dev/null; then
    set +e; wait "$play_pid"; status=$?; set -e
    break
  fi
  sleep 0.1
done
play_pid_done="$play_pid"; play_pid=""
[ -n "$status" ] || { kill "$play_pid_done" 2> /dev/null || true; fail "liquid play did not exit within 5 s of the window closing"; }
[ "$status" -eq 0 ] || fail "liquid play exited with status $status after the window closed"
grep -q '"exit":true' "$trace" || fail "the trace has no closing line"
echo "play-click: ok (window opened on $DISPLAY, a click turned the switch on, closing exited 0)"
