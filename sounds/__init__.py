"""Sound effects: WAV files synthesized by `python -m tools.gen_sounds`."""
