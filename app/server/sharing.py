"""Which held rooms another process holds too: a room's moves go out only once one does.

Routed by room (docs/cluster.md), a room is held by one process, and its moves' notices, heard
by nobody (or decoded by every process on the Postgres channel), cost a tenth of that
process's CPU. So the bus keeps a held room's moves back until another process is heard in
the room: its `ask` (sent by a process that begins holding a room), or a holder's answer to
ours (its presence, or `held` when it has no socket there). The last move kept back goes out
then: that holder's read of the room may have missed the moves kept back since, and this one
makes it read them from the log (a gap). A process that holds the room not (one answering a
REST call) sends every move; a room held while deaf, and every room after a lost connection,
counts as shared (an `ask` may have been missed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .notices import Played


@dataclass
class Sharing:
    """The rooms held here, those another process was heard holding, and each other held
    room's last move, kept back."""

    held: set[str] = field(default_factory=set)
    shared: set[str] = field(default_factory=set)
    kept: dict[str, Played] = field(default_factory=dict)

    def hold(self, code: str, heard: bool) -> None:
        """The room is held from now on (`heard`: its holders can answer our ask; else it
        counts as shared)."""
        self.held.add(code)
        if not heard:
            self.shared.add(code)

    def release(self, code: str) -> None:
        """The room is held here no more."""
        self.held.discard(code)
        self.shared.discard(code)
        self.kept.pop(code, None)

    def keep(self, code: str, played: Played) -> bool:
        """Keep the move back (True) when the room is held here by nobody else."""
        if code in self.held and code not in self.shared:
            self.kept[code] = played
            return True
        return False

    def heard(self, code: str) -> tuple[bool, Played | None]:
        """Another process was heard in the room: is it held here, and the move kept back
        (to send now), if any."""
        if code not in self.held:
            return False, None
        if code in self.shared:
            return True, None
        self.shared.add(code)
        return True, self.kept.pop(code, None)

    def deaf(self) -> None:
        """An ask may have been missed: every room held counts as shared."""
        self.shared.update(self.held)
        self.kept.clear()
