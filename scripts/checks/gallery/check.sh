#!/usr/bin/env bash
# Builds the gallery into a temporary folder and checks the page: every image it shows exists and is an
# animated PNG (an acTL chunk) with more than one frame, every poster and link target exists, nothing comes
# from the network; then opens it in headless Chromium and checks the screenshot is not blank.
#
#   scripts/checks/gallery/check.sh [LIQUID_BINARY]
#
# The binary defaults to $LIQUID_BINARY, else a release build. The screenshot is saved as
# $SCREENSHOT_DIR/gallery.png (default docs/images). Without chromium the browser step is skipped with a
# note (Debian: apt-get install chromium); the file checks always run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"

liquid="${1:-${LIQUID_BINARY:-}}"
if [ -z "$liquid" ]; then
  swift build -c release --product liquid > /dev/null
  liquid="$(swift build -c release --show-bin-path)/liquid"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
problems=0
problem() { echo "gallery-check: $*" >&2; problems=$((problems + 1)); }

start=$(date +%s.%N)
"$liquid" gallery --out "$work/gallery" --scenes "$root/examples/scenes" > "$work/gallery.log"
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
page="$work/gallery/index.html"
[ -s "$page" ] || { echo "gallery-check: FAILED: no index.html" >&2; exit 1; }

# A big-endian 32-bit number at byte OFFSET of FILE.
u32() { od -An -tu1 -j "$2" -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }

images=$(grep -o '<img [^>]*src="[^"]*"' "$page" | sed 's/.*src="\([^"]*\)"/\1/')
[ -n "$images" ] || problem "the page shows no images"
count=0
for image in $images; do
  file="$work/gallery/$image"
  count=$((count + 1))
  if [ ! -f "$file" ]; then problem "$image: missing"; continue; fi
  if [ "$(od -An -tx1 -N8 "$file" | tr -d ' \n')" != "89504e470d0a1a0a" ]; then problem "$image: not a PNG"; continue; fi
  offset=$(grep -obUa 'acTL' "$file" | head -n1 | cut -d: -f1 || true)
  if [ -z "$offset" ]; then problem "$image: no acTL chunk (not an animated PNG)"; continue; fi
  frames=$(u32 "$file" $((offset + 4)))
  [ "$frames" -gt 1 ] || problem "$image: $frames frame(s); an animation needs more than one"
done

for target in $(grep -oE '(srcset|href)="[^"#][^"]*"' "$page" | sed 's/^[a-z]*="\(.*\)"$/\1/'); do
  [ -f "$work/gallery/$target" ] || problem "$target: linked from the page but missing"
done
if grep -qiE 'https?://|<script|<link |@import|url\(' "$page"; then
  problem "the page loads something from outside (a URL, script, link or @import)"
fi

size=$(du -sk "$work/gallery" | cut -f1)
echo "gallery-check: $count animations, $((size / 1024)) MB, built in ${elapsed} s"

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" > /dev/null; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
  echo "gallery-check: note: no chromium; skipped the browser screenshot (apt-get install chromium)"
else
  shots="${SCREENSHOT_DIR:-docs/images}"
  mkdir -p "$shots"
  shot="$work/gallery-shot.png"
  # Tall enough for the whole page at this width; --virtual-time-budget lets every image load and play.
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --virtual-time-budget=4000 --window-size=1280,2200 --screenshot="$shot" "file://$page" \
    > "$work/browser.log" 2>&1 || true
  if [ ! -s "$shot" ]; then
    problem "headless $browser wrote no screenshot ($(tail -n1 "$work/browser.log"))"
  else
    cp "$shot" "$shots/gallery.png"
    if command -v identify > /dev/null; then
      colours=$(identify -format '%k' "$shot")
      [ "$colours" -gt 500 ] || problem "the screenshot looks blank ($colours colours)"
      echo "gallery-check: screenshot $shots/gallery.png ($colours colours)"
    else
      bytes=$(wc -c < "$shot")
      [ "$bytes" -gt 50000 ] || problem "the screenshot looks blank ($bytes bytes)"
      echo "gallery-check: screenshot $shots/gallery.png ($bytes bytes)"
    fi
  fi
fi

if [ "$problems" -gt 0 ]; then
  echo "gallery-check: FAILED ($problems problems)" >&2
  exit 1
fi
echo "gallery-check: ok"
