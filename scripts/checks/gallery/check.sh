#!/usr/bin/env bash
# Builds the gallery into a temporary folder and checks the page.
#   Files: every image it shows exists, is a sound PNG (pngcheck: chunk CRCs, compressed data, frame
#   control) and an animated one (an acTL chunk) with more than one frame; every poster and link target
#   exists and is a sound PNG; the page names nothing outside its folder (no URL, script, link, @import).
#   Browser: headless Chromium opens the page (browse.py beside this script): every image decodes, with
#   reduced motion every image shows its poster and that decodes, no JavaScript error, console error,
#   failed request or request outside the folder; the full-page screenshot has more than 500 colours.
# Every problem is one line; the check fails when there is any.
#
#   scripts/checks/gallery/check.sh [LIQUID_BINARY]
#
# The binary defaults to $LIQUID_BINARY, else a release build. The screenshot is saved as
# $SCREENSHOT_DIR/gallery.png (default docs/images). Needs chromium, pngcheck and ImageMagick's identify
# (Debian: chromium, pngcheck, imagemagick); without one the steps that need it are skipped with a note,
# or the check fails when REQUIRE_TOOLS=1 (as CI sets it).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
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

# A big-endian 32-bit number at byte OFFSET of FILE.
u32() { od -An -tu1 -j "$2" -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
pngcheck_ok=""
if have pngcheck pngcheck "the PNG integrity check"; then pngcheck_ok=yes; fi
# sound FILE: pngcheck's verdict (one problem naming the file and what pngcheck found) when installed.
sound() {
  [ -n "$pngcheck_ok" ] || return 0
  local verdict
  verdict="$(pngcheck -q "$1" 2>&1)" && return 0
  verdict="$(echo "$verdict" | grep -v '^ERROR:' | head -n1)"
  verdict="${verdict#"$1"}"
  problem "${1#"$work/gallery/"}: broken PNG (pngcheck: ${verdict#"${verdict%%[! :]*}"})"
}

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
  sound "$file"
done

for target in $(grep -oE '(srcset|href)="[^"#][^"]*"' "$page" | sed 's/^[a-z]*="\(.*\)"$/\1/' | sort -u); do
  if [ ! -f "$work/gallery/$target" ]; then problem "$target: linked from the page but missing"; continue; fi
  case "$target" in *.png) sound "$work/gallery/$target" ;; esac
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
[ -n "$browser" ] || have chromium chromium "the browser check" || true
if [ -n "$browser" ]; then
  shot="$work/gallery-shot.png"
  status=0
  python3 "$root/scripts/checks/gallery/browse.py" "$browser" "$page" "$shot" --width 1280 --timeout 90 \
    > "$work/browse.out" 2> "$work/browse.err" || status=$?
  while IFS= read -r line; do problem "browser: $line"; done < "$work/browse.out"
  if [ "$status" -ne 0 ] && [ ! -s "$work/browse.out" ]; then
    problem "browser: browse.py exited with status $status: $(tail -n1 "$work/browse.err")"
  fi
  if [ "$status" -eq 0 ]; then
    sed 's/^browse: /gallery-check: /' "$work/browse.err"
  fi
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
