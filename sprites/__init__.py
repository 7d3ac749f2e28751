"""Card, table and badge art: SVG written by `python -m tools.gen_sprites`, drawn at run time."""
