#!/usr/bin/env bash
# Builds the gallery into a temporary folder and checks the page.
#   Files: every image it shows exists and is a sound animated PNG of more than one frame; every poster
#   and link target exists, and each PNG among them is sound (pngframes.py beside this script checks
#   every chunk and every frame's pixel data); the page names nothing outside its folder (no URL, script,
#   link or @import).
#   Browser: headless Chromium opens the page (browse.py beside this script): every image decodes, with
#   reduced motion every image shows its poster and that decodes, no JavaScript error, console error,
#   failed request or request outside the folder; the full-page screenshot has more than 500 colours.
# Every problem is one line; the check fails when there is any.
#
#   scripts/checks/gallery/check.sh [LIQUID_BINARY]
#
# The binary defaults to $LIQUID_BINARY, else a release build. The screenshot is saved as
# $SCREENSHOT_DIR/gallery.png (default docs/images). The browser step needs chromium and ImageMagick's
# identify (Debian: chromium, imagemagick); without them it is skipped with a note, or the check fails
# when REQUIRE_TOOLS=1 (as CI sets it). The file checks need only python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
here="$root/scripts/checks/gallery"
cd "$root"

problems=0
problem() { echo "gallery-check: $*" >&2; problems=$((problems + 1)); }

# have TOOL PACKAGE WHAT: whether TOOL is installed; when not, a note that WHAT is skipped, or a problem
# under REQUIRE_TOOLS=1.
have() {
  command -v "$1" > /dev/null && return 0
  if [ "${REQUIRE_TOOLS:-0}" = 1 ]; then
    problem "$1 is not installed (Debian package $2), so $3 cannot run"
  else
    echo "gallery-check: note: $1 is not installed (apt-get install $2); skipped $3"
  fi
  return 1
}

liquid="${1:-${LIQUID_BINARY:-}}"
if [ -z "$liquid" ]; then
  swift build -c release --product liquid > /dev/null
  liquid="$(swift build -c release --show-bin-path)/liquid"
fi
[ -x "$liquid" ] || { echo "gallery-check: FAILED: no liquid binary at $liquid" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

start=$(date +%s.%N)
"$liquid" gallery --out "$work/gallery" --scenes "$root/examples/scenes" > "$work/gallery.log" 2>&1 ||
  { echo "gallery-check: FAILED: liquid gallery exited with status $?: $(tail -n1 "$work/gallery.log")" >&2; exit 1; }
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
page="$work/gallery/index.html"
[ -s "$page" ] || { echo "gallery-check: FAILED: liquid gallery wrote no index.html" >&2; exit 1; }

# Every image the page shows, and every poster and link target, must exist...
animations=() stills=()
while IFS= read -r image; do
  if [ -f "$work/gallery/$image" ]; then animations+=("$work/gallery/$image"); else problem "$image: missing"; fi
done < <(grep -o '<img [^>]*src="[^"]*"' "$page" | sed 's/.*src="\([^"]*\)"/\1/')
[ ${#animations[@]} -gt 0 ] || problem "the page shows no images"
while IFS= read -r target; do
  if [ ! -f "$work/gallery/$target" ]; then problem "$target: linked from the page but missing"; continue; fi
  case "$target" in *.png) stills+=("$work/gallery/$target") ;; esac
done < <(grep -oE '(srcset|href)="[^"#][^"]*"' "$page" | sed 's/^[a-z]*="\(.*\)"$/\1/' | sort -u)
if grep -qiE 'https?://|<script|<link |@import|url\(' "$page"; then
  problem "the page loads something from outside (a URL, script, link or @import)"
fi

# ... and be sound: the animations as animated PNGs of more than one frame, the posters as PNGs.
# sound LABEL [--animated] FILE...: pngframes.py's verdict, each broken file a problem.
sound() {
  local label="$1" status=0
  shift
  python3 "$here/pngframes.py" "$@" > "$work/png.out" 2> "$work/png.err" || status=$?
  while IFS= read -r line; do problem "${line#"$work/gallery/"}"; done < "$work/png.out"
  if [ "$status" -ne 0 ] && [ ! -s "$work/png.out" ]; then problem "pngframes.py failed: $(tail -n1 "$work/png.err")"; fi
  if [ "$status" -eq 0 ]; then sed "s/^pngframes: /gallery-check: $label: /" "$work/png.err"; fi
}
if [ ${#animations[@]} -gt 0 ]; then sound animations --animated "${animations[@]}"; fi
if [ ${#stills[@]} -gt 0 ]; then sound posters "${stills[@]}"; fi

size=$(du -sk "$work/gallery" | cut -f1)
echo "gallery-check: ${#animations[@]} animations, $((size / 1024)) MB, built in ${elapsed} s"

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" > /dev/null; then browser="$candidate"; break; fi
done
[ -n "$browser" ] || have chromium chromium "the browser check" || true
if [ -n "$browser" ]; then
  shot="$work/gallery-shot.png"
  status=0
  python3 "$here/browse.py" "$browser" "$page" "$shot" --width 1280 --timeout 90 \
    > "$work/browse.out" 2> "$work/browse.err" || status=$?
  while IFS= read -r line; do problem "browser: $line"; done < "$work/browse.out"
  if [ "$status" -ne 0 ] && [ ! -s "$work/browse.out" ]; then
    problem "browser: browse.py exited with status $status: $(tail -n1 "$work/browse.err")"
  fi
  if [ "$status" -eq 0 ]; then sed 's/^browse: /gallery-check: /' "$work/browse.err"; fi
  if [ -s "$shot" ]; then
    shots="${SCREENSHOT_DIR:-docs/images}"
    mkdir -p "$shots"
    cp "$shot" "$shots/gallery.png"
    if have identify imagemagick "the blank-screenshot check"; then
      colours=$(identify -format '%k' "$shot")
      [ "$colours" -gt 500 ] || problem "the screenshot looks blank ($colours colours)"
      echo "gallery-check: screenshot $shots/gallery.png ($colours colours)"
    fi
  elif [ "$status" -eq 0 ]; then
    problem "browser: no screenshot was written"
  fi
fi

if [ "$problems" -gt 0 ]; then
  echo "gallery-check: FAILED ($problems problems)" >&2
  exit 1
fi
echo "gallery-check: ok"
