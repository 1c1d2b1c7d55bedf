#!/usr/bin/env python3
"""The soak: every component `liquid simulate` knows, driven by seeded random touches for a long time.

For each component named in Sources/LiquidCommands/ComponentRegistry.swift, two runs of the given binary:

  state   10 simulated minutes at 120 frames a second, state only (no rendering): 72,001 frames.
  render  30 simulated seconds at 120 frames a second, every frame rendered at scale 3 and checked by the
          tool (`--render`: drawn, its size and success checked, not written as PNG): 3,601 frames. Writing
          3,601 PNGs per component would measure the disk and the PNG encoder, not the soak; the encoder
          has its own tests.

Each run's trace goes to a temporary file and is checked here: a JSON array with one entry per frame at
the expected times (strictly increasing, 1/120 s apart), every state value a boolean, a string or a
finite number (no null, NaN or infinity), haptics a list of names. The tool itself stops with one line
naming the frame time and the key when a state value is not finite; that would fail the run here too.

Peak resident memory is the child's (os.wait4's rusage). On Linux a child reports at least the peak of
the process that spawned it (the two share memory until exec), so this script starts every run before it
parses any trace and stays at about 10 MiB, well under the children's own peaks. A run fails past the memory budget
below, about twice the largest peak measured on the release build (x86-64 Linux, Swift 6, seed 20261126):
state-only runs peak at 23-29 MiB whatever their length (60 s and 600 s alike), except the canvas at
49 MiB (its particle store: up to 24 MiB of particles and a 16 MiB atlas); rendered runs at 26-64 MiB
(the tab bar's glass highest), reached within the first ten seconds and flat after (30 s and 60 s alike).
So a leak that grows with the number of frames or touches fails the check while allocator noise does not.

Prints a table: component, mode, simulated seconds, frames, wall time, peak RSS. Exits 1 when any run
fails (every problem is one line on standard error), 0 otherwise.

  scripts/checks/soak/soak.py [--liquid BINARY] [--seed N] [--state-seconds S] [--render-seconds S]

The binary defaults to $LIQUID_BINARY, else .build/release/liquid. Python 3 standard library only.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
REGISTRY = os.path.join(ROOT, "Sources", "LiquidCommands", "ComponentRegistry.swift")

FPS = 120
# Peak resident memory allowed for one run, in MiB: about twice the measured peak (see above).
BUDGET_MIB = {"state": 100, "render": 128}


def components():
    """The names registered in ComponentRegistry, in order: `("switch", { LiquidSwitch() }),`."""
    with open(REGISTRY, encoding="utf-8") as f:
        names = re.findall(r'^\s*\("([a-z0-9-]+)",\s*\{', f.read(), re.MULTILINE)
    if not names:
        sys.exit(f"soak: no component names found in {REGISTRY}")
    return names


def run(arguments, trace_path):
    """Runs the tool with standard output into trace_path; returns (status, stderr, seconds, peak bytes)."""
    with open(trace_path, "wb") as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        child = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here; keep Popen from waiting again
        err.seek(0)
        message = err.read().decode("utf-8", "replace").strip()
    return child.returncode, message, seconds, usage.ru_maxrss * 1024  # ru_maxrss is in KiB on Linux


def refuse_constant(name):
    raise ValueError(f"the trace has {name}, which is not a finite number")


def check_trace(path, seconds):
    """Problems with the trace at path (a list of one-line strings; empty when it is sound)."""
    expected = round(seconds * FPS) + 1
    try:
        with open(path, encoding="utf-8") as f:
            frames = json.load(f, parse_constant=refuse_constant)
    except (ValueError, UnicodeDecodeError) as error:
        return [f"the trace is not valid JSON: {error}"]
    if not isinstance(frames, list):
        return ["the trace is not a JSON list"]
    problems = []
    if len(frames) != expected:
        problems.append(f"{len(frames)} frames, expected {expected}")
    previous = None
    for index, frame in enumerate(frames):
        where = f"frame {index}"
        if not isinstance(frame, dict) or set(frame) != {"t", "state", "haptics"}:
            problems.append(f"{where} is not an object with t, state and haptics")
            break
        t = frame["t"]
        if not isinstance(t, (int, float)) or isinstance(t, bool) or not math.isfinite(t):
            problems.append(f"{where}: t is {t!r}")
            break
        if abs(t - index / FPS) > 1e-9:
            problems.append(f"{where}: t = {t}, expected {index / FPS}")
            break
        if previous is not None and t <= previous:
            problems.append(f"{where}: t = {t} does not increase")
            break
        previous = t
        state = frame["state"]
        if not isinstance(state, dict) or not state:
            problems.append(f"{where}: state is {state!r}")
            break
        bad = [key for key, value in state.items()
               if value is None or (isinstance(value, float) and not math.isfinite(value))
               or not isinstance(value, (bool, int, float, str))]
        if bad:
            problems.append(f"{where} (t = {t}): state {', '.join(sorted(bad))} not finite")
            break
        if not isinstance(frame["haptics"], list) or not all(isinstance(h, str) for h in frame["haptics"]):
            problems.append(f"{where}: haptics is {frame['haptics']!r}")
            break
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--liquid", default=os.environ.get("LIQUID_BINARY") or os.path.join(ROOT, ".build", "release", "liquid"))
    parser.add_argument("--seed", type=int, default=20261126, help="seed of the random touches (default 20261126)")
    parser.add_argument("--state-seconds", type=float, default=600, help="simulated seconds of state-only runs (600)")
    parser.add_argument("--render-seconds", type=float, default=30, help="simulated seconds of rendered runs (30)")
    options = parser.parse_args()
    if not os.access(options.liquid, os.X_OK):
        sys.exit(f"soak: no executable liquid at {options.liquid} (build it: swift build -c release --product liquid)")

    modes = [("state", options.state_seconds, []), ("render", options.render_seconds, ["--render", "--scale", "3"])]
    rows, failures = [], []
    with tempfile.TemporaryDirectory(prefix="liquid-soak-") as folder:
        # Every run first, every trace check after: a child forked from this process starts with this
        # process's resident size as its peak, so this process must stay small while it starts them
        # (parsing a trace would grow it past the children's own peaks).
        runs = []
        for name in components():
            for mode, seconds, extra in modes:
                trace = os.path.join(folder, f"{name}-{mode}.json")
                arguments = [options.liquid, "simulate", name, "--random-touches", str(options.seed),
                             "--duration", f"{seconds:g}", "--fps", str(FPS)] + extra
                status, message, wall, peak = run(arguments, trace)
                rows.append((name, mode, seconds, round(seconds * FPS) + 1, wall, peak))
                runs.append((f"{name} {mode}", mode, seconds, trace, status, message, peak))
        for label, mode, seconds, trace, status, message, peak in runs:
            if status != 0:
                failures.append(f"{label}: exit status {status}: {message or '(no message)'}")
                continue
            failures += [f"{label}: {problem}" for problem in check_trace(trace, seconds)]
            if peak > BUDGET_MIB[mode] << 20:
                failures.append(f"{label}: peak RSS {peak / 2**20:.1f} MiB is over the budget of {BUDGET_MIB[mode]} MiB")

    print(f"{'component':<10} {'mode':<7} {'sim s':>6} {'frames':>7} {'wall s':>7} {'peak RSS MiB':>13}")
    for name, mode, seconds, frames, wall, peak in rows:
        print(f"{name:<10} {mode:<7} {seconds:>6g} {frames:>7} {wall:>7.2f} {peak / 2**20:>13.1f}")
    print(f"budget: {BUDGET_MIB['state']} MiB state-only, {BUDGET_MIB['render']} MiB rendered; seed {options.seed}")
    for failure in failures:
        print(f"soak: {failure}", file=sys.stderr)
    if failures:
        print(f"soak: {len(failures)} problem(s)", file=sys.stderr)
        return 1
    print(f"soak: {len(rows)} runs passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
