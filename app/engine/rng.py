"""Seeded, replayable randomness: a seed and a counter kept in the state."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")


def shuffled(seed: int, counter: int, items: Sequence[T]) -> list[T]:
    """A Fisher-Yates shuffle of `items` drawn from (seed, counter); stable across Pythons."""
    # Random(str) hashes the string with SHA-512, and random() is specified to be stable,
    # unlike Random.shuffle whose algorithm may change between versions.
    rng = Random(f"not-alone:{seed}:{counter}")
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
