"""Synthesize every sound under sounds/: `python -m tools.gen_sounds [--out DIR]`.

16-bit mono WAVs at 22,050 Hz from sine tones, envelopes and a seeded noise source,
with the standard library only; the same run always writes the same bytes.
"""

from __future__ import annotations

import argparse
import math
import struct
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE = 22050


class Noise:
    """A fixed linear congruential generator: the same 'random' hiss on every run."""

    def __init__(self, seed: int):
        self.state = seed

    def __call__(self) -> float:
        self.state = (1103515245 * self.state + 12345) % 2**31
        return self.state / 2**30 - 1


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def tone(freq: float, seconds: float, attack: float = 0.005, decay: float = 8.0,
         bend: float = 0.0, harmonics=(1.0,)) -> list[float]:
    """A tone with a fast attack and an exponential decay; `bend` glides the pitch (×/s)."""
    out, phase = [], 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        phase += 2 * math.pi * freq * (1 + bend * t) / RATE
        envelope = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(envelope * sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(harmonics)))
    return out


def hiss(seconds: float, seed: int, decay: float = 30.0, smooth: float = 0.5) -> list[float]:
    noise, out, last = Noise(seed), [], 0.0
    for i in range(int(RATE * seconds)):
        last = smooth * last + (1 - smooth) * noise()
        out.append(last * math.exp(-decay * i / RATE))
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Sum (start second, samples) parts into one track."""
    length = max(int(start * RATE) + len(samples) for start, samples in parts)
    track = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            track[offset + i] += value
    return track


def sounds() -> dict[str, list[float]]:
    return {
        "deal": mix((0, hiss(0.09, 1, decay=45, smooth=0.2))),
        "play": mix((0, hiss(0.12, 2, decay=35, smooth=0.6)), (0, tone(180, 0.12, decay=30))),
        "pass": mix((0, tone(220, 0.15, decay=25, harmonics=(1.0, 0.3)))),
        "trick": mix((0, hiss(0.35, 3, decay=9, smooth=0.7)), (0, tone(330, 0.3, bend=0.8,
                                                                        decay=10))),
        "buy": mix((0, tone(880, 0.6, decay=5, harmonics=(1.0, 0.4, 0.2))),
                   (0.12, tone(1175, 0.5, decay=6, harmonics=(1.0, 0.3)))),
        "tick": mix((0, tone(1500, 0.05, decay=80)), (0, hiss(0.03, 4, decay=120, smooth=0.1))),
        "kill": mix((0, tone(70, 0.8, decay=4, bend=-0.4, harmonics=(1.0, 0.6, 0.4, 0.3))),
                    (0, hiss(0.7, 5, decay=5, smooth=0.85))),
        "coins": mix(*[(i * 0.07, tone(1800 + 350 * (i % 3), 0.25, decay=18,
                                       harmonics=(1.0, 0.5))) for i in range(5)]),
        "win": mix(*[(i * 0.13, tone(f, 0.5, decay=5, harmonics=(1.0, 0.35, 0.15)))
                     for i, f in enumerate((523.3, 659.3, 784.0, 1046.5))]),
    }


def write(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, samples in sounds().items():
        peak = max(1e-9, max(abs(s) for s in samples))
        frames = b"".join(struct.pack("<h", round(28000 * s / peak)) for s in samples)
        path = out / f"{name}.wav"
        with wave.open(str(path), "wb") as sink:
            sink.setnchannels(1)
            sink.setsampwidth(2)
            sink.setframerate(RATE)
            sink.writeframes(frames)
        written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.gen_sounds", description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "sounds"), help="folder to write")
    args = parser.parse_args(argv)
    print(f"{len(write(Path(args.out)))} sounds in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
