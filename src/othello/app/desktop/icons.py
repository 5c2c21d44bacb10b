"""The game's PNG icon wrapped as a Windows ``.ico`` or a macOS ``.icns``, with the stdlib only.

Both formats may carry a PNG image as it is (Windows Vista and later, macOS 10.7 and later), so
no image library is needed: the app build uses them for the executable's icon, and the Windows
Start-menu shortcut of a pip-installed game points at the ``.ico``.
"""

from __future__ import annotations

import struct

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The icns element types that hold a PNG of each size (Apple's "Icon Services" types).
ICNS_TYPES = {
    16: b"icp4",
    32: b"icp5",
    64: b"icp6",
    128: b"ic07",
    256: b"ic08",
    512: b"ic09",
    1024: b"ic10",
}


class IconError(ValueError):
    """The picture cannot be made into an icon (not a PNG, or a size the format lacks)."""


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk."""
    if len(png) < 24 or png[:8] != PNG_SIGNATURE or png[12:16] != b"IHDR":
        raise IconError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def ico_from_png(png: bytes) -> bytes:
    """A one-image ``.ico``: the directory entry, then the PNG itself."""
    width, height = png_size(png)
    if not (1 <= width <= 256 and 1 <= height <= 256):
        raise IconError(f"an .ico image is at most 256x256, not {width}x{height}")
    header = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 = icon, one image
    offset = len(header) + 16
    entry = struct.pack(
        "<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(png), offset
    )  # 256 is written as 0; no palette; 1 plane; 32 bits per pixel
    return header + entry + png


def icns_from_png(png: bytes) -> bytes:
    """A one-image ``.icns``: the file header, then one element holding the PNG."""
    width, height = png_size(png)
    kind = ICNS_TYPES.get(width)
    if kind is None or width != height:
        sizes = ", ".join(str(s) for s in ICNS_TYPES)
        raise IconError(f"an .icns image is square, {sizes} pixels, not {width}x{height}")
    element = kind + struct.pack(">I", 8 + len(png)) + png
    return b"icns" + struct.pack(">I", 8 + len(element)) + element
