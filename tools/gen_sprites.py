"""Write every SVG under sprites/: `python -m tools.gen_sprites [--out DIR] [--sheet PNG]`.

The same run always writes the same bytes (no randomness, no dates). Each deck's art is
a module under tools/art exposing `sprites()`: its paths under sprites/ and their SVG text.
"""

from __future__ import annotations

import argparse
import importlib
import math
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ART = ("tools.art.table", "tools.art.dragon", "tools.art.den", "tools.art.wild",
       "tools.art.gold")


def sprites() -> dict[str, str]:
    """Every sprite's path under sprites/ and its SVG text."""
    found: dict[str, str] = {}
    for module in ART:
        found.update(importlib.import_module(module).sprites())
    return found


def write(out: Path) -> list[Path]:
    written = []
    for name, text in sprites().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written  # the fonts in sprites/fonts are tools.gen_fonts's


def sheet(out: Path, deck: str, png: Path) -> None:
    """Every card of a deck on one PNG, to look at the art."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    files = sorted((p for p in (out / deck).glob("*.svg") if p.stem.isdigit()),
                   key=lambda p: int(p.stem))
    columns, size = 13, (100, 140)
    rows = math.ceil(len(files) / columns)
    page = pygame.Surface((columns * 106 + 6, rows * 146 + 6))
    page.fill((29, 85, 56))
    for i, path in enumerate(files):
        image = pygame.image.load_sized_svg(str(path), size)
        page.blit(image, (6 + (i % columns) * 106, 6 + (i // columns) * 146))
    pygame.image.save(page, str(png))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.gen_sprites", description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "sprites"), help="folder to write")
    parser.add_argument("--sheet", metavar="PNG", help="also write a contact sheet of a deck")
    parser.add_argument("--deck", default="dragon", help="the deck of --sheet")
    args = parser.parse_args(argv)
    out = Path(args.out)
    print(f"{len(write(out))} sprites in {out}")
    if args.sheet:
        sheet(out, args.deck, Path(args.sheet))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
