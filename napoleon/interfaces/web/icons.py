"""The static site's icons: a card on green baize, as SVG and as the PNGs a phone's home screen asks for.

The PNGs are drawn here (no image library): a rounded white card with a red
diamond, on the page's green, with the margin a "maskable" icon needs.
"""

from __future__ import annotations

import struct
import zlib

BAIZE = (30, 107, 58)
CARD = (250, 250, 245)
RED = (190, 30, 45)

ICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#1e6b3a"/>
<rect x="27" y="18" width="46" height="64" rx="6" fill="#fafaf5"/>
<path d="M50 32 L63 50 L50 68 L37 50 Z" fill="#be1e2d"/>
</svg>
"""


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) of the unit square, as ICON_SVG draws it."""
    cx, cy = x * 100, y * 100
    if abs(cx - 50) / 13 + abs(cy - 50) / 18 <= 1:
        return RED
    if 27 <= cx <= 73 and 18 <= cy <= 82:
        r = 6
        nx, ny = min(max(cx, 27 + r), 73 - r), min(max(cy, 18 + r), 82 - r)
        if (cx - nx) ** 2 + (cy - ny) ** 2 <= r * r:
            return CARD
    return BAIZE


def icon_png(size: int) -> bytes:
    """The icon as a ``size`` x ``size`` PNG."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            rows.extend(_pixel((i + 0.5) / size, (j + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


__all__ = ["ICON_SVG", "icon_png"]
