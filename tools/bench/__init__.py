"""Benchmarks: `python -m tools.bench NAME [options]` prints one JSON object.

Each benchmark is a module here with `add_arguments(parser)` and `run(args) -> dict`.
"""

BENCHMARKS = ("engine", "deal", "lockstep", "discovery", "client", "faults", "hostile",
              "night", "wifi", "bots", "links")
