#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer and runs each one deterministically: a fixed
# seed and a fixed number of inputs, starting from a temporary copy of its committed corpus
# (Fuzz/Corpus/<target>/, never modified). Any crash, Swift trap, sanitizer report, leak, hang or
# out-of-memory fails the run (exit 1) with the reproducer's path; see docs/reliability.md.
#
#   scripts/checks/fuzz/run.sh                  build, then run every target
#   scripts/checks/fuzz/run.sh fuzz-png ...     only the named targets
#
# Environment: FUZZ_SKIP_BUILD=1 uses the binaries already in .build-fuzz; FUZZ_BUILD_LOCK=FILE runs each
# build under `flock FILE` (for machines where builds take turns); FUZZ_RUNS_SCALE=N multiplies every run
# count (a whole number, default 1).
set -euo pipefail
cd "$(dirname "$0")/../../.."

# target:runs:max_len. Runs are sized for about 45 s each on a 2-core x86-64 machine with nothing else
# running (release build, measured figures in docs/reliability.md); max_len is a little above the largest
# seed, so inputs stay the size of real files of the format.
targets=(
  fuzz-scene:85000:8192
  fuzz-events:480000:4096
  fuzz-svg-path:240000:1024
  fuzz-png:650000:4096
  fuzz-options:16000:512
)
seed=1
timeout_seconds=10  # one input; the slowest seen takes well under a second
rss_limit_mb=3072   # above the documented budgets (64 MB documents, 256 MB images) with ASan's overhead
scratch=.build-fuzz
findings="$scratch/findings"

selected=()
if [ $# -eq 0 ]; then
  selected=("${targets[@]}")
else
  for name in "$@"; do
    found=""
    for entry in "${targets[@]}"; do [ "${entry%%:*}" = "$name" ] && found="$entry"; done
    [ -n "$found" ] || { echo "fuzz: no target named '$name' (targets: ${targets[*]%%:*})" >&2; exit 2; }
    selected+=("$found")
  done
fi
scale="${FUZZ_RUNS_SCALE:-1}"
[[ "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_RUNS_SCALE must be a whole number ≥ 1; got '$scale'" >&2; exit 2; }

# The build. SwiftPM's --sanitize fuzzer lets libFuzzer supply `main` (it compiles executables as
# libraries, -parse-as-library, and does not rename their entry point); that is why each fuzz product is
# built on its own: the `liquid` executable, a main.swift, cannot be built that way. --sanitize address
# also instruments the C targets (clang merges -fsanitize=fuzzer and -fsanitize=address). But SwiftPM
# hands swiftc the two as separate -sanitize= flags, and swiftc keeps only the last one: Swift code would
# get ASan and no coverage, and the fuzzer would be blind. The trailing -Xswiftc -sanitize=fuzzer,address
# comes last on every swiftc command line and restores both. -DLIQUID_FUZZ drops the replaying @main.
# Release, not debug: the same checks that matter here (bounds, overflow, preconditions, ASan) at several
# times the inputs per second; replay a finding in the normal debug build to see the trap's message.
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
  lock=()
  [ -z "${FUZZ_BUILD_LOCK:-}" ] || lock=(flock "$FUZZ_BUILD_LOCK")
  for entry in "${selected[@]}"; do
    "${lock[@]}" swift build --scratch-path "$scratch" -c release --sanitize fuzzer --sanitize address \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIQUID_FUZZ --product "${entry%%:*}"
  done
fi
bin="$(swift build --scratch-path "$scratch" -c release --show-bin-path)"

# The Swift runtime's crash backtracer reads the crashed process's memory in ways ASan reports as errors;
# libFuzzer and ASan print the stack instead.
export SWIFT_BACKTRACE=enable=no
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$findings"
failed=0
for entry in "${selected[@]}"; do
  IFS=: read -r name runs max_len <<< "$entry"
  runs=$((runs * scale))
  corpus="$work/$name"
  cp -R "Fuzz/Corpus/$name" "$corpus"
  log="$work/$name.log"
  start=$SECONDS
  status=0
  "$bin/$name" -seed="$seed" -runs="$runs" -max_len="$max_len" -timeout="$timeout_seconds" \
    -rss_limit_mb="$rss_limit_mb" -detect_leaks=1 -print_final_stats=1 \
    -artifact_prefix="$findings/$name-" "$corpus" > "$log" 2>&1 || status=$?
  took=$((SECONDS - start))
  stat() { sed -n "s/^stat::$1: *//p" "$log"; }
  if [ "$status" = 0 ]; then
    echo "fuzz: $name: $(stat number_of_executed_units) inputs in $took s ($(stat average_exec_per_sec)/s)," \
      "corpus $(find "Fuzz/Corpus/$name" -type f | wc -l) → $(find "$corpus" -type f | wc -l), peak $(stat peak_rss_mb) MB"
  else
    failed=1
    grep -E "^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Precondition failed)" "$log" | head -n 5 >&2 || true
    reproducer="$(sed -n "s/.*Test unit written to //p" "$log" | tail -n 1)"
    cp "$log" "$findings/$name.log"
    echo "fuzz: $name FAILED (exit status $status) after $took s; reproducer: ${reproducer:-none written}," \
      "log: $findings/$name.log; replay it with: swift build --product $name && .build/debug/$name ${reproducer:-FILE}" >&2
  fi
done
exit "$failed"
