"""Rooms spread over several databases (shards): the rule that finds a room's shard from its code.

A room lives wholly in one shard, chosen when the room is made and written into its code: a
sharded code is `SHARDED_LENGTH` characters, the first naming the shard by its place in the
URL-safe base64 alphabet (`A` is shard 0, `B` shard 1, ...), the rest the usual 128 random bits.
A code of any other length (the 22 characters made before shards) lives in shard 0. So a room
is found from its code alone, with no lookup table, and adding a shard (appended to
`DATABASE_URLS`) moves no room: old codes still name their shard, new rooms go round all of
them. Shards are never reordered or removed: a code's shard is its position in the list.
"""

from __future__ import annotations

import itertools
import re
import secrets
import string
from collections.abc import Iterator

from .auth import new_room_code

ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
MAX_SHARDS = len(ALPHABET)  # 64: one character names the shard
SHARDED_LENGTH = 23  # the shard's character, then a 22-character random code
URL_SEPARATORS = re.compile(r"[\s,]+")


def shard_of(code: str) -> int:
    """The shard a room code names (its place in `DATABASE_URLS`): 0 for a code made before
    shards; possibly beyond the shards configured (a code no server of this cluster made)."""
    if len(code) == SHARDED_LENGTH and code[0] in ALPHABET:
        return ALPHABET.index(code[0])
    return 0


def sharded_code(shard: int) -> str:
    """A fresh room code that names `shard`."""
    if not 0 <= shard < MAX_SHARDS:
        raise ValueError(f"shard {shard} is not 0 to {MAX_SHARDS - 1}")
    return ALPHABET[shard] + new_room_code()


def shard_urls(database_url: str, database_urls: str) -> list[str]:
    """The shards' URLs, in order: `database_urls` (separated by commas or white space) when
    it names any, else `database_url` alone (one shard)."""
    urls = [url for url in URL_SEPARATORS.split(database_urls.strip()) if url]
    if len(urls) > MAX_SHARDS:
        raise ValueError(f"at most {MAX_SHARDS} shards")
    return urls or [database_url]


def share(total: int, shards: int, least: int = 2) -> int:
    """Each shard's part of a process's `total` connections (at least `least`, never more
    than `total`): a process's rooms spread over the shards, so together they need what one
    database needed."""
    return max(min(least, total), -(-total // shards))


class Placement:
    """Where new rooms go: every shard in turn, from a random one (so processes started
    together do not all fill the same shard first)."""

    def __init__(self, shards: int) -> None:
        self.shards = shards
        self._turns: Iterator[int] = itertools.count(secrets.randbelow(shards))

    def next(self) -> int:
        """The shard of the next room."""
        return next(self._turns) % self.shards

    def order(self) -> list[int]:
        """Every shard once, the next room's first: a room that cannot be made on one shard
        (it is down) is made on the next."""
        first = self.next()
        return [(first + step) % self.shards for step in range(self.shards)]
