"""Every wording the engine gives an offer has words in the client, in English and French.

An offer's `wording` (app/engine/offers.py) is a key of the client's message catalogue
(static/js/messages_offers.js); the client fills it with the offer's targets. A power's, a
prompt option's or an ability's key must have words; a Survival card's may go without when it
points at places only or at nothing (the client then reads it "on The Jungle", or the card's
name alone). Seeded random games of both variants give the offers.
"""

from __future__ import annotations

import functools
import re
from random import Random

from app.engine import Config, active_seats, apply_unchecked, legal_actions, new_game, outcome
from app.engine.offers import offers
from app.engine.vocab import TargetKind

from .test_client_labels import JS, message_keys

TABLES = (("base", 2, True), ("frozen-lands", 3, True), ("frozen-lands", 5, True))
SEEDS = range(3)


@functools.cache
def wordings() -> dict[str, frozenset[TargetKind]]:
    """Each wording the seeded games offered, with the kinds of its targets."""
    found: dict[str, set[TargetKind]] = {}
    for variant, hunted, abilities in TABLES:
        for seed in SEEDS:
            rng, state = Random(seed), new_game(
                Config(hunted=hunted, variant=variant, abilities=abilities), seed)
            while outcome(state) is None and state.turn < 16:
                seat = rng.choice(active_seats(state))
                legal = legal_actions(state, seat)
                for offer in offers(state, seat, legal):
                    if offer.wording:
                        found.setdefault(offer.wording, set()).update(x.kind for x in offer.targets)
                state, _ = apply_unchecked(state, seat, rng.choice(legal))
    return {key: frozenset(kinds) for key, kinds in found.items()}


def without_words(keys: set[str], found: dict[str, frozenset[TargetKind]]) -> list[str]:
    """The wordings that need words and have none."""
    plain = {TargetKind.PLACE}
    return sorted(key for key, kinds in found.items() if key not in keys
                  and not (key.startswith("survival.") and kinds <= plain))


def offer_messages() -> str:
    return (JS / "messages_offers.js").read_text(encoding="utf-8")


def test_every_wording_offered_has_words() -> None:
    messages = "\n".join(p.read_text(encoding="utf-8") for p in sorted(JS.glob("messages*.js")))
    assert without_words(message_keys(messages), wordings()) == []


def test_every_kind_of_wording_is_offered() -> None:
    heads = {key.split(".")[0] for key in wordings()}
    assert heads == {"power", "survival", "choose", "ability"}


def test_each_wording_has_english_and_french() -> None:
    entries = re.findall(r'^  "([\w.-]+)": \{(.*?)\n?  ?\},?$', offer_messages(),
                         re.MULTILINE | re.DOTALL)
    assert entries
    assert [key for key, body in entries if "en:" not in body or "fr:" not in body] == []


def test_a_wording_without_words_is_reported() -> None:
    messages = offer_messages()
    found = wordings()
    assert "power.jungle" in found
    gone = messages.replace('"power.jungle":', '"power.jungle.gone":')
    assert without_words(message_keys(gone), found) == ["power.jungle"]
    seat_only = {"survival.made-up": frozenset({TargetKind.SEAT}),
                 "survival.plain": frozenset({TargetKind.PLACE})}
    assert without_words(message_keys(messages), seat_only) == ["survival.made-up"]
