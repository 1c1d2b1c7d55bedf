#!/usr/bin/env python3
"""Checks that PNG and animated PNG (APNG) files are whole and sound, down to every frame's pixel data.

    pngframes.py [--animated] FILE...

For each file: the PNG signature; every chunk's length and CRC; IHDR first with a valid size and format;
IEND last with nothing after it. The image data (IDAT) must inflate to exactly one filter byte (0-4) and
one row of pixels per row. With an acTL chunk (APNG) also: acTL before the image data; as many frame
controls (fcTL) as acTL announces; the sequence numbers of fcTL and fdAT chunks 0, 1, 2, ... in file
order; every frame inside the canvas, with valid dispose and blend operations; a first frame that covers
the canvas when it is the default image; and every frame's data inflating to exactly its rows.
--animated also requires each file to be an APNG of more than one frame.

This follows the PNG specification and the APNG extension on its own (only zlib from Python's standard
library does the inflating), so it is a reference independent of the encoder that wrote the files.

Prints one line per problem, `FILE: what is wrong`, and exits 1 when there is any; with none, prints
one summary line to standard error and exits 0.
"""

import argparse
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Channels per pixel of each colour type, and the bit depths each allows.
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}


def name(kind):
    """A chunk type as text, or as hex when it is not four letters."""
    return kind.decode("latin-1") if kind.isalpha() else "0x" + kind.hex()


class Broken(Exception):
    """The file is not sound; the message says why."""


def chunks(data):
    """Yields (type, body) for every chunk, checking lengths and CRCs."""
    if data[:8] != SIGNATURE:
        raise Broken("no PNG signature")
    pos = 8
    while pos < len(data):
        if pos + 12 > len(data):
            raise Broken(f"truncated chunk header at byte {pos}")
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data):
            raise Broken(f"chunk {name(kind)} at byte {pos} runs past the end of the file")
        body = data[pos + 8:end]
        (crc,) = struct.unpack(">I", data[end:end + 4])
        if zlib.crc32(kind + body) != crc:
            raise Broken(f"CRC error in chunk {name(kind)} at byte {pos}")
        yield kind, body
        pos = end + 4


def check_pixels(compressed, width, height, bits_per_pixel, what):
    """The inflated data must be exactly `height` rows, each a filter byte 0-4 and its pixels."""
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed)
    except zlib.error as error:
        raise Broken(f"{what}: its compressed data is corrupt ({error})") from None
    if not inflater.eof:
        raise Broken(f"{what}: its compressed data ends early")
    stride = 1 + (width * bits_per_pixel + 7) // 8
    if len(raw) != height * stride:
        raise Broken(f"{what}: inflates to {len(raw)} bytes, expected {height * stride} for {width}x{height}")
    bad = next((row for row in range(height) if raw[row * stride] > 4), None)
    if bad is not None:
        raise Broken(f"{what}: row {bad} has filter type {raw[bad * stride]} (0-4 allowed)")


def check_file(path, animated):
    """Checks one file; returns its number of frames (1 for a still PNG)."""
    with open(path, "rb") as file:
        data = file.read()
    listed = list(chunks(data))
    if not listed or listed[0][0] != b"IHDR" or len(listed[0][1]) != 13:
        raise Broken("IHDR is not the first chunk")
    if listed[-1][0] != b"IEND":
        raise Broken("IEND is not the last chunk")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", listed[0][1])
    if width == 0 or height == 0:
        raise Broken(f"empty image ({width}x{height})")
    if colour not in CHANNELS or depth not in DEPTHS[colour] or compression or filtering or interlace > 1:
        raise Broken(f"invalid IHDR (depth {depth}, colour type {colour}, interlace {interlace})")
    bits = CHANNELS[colour] * depth
    kinds = [kind for kind, _ in listed]
    if kinds.count(b"IEND") != 1 or b"IDAT" not in kinds:
        raise Broken("no image data, or more than one IEND")
    first_idat = kinds.index(b"IDAT")
    idat_run = kinds[first_idat:first_idat + kinds.count(b"IDAT")]
    if any(kind != b"IDAT" for kind in idat_run):
        raise Broken("the IDAT chunks are not consecutive")
    image_data = b"".join(body for kind, body in listed if kind == b"IDAT")
    if interlace == 0:
        check_pixels(image_data, width, height, bits, "the image data (IDAT)")
    else:
        try:
            zlib.decompress(image_data)
        except zlib.error as error:
            raise Broken(f"the image data (IDAT) is corrupt ({error})") from None

    if b"acTL" not in kinds:
        if animated:
            raise Broken("no acTL chunk: not an animated PNG")
        return 1
    if kinds.index(b"acTL") > first_idat:
        raise Broken("acTL comes after the image data")
    frames, _plays = struct.unpack(">II", listed[kinds.index(b"acTL")][1])
    if animated and frames < 2:
        raise Broken(f"acTL announces {frames} frame(s); an animation needs more than one")

    # Walk the frames: each fcTL starts one; its data is the IDAT run (only for a frame before it) or
    # the fdAT chunks that follow it.
    expected_sequence = 0
    found = []  # [control tuple, index of its fcTL, bytes of its data]
    for index, (kind, body) in enumerate(listed):
        if kind in (b"fcTL", b"fdAT"):
            if len(body) < 4:
                raise Broken(f"{name(kind)} chunk too short")
            (sequence,) = struct.unpack(">I", body[:4])
            if sequence != expected_sequence:
                raise Broken(f"{name(kind)} has sequence number {sequence}, expected {expected_sequence}")
            expected_sequence += 1
        if kind == b"fcTL":
            if len(body) != 26:
                raise Broken(f"fcTL of length {len(body)}, expected 26")
            found.append([struct.unpack(">IIIIIHHBB", body), index, b""])
        elif kind == b"fdAT":
            if not found:
                raise Broken("fdAT before any fcTL")
            found[-1][2] += body[4:]
    if len(found) != frames:
        raise Broken(f"acTL announces {frames} frames but there are {len(found)} fcTL chunks")
    for number, (control, index, frame_data) in enumerate(found):
        _, w, h, x, y, _delay_num, _delay_den, dispose, blend = control
        what = f"frame {number}"
        if w == 0 or h == 0 or x + w > width or y + h > height:
            raise Broken(f"{what}: {w}x{h} at ({x}, {y}) is outside the {width}x{height} canvas")
        if dispose > 2 or blend > 1:
            raise Broken(f"{what}: dispose op {dispose} or blend op {blend} is invalid")
        if index < first_idat:
            if (w, h, x, y) != (width, height, 0, 0):
                raise Broken(f"{what}: the default image's frame must cover the whole canvas")
            if frame_data:
                raise Broken(f"{what}: the default image's frame also has fdAT chunks")
            continue  # its data is the IDAT, checked above
        if not frame_data:
            raise Broken(f"{what}: no fdAT data")
        if interlace == 0:
            check_pixels(frame_data, w, h, bits, what)
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--animated", action="store_true", help="require an APNG of more than one frame")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    problems = 0
    frames = 0
    for path in args.files:
        try:
            frames += check_file(path, args.animated)
        except (Broken, OSError) as error:
            print(f"{path}: {error}")
            problems += 1
    if problems:
        return 1
    print(f"pngframes: {len(args.files)} files, {frames} frames, all sound", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
