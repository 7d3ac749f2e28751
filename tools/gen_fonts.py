"""Build the window's font: `python -m tools.gen_fonts [--fonts DIR] [--out DIR]`.

Every name a player types must draw, whatever its script. pygame's fonts (and so
pygame_gui's) draw from one file and show a box for a glyph it lacks, so the bundled
font is one file that holds them all: DejaVu Sans (Latin with every accent, Greek,
Cyrillic, the table's symbols), Noto Sans CJK (the Han characters of GB 2312, JIS X 0208,
and Big5's common level, kana, KS X 1001's 2,350 Hangul syllables and the jamo, CJK
punctuation and full-width forms) and Symbola's emoji (monochrome: pygame draws a colour
emoji font only as a 136 px bitmap). Each comes from a Debian package — `apt-get install
fonts-dejavu-core fonts-noto-cjk fonts-symbola` — and is redistributable (licences in
sprites/fonts/LICENSE).

Needs fontTools (`pip install fonttools`), a tool of this script only: the window reads
the built TTFs with pygame and ships no fontTools. The same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import codecs
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SYSTEM = Path("/usr/share/fonts")
SOURCES = {  # style: (DejaVu file, Noto CJK collection)
    "regular": ("truetype/dejavu/DejaVuSans.ttf", "opentype/noto/NotoSansCJK-Regular.ttc"),
    "bold": ("truetype/dejavu/DejaVuSans-Bold.ttf", "opentype/noto/NotoSansCJK-Bold.ttc"),
}
SYMBOLA = "truetype/ancient-scripts/Symbola_hint.ttf"
OUT = {"regular": "HoardSans.ttf", "bold": "HoardSans-Bold.ttf"}
FAMILY = "Hoard Sans"
CJK_FACE = "Noto Sans CJK JP"  # the collection's Japanese face: its Han forms read in all three
#: national character sets whose characters cover the names people have: each codec's
#: two-byte lead bytes to read (Big5's common level only; KS X 1001 for its Hangul syllables)
ENCODINGS = {"gb2312": range(0xA1, 0xF8), "euc_jp": range(0xA1, 0xF5),
             "big5": range(0xA4, 0xC7), "euc_kr": range(0xB0, 0xC9)}
BLOCKS = (  # ranges taken whole
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana and katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0x1100, 0x11FF),  # Hangul jamo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0xFF00, 0xFFEF),  # half- and full-width forms
)
EMOJI = (  # Symbola's share: pictographs and the emoji of the symbol blocks
    (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1F0FF), (0x1F300, 0x1F5FF),
    (0x1F600, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF),
)


def han() -> set[int]:
    """The Han characters and Hangul syllables of the four national sets."""
    found = set()
    for encoding, leads in ENCODINGS.items():
        decoder = codecs.getdecoder(encoding)
        for lead in leads:
            for trail in range(0x40, 0xFF):
                try:
                    text = decoder(bytes((lead, trail)))[0]
                except UnicodeDecodeError:
                    continue
                if len(text) == 1 and (0x4E00 <= ord(text) <= 0x9FFF or
                                       0xAC00 <= ord(text) <= 0xD7A3):
                    found.add(ord(text))
    return found


def spans(ranges) -> set[int]:
    return {c for low, high in ranges for c in range(low, high + 1)}


def subset(font, unicodes: set[int]):
    from fontTools import subset as fts

    options = fts.Options()
    options.layout_features = []  # no shaping tables: pygame lays text out glyph by glyph
    options.hinting = False
    options.name_IDs = []
    options.notdef_outline = True
    subsetter = fts.Subsetter(options)
    subsetter.populate(unicodes=unicodes & set(font.getBestCmap()))
    subsetter.subset(font)
    return font


def to_truetype(font, upem: int):
    """A CFF font as quadratic TrueType outlines at `upem` (the merge needs one format)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable
    from fontTools.ttLib.scaleUpem import scale_upem

    scale_upem(font, upem)
    glyphs = font.getGlyphSet()
    order = font.getGlyphOrder()
    table = newTable("glyf")
    table.glyphOrder = order
    table.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        table.glyphs[name] = pen.glyph()
    font["glyf"] = table
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
                  "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
                  "maxComponentElements", "maxPoints", "maxContours",
                  "maxCompositePoints", "maxCompositeContours", "maxComponentDepth"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    maxp.numGlyphs = len(order)
    font["head"].indexToLocFormat = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    return font


def cjk_face(path: Path):
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == CJK_FACE:
            return font
    raise SystemExit(f"no {CJK_FACE} in {path}")


def build(style: str, fonts: Path, out: Path, scratch: Path) -> Path:
    from fontTools.merge import Merger
    from fontTools.ttLib import TTFont

    dejavu_path, cjk_path = SOURCES[style]
    base = TTFont(str(fonts / dejavu_path))
    upem = base["head"].unitsPerEm
    have = set(base.getBestCmap())
    cjk = to_truetype(subset(cjk_face(fonts / cjk_path), (han() | spans(BLOCKS)) - have), upem)
    emoji = TTFont(str(fonts / SYMBOLA))
    have |= set(cjk.getBestCmap())
    emoji = subset(emoji, spans(EMOJI) - have)
    if emoji["head"].unitsPerEm != upem:
        from fontTools.ttLib.scaleUpem import scale_upem

        scale_upem(emoji, upem)
    parts = []
    for name, font in (("base", base), ("cjk", cjk), ("emoji", emoji)):
        for tag in ("GSUB", "GPOS", "GDEF", "kern", "vhea", "vmtx", "fpgm", "prep", "cvt ",
                    "gasp", "hdmx", "LTSH", "VDMX", "DSIG"):
            if tag in font and name != "base":
                del font[tag]
        path = scratch / f"{style}-{name}.ttf"
        font.save(str(path))
        parts.append(str(path))
    merged = Merger().merge(parts)
    for record in merged["name"].names:  # the merged face's own family name
        if record.nameID in (1, 16):
            record.string = FAMILY
        elif record.nameID in (4,):
            record.string = f"{FAMILY} {'Bold' if style == 'bold' else ''}".strip()
        elif record.nameID == 6:
            record.string = f"HoardSans-{'Bold' if style == 'bold' else 'Regular'}"
    target = out / OUT[style]
    merged.save(str(target))
    return target


def main(argv=None) -> int:
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m tools.gen_fonts", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fonts", default=str(SYSTEM),
                        help="where the Debian packages put their fonts (/usr/share/fonts)")
    parser.add_argument("--out", default=str(ROOT / "sprites" / "fonts"), help="folder to write")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for style in SOURCES:
            target = build(style, Path(args.fonts), out, Path(scratch))
            print(f"{target}: {target.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
