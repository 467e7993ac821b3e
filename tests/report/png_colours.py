"""Counts the pixels of given colours in a PNG file (8-bit RGB or RGBA, not
interlaced, as Chromium writes its screenshots), with the standard library
only: tests/report_html.sh asks whether the histogram's bars and the heat
map's hottest cell are on the screenshot.

    python3 png_colours.py FILE RRGGBB...   prints one count per colour"""

import struct
import sys
import zlib


def pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("%s: not a PNG file" % path)
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    width, height, depth, colour, _, _, interlace = head
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit("%s: only 8-bit RGB/RGBA, not interlaced (depth %d, colour %d)" % (path, depth, colour))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return rows, bpp


def main():
    rows, bpp = pixels(sys.argv[1])
    want = [bytes.fromhex(c) for c in sys.argv[2:]]
    counts = [0] * len(want)
    for line in rows:
        for x in range(0, len(line), bpp):
            px = line[x:x + 3]
            for k, w in enumerate(want):
                if px == w:
                    counts[k] += 1
    print(" ".join(str(c) for c in counts))


if __name__ == "__main__":
    main()
