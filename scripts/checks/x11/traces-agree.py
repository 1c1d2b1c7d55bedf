#!/usr/bin/env python3
"""Checks that a `liquid play --trace` file and the trace of `liquid simulate --events RECORDING` (the
recording made by the same `liquid play --record`) agree frame for frame.

    traces-agree.py PLAY_TRACE.jsonl SIMULATE_TRACE.json COMPONENT

The play trace has a line for the state before the first frame (t = 0), a line at each frame whose state
differs from the line before, and a closing line ("exit": true) at the last frame. From the simulate trace
(one entry per frame) the same lines are derived: the first play line's state, then every frame whose state
differs from the last line, then the last frame. They must be equal: the same times and the same state
values, bit for bit (JSON numbers are read exactly). Prints one line: what agreed, or the first difference.
"""
import json
import sys


def same(a, b):
    """Equal JSON values, a boolean never equal to a number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: traces-agree.py PLAY_TRACE.jsonl SIMULATE_TRACE.json COMPONENT")
    play_path, simulate_path, component = sys.argv[1:]
    with open(play_path) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    with open(simulate_path) as f:
        frames = json.load(f)
    if len(lines) < 2 or not lines[-1].get("exit"):
        sys.exit(f"traces-agree: {play_path} has no closing line")
    if not frames:
        sys.exit(f"traces-agree: {simulate_path} has no frames")
    for number, line in enumerate(lines, 1):
        if line.get("component") != component:
            sys.exit(f"traces-agree: {play_path} line {number} is of '{line.get('component')}', not '{component}'")
    if lines[0]["t"] != 0:
        sys.exit(f"traces-agree: {play_path} does not start with the state before the first frame (t = 0)")

    expected = [(0, lines[0]["state"])]
    for frame in frames:
        if not same(frame["state"], expected[-1][1]):
            expected.append((frame["t"], frame["state"]))
    expected.append((frames[-1]["t"], frames[-1]["state"]))
    actual = [(line["t"], line["state"]) for line in lines]
    for index, (want, got) in enumerate(zip(expected, actual)):
        if want[0] != got[0] or not same(want[1], got[1]):
            sys.exit(f"traces-agree: play trace line {index + 1} (t = {got[0]!r}: {json.dumps(got[1], sort_keys=True)}) "
                     f"differs from the replay (t = {want[0]!r}: {json.dumps(want[1], sort_keys=True)})")
    if len(expected) != len(actual):
        sys.exit(f"traces-agree: the play trace has {len(actual)} lines; the replay's {len(frames)} frames give {len(expected)}")
    print(f"traces-agree: {len(frames)} frames agree ({len(actual) - 2} state changes, last frame at t = {frames[-1]['t']!r})")


main()
