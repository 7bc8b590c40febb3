"""Who made a move the server made for a person's seat (logged with the move, sent with its
events as `by`; docs/protocol.md). A person's own move, and a computer seat's, have none."""

from __future__ import annotations

from enum import StrEnum


class By(StrEnum):
    """Why the server moved for a seat whose player did not."""

    AUTO_PASS = "auto_pass"  # the seat's auto-pass mode passed for it
    CLOCK = "clock"  # its clock ran out: the computer moved
    COMPUTER = "computer"  # its player is away: the computer plays the seat until they return


def seen_by(by: str | None, actor: int, seat: int | None) -> str | None:
    """The mark `seat` may see on a move of `actor`'s while the game runs: a clock's and a
    stand-in's are public (the `timeout` and the lobby say so already), an automatic pass
    only its own seat's, since to the others it would tell that the seat had nothing else
    it could play (the random delay keeps the timing from telling it too)."""
    return by if by != By.AUTO_PASS or seat == actor else None
