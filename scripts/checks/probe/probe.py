#!/usr/bin/env python3
# A hostile-input probe of every `liquid` command.
#
#   python3 scripts/checks/probe/probe.py --liquid .build/release/liquid [--seed N] [--out DIR]
#
# The tool promises that bad input gets exactly one line on stderr (`liquid: error: …`) and a non-zero
# exit: never a crash, a hang, a runaway allocation or a silent default. This script measures how well
# that holds. From the seed and the files in examples/ it generates a fixed list of several thousand cases
# in five parts:
#
#   options   every numeric option of every command set to boundary values (0, -0, 1e-320, 1e308, 1e400,
#             nan, inf, hex, "", "abc", a 100 kB number, …), judged against the ranges docs/command-line.md
#             states;
#   numbers   every number of the example scenes and events files replaced by those values, one at a
#             time (the scenes sampled);
#   mutate    a mutation fuzzer over the example JSON files: deleted, duplicated, swapped and misspelt keys,
#             wrong types, null, deep nesting, huge arrays, truncation, random bytes, out-of-order events,
#             mutually exclusive keys;
#   files     named pipes, directories, /dev/zero, /dev/null and unreadable files as inputs; /dev/full,
#             a 64-byte file-size limit (writes fail with EFBIG, like a full disk), directories and
#             read-only or missing folders as outputs; a closed stdout pipe;
#   budget    expensive inputs inside the documented limits (huge blur σ, long simulations, big animated
#             renders, tiny scales), with their time and peak memory.
#
# Cases run one at a time, each in a fresh folder, under `prlimit --as` (2 GiB of address space; the
# release binary starts and runs normally under it) and a wall-clock timeout, with no X display. Each run is
# classified as one of:
#
#   signal              killed by a signal (a crash), or an exit status of 128 + N
#   timeout             still running at the timeout
#   oom                 died failing to allocate under the address-space limit
#   silent acceptance   exit 0 on an input the probe knows is invalid
#   bad output          exit 0 but the promised output (strict JSON, a PNG, the page) is missing or broken
#   bad message         a failure whose stderr is not exactly one line starting `liquid: error: `, is longer
#                       than 300 characters, or shows internal text (Swift type names, DecodingError,
#                       Foundation's wording, a nan or inf the user never typed)
#   slow rejection      an input rejected cleanly but after more than 1 s
#   false rejection     an input the documentation allows, rejected
#   ok                  valid input accepted, or invalid input rejected cleanly
#
# Cases that name a device this machine lacks (some containers have no /dev/full) are skipped and counted:
# writing there would only create a plain file in /dev.
#
# Inputs whose validity the documentation does not settle (an extreme but finite length, say) are
# "either": accepting and rejecting are both ok, crashes, hangs and bad messages are not.
#
# Output: a table of counts per command and class, printed and written to OUT/summary.txt, and every case
# that is not ok in OUT/failures.jsonl (exact argv, a copy of its input files under OUT/inputs/ID, exit
# status, signal, seconds, peak RSS, the start of stderr and, for crashes, the source line that trapped).
# Run from anywhere; only the Python standard library, prlimit (util-linux) and, as root, setpriv (to read
# and write as nobody, so that permissions apply) are used. --list prints the cases without running them;
# --only PART and --match TEXT run a subset.

import argparse
import gzip
import json
import math
import os
import random
import re
import shlex
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

ADDRESS_SPACE = 2 * 1024 ** 3
FILE_SIZE_LIMIT = 1024 ** 3
SLOW_REJECTION = 1.0
STDERR_KEEP = 300
NOBODY = 65534

CLASSES = ["ok", "signal", "timeout", "oom", "silent acceptance", "bad output", "bad message",
           "slow rejection", "false rejection"]

HUGE_NUMBER = "1" + "0" * 99_999  # 100 kB of digits: parses as infinity
BOUNDARY_VALUES = ["0", "-0", "1e-320", "1e-300", "1e-100", "1e-10", "-1e-10", "1e10", "1e18", "1e300",
                   "1e308", "-1e308", "9223372036854775808", "1e400", "nan", "-nan", "inf", "-inf", "0x10",
                   "0x1p3", "-1", "-5", "", "abc", HUGE_NUMBER,
                   # two ordinary values, so that a valid value being refused shows up too
                   "1", "0.5"]


def short(text, limit=60):
    """A value as it appears in a case name (the 100 kB number abbreviated)."""
    return text if len(text) <= limit else f"{text[:12]}…({len(text)} chars)"


# ---------------------------------------------------------------------------------------------------------
# Judging numbers against documented ranges
# ---------------------------------------------------------------------------------------------------------

def parse_number(text):
    """The finite value of `text` as a decimal number, or None for anything the tool must refuse anywhere:
    NaN, infinities (including literals that overflow), hex, and non-numbers."""
    t = text.strip().lower()
    if not t or "nan" in t or "inf" in t or "x" in t:
        return None
    if not re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?", t):
        return None
    try:
        v = float(t)
    except (ValueError, OverflowError):
        return None
    return v if math.isfinite(v) else None


def value_kind(text):
    """What sort of hostile value `text` is, for grouping failures."""
    t = text.lower()
    if not t:
        return "an empty value"
    if "x" in t and re.fullmatch(r"-?0x[0-9a-fp.+-]*", t):
        return "a hex number"
    if "nan" in t:
        return "nan"
    if "inf" in t:
        return "an infinity"
    if re.fullmatch(r"[+-]?[\d.e+-]+", t) and parse_number(t) is None:
        return "a literal that overflows to infinity"
    if parse_number(t) is None:
        return "not a number"
    v = parse_number(t)
    if v != 0 and abs(v) < 1e-6:
        return "a tiny number"
    if abs(v) > 1e6:
        return "a huge number"
    return "an ordinary number"


def is_extreme(v):
    return abs(v) > 1e6 or (v != 0 and abs(v) < 1e-6)


class Range:
    """A documented range: lo/hi bounds (None = unbounded), open or closed, optionally integers only.

    judge() gives "valid", "invalid" or "either": a value inside the range is valid, except extreme values
    (beyond 1e6 or below 1e-6 in magnitude) inside an unbounded range, which may fairly be refused."""

    def __init__(self, lo=None, hi=None, lo_open=False, hi_open=False, integer=False, extreme_ok=False,
                 tiny_either=False):
        self.lo, self.hi, self.lo_open, self.hi_open = lo, hi, lo_open, hi_open
        self.integer = integer
        self.extreme_ok = extreme_ok
        self.tiny_either = tiny_either  # e.g. a scale so small that nothing is left to draw

    def contains(self, v):
        if self.lo is not None and (v < self.lo or (self.lo_open and v == self.lo)):
            return False
        if self.hi is not None and (v > self.hi or (self.hi_open and v == self.hi)):
            return False
        return True

    def judge(self, text):
        if self.integer:
            if len(text) > 25 or not re.fullmatch(r"-?\d+", text):
                return "invalid"
            v = int(text)
            if not -2 ** 63 <= v < 2 ** 63:
                return "invalid"
            return "valid" if self.contains(v) else "invalid"
        v = parse_number(text)
        if v is None:
            return "invalid"
        if not self.contains(v):
            return "invalid"
        if self.tiny_either and v != 0 and abs(v) < 1e-6:
            return "either"
        bounded = self.lo is not None and self.hi is not None
        if is_extreme(v) and not bounded and not self.extreme_ok:
            return "either"
        return "valid"


ANY = Range()
POSITIVE = Range(lo=0, lo_open=True)
NON_NEGATIVE = Range(lo=0)
UNIT = Range(lo=0, hi=1)


class Unstated(Range):
    """A number the documentation gives no range for: finite values may be accepted or refused."""

    def judge(self, text):
        return "invalid" if parse_number(text) is None else "either"


UNSTATED = Unstated()


# ---------------------------------------------------------------------------------------------------------
# Small deterministic inputs
# ---------------------------------------------------------------------------------------------------------

def png_bytes(width, height, seed=0):
    """An RGBA PNG with a deterministic pattern."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            row += bytes([(x * 37 + seed) % 256, (y * 59 + seed) % 256, ((x + y) * 11) % 256, 255])
        rows.append(bytes(row))
    return png_chunks(width, height, 8, 6, zlib.compress(b"".join(rows)))


def png_chunks(width, height, depth, colour_type, idat):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def png_bomb(width, height):
    """A 1-bit greyscale PNG of width × height zeros: tiny on disk, huge once expanded to RGBA."""
    compressor = zlib.compressobj(9)
    row = b"\x00" * (1 + (width + 7) // 8)
    parts = []
    block = row * max(1, 4_000_000 // len(row))
    rows_per_block = len(block) // len(row)
    remaining = height
    while remaining > 0:
        n = min(rows_per_block, remaining)
        parts.append(compressor.compress(row * n if n < rows_per_block else block))
        remaining -= n
    parts.append(compressor.flush())
    return png_chunks(width, height, 1, 0, b"".join(parts))


def png_header_only(width, height):
    """A PNG that claims width × height RGBA pixels but carries almost no image data."""
    return png_chunks(width, height, 8, 6, zlib.compress(b"\x00" * 64))


TINY_SCENE = {"width": 40, "height": 30, "scale": 1, "background": "#f2f2f7", "duration": 1,
              "layers": [{"type": "ellipse", "fill": "#007aff",
                          "frame": {"keyframes": [[0, [2, 5, 20, 20]], [1, [18, 5, 20, 20]]]}}]}
TAP_EVENTS = {"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14},
                         {"t": 0.16, "phase": "up", "x": 20, "y": 14}]}


def dumps(value):
    return json.dumps(value, separators=(",", ":")).encode()


# ---------------------------------------------------------------------------------------------------------
# JSON with key order and duplicates kept, and raw tokens spliced in
# ---------------------------------------------------------------------------------------------------------

class Obj(list):
    """A JSON object as a list of [key, value] pairs (order and duplicates kept)."""


class Raw:
    """Text written verbatim into the JSON (a number literal, or something that is not JSON at all)."""

    def __init__(self, text):
        self.text = text


def load_pairs(text):
    return json.loads(text, object_pairs_hook=lambda pairs: Obj([list(p) for p in pairs]))


def dump_pairs(value):
    out = []

    def emit(v):
        if isinstance(v, Raw):
            out.append(v.text)
        elif isinstance(v, Obj):
            out.append("{")
            for i, (k, item) in enumerate(v):
                if i:
                    out.append(",")
                out.append(json.dumps(k, ensure_ascii=False))
                out.append(":")
                emit(item)
            out.append("}")
        elif isinstance(v, list):
            out.append("[")
            for i, item in enumerate(v):
                if i:
                    out.append(",")
                emit(item)
            out.append("]")
        else:
            out.append(json.dumps(v, ensure_ascii=False))
    emit(value)
    return "".join(out).encode()


def slots(value, path=()):
    """Every (container, index, path) below `value`, depth first; containers are Obj pairs or lists."""
    if isinstance(value, Obj):
        for pair in value:
            p = path + (pair[0],)
            yield pair, 1, p
            yield from slots(pair[1], p)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            p = path + (i,)
            yield value, i, p
            yield from slots(item, p)


def plain(value):
    """Obj pairs → dicts (the last duplicate wins), Raw → its numeric value when it has one."""
    if isinstance(value, Obj):
        return {k: plain(v) for k, v in value}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, Raw):
        v = parse_number(value.text)
        return v if v is not None else float("nan")
    return value


def at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# ---------------------------------------------------------------------------------------------------------
# Expectations for numbers inside scenes and events files
# ---------------------------------------------------------------------------------------------------------

UNIT_KEYS = {"opacity", "materialize", "press", "softness", "force"}


def non_decreasing(values):
    return all(a <= b for a, b in zip(values, values[1:]))


def judge_scene_number(doc, path, text):
    """Valid, invalid or either for the number at `path` of the scene `doc` (plain, already substituted)."""
    v = parse_number(text)
    if v is None:
        return "invalid"
    strings = [p for p in path if isinstance(p, str)]
    key = strings[-1] if strings else ""
    # a keyframe's time: [time, value] inside "keyframes"; times must not decrease
    if len(path) >= 3 and path[-3] == "keyframes" and path[-1] == 0:
        times = [k[0] for k in at(doc, path[:-2])]
        if not non_decreasing(times):
            return "invalid"
        return "either" if v < 0 or is_extreme(v) else "valid"
    # a gradient stop's location: 0…1, non-decreasing
    if len(path) >= 3 and path[-3] == "stops" and path[-1] == 0:
        locations = [s[0] for s in at(doc, path[:-2])]
        if not UNIT.contains(v) or not non_decreasing(locations):
            return "invalid"
        return "valid"
    if key in UNIT_KEYS or (key == "alpha" and "filters" in path):
        return UNIT.judge(text)
    if key == "sigma" and "filters" in path:
        return NON_NEGATIVE.judge(text)
    if len(path) == 1 and key in ("width", "height", "scale"):
        scale = doc.get("scale", 1)
        w, h = doc.get("width"), doc.get("height")
        if not all(is_number(x) and math.isfinite(x) for x in (w, h, scale)):
            return "invalid"
        if w <= 0 or h <= 0 or scale <= 0:
            return "invalid"
        if w * scale > 16_384 or h * scale > 16_384 or w * h * scale * scale > 256 * 1024 * 1024:
            return "invalid"
        if w * scale < 1 or h * scale < 1:
            return "either"
        return "valid"
    return "either"


def judge_events_number(doc, path, text):
    v = parse_number(text)
    if v is None:
        return "invalid"
    key = path[-1]
    if key == "t":
        times = [e["t"] for e in doc["events"]]
        if v < 0 or not non_decreasing(times):
            return "invalid"
        return "either" if v > 599 or is_extreme(v) else "valid"
    if key == "force":
        return UNIT.judge(text)
    if key == "id":
        return Range(integer=True).judge(text)
    return ANY.judge(text)


# ---------------------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------------------

class Case:
    """One run of the tool.

    `args` follow the binary; `files` maps names to bytes written into the case folder first (or to a
    callable producing them, for big inputs); `special` lists setup steps for files that cannot be copied
    (fifo, unreadable file, read-only folder); `expect` is valid, invalid or either; `output` names what a
    successful run must leave behind: "json" (strict JSON on stdout), "png:NAME", "page:DIR" or None."""

    def __init__(self, part, command, name, args, expect, files=None, output=None, timeout=None,
                 special=(), stdout="file", as_nobody=False, user_nonfinite=False, group=None, fsize=None):
        self.part, self.command, self.name, self.args = part, command, name, list(args)
        self.group = group or name  # what the case tries, for grouping failures by cause
        self.expect, self.files, self.output = expect, dict(files or {}), output
        self.timeout, self.special, self.stdout, self.as_nobody = timeout, list(special), stdout, as_nobody
        self.user_nonfinite = user_nonfinite
        self.fsize = fsize  # a file-size limit in bytes: larger writes fail with EFBIG, like a full disk
        self.id = None


class Fixtures:
    """The shared small inputs, generated once."""

    def __init__(self, root):
        self.root = root
        self.small_png = png_bytes(16, 16, 1)
        self.map_png = png_bytes(16, 16, 99)
        self.one_png = png_bytes(1, 1, 5)
        self.tiny_scene = dumps(TINY_SCENE)
        self.tap_events = dumps(TAP_EVENTS)
        self.scenes = {}
        for name in sorted(os.listdir(os.path.join(root, "examples", "scenes"))):
            if name.endswith(".json"):
                with open(os.path.join(root, "examples", "scenes", name), "rb") as f:
                    self.scenes[name] = f.read()
        self.events = {}
        for name in sorted(os.listdir(os.path.join(root, "examples", "events"))):
            if name.endswith(".json"):
                with open(os.path.join(root, "examples", "events", name), "rb") as f:
                    self.events[name] = f.read()


KNOWN_COMMANDS = {"motion spring", "motion decay", "motion rubberband", "motion", "filter blur", "filter threshold",
                  "filter goo", "filter displace", "filter colormatrix", "filter", "render", "simulate", "gallery",
                  "play", "bench"}


def option_cases(fx):
    """Part 1: every numeric option of every command at every boundary value."""
    png_in = {"in.png": fx.small_png}
    # (command, option label, argv before the value, argv after it, range, files, output, timeout)
    specs = []

    def spec(command, label, before, after, rng, files=None, output=None, timeout=None):
        specs.append((command, label, before, after, rng, files or {}, output, timeout))

    spring = ["motion", "spring"]
    for plot in (False, True):
        extra = ["--plot", "plot.png"] if plot else []
        out = "png:plot.png" if plot else "json"
        tag = " +plot" if plot else ""
        spec("motion spring", "--duration" + tag, spring, [] + extra, POSITIVE, output=out)
        spec("motion spring", "--bounce" + tag, spring + ["--duration", "0.5"], extra,
             Range(-1, 1, True, True), output=out)
        spec("motion spring", "--from" + tag, spring + ["--duration", "0.5"], extra, ANY, output=out)
        spec("motion spring", "--to" + tag, spring + ["--duration", "0.5"], extra, ANY, output=out)
        spec("motion spring", "--velocity" + tag, spring + ["--duration", "0.5"], extra, ANY, output=out)
        spec("motion spring", "--times" + tag, spring + ["--duration", "0.5"], extra, NON_NEGATIVE, output=out)
        spec("motion spring", "--response" + tag, spring, ["--damping-ratio", "0.8"] + extra, POSITIVE, output=out)
    spec("motion spring", "--damping-ratio (with --response)", spring + ["--response", "0.5"], [], NON_NEGATIVE,
         output="json")
    spec("motion spring", "--mass", spring + ["--duration", "0.5"], [], POSITIVE, output="json")
    spec("motion spring", "--stiffness", spring, ["--damping", "10"], POSITIVE, output="json")
    spec("motion spring", "--damping", spring + ["--stiffness", "100"], [], NON_NEGATIVE, output="json")
    spec("motion spring", "--settling-duration", spring, ["--damping-ratio", "0.8"], POSITIVE, output="json")
    spec("motion spring", "--damping-ratio (with --settling-duration)", spring + ["--settling-duration", "1"], [],
         POSITIVE, output="json")

    decay = ["motion", "decay"]
    for model in ("discrete", "continuous"):
        m = ["--model", model]
        spec("motion decay", f"--velocity ({model})", decay + m, [], ANY, output="json")
        spec("motion decay", f"--rate ({model})", decay + m + ["--velocity", "1000"], [], Range(0.5, 0.999999), output="json")
        spec("motion decay", f"--threshold ({model})", decay + m + ["--velocity", "1000"], [], POSITIVE,
             output="json")
    spec("motion decay", "--from", decay + ["--velocity", "1000"], [], ANY, output="json")
    spec("motion decay", "--times", decay + ["--velocity", "1000"], [], NON_NEGATIVE, output="json")

    rb = ["motion", "rubberband"]
    spec("motion rubberband", "--offset", rb + ["--dimension", "100"], [], ANY, output="json")
    spec("motion rubberband", "--dimension", rb + ["--offset", "10"], [], POSITIVE, output="json")
    spec("motion rubberband", "--constant", rb + ["--offset", "10", "--dimension", "100"], [], UNSTATED,
         output="json")

    io = ["in.png", "out.png"]
    spec("filter blur", "--sigma", ["filter", "blur"], io, NON_NEGATIVE, png_in, "png:out.png")
    spec("filter threshold", "--alpha", ["filter", "threshold"], io, UNIT, png_in, "png:out.png")
    spec("filter threshold", "--luma", ["filter", "threshold"], io, UNIT, png_in, "png:out.png")
    spec("filter threshold", "--softness", ["filter", "threshold", "--alpha", "0.5"], io, UNIT, png_in,
         "png:out.png")
    spec("filter goo", "--sigma", ["filter", "goo"], io, NON_NEGATIVE, png_in, "png:out.png")
    spec("filter goo", "--threshold", ["filter", "goo"], io, UNIT, png_in, "png:out.png")
    spec("filter goo", "--softness", ["filter", "goo"], io, UNIT, png_in, "png:out.png")
    spec("filter displace", "--scale", ["filter", "displace", "--map", "map.png"], io, ANY,
         {"in.png": fx.small_png, "map.png": fx.map_png}, "png:out.png")
    spec("filter colormatrix", "--saturate", ["filter", "colormatrix"], io, UNSTATED, png_in, "png:out.png")

    render = ["render", "scene.json", "--out", "out.png"]
    scene = {"scene.json": fx.tiny_scene}
    spec("render", "--scale", render, [], Range(0, 16, lo_open=True, tiny_either=True), scene, "png:out.png")
    spec("render", "--time", render, [], Range(0, 1_000_000), scene, "png:out.png")
    spec("render", "--fps (--animate)", render + ["--animate"], [], Range(1, 120, integer=True), scene,
         "png:out.png")
    spec("render", "--duration (--animate)", render + ["--animate"], [], Range(0, 1199 / 30, lo_open=True),
         scene, "png:out.png")

    sim = ["simulate", "switch", "--events", "events.json"]
    events = {"events.json": fx.tap_events}
    spec("simulate", "--fps", sim, [], Range(1, 240), events, "json")
    spec("simulate", "--scale", sim, [], Range(0.1, 8), events, "json")
    spec("simulate", "--scale (--frames)", sim + ["--frames", "frames"], [], Range(0, 8, lo_open=True, tiny_either=True),
         events,
         "json")
    spec("simulate", "--duration", sim, [], Range(0, 600), events, "json")

    gallery_files = {"scenes/tiny.json": fx.tiny_scene}
    gal = ["gallery", "--out", "g", "--scenes", "scenes"]
    spec("gallery", "--scale", gal + ["--fps", "1"], [], Range(0, 8, lo_open=True, tiny_either=True), gallery_files,
         "page:g", 30)
    spec("gallery", "--fps", gal + ["--scale", "0.5"], [], Range(1, 60, integer=True), gallery_files, "page:g", 30)

    # Without a display every `play` must fail in one line, whatever the values.
    spec("play", "--scale", ["play"], [], None)
    spec("play", "--fps", ["play"], [], None)

    spec("bench", "--runs", ["bench", "--filter", "motion.animator.vector2.fixed120"], [],
         Range(1, 1000, integer=True), None, None, 30)

    cases = []
    for command, label, before, after, rng, files, output, timeout in specs:
        option = label.split()[0]
        for value in BOUNDARY_VALUES:
            expect = "invalid" if rng is None else rng.judge(value)
            nonfinite = parse_number(value) is None
            forms = [("=", before + [f"{option}={value}"] + after)]
            if value.startswith("-"):
                # the separate form too: a leading '-' must not be mistaken for a flag
                forms.append((" ", before + [option, value] + after))
            for sep, args in forms:
                group = value_kind(value) if sep == "=" else "a value starting with '-' given as a separate argument"
                cases.append(Case("options", command, f"{label}{sep}{short(value)}", args, expect, files, output,
                                  timeout, user_nonfinite=nonfinite, group=group))
    # --times and --matrix take lists: a bad element among good ones
    for value in BOUNDARY_VALUES:
        nonfinite = parse_number(value) is None
        expect = NON_NEGATIVE.judge(value)
        cases.append(Case("options", "motion spring", f"--times=0,{short(value)},1",
                          spring + ["--duration", "0.5", f"--times=0,{value},1"], expect, output="json",
                          user_nonfinite=nonfinite, group=value_kind(value) + " in a list"))
        for slot in (0, 4):
            numbers = ["1", "0", "0", "0", "0", "0", "1", "0", "0", "0", "0", "0", "1", "0", "0", "0", "0", "0", "1", "0"]
            numbers[slot] = value
            expect = "invalid" if parse_number(value) is None else ("either" if is_extreme(parse_number(value)) else "valid")
            group = (value_kind(value) + " in a list") if slot or not value.startswith("-") else \
                "a value starting with '-' given as a separate argument"
            cases.append(Case("options", "filter colormatrix", f"--matrix[{slot}]={short(value)}",
                              ["filter", "colormatrix", "--matrix", " ".join(numbers), "in.png", "out.png"], expect,
                              png_in, "png:out.png", user_nonfinite=nonfinite, group=group))
    # words where a name is wanted
    words = [("motion decay", ["motion", "decay", "--velocity", "100", "--rate"], ["normal", "fast"],
              ["Fast", "", "slow", "0x0.8p0"], {}, "json"),
             ("motion decay", ["motion", "decay", "--velocity", "100", "--model"], ["discrete", "continuous"],
              ["Discrete", "", "exact"], {}, "json"),
             ("filter blur", ["filter", "blur", "--sigma", "1", "in.png", "out.png", "--edge"], ["clamp", "transparent"],
              ["wrap", ""], png_in, "png:out.png"),
             ("filter threshold", ["filter", "threshold", "--alpha", "0.5", "in.png", "out.png", "--color"],
              ["#ff0000", "#ff000080"], ["#zz0000", "#fff", "red", "", "#ff00000", "ff0000"], png_in, "png:out.png"),
             ("simulate", ["simulate", "--events", "events.json"], ["switch", "slider", "tabbar", "button"],
              ["", "Switch", "knob", "switch "], {"events.json": fx.tap_events}, "json"),
             ("play", ["play"], [], ["", "knob", "Switch"], {}, None),
             ("bench", ["bench", "--runs", "1", "--filter"], ["motion.animator.vector2.fixed120"],
              ["no-such-benchmark"], {}, None)]
    for command, before, good, bad, files, output in words:
        for w in good:
            cases.append(Case("options", command, f"{before[-1]} {w!r}", before + [w], "valid", files, output))
        for w in bad:
            cases.append(Case("options", command, f"{before[-1]} {w!r}", before + [w], "invalid", files, output,
                              group=f"{before[-1]} given an unknown word"))
    # no parameter family, two families, unknown flags and commands
    cases.append(Case("options", "motion", "argv (no subcommand)", ["motion"], "either"))
    for args in (["motion", "spring"], ["motion", "spring", "--duration", "0.5", "--stiffness", "1", "--damping", "1"],
                 ["motion", "spring", "--response", "0.5"], ["motion", "spring", "--duration", "0.5", "--damping-ratio", "1"],
                 ["motion", "spring", "--duration", "0.5", "--bogus"], ["motion", "decay"], ["flter"],
                 ["render", "scene.json"], ["filter", "threshold", "--alpha", "0.5", "--luma", "0.5", "in.png", "out.png"],
                 ["filter", "colormatrix", "in.png", "out.png"], ["filter", "blur", "--sigma", "1", "in.png"],
                 ["simulate", "switch"], ["gallery"], ["gallery", "--out", ""]):
        command = " ".join(args[:2]) if args[0] in ("motion", "filter") else args[0]
        cases.append(Case("options", command if command in KNOWN_COMMANDS else "(no command)",
                          "argv " + " ".join(args[1:]), args, "invalid",
                          {"in.png": fx.small_png, "scene.json": fx.tiny_scene}))
    return cases


def number_cases(fx, rng, scene_budget):
    """Part 2: each number of each example file replaced by each boundary value."""
    cases = []
    scene_candidates = []
    for name, data in fx.scenes.items():
        doc = load_pairs(data.decode())
        for container, index, path in list(slots(doc)):
            if is_number(container[index]):
                for value in BOUNDARY_VALUES:
                    scene_candidates.append((name, path, value))
    picked = sorted(rng.sample(range(len(scene_candidates)), min(scene_budget, len(scene_candidates))))
    for k in picked:
        name, path, value = scene_candidates[k]
        doc = load_pairs(fx.scenes[name].decode())
        set_path(doc, path, Raw(value))
        expect = judge_scene_number(plain(doc), path, value)
        cases.append(Case("numbers", "render", f"{name} {path_text(path)}={short(value)}",
                          ["render", "scene.json", "--out", "out.png"], expect, {"scene.json": dump_pairs(doc)},
                          "png:out.png", user_nonfinite=parse_number(value) is None,
                          group=f"{number_place(path)} = {value_kind(value)}"))
    for name, data in fx.events.items():
        doc = load_pairs(data.decode())
        for container, index, path in list(slots(doc)):
            if not is_number(container[index]):
                continue
            for value in BOUNDARY_VALUES:
                mutated = load_pairs(data.decode())
                set_path(mutated, path, Raw(value))
                expect = judge_events_number(plain(mutated), path, value)
                cases.append(Case("numbers", "simulate", f"{name} {path_text(path)}={short(value)}",
                                  ["simulate", "switch", "--events", "events.json"], expect,
                                  {"events.json": dump_pairs(mutated)}, "json", user_nonfinite=parse_number(value) is None,
                                  group=f"{number_place(path)} = {value_kind(value)}"))
    return cases


def number_place(path):
    """The kind of place a number sits in, e.g. `layers[].frame[]` for any layer's frame."""
    return "".join("[]" if isinstance(p, int) else "." + p for p in path).lstrip(".")


def set_path(doc, path, value):
    container = doc
    for step in path[:-1]:
        container = lookup(container, step)
    if isinstance(container, Obj):
        for pair in container:
            if pair[0] == path[-1]:
                pair[1] = value
                return
        raise KeyError(path[-1])
    container[path[-1]] = value


def lookup(container, step):
    if isinstance(container, Obj):
        for k, v in container:
            if k == step:
                return v
        raise KeyError(step)
    return container[step]


def path_text(path):
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


# ---------------------------------------------------------------------------------------------------------
# Part 3: the mutation fuzzer
# ---------------------------------------------------------------------------------------------------------

MISSPELLINGS = {"opacity": "opacty", "cornerRadius": "cornerRadious", "color": "colour", "fill": "fil",
                "frame": "Frame", "stroke": "strok", "layers": "layer", "phase": "phse", "events": "event",
                "shape": "shap", "material": "materal", "keyframes": "keyFrames", "width": "widht"}


def misspell(key, rng):
    if key in MISSPELLINGS and rng.random() < 0.5:
        return MISSPELLINGS[key]
    i = rng.randrange(len(key))
    choice = rng.randrange(3)
    if choice == 0 and len(key) > 1:
        return key[:i] + key[i + 1:]
    if choice == 1:
        return key[:i] + key[i] + key[i:]
    return key[:1].swapcase() + key[1:]


def retyped(value, rng):
    """Another JSON type in place of `value` (never a form the format also accepts)."""
    if is_number(value):
        options = [str(value), None, [value], Obj(), True]
    elif isinstance(value, str):
        options = [2, None, [value], Obj(), False]
    elif isinstance(value, bool):
        options = [str(value).lower(), 1, None]
    elif isinstance(value, Obj):
        options = [[], None, "x", 0]
    elif isinstance(value, list):
        options = [Obj(), None, "[]", 0]
    else:
        options = [0, "null", []]
    return options[rng.randrange(len(options))]


def mutation_cases(fx, rng, budget):
    cases = []
    sources = [("scene", n, d) for n, d in fx.scenes.items()] + [("events", n, d) for n, d in fx.events.items()]

    groups = {"delete": "a deleted key", "duplicate": "a duplicated key", "swap": "two values swapped",
              "misspell": "a misspelt key", "retype": "a value of another type", "null": "null for a value",
              "truncate": "a truncated file", "flip": "random bytes changed", "extra": "an unknown key"}

    def add(kind, name, what, data, expect):
        if kind == "scene":
            cases.append(Case("mutate", "render", f"{name}: {what}", ["render", "scene.json", "--out", "out.png"],
                              expect, {"scene.json": data}, "png:out.png", group=groups[op]))
        else:
            cases.append(Case("mutate", "simulate", f"{name}: {what}",
                              ["simulate", "switch", "--events", "events.json"], expect, {"events.json": data}, "json",
                              group=groups[op]))

    operators = ["delete", "duplicate", "swap", "misspell", "retype", "null", "truncate", "flip", "extra"]
    for n in range(budget):
        kind, name, data = sources[rng.randrange(len(sources))]
        op = operators[n % len(operators)]
        doc = load_pairs(data.decode())
        objects = [(c, i, p) for c, i, p in slots(doc) if isinstance(c[i], Obj) and c[i]]
        objects.append((None, None, ()))
        container, index, path = objects[rng.randrange(len(objects))]
        obj = doc if container is None else container[index]
        where = path_text(path) or "top level"
        if op == "delete":
            k = rng.randrange(len(obj))
            key = obj.pop(k)[0]
            add(kind, name, f"delete {where}.{key}", dump_pairs(doc), "either")
        elif op == "duplicate":
            k = rng.randrange(len(obj))
            key, value = obj[k]
            obj.append([key, value])
            add(kind, name, f"duplicate key {where}.{key}", dump_pairs(doc), "invalid")
        elif op == "swap":
            if len(obj) < 2:
                continue
            a, b = rng.sample(range(len(obj)), 2)
            obj[a][1], obj[b][1] = obj[b][1], obj[a][1]
            add(kind, name, f"swap values of {where}.{obj[a][0]} and .{obj[b][0]}", dump_pairs(doc), "either")
        elif op == "misspell":
            k = rng.randrange(len(obj))
            old = obj[k][0]
            new = misspell(old, rng)
            if new == old or any(p[0] == new for p in obj):
                continue
            obj[k][0] = new
            add(kind, name, f"misspell {where}.{old} as {new!r}", dump_pairs(doc), "invalid")
        elif op in ("retype", "null"):
            k = rng.randrange(len(obj))
            key, value = obj[k]
            obj[k][1] = None if op == "null" else retyped(value, rng)
            add(kind, name, f"{where}.{key}: {type_name(value)} → {json.dumps(plain(obj[k][1]))[:30]}",
                dump_pairs(doc), "invalid")
        elif op == "truncate":
            cut = rng.randrange(1, len(data))
            truncated = data[:cut]
            add(kind, name, f"truncated at byte {cut}", truncated, "invalid" if not parses(truncated) else "either")
        elif op == "flip":
            mutated = bytearray(data)
            flips = rng.randrange(1, 9)
            for _ in range(flips):
                mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            mutated = bytes(mutated)
            add(kind, name, f"{flips} random bytes", mutated, "invalid" if not parses(mutated) else "either")
        elif op == "extra":
            obj.append(["unexpectedKey", 1])
            add(kind, name, f"unknown key {where}.unexpectedKey", dump_pairs(doc), "invalid")
    cases.extend(crafted_cases(fx, rng))
    return cases


def type_name(value):
    if isinstance(value, bool):
        return "bool"
    if is_number(value):
        return "number"
    return {str: "string", Obj: "object", list: "array", type(None): "null"}.get(type(value), "value")


def parses(data):
    try:
        json.loads(data.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
        return True
    except (ValueError, UnicodeDecodeError):
        return False


def crafted_cases(fx, rng):
    """Hand-written hostile JSON: nesting, size, ordering and exclusivity."""
    cases = []

    def typed_nonfinite(what):
        return any(word in what for word in ("nan", "NaN", "Infinity", "1e400"))

    def scene(what, data, expect, timeout=None):
        cases.append(Case("mutate", "render", what, ["render", "scene.json", "--out", "out.png"], expect,
                          {"scene.json": data}, "png:out.png", timeout, user_nonfinite=typed_nonfinite(what)))

    def events(what, data, expect, component="switch"):
        cases.append(Case("mutate", "simulate", what, ["simulate", component, "--events", "events.json"], expect,
                          {"events.json": data}, "json", user_nonfinite=typed_nonfinite(what)))

    base = {"width": 100, "height": 80, "layers": []}
    for depth in (10_000, 100_000):
        scene(f"layers nested {depth} arrays deep",
              b'{"width":100,"height":80,"layers":' + b"[" * depth + b"]" * depth + b"}", "invalid")
        scene(f"a number {depth} arrays deep", b"[" * depth + b"1" + b"]" * depth, "invalid")
        events(f"events nested {depth} objects deep",
               b'{"events":' + b'{"a":' * depth + b"1" + b"}" * depth + b"}", "invalid")
    group = b'{"type":"group","layers":['
    scene("groups nested 10000 deep (each valid)",
          b'{"width":100,"height":80,"layers":[' + group * 10_000 + b"]}" * 10_000 + b"]}", "either")
    scene("groups nested 200 deep (each valid)",
          b'{"width":100,"height":80,"layers":[' + group * 200 + b"]}" * 200 + b"]}", "either")
    rect = b'{"type":"rect","frame":[1,1,2,2],"fill":"#000000"}'
    scene("a million rect layers", lambda: b'{"width":100,"height":80,"layers":[' + b",".join([rect] * 1_000_000) + b"]}",
          "invalid")  # docs/scene-format.md, "Budgets": at most 10000 layers
    scene("10000 rect layers (the layer budget)",
          lambda: b'{"width":100,"height":80,"layers":[' + b",".join([rect] * 10_000) + b"]}", "valid")
    scene("a polyline of a million points",
          lambda: b'{"width":100,"height":80,"layers":[{"type":"polyline","stroke":{"width":1,"paint":"#000000"},"points":['
          + b",".join(b"[%d,%d]" % (i % 100, (i * 7) % 80) for i in range(1_000_000)) + b"]}]}",
          "invalid")  # docs/scene-format.md, "Budgets": at most 100000 polyline points
    scene("a path of 200000 line segments",
          b'{"width":100,"height":80,"layers":[{"type":"path","fill":"#000000","d":"M 0 0 '
          + b" ".join(b"L %d %d" % (i % 100, (i * 13) % 80) for i in range(200_000)) + b'"}]}', "either")
    scene("a text layer of one million characters",
          b'{"width":100,"height":80,"layers":[{"type":"text","text":"' + b"W" * 1_000_000 + b'","position":[0,40]}]}',
          "either")
    scene("a gradient with 100000 stops",
          b'{"width":100,"height":80,"background":{"linear":{"from":[0,0],"to":[100,0],"stops":['
          + b",".join(b'[%.6f,"#%02x0000"]' % (i / 99_999, i % 256) for i in range(100_000)) + b"]}},\"layers\":[]}",
          "either")
    scene("10000 keyframes", dumps({**base, "layers": [{"type": "rect", "fill": "#000000", "frame": {
        "keyframes": [[i / 100, [i % 50, 10, 20, 20]] for i in range(10_000)]}}]}), "either")

    def tap(**extra):
        return {"t": 0.1, "phase": "down", "x": 20, "y": 14, **extra}
    million = lambda: b'{"events":[' + b",".join(
        b'{"t":%.4f,"phase":"%s","x":20,"y":14}' % (i * 1e-4, b"down" if i % 2 == 0 else b"up")
        for i in range(1_000_000)) + b"]}"
    events("a million events", million, "either")
    events("exactly 100000 events", lambda: b'{"events":[' + b",".join(
        b'{"t":%.4f,"phase":"%s","x":20,"y":14}' % (i * 1e-4, b"down" if i % 2 == 0 else b"up")
        for i in range(100_000)) + b"]}", "either")
    events("100001 events", lambda: b'{"events":[' + b",".join(
        b'{"t":%.4f,"phase":"%s","x":20,"y":14}' % (i * 1e-4, b"down" if i % 2 == 0 else b"up")
        for i in range(100_001)) + b"]}", "either")
    ev = lambda *items: dumps({"events": list(items)})
    events("times going backwards", ev(tap(t=0.5), {"t": 0.2, "phase": "up", "x": 20, "y": 14}), "invalid")
    events("move going back in time", ev(tap(), {"t": 0.3, "phase": "move", "x": 30, "y": 14},
                                         {"t": 0.2, "phase": "move", "x": 40, "y": 14},
                                         {"t": 0.4, "phase": "up", "x": 40, "y": 14}), "invalid")
    events("an up without a down", ev({"t": 0.1, "phase": "up", "x": 20, "y": 14}), "invalid")
    events("a move without a down", ev({"t": 0.1, "phase": "move", "x": 20, "y": 14}), "invalid")
    events("a cancel without a down", ev({"t": 0.1, "phase": "cancel", "x": 20, "y": 14}), "invalid")
    events("two downs without an up", ev(tap(), tap(t=0.2), {"t": 0.3, "phase": "up", "x": 20, "y": 14}),
           "invalid")
    events("a down after the up of the same time", ev({"t": 0.1, "phase": "up", "x": 20, "y": 14}, tap(t=0.1)),
           "invalid")
    events("phase 'Down'", ev(tap(phase="Down")), "invalid")
    events("phase 'press'", ev(tap(phase="press")), "invalid")
    events("force 2", ev(tap(force=2)), "invalid")
    events("force -0.5", ev(tap(force=-0.5)), "invalid")
    events("id 1.5", ev(tap(id=1.5)), "invalid")
    events("id 'a'", ev(tap(id="a")), "invalid")
    events("id 9223372036854775808", dumps({"events": [tap()]}).replace(b'"y":14', b'"y":14,"id":9223372036854775808'),
           "invalid")
    events("t as a string", ev(tap(t="0.1")), "invalid")
    events("x missing", ev({"t": 0.1, "phase": "down", "y": 14}), "invalid")
    events("misspelt 'forc'", ev(tap(forc=1)), "invalid")
    events("top-level extra key", dumps({"events": [tap()], "speed": 2}), "invalid")
    events("events is an object", b'{"events":{"t":0.1}}', "invalid")
    events("events is empty", b'{"events":[]}', "either")
    events("top level is an array", dumps([tap()]), "invalid")
    events("empty file", b"", "invalid")
    events("a UTF-8 byte-order mark", b"\xef\xbb\xbf" + fx.tap_events, "either")
    events("trailing garbage", fx.tap_events + b" }", "invalid")
    events("two documents", fx.tap_events + fx.tap_events, "invalid")
    events("1 kB of random bytes", bytes(rng.randrange(256) for _ in range(1024)), "invalid")
    events("invalid UTF-8 in a phase", fx.tap_events.replace(b'"down"', b'"d\xffwn"'), "invalid")
    events("a NUL byte", fx.tap_events.replace(b'"down"', b'"do\x00wn"'), "invalid")
    events("comments", b"// taps\n" + fx.tap_events, "invalid")
    events("NaN literal", fx.tap_events.replace(b'"t":0.1', b'"t":NaN'), "invalid")
    events("Infinity literal", fx.tap_events.replace(b'"x":20', b'"x":Infinity', 1), "invalid")
    events("tap played on the slider", fx.tap_events, "valid", component="slider")
    events("tap played on the tab bar", fx.tap_events, "valid", component="tabbar")
    events("tap played on the button", fx.tap_events, "valid", component="button")
    events("a touch far outside", ev(tap(x=1e300, y=-1e300), {"t": 0.2, "phase": "up", "x": 1e300, "y": 1e300}),
           "either")

    glass = {"type": "glass", "shape": {"circle": [50, 40, 30]}}

    def with_layer(layer, **top):
        return dumps({**base, **top, "layers": [{"type": "rect", "frame": [0, 0, 100, 80], "fill": "#88aaff"}, layer]})
    scene("glass shape with both circle and rect",
          with_layer({**glass, "shape": {"circle": [50, 40, 30], "rect": [10, 10, 50, 50]}}), "invalid")
    scene("glass shape with neither circle nor rect", with_layer({**glass, "shape": {}}), "invalid")
    scene("glass interaction press 2", with_layer({**glass, "interaction": {"press": 2}}), "invalid")
    scene("glass interaction press -1", with_layer({**glass, "interaction": {"press": -1}}), "invalid")
    scene("glass materialize 1.5", with_layer({**glass, "materialize": 1.5}), "invalid")
    scene("glass style 'frosted'", with_layer({**glass, "material": {"style": "frosted"}}), "invalid")
    scene("glass accessibility 'reduceEverything'", with_layer({**glass, "accessibility": ["reduceEverything"]}),
          "invalid")
    scene("glass with a transform", with_layer({**glass, "transform": {"rotate": 30}}), "invalid")
    scene("glass circle of radius -5", with_layer({**glass, "shape": {"circle": [50, 40, -5]}}), "either")
    scene("glass circle of radius 1e300", with_layer({**glass, "shape": {"circle": [50, 40, 1e300]}}), "either")
    scene("glass frost 1e300", with_layer({**glass, "material": {"frost": 1e300}}), "either")
    scene("glass refractiveIndex 0", with_layer({**glass, "material": {"refractiveIndex": 0}}), "either")
    scene("glass bevel 1e300", with_layer({**glass, "material": {"bevel": 1e300}}), "either")
    scene("glass shadow radius 1e300", with_layer({**glass, "material": {"shadow": {"opacity": 0.5, "radius": 1e300,
                                                                                    "offset": [0, 2]}}}), "either")
    scene("glassContainer child with both circle and rect",
          with_layer({"type": "glassContainer", "spacing": 10, "frame": [0, 0, 100, 80], "cornerRadius": 10,
                      "children": [{"shape": {"circle": [30, 40, 20], "rect": [50, 20, 30, 30]}}]}), "invalid")
    scene("glassContainer spacing 1e300",
          with_layer({"type": "glassContainer", "spacing": 1e300, "frame": [0, 0, 100, 80], "cornerRadius": 10,
                      "children": [{"shape": {"circle": [30, 40, 20]}}, {"shape": {"circle": [70, 40, 20]}}]}),
          "either")
    scene("concentric corner outside a container",
          with_layer({**glass, "shape": {"rect": [10, 10, 50, 50], "cornerRadius": {"concentric": 8}}}), "either")
    shape = {"type": "rect", "frame": [10, 10, 50, 40], "fill": "#000000"}
    scene("unknown layer type", with_layer({**shape, "type": "triangle"}), "invalid")
    scene("blend 'multiplyy'", with_layer({**shape, "blend": "multiplyy"}), "invalid")
    scene("corners 'squircle'", with_layer({**shape, "corners": "squircle"}), "invalid")
    scene("cornerRadius 'capsul'", with_layer({**shape, "cornerRadius": "capsul"}), "invalid")
    scene("cornerRadius of three numbers", with_layer({**shape, "cornerRadius": [1, 2, 3]}), "invalid")
    scene("frame of three numbers", with_layer({**shape, "frame": [1, 2, 3]}), "invalid")
    scene("frame of five numbers", with_layer({**shape, "frame": [1, 2, 3, 4, 5]}), "invalid")
    scene("fill '#zz0000'", with_layer({**shape, "fill": "#zz0000"}), "invalid")
    scene("fill '#fff'", with_layer({**shape, "fill": "#fff"}), "invalid")
    scene("fillRule 'odd'", with_layer({**shape, "fillRule": "odd"}), "invalid")
    scene("a shape with neither fill nor stroke", with_layer({"type": "rect", "frame": [10, 10, 50, 40]}), "invalid")
    scene("stroke width -1", with_layer({**shape, "stroke": {"width": -1, "paint": "#000000"}}), "invalid")
    scene("stroke cap 'pointy'", with_layer({**shape, "stroke": {"width": 1, "paint": "#000000", "cap": "pointy"}}),
          "invalid")
    scene("miterLimit 1e300", with_layer({**shape, "stroke": {"width": 2, "paint": "#000000", "miterLimit": 1e300}}),
          "either")
    scene("stroke width 1e300", with_layer({**shape, "stroke": {"width": 1e300, "paint": "#000000"}}), "either")
    scene("stops decreasing", with_layer({**shape, "fill": {"linear": {"from": [0, 0], "to": [100, 0],
                                                                      "stops": [[0.8, "#ff0000"], [0.2, "#0000ff"]]}}}),
          "invalid")
    scene("stop location 1.5", with_layer({**shape, "fill": {"linear": {"from": [0, 0], "to": [100, 0],
                                                                       "stops": [[0, "#ff0000"], [1.5, "#0000ff"]]}}}),
          "invalid")
    scene("no stops", with_layer({**shape, "fill": {"linear": {"from": [0, 0], "to": [100, 0], "stops": []}}}),
          "either")
    scene("both linear and radial", with_layer({**shape, "fill": {
        "linear": {"from": [0, 0], "to": [100, 0], "stops": [[0, "#ff0000"], [1, "#0000ff"]]},
        "radial": {"center": [50, 40], "radius": 30, "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}}), "invalid")
    scene("radial radius -10", with_layer({**shape, "fill": {"radial": {"center": [50, 40], "radius": -10,
                                                                       "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}}),
          "either")
    scene("spread 'mirror'", with_layer({**shape, "fill": {"linear": {"from": [0, 0], "to": [100, 0], "spread": "mirror",
                                                                     "stops": [[0, "#ff0000"], [1, "#0000ff"]]}}}),
          "invalid")
    scene("keyframes decreasing", with_layer({**shape, "frame": {"keyframes": [[1, [0, 0, 10, 10]], [0, [5, 5, 10, 10]]]}}),
          "invalid")
    scene("keyframes empty", with_layer({**shape, "frame": {"keyframes": []}}), "invalid")
    scene("easing 'bouncy'", with_layer({**shape, "opacity": {"keyframes": [[0, 0], [1, 1]], "easing": "bouncy"}}),
          "invalid")
    scene("spring easing with dampingRatio 0",
          with_layer({**shape, "opacity": {"keyframes": [[0, 0], [1, 1]],
                                           "easing": {"spring": {"response": 0.5, "dampingRatio": 0}}}}), "either")
    scene("spring easing with response 0",
          with_layer({**shape, "opacity": {"keyframes": [[0, 0], [1, 1]],
                                           "easing": {"spring": {"response": 0, "dampingRatio": 1}}}}), "invalid")
    scene("keyframed opacity overshooting to 5", with_layer({**shape, "opacity": {"keyframes": [[0, 0], [1, 5]]}}),
          "invalid")
    scene("path d 'M 0 0 X 5'", with_layer({"type": "path", "d": "M 0 0 X 5", "fill": "#000000"}), "invalid")
    scene("path d with nan", with_layer({"type": "path", "d": "M 0 0 L nan 5 Z", "fill": "#000000"}), "invalid")
    scene("path d with 1e400", with_layer({"type": "path", "d": "M 0 0 L 1e400 5 Z", "fill": "#000000"}), "invalid")
    scene("path d with 1e300", with_layer({"type": "path", "d": "M 0 0 L 1e300 5 L 5 1e300 Z", "fill": "#000000"}),
          "either")
    scene("arc of radius 1e-300", with_layer({"type": "path", "d": "M 10 10 A 1e-300 1e-300 0 1 1 60 60",
                                              "stroke": {"width": 1, "paint": "#000000"}}), "either")
    scene("polyline with one point", with_layer({"type": "polyline", "points": [[1, 1]],
                                                 "stroke": {"width": 1, "paint": "#000000"}}), "either")
    scene("polyline point of three numbers", with_layer({"type": "polyline", "points": [[1, 1, 1], [5, 5]],
                                                         "stroke": {"width": 1, "paint": "#000000"}}), "invalid")
    scene("text size 0", with_layer({"type": "text", "text": "Hi", "position": [10, 40], "size": 0}), "either")
    scene("text size 1e6", with_layer({"type": "text", "text": "Hi", "position": [10, 40], "size": 1e6}), "either")
    scene("text align 'justify'", with_layer({"type": "text", "text": "Hi", "position": [10, 40], "align": "justify"}),
          "invalid")
    scene("text font 'No Such Font'", with_layer({"type": "text", "text": "Hi", "position": [10, 40],
                                                  "font": "No Such Font"}), "invalid")
    scene("image src missing", with_layer({"type": "image", "src": "missing.png", "frame": [0, 0, 10, 10]}), "invalid")
    scene("image src is the scene itself", with_layer({"type": "image", "src": "scene.json", "frame": [0, 0, 10, 10]}),
          "invalid")
    scene("filter blur sigma 1e300", with_layer({"type": "group", "filters": [{"type": "blur", "sigma": 1e300}],
                                                 "layers": [shape]}), "either")
    scene("filter blur sigma 1e9", with_layer({"type": "group", "filters": [{"type": "blur", "sigma": 1e9}],
                                               "layers": [shape]}), "either")
    scene("filter 'sharpen'", with_layer({"type": "group", "filters": [{"type": "sharpen"}], "layers": [shape]}),
          "invalid")
    scene("filter threshold alpha 2", with_layer({"type": "group", "filters": [{"type": "threshold", "alpha": 2}],
                                                  "layers": [shape]}), "invalid")
    scene("filter saturate amount -1", with_layer({"type": "group", "filters": [{"type": "saturate", "amount": -1}],
                                                   "layers": [shape]}), "either")
    scene("transform scale 0", with_layer({**shape, "transform": {"scale": 0}}), "either")
    scene("transform scale 1e300", with_layer({**shape, "transform": {"scale": 1e300}}), "either")
    scene("transform rotate 1e300", with_layer({**shape, "transform": {"rotate": 1e300}}), "either")
    scene("transform translate of three numbers", with_layer({**shape, "transform": {"translate": [1, 2, 3]}}),
          "invalid")
    scene("width 0", dumps({**base, "width": 0}), "invalid")
    scene("width -10", dumps({**base, "width": -10}), "invalid")
    scene("width 16385 pixels", dumps({**base, "width": 16385}), "invalid")
    scene("scale 0", dumps({**base, "scale": 0}), "invalid")
    scene("width as a string", dumps({**base, "width": "100"}), "invalid")
    scene("layers is an object", dumps({**base, "layers": {}}), "invalid")
    scene("layers missing", dumps({"width": 100, "height": 80}), "either")
    scene("no layers at all", dumps(base), "valid")
    scene("top level is an array", b"[]", "invalid")
    scene("top level is a number", b"1", "invalid")
    scene("top level is a string", b'"scene"', "invalid")
    scene("empty file", b"", "invalid")
    scene("whitespace only", b"   \n\t ", "invalid")
    scene("a UTF-8 byte-order mark", b"\xef\xbb\xbf" + dumps(base), "either")
    scene("UTF-16", json.dumps(base).encode("utf-16"), "either")
    scene("trailing comma", b'{"width":100,"height":80,"layers":[],}', "invalid")
    scene("single quotes", b"{'width':100,'height':80,'layers':[]}", "invalid")
    scene("trailing garbage", dumps(base) + b"x", "invalid")
    scene("1 kB of random bytes", bytes(rng.randrange(256) for _ in range(1024)), "invalid")
    scene("a 20 MB string in the title", lambda: b'{"title":"' + b"t" * 20_000_000 + b'","width":100,"height":80,"layers":[]}',
          "either")
    scene("duration 1e300 at --time 0", dumps({**base, "duration": 1e300}), "either")
    return cases


# ---------------------------------------------------------------------------------------------------------
# Part 4: special files
# ---------------------------------------------------------------------------------------------------------

def special_file_cases(fx):
    cases = []
    kinds = [("fifo", "a named pipe"), ("dir", "a directory"), ("/dev/zero", "/dev/zero"), ("/dev/null", "/dev/null"),
             ("unreadable", "a file without read permission"), ("missing", "a missing file")]

    def target(kind, name):
        """The path to pass, and the setup for it."""
        if kind.startswith("/dev/"):
            return kind, []
        if kind == "missing":
            return "missing-" + name, []
        return name, [(kind, name)]

    scene_with = lambda layer: dumps({"width": 60, "height": 40, "layers": [layer]})
    for kind, words in kinds:
        nobody = kind == "unreadable"
        path, setup = target(kind, "input.json")
        cases.append(Case("files", "render", f"scene is {words}", ["render", path, "--out", "out.png"], "invalid",
                          {"input.json": fx.tiny_scene}, None, special=setup, as_nobody=nobody))
        path, setup = target(kind, "input.json")
        cases.append(Case("files", "simulate", f"events file is {words}", ["simulate", "switch", "--events", path],
                          "invalid", {"input.json": fx.tap_events}, None, special=setup, as_nobody=nobody))
        path, setup = target(kind, "input.png")
        cases.append(Case("files", "filter blur", f"input image is {words}",
                          ["filter", "blur", "--sigma", "1", path, "out.png"], "invalid",
                          {"input.png": fx.small_png}, None, special=setup, as_nobody=nobody))
        cases.append(Case("files", "filter displace", f"displacement map is {words}",
                          ["filter", "displace", "--map", path, "--scale", "4", "in.png", "out.png"], "invalid",
                          {"input.png": fx.map_png, "in.png": fx.small_png}, None, special=setup, as_nobody=nobody))
        font_path, setup = target(kind, "font.ttf")
        cases.append(Case("files", "render", f"text font is {words}", ["render", "scene.json", "--out", "out.png"],
                          "invalid", {"scene.json": scene_with({"type": "text", "text": "Hi", "position": [5, 30],
                                                                "font": font_path}),
                                      "font.ttf": b"not a font"}, None, special=setup, as_nobody=nobody))
        image_path, setup = target(kind, "image.png")
        cases.append(Case("files", "render", f"image src is {words}", ["render", "scene.json", "--out", "out.png"],
                          "invalid", {"scene.json": scene_with({"type": "image", "src": image_path,
                                                                "frame": [0, 0, 60, 40]}),
                                      "image.png": fx.small_png}, None, special=setup, as_nobody=nobody))
    # inputs that are files of the wrong kind
    wrong = [("a text file", b"hello\n"), ("a truncated PNG", fx.small_png[:40]), ("a JPEG header", b"\xff\xd8\xff\xe0" + b"\0" * 200),
             ("a PNG claiming 60000x60000 pixels", png_header_only(60_000, 60_000)),
             ("a PNG claiming 1x2000000000 pixels", png_header_only(1, 2_000_000_000)),
             ("a PNG claiming 0x0 pixels", png_header_only(0, 0))]
    for words, data in wrong:
        cases.append(Case("files", "filter blur", f"input image is {words}",
                          ["filter", "blur", "--sigma", "1", "input.png", "out.png"], "invalid", {"input.png": data}))
        cases.append(Case("files", "render", f"image src is {words}", ["render", "scene.json", "--out", "out.png"],
                          "invalid", {"input.png": data, "scene.json": scene_with(
                              {"type": "image", "src": "input.png", "frame": [0, 0, 60, 40]})}))
    cases.append(Case("files", "filter blur", "input image is a 30000x30000 1-bit PNG bomb",
                      ["filter", "blur", "--sigma", "1", "input.png", "out.png"], "either",
                      {"input.png": lambda: png_bomb(30_000, 30_000)}, "png:out.png", 60))
    cases.append(Case("files", "filter displace", "map of another size",
                      ["filter", "displace", "--map", "map.png", "--scale", "4", "in.png", "out.png"], "invalid",
                      {"in.png": fx.small_png, "map.png": png_bytes(8, 8)}))
    cases.append(Case("files", "render", "font is a PNG file", ["render", "scene.json", "--out", "out.png"], "invalid",
                      {"in.png": fx.small_png, "scene.json": scene_with({"type": "text", "text": "Hi", "position": [5, 30],
                                                                         "font": "in.png"})}))

    # outputs
    scene = {"scene.json": fx.tiny_scene}
    png_in = {"in.png": fx.small_png}
    outputs = [("/dev/full", "/dev/full", []), ("a directory", "outdir", [("dir", "outdir")]),
               ("a path in a missing folder", "missing/sub/out.png", []),
               ("a path in a read-only folder", "ro/out.png", [("rodir", "ro")])]
    for words, path, setup in outputs:
        nobody = any(s[0] == "rodir" for s in setup)
        cases.append(Case("files", "render", f"--out is {words}", ["render", "scene.json", "--out", path], "invalid",
                          scene, None, special=setup, as_nobody=nobody))
        cases.append(Case("files", "render", f"--animate --out is {words}",
                          ["render", "scene.json", "--animate", "--fps", "5", "--out", path], "invalid", scene, None,
                          special=setup, as_nobody=nobody))
        cases.append(Case("files", "filter blur", f"output image is {words}",
                          ["filter", "blur", "--sigma", "1", "in.png", path], "invalid", png_in, None, special=setup,
                          as_nobody=nobody))
        cases.append(Case("files", "motion spring", f"--plot is {words}",
                          ["motion", "spring", "--duration", "0.5", "--plot", path], "invalid", {}, None,
                          special=setup, as_nobody=nobody))
        # folders that the tool creates: an existing or missing one is fine, /dev/full or a read-only parent not
        folder_expect = "valid" if path in ("outdir", "missing/sub/out.png") else "invalid"
        cases.append(Case("files", "simulate", f"--frames is {words}",
                          ["simulate", "switch", "--events", "events.json", "--frames", path.replace("out.png", "frames")],
                          folder_expect, {"events.json": fx.tap_events}, None, special=setup, as_nobody=nobody))
        cases.append(Case("files", "gallery", f"--out is {words}",
                          ["gallery", "--scale", "0.5", "--fps", "1", "--scenes", "scenes", "--out",
                           path.replace("out.png", "g")], folder_expect,
                          {"scenes/tiny.json": fx.tiny_scene}, None, 30, special=setup, as_nobody=nobody))
        cases.append(Case("files", "bench", f"--write-inputs is {words}",
                          ["bench", "--write-inputs", path.replace("out.png", "inputs")],
                          folder_expect, {}, None, 30, special=setup, as_nobody=nobody))
        cases.append(Case("files", "play", f"--trace is {words}", ["play", "--trace", path], "invalid", {}, None,
                          special=setup, as_nobody=nobody))
    # a full disk, where /dev/full cannot show it: a 64-byte file-size limit makes every larger write fail
    full = "a write failing with EFBIG (64-byte file-size limit)"
    for command, args, files in (
            ("render", ["render", "scene.json", "--out", "out.png"], scene),
            ("render", ["render", "scene.json", "--animate", "--fps", "5", "--out", "out.png"], scene),
            ("filter blur", ["filter", "blur", "--sigma", "1", "in.png", "out.png"], png_in),
            ("motion spring", ["motion", "spring", "--duration", "0.5", "--plot", "plot.png"], {}),
            ("simulate", ["simulate", "switch", "--events", "events.json", "--frames", "frames"],
             {"events.json": fx.tap_events}),
            ("bench", ["bench", "--write-inputs", "inputs"], {}),
            ("gallery", ["gallery", "--scale", "0.5", "--fps", "1", "--scenes", "scenes", "--out", "g"],
             {"scenes/tiny.json": fx.tiny_scene})):
        cases.append(Case("files", command, f"{full}: {' '.join(args[:2])} output file", args, "invalid", files,
                          None, 30, fsize=64, group=full))
    for command, args, files in (("motion spring", ["motion", "spring", "--duration", "0.5"], {}),
                                 ("motion decay", ["motion", "decay", "--velocity", "1000"], {}),
                                 ("simulate", ["simulate", "switch", "--events", "events.json"],
                                  {"events.json": fx.tap_events}),
                                 ("bench", ["bench", "--runs", "1", "--json", "--filter",
                                            "motion.animator.vector2.fixed120"], {})):
        cases.append(Case("files", command, f"{full}: standard output", args, "invalid", files, None, 30, fsize=64,
                          stdout="capped", group=full + " on standard output"))
    cases.append(Case("files", "play", "--trace is a named pipe", ["play", "--trace", "trace"], "invalid", {}, None,
                      special=[("fifo", "trace")]))
    cases.append(Case("files", "play", "no display, default component", ["play"], "invalid"))
    cases.append(Case("files", "render", "--out is /dev/null", ["render", "scene.json", "--out", "/dev/null"], "either",
                      scene))
    cases.append(Case("files", "render", "--out is the scene itself", ["render", "scene.json", "--out", "scene.json"],
                      "either", scene))
    cases.append(Case("files", "render", "--out is a named pipe", ["render", "scene.json", "--out", "pipe.png"],
                      "invalid", scene, None, special=[("fifo", "pipe.png")]))
    # standard output that cannot be written, or is closed early
    for command, args, files in (("motion spring", ["motion", "spring", "--duration", "0.5"], {}),
                                 ("motion decay", ["motion", "decay", "--velocity", "1000"], {}),
                                 ("simulate", ["simulate", "switch", "--events", "events.json"], {"events.json": fx.tap_events}),
                                 ("bench", ["bench", "--runs", "1", "--json", "--filter", "motion.animator.vector2.fixed120"], {}),
                                 ("gallery", ["gallery", "--scale", "0.5", "--fps", "1", "--scenes", "scenes", "--out", "g"],
                                  {"scenes/tiny.json": fx.tiny_scene})):
        cases.append(Case("files", command, "standard output is /dev/full", args, "invalid", files, stdout="/dev/full"))
    cases.append(Case("files", "simulate", "standard output closed after 10 bytes (| head -c 10)",
                      ["simulate", "switch", "--events", "events.json", "--duration", "60", "--fps", "240"], "either",
                      {"events.json": fx.tap_events}, None, 30, stdout="head"))
    cases.append(Case("files", "motion spring", "standard output closed after 10 bytes (| head -c 10)",
                      ["motion", "spring", "--duration", "0.5", "--times", ",".join(str(i / 1000) for i in range(10_000))],
                      "either", {}, None, 30, stdout="head"))
    return cases


# ---------------------------------------------------------------------------------------------------------
# Part 5: budget abuse within documented limits
# ---------------------------------------------------------------------------------------------------------

def budget_cases(fx):
    cases = []
    one = {"in.png": fx.one_png}
    for sigma in ("1e5", "1e6", "1e7", "1e9"):
        cases.append(Case("budget", "filter blur", f"blur σ {sigma} on a 1x1 PNG",
                          ["filter", "blur", "--sigma", sigma, "in.png", "out.png"], "either", one, "png:out.png", 60))
    cases.append(Case("budget", "filter goo", "goo σ 1e9 on a 1x1 PNG",
                      ["filter", "goo", "--sigma", "1e9", "in.png", "out.png"], "either", one, "png:out.png", 60))
    cases.append(Case("budget", "filter blur", "blur σ 1e4 on a 512x512 PNG",
                      ["filter", "blur", "--sigma", "1e4", "in.png", "out.png"], "either",
                      {"in.png": png_bytes(512, 512)}, "png:out.png", 60))
    late = dumps({"events": [{"t": 1e7, "phase": "down", "x": 20, "y": 14}]})
    cases.append(Case("budget", "simulate", "one event at t = 1e7", ["simulate", "switch", "--events", "events.json"],
                      "either", {"events.json": late}, "json", 60))
    cases.append(Case("budget", "simulate", "one event at t = 1e7 with --duration 1",
                      ["simulate", "switch", "--events", "events.json", "--duration", "1"], "invalid",
                      {"events.json": late}, "json", 60))
    cases.append(Case("budget", "simulate", "--duration 600 --fps 240 (the documented maximum)",
                      ["simulate", "switch", "--events", "events.json", "--duration", "600", "--fps", "240"], "valid",
                      {"events.json": fx.tap_events}, "json", 120))
    cases.append(Case("budget", "simulate", "--frames at --scale 8 for 1 s at 60 fps (tab bar)",
                      ["simulate", "tabbar", "--events", "events.json", "--duration", "1", "--fps", "60", "--scale", "8",
                       "--frames", "frames"], "valid", {"events.json": fx.tap_events}, "json", 120))
    for scale in ("1e-100", "1e-10"):
        cases.append(Case("budget", "render", f"--scale {scale}", ["render", "scene.json", "--out", "out.png", "--scale", scale],
                          "either", {"scene.json": fx.tiny_scene}, "png:out.png", 60))
        cases.append(Case("budget", "simulate", f"--scale {scale} with --frames",
                          ["simulate", "switch", "--events", "events.json", "--scale", scale, "--frames", "frames"],
                          "either", {"events.json": fx.tap_events}, "json", 60))
        cases.append(Case("budget", "gallery", f"--scale {scale}",
                          ["gallery", "--out", "g", "--scale", scale, "--fps", "1", "--scenes", "scenes"], "either",
                          {"scenes/tiny.json": fx.tiny_scene}, "page:g", 60))

    def moving_scene(width, height, scale):
        return dumps({"width": width, "height": height, "scale": scale, "duration": 10, "background": "#204080",
                      "layers": [{"type": "ellipse", "fill": "#ffcc00", "frame": {"keyframes": [
                          [0, [0, 0, width / 4, height / 4]], [10, [width * 0.7, height * 0.7, width / 4, height / 4]]]}}]})
    animations = [("1200 frames of 256x256 (the frame limit)", moving_scene(256, 256, 1), ["--fps", "120", "--duration", "9.99"]),
                  ("61 frames of 2048x2048", moving_scene(1024, 1024, 2), ["--fps", "6"]),
                  ("10 frames of 8192x8192", moving_scene(1024, 1024, 8), ["--fps", "2", "--duration", "4.5"]),
                  ("3 frames of 16000x16000", moving_scene(16_000, 16_000, 1), ["--fps", "1", "--duration", "2"])]
    for words, scene, extra in animations:
        # docs/scene-format.md, "Budgets": a render may use 1536 MB, 16 bytes per canvas pixel for a plain scene,
        # so a 16000x16000 canvas (4 GB) is refused before it is drawn.
        cases.append(Case("budget", "render", f"--animate {words}",
                          ["render", "scene.json", "--out", "out.png", "--animate"] + extra,
                          "invalid" if "16000" in words else "valid", {"scene.json": scene}, "png:out.png", 120))
    still = dumps({"width": 16_000, "height": 16_000, "scale": 1, "layers": [
        {"type": "glass", "shape": {"circle": [8000, 8000, 4000]}}]})
    cases.append(Case("budget", "render", "a still 16000x16000 scene with one glass circle",
                      ["render", "scene.json", "--out", "out.png"], "invalid", {"scene.json": still}, "png:out.png", 120))
    glass = fx.scenes.get("glass-styles.json")
    if glass:
        # Within the documented --scale range, but whether it fits the memory budget depends on the scene's
        # estimate (four glass layers and a blurred group at 6240x4800 pixels come to about 1.7 GB: refused).
        cases.append(Case("budget", "render", "glass-styles.json at --scale 16", ["render", "scene.json", "--out",
                                                                                   "out.png", "--scale", "16"],
                          "either", {"scene.json": glass}, "png:out.png", 120))
    # One argument is capped at 128 KiB on Linux, so the documented 100,000 times cannot be passed at all;
    # 60,000 one-digit times are about the most that fit.
    cases.append(Case("budget", "motion spring", "--times with 60000 values",
                      ["motion", "spring", "--duration", "0.5", "--times", ",".join(["0"] * 60_000)],
                      "valid", {}, "json", 60))
    cases.append(Case("budget", "motion spring", "an undamped spring (sampled for 60 s)",
                      ["motion", "spring", "--stiffness", "100", "--damping", "0"], "valid", {}, "json", 60))
    cases.append(Case("budget", "motion spring", "--damping-ratio 1e-9 (settles after ~1e9 s)",
                      ["motion", "spring", "--response", "0.5", "--damping-ratio", "1e-9"], "valid", {}, "json", 60))
    cases.append(Case("budget", "motion decay", "--rate 0.9999999999 (settles after ~1e10 s)",
                      ["motion", "decay", "--velocity", "1000", "--rate", "0.9999999999"], "either", {}, "json", 60))
    cases.append(Case("budget", "bench", "--runs 1000 of one benchmark",
                      ["bench", "--runs", "1000", "--filter", "motion.animator.vector2.fixed120"], "valid", {}, None, 120))
    return cases


def build_cases(fx, seed, scene_budget, mutation_budget):
    rng = random.Random(seed)
    cases = (option_cases(fx) + number_cases(fx, rng, scene_budget) + mutation_cases(fx, rng, mutation_budget)
             + special_file_cases(fx) + budget_cases(fx))
    counters = {}
    for case in cases:
        counters[case.part] = counters.get(case.part, 0) + 1
        case.id = f"{case.part}-{counters[case.part]:04d}"
    return cases


# ---------------------------------------------------------------------------------------------------------
# Running one case
# ---------------------------------------------------------------------------------------------------------

class Result:
    def __init__(self, fields, folder, stdout_mode):
        self.rc = fields["rc"]
        self.signal = fields["signal"]
        self.timed_out = fields["timed_out"]
        self.seconds = fields["seconds"]
        self.peak_rss_kb = fields["peak_rss_kb"]
        self.stdout = b""
        if stdout_mode == "file":
            with open(os.path.join(folder, ".stdout"), "rb") as f:
                self.stdout = f.read(50_000_000)
        with open(os.path.join(folder, ".stderr"), "rb") as f:
            self.stderr = f.read(1_000_000)


def prepare(case, folder):
    """Writes the case's files and performs its special setup inside `folder`."""
    os.makedirs(folder)
    for name, data in case.files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data() if callable(data) else data)
    for kind, name in case.special:
        path = os.path.join(folder, name)
        if os.path.lexists(path):
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "dir":
            os.makedirs(path)
        elif kind == "unreadable":
            with open(path, "wb") as f:
                f.write(case.files.get(name, b"{}") if not callable(case.files.get(name)) else b"{}")
            os.chmod(path, 0)
        elif kind == "rodir":
            os.makedirs(path)
            os.chmod(path, 0o555)
    if case.as_nobody:
        os.chmod(folder, 0o777)
        for entry in os.listdir(folder):
            p = os.path.join(folder, entry)
            if os.path.isfile(p) and not any(s[1] == entry for s in case.special):
                os.chmod(p, 0o644)


def device_paths(case):
    """The /dev paths a case reads or writes."""
    paths = {a for a in case.args if a.startswith("/dev/")}
    if case.stdout.startswith("/dev/"):
        paths.add(case.stdout)
    return paths


def is_character_device(path):
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def command_line(liquid, case):
    prefix = ["prlimit", f"--as={ADDRESS_SPACE}", f"--fsize={case.fsize or FILE_SIZE_LIMIT}"]
    if case.as_nobody and os.geteuid() == 0:
        prefix += ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    return prefix + [liquid] + case.args


def child_environment():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY")}
    env["LANG"] = env.get("LANG", "C.UTF-8")
    return env


def drain(pipe, path):
    """Copies everything from `pipe` into the file at `path` (on a thread, so the child never blocks)."""
    def copy():
        with open(path, "wb") as f:
            while True:
                block = pipe.read(1 << 16)
                if not block:
                    break
                f.write(block)
        pipe.close()
    thread = threading.Thread(target=copy, daemon=True)
    thread.start()
    return thread


def execute(argv, folder, timeout, stdout_mode, env):
    """Runs argv in folder and returns its status, time and peak RSS (from wait4); kills the process group at
    the timeout. Stderr, and stdout in mode "file", reach .stderr and .stdout in folder through pipes (which
    no file-size limit applies to); stdout may instead go straight to a file under the limit ("capped"), to
    /dev/full, or into `head -c 10`."""
    head = None
    capped = None
    fields = {"rc": None, "signal": None, "timed_out": False, "seconds": 0.0, "peak_rss_kb": 0}
    if stdout_mode == "/dev/full":
        if not is_character_device("/dev/full"):
            raise RuntimeError("/dev/full is not a character device")
        stdout_target = open("/dev/full", "wb")
    elif stdout_mode == "capped":
        stdout_target = capped = open(os.path.join(folder, ".stdout"), "wb")
    else:
        stdout_target = subprocess.PIPE
    start = time.monotonic()
    # signals as a shell leaves them, except SIGXFSZ (see Launcher)
    child = subprocess.Popen(argv, cwd=folder, stdin=subprocess.DEVNULL, stdout=stdout_target,
                             stderr=subprocess.PIPE, env=env, start_new_session=True, restore_signals=False)
    drains = [drain(child.stderr, os.path.join(folder, ".stderr"))]
    if stdout_mode == "head":
        head = subprocess.Popen(["head", "-c", "10"], stdin=child.stdout, stdout=subprocess.DEVNULL)
        child.stdout.close()
    elif stdout_mode == "file":
        drains.append(drain(child.stdout, os.path.join(folder, ".stdout")))
    else:
        stdout_target.close()
    pause = 0.001
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid == child.pid:
            break
        if time.monotonic() - start > timeout:
            fields["timed_out"] = True
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            pid, status, usage = os.wait4(child.pid, 0)
            break
        time.sleep(pause)
        pause = min(pause * 1.5, 0.02)
    fields["seconds"] = time.monotonic() - start
    child.returncode = 0  # reaped here; keep Popen from waiting again
    fields["peak_rss_kb"] = usage.ru_maxrss
    if os.WIFSIGNALED(status):
        fields["signal"] = os.WTERMSIG(status)
        fields["rc"] = -fields["signal"]
    else:
        fields["rc"] = os.WEXITSTATUS(status)
        if 128 < fields["rc"] <= 128 + 64:
            fields["signal"] = fields["rc"] - 128
    # anything left in the group (a backtracer, say) goes too, so the pipes close
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for thread in drains:
        thread.join(timeout=10)  # a process that escaped the group could hold a pipe open
    if head:
        head.wait()
    if stdout_mode != "file" and not os.path.exists(os.path.join(folder, ".stdout")):
        open(os.path.join(folder, ".stdout"), "wb").close()
    return fields


class Launcher:
    """A small process, forked before the case list is built, that starts every run.

    wait4's peak RSS of a child includes the memory of the process it was forked from (Linux keeps the
    high-water mark across exec), so runs are started from this lean copy of the interpreter rather than
    from the probe holding thousands of cases: the RSS then measures the tool, not the probe."""

    def __init__(self):
        requests_read, requests_write = os.pipe()
        replies_read, replies_write = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:
            # Runs inherit these: a closed pipe kills as it would under a shell, and a write past the
            # file-size limit fails with EFBIG (as on a full disk) instead of killing the process.
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            os.close(requests_write)
            os.close(replies_read)
            with os.fdopen(requests_read) as requests, os.fdopen(replies_write, "w") as replies:
                for line in requests:
                    try:
                        reply = execute(**json.loads(line))
                    except Exception as error:  # reported to the parent, which stops
                        reply = {"error": f"{type(error).__name__}: {error}"}
                    replies.write(json.dumps(reply) + "\n")
                    replies.flush()
            os._exit(0)
        os.close(requests_read)
        os.close(replies_write)
        self.requests = os.fdopen(requests_write, "w")
        self.replies = os.fdopen(replies_read)

    def run(self, argv, folder, timeout, stdout_mode):
        self.requests.write(json.dumps({"argv": argv, "folder": folder, "timeout": timeout,
                                        "stdout_mode": stdout_mode, "env": child_environment()}) + "\n")
        self.requests.flush()
        reply = json.loads(self.replies.readline())
        if "error" in reply:
            raise RuntimeError(f"could not run {argv[:6]}: {reply['error']}")
        return Result(reply, folder, stdout_mode)

    def close(self):
        self.requests.close()
        os.waitpid(self.pid, 0)


# ---------------------------------------------------------------------------------------------------------
# Classification
# ---------------------------------------------------------------------------------------------------------

OOM_PATTERNS = re.compile(r"failed to allocate|out of memory|cannot allocate|std::bad_alloc|ENOMEM|"
                          r"Insufficient memory|malloc", re.IGNORECASE)
INTERNAL_PATTERNS = [
    (re.compile(r"EncodingError|DecodingError|NSCocoaErrorDomain|Error Domain="), "an internal error type"),
    (re.compile(r"Swift\.|Foundation\.|LiquidKit\.|Liquid(Scene|Raster|Motion|UI|Glass|Geometry)\."), "a module-qualified name"),
    (re.compile(r"Optional\("), "Optional(…)"),
    (re.compile(r"The operation could not be completed|The data couldn.t be read|The data isn.t in the correct format|"
                r"The file .* couldn.t be|could not be completed"), "Foundation's generic wording"),
    (re.compile(r"CodingKeys|_JSONKey|typeMismatch|keyNotFound|valueNotFound|dataCorrupted|codingPath|debugDescription"),
     "Codable internals"),
    (re.compile(r"\b(Double|Int|Int32|Int64|UInt8|UInt32|Float|CGFloat|String|Bool|Array|Dictionary|Decodable|"
                r"Encodable|JSONValue)\b"), "a Swift type name"),
    (re.compile(r"\b[A-Z][A-Za-z]*(Error|Kind)\b(\.|\()"), "an error enum case"),
    (re.compile(r"\b[a-z][A-Za-z]*\(\w+:"), "a Swift initializer or case with labels"),
]
NONFINITE_WORD = re.compile(r"(?<![A-Za-z])(-?nan|-?inf|infinity|NaN|Infinity)(?![A-Za-z])")


def message_problem(stderr_text, case):
    """Why the error output is not one clear line, or None."""
    if not stderr_text.strip():
        return "no message on stderr"
    lines = stderr_text.rstrip("\n").split("\n")
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr"
    line = lines[0]
    if not line.startswith("liquid: error: "):
        return "does not start with 'liquid: error: '"
    if len(line) > 300:
        return f"{len(line)} characters long"
    for pattern, words in INTERNAL_PATTERNS:
        if pattern.search(line):
            return f"shows {words}"
    if not case.user_nonfinite and NONFINITE_WORD.search(line):
        return "shows a nan or inf the input did not contain"
    if not stderr_text.endswith("\n"):
        return "no newline at the end"
    return None


def check_output(case, folder, result):
    """Why a successful run's output is not what was promised, or None."""
    kind = case.output
    if not kind:
        return None
    if kind == "json":
        if case.stdout != "file":
            return None
        text = result.stdout.decode("utf-8", "replace").strip()
        if not text:
            return "no JSON on stdout"
        try:
            json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(f"non-standard constant {c}")))
        except ValueError as error:
            return f"stdout is not strict JSON ({str(error)[:60]})"
        return None
    if kind.startswith("png:"):
        path = os.path.join(folder, kind[4:])
        try:
            with open(path, "rb") as f:
                head = f.read(8)
        except OSError:
            return f"no {kind[4:]} written"
        return None if head == b"\x89PNG\r\n\x1a\n" else f"{kind[4:]} is not a PNG"
    if kind.startswith("page:"):
        return None if os.path.isfile(os.path.join(folder, kind[5:], "index.html")) else "no index.html written"
    return None


def classify(case, folder, result):
    """(class, detail) of one run."""
    stderr_text = result.stderr.decode("utf-8", "replace")
    if result.timed_out:
        return "timeout", f"still running after {result.seconds:.1f} s"
    if OOM_PATTERNS.search(stderr_text) and (result.signal or result.rc != 0):
        return "oom", first_match(OOM_PATTERNS, stderr_text)
    if case.stdout == "head":
        if result.signal not in (None, signal.SIGPIPE):
            return "signal", signal_name(result.signal)
        if stderr_text.strip():
            return "bad message", "a closed stdout pipe printed: " + stderr_text.strip().splitlines()[0][:80]
        return "ok", "ended quietly"
    if result.signal:
        return "signal", signal_name(result.signal)
    if result.rc == 0:
        if case.expect == "invalid":
            return "silent acceptance", "exit 0"
        problem = check_output(case, folder, result)
        if problem:
            return "bad output", problem
        return "ok", "accepted"
    problem = message_problem(stderr_text, case)
    if problem:
        return "bad message", problem
    if case.expect != "valid" and result.seconds > SLOW_REJECTION:
        return "slow rejection", f"rejected after {result.seconds:.1f} s"
    if case.expect == "valid":
        return "false rejection", "a documented-valid input was refused"
    return "ok", "rejected"


def first_match(pattern, text):
    m = pattern.search(text)
    start = max(0, text.rfind("\n", 0, m.start()) + 1)
    end = text.find("\n", m.end())
    return text[start:end if end >= 0 else None][:120]


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


CRASH_REASON = re.compile(r"(?:\*\*\* (Swift runtime failure: .*?|Program crashed: .*?) \*\*\*|Fatal error: ([^\n]*))")
CRASH_FRAME = re.compile(r"0x[0-9a-f]+ (?:specialized |merged )*(.+?)(?: \+ \d+)? in liquid at (?:\S*?/)?(Sources/[^\s:]+:\d+)")


def crash_site(stderr_text):
    """The runtime's reason and the first frame in the project's sources, from a Swift backtrace."""
    reason = ""
    m = CRASH_REASON.search(stderr_text)
    if m:
        reason = (m.group(1) or m.group(2) or "").strip()
    frame = CRASH_FRAME.search(stderr_text)
    where = f"{frame.group(1)} at {frame.group(2)}" if frame else ""
    return " | ".join(p for p in (reason, where) if p)


def signature(case, klass, detail, result):
    """A short key that groups failures of one root cause."""
    text = result.stderr.decode("utf-8", "replace")
    if klass in ("signal", "oom"):
        site = crash_site(text)
        return f"{klass}: {site or detail}"
    if klass == "bad message":
        line = text.strip().splitlines()[0] if text.strip() else ""
        line = re.sub(r"^liquid: error: \S+?\.json: [\w.\[\]]+:", "liquid: error: FILE: PATH:", line)
        line = re.sub(r"'[^']*'", "'…'", line)
        line = re.sub(r"-?\d[\d.e+-]*", "N", line)
        return f"bad message ({detail}): {line[:110]}"
    if klass in ("timeout", "slow rejection", "silent acceptance", "false rejection"):
        return f"{klass}: {case.command}: {case.group[:90]}"
    return f"{klass}: {case.command}: {detail}"


# ---------------------------------------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------------------------------------

def copy_inputs(case, folder, destination):
    """Copies the case's own input files (not special files or outputs) for reproduction; big ones gzipped."""
    os.makedirs(destination, exist_ok=True)
    copied = []
    special = {name for _, name in case.special}
    for name in case.files:
        if name in special:
            continue
        source = os.path.join(folder, name)
        if not os.path.isfile(source):
            continue
        target = os.path.join(destination, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.getsize(source) > 10_000_000:
            with open(source, "rb") as f, gzip.open(target + ".gz", "wb") as g:
                shutil.copyfileobj(f, g)
            copied.append(target + ".gz")
        else:
            shutil.copyfile(source, target)
            copied.append(target)
    return copied


def summary_table(rows, key):
    groups = sorted({r[key] for r in rows})
    width = max([len(g) for g in groups] + [len(key), 5])
    header = f"{key:<{width}}  {'cases':>6}" + "".join(f"  {c:>{max(len(c), 4)}}" for c in CLASSES)
    lines = [header, "-" * len(header)]
    for g in groups + ["TOTAL"]:
        chosen = rows if g == "TOTAL" else [r for r in rows if r[key] == g]
        counts = {c: sum(1 for r in chosen if r["class"] == c) for c in CLASSES}
        lines.append(f"{g:<{width}}  {len(chosen):>6}" + "".join(f"  {counts[c]:>{max(len(c), 4)}}" for c in CLASSES))
    return lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(os.path.join(here, "..", "..", ".."))
    parser = argparse.ArgumentParser(description="Hostile-input probe of every liquid command.")
    parser.add_argument("--liquid", required=True, help="the liquid binary (a release build)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated cases (default 1)")
    parser.add_argument("--out", default="probe-out",
                        help="folder for summary.txt, failures.jsonl, cases.jsonl (every case) and inputs/")
    parser.add_argument("--timeout", type=float, default=10, help="seconds before a run counts as hung (default 10)")
    parser.add_argument("--scene-cases", type=int, default=2000, help="sampled scene-number cases (default 2000)")
    parser.add_argument("--mutations", type=int, default=600, help="random mutation cases (default 600)")
    parser.add_argument("--only", help="comma-separated parts to run: options,numbers,mutate,files,budget")
    parser.add_argument("--match", help="run only cases whose id, command or name contains this text")
    parser.add_argument("--list", action="store_true", help="print the cases and exit")
    args = parser.parse_args()

    liquid = os.path.abspath(args.liquid)
    if not os.access(liquid, os.X_OK):
        sys.exit(f"probe: {args.liquid} is not an executable")
    if not shutil.which("prlimit"):
        sys.exit("probe: prlimit (util-linux) is needed")
    launcher = None if args.list else Launcher()  # before the case list exists: see Launcher
    fx = Fixtures(root)
    cases = build_cases(fx, args.seed, args.scene_cases, args.mutations)
    if args.only:
        parts = set(args.only.split(","))
        cases = [c for c in cases if c.part in parts]
    if args.match:
        cases = [c for c in cases if args.match in c.id or args.match in c.command or args.match in c.name]
    # Some containers lack a device such as /dev/full; writing there would create a plain file in /dev and
    # prove nothing, so those cases are left out (and counted).
    missing_devices = sorted({p for c in cases for p in device_paths(c) if not is_character_device(p)})
    skipped = [c for c in cases if any(p in missing_devices for p in device_paths(c))]
    cases = [c for c in cases if c not in skipped]
    if args.list:
        for c in cases:
            print(f"{c.id}\t{c.command}\t{c.expect}\t{c.name}")
        print(f"{len(cases)} cases", file=sys.stderr)
        return

    # a trivial command must work under the address-space limit, or nothing below means anything
    smoke = subprocess.run(["prlimit", f"--as={ADDRESS_SPACE}", liquid, "motion", "rubberband", "--offset", "10",
                            "--dimension", "100"], capture_output=True, env=child_environment(), timeout=60)
    if smoke.returncode != 0:
        sys.exit(f"probe: '{liquid} motion rubberband' fails under prlimit --as={ADDRESS_SPACE}: "
                 f"{smoke.stderr.decode(errors='replace').strip()[:200]}")

    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    if os.path.isdir(os.path.join(out, "inputs")):
        shutil.rmtree(os.path.join(out, "inputs"))
    work = tempfile.mkdtemp(prefix="liquid-probe-")
    os.chmod(work, 0o755)
    rows = []
    started = time.monotonic()
    try:
        with open(os.path.join(out, "failures.jsonl"), "w") as failures, \
                open(os.path.join(out, "cases.jsonl"), "w") as every:
            for n, case in enumerate(cases, 1):
                folder = os.path.join(work, case.id)
                prepare(case, folder)
                timeout = case.timeout or args.timeout
                result = launcher.run(command_line(liquid, case), folder, timeout, case.stdout)
                klass, detail = classify(case, folder, result)
                if klass == "slow rejection":
                    # a busy machine can make one run slow: the faster of two runs decides
                    again = launcher.run(command_line(liquid, case), folder, timeout, case.stdout)
                    if again.seconds < result.seconds:
                        result = again
                        klass, detail = classify(case, folder, result)
                rows.append({"id": case.id, "part": case.part, "command": case.command, "class": klass,
                             "seconds": result.seconds, "rss": result.peak_rss_kb, "name": case.name})
                stderr_line = result.stderr.decode("utf-8", "replace").strip().split("\n")[0][:160]
                every.write(json.dumps({"id": case.id, "command": case.command, "case": case.name[:120],
                                        "expect": case.expect, "class": klass, "rc": result.rc,
                                        "seconds": round(result.seconds, 3), "peak_rss_kb": result.peak_rss_kb,
                                        "stderr": stderr_line}, ensure_ascii=False) + "\n")
                if klass != "ok":
                    inputs = copy_inputs(case, folder, os.path.join(out, "inputs", case.id))
                    stderr_text = result.stderr.decode("utf-8", "replace")
                    argv = command_line(liquid, case)
                    record = {
                        "id": case.id, "part": case.part, "command": case.command, "case": case.name,
                        "class": klass, "detail": detail, "expect": case.expect,
                        "signature": signature(case, klass, detail, result),
                        "argv": argv, "cwd": os.path.join(out, "inputs", case.id), "inputs": inputs,
                        "special_files": [f"{name}: {kind}" for kind, name in case.special],
                        "stdout": case.stdout, "as_user": "nobody" if case.as_nobody else "invoker",
                        "rc": result.rc, "signal": signal_name(result.signal) if result.signal else None,
                        "seconds": round(result.seconds, 3), "timeout": timeout, "peak_rss_kb": result.peak_rss_kb,
                        "stderr": stderr_text[:STDERR_KEEP],
                        "crash_site": crash_site(stderr_text) if klass in ("signal", "oom") else None,
                        "repro": "cd " + shlex.quote(os.path.join(out, "inputs", case.id)) + " && "
                                 + " ".join(shlex.quote(a if len(a) < 200 else a[:40] + "…") for a in argv),
                    }
                    failures.write(json.dumps(record, ensure_ascii=False) + "\n")
                    failures.flush()
                mark = "." if klass == "ok" else klass[0].upper()
                print(f"[{n}/{len(cases)}] {case.id} {mark} {klass:<17} {result.seconds:6.2f}s "
                      f"{result.peak_rss_kb // 1024:5d}MB  {case.command}: {case.name[:90]}", flush=True)
                shutil.rmtree(folder, ignore_errors=True)
                if os.path.exists(folder):
                    for dirpath, dirnames, _ in os.walk(folder):
                        for d in dirnames:
                            os.chmod(os.path.join(dirpath, d), 0o755)
                    shutil.rmtree(folder, ignore_errors=True)
    finally:
        launcher.close()
        shutil.rmtree(work, ignore_errors=True)

    lines = [f"liquid probe: {liquid}", f"seed {args.seed}, {len(rows)} cases, timeout {args.timeout:g} s, "
             f"address space {ADDRESS_SPACE // 1024 ** 2} MiB, {time.monotonic() - started:.0f} s in all"]
    if skipped:
        lines.append(f"skipped {len(skipped)} cases: {', '.join(missing_devices)} is not a character device here")
    lines.append("")
    lines += summary_table(rows, "command") + [""] + summary_table(rows, "part") + [""]
    budget = [r for r in rows if r["part"] == "budget"]
    if budget:
        lines.append("budget cases: seconds, peak RSS, class")
        for r in budget:
            lines.append(f"  {r['seconds']:7.2f} s  {r['rss'] / 1024:7.0f} MB  {r['class']:<17} {r['command']}: {r['name']}")
        lines.append("")
    heaviest = sorted(rows, key=lambda r: -r["rss"])[:5]
    lines.append("largest peak RSS over all cases:")
    for r in heaviest:
        lines.append(f"  {r['rss'] / 1024:7.0f} MB  {r['seconds']:7.2f} s  {r['id']} {r['command']}: {r['name'][:80]}")
    lines.append("")
    signatures = {}
    with open(os.path.join(out, "failures.jsonl")) as f:
        for line in f:
            record = json.loads(line)
            signatures.setdefault(record["signature"], []).append(record["id"])
    lines.append(f"failure signatures ({len(signatures)}), most frequent first:")
    for sig, ids in sorted(signatures.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"  {len(ids):5d}  {sig}   e.g. {', '.join(ids[:3])}")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text)
    print()
    print(text)


if __name__ == "__main__":
    main()
