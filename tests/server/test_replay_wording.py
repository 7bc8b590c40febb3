"""A replay's step tells how its move read as an offer then (`wording`, `targets`), so that the
replay page words it as the player saw it; a prompt's option (which may point at what only its
actor saw: the Survival card given) only to its actor and to the table."""

from __future__ import annotations

from random import Random
from types import SimpleNamespace
from typing import Any

from app.engine import (
    Config,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
    outcome,
    view_for,
)
from app.engine.actions import Choose
from app.engine.wire import action_fields
from app.server.replays import TABLE, frame, rebuild

CONFIG = Config(hunted=3, variant="frozen-lands", abilities=True)
SEED = 5


def _played() -> tuple[list[Any], list[dict[str, Any]]]:
    """A seeded random game's log rows and, per move, the offer its actor was shown."""
    rng, state = Random(SEED), new_game(CONFIG, SEED)
    rows: list[Any] = []
    shown: list[dict[str, Any]] = []
    while outcome(state) is None and len(rows) < 300:
        seat = rng.choice(active_seats(state))
        action = rng.choice(legal_actions(state, seat))
        offers = view_for(state, seat)["offers"]
        assert isinstance(offers, list)
        shown.append(next(o for o in offers if isinstance(o, dict)
                          and o["action"] == action_fields(action)))
        rows.append(SimpleNamespace(seat=seat, action=action_fields(action), by=None,
                                    chose=isinstance(action, Choose)))
        state, _ = apply_unchecked(state, seat, action)
    return rows, shown


def test_each_step_reads_as_its_offer_did_and_a_choice_only_to_its_actor() -> None:
    rows, shown = _played()
    replayed = rebuild(1, CONFIG, SEED, rows)
    worded = chose = 0
    for step, (row, offer) in enumerate(zip(rows, shown, strict=True), start=1):
        own = frame(replayed, step, row.seat)
        told = {k: own[k] for k in ("wording", "targets") if k in own}
        assert told.get("wording", "") == offer.get("wording", ""), step
        assert told.get("targets", []) == offer["targets"], step
        assert "wording" in frame(replayed, step, TABLE)
        other = frame(replayed, step, 1 if row.seat != 1 else 2)
        assert ("wording" in other) is not row.chose, step
        worded += bool(offer.get("wording"))
        chose += row.chose
    assert worded and chose, "the game gave no worded offer or no prompt option"
