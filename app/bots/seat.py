"""What a Hunted reads of the public table about herself and the tokens (her view only)."""

from __future__ import annotations

from typing import Any

from app.engine.hunt_registry import HUNT
from app.engine.vocab import TokenKind

from .base import View


def me(view: View) -> dict[str, Any]:
    """The view's public entry of the Hunted it belongs to."""
    return next(h for h in view["hunted"] if h["seat"] == view["seat"])


def hunted_at(view: View, seat: int) -> dict[str, Any]:
    """The public entry of the Hunted at `seat`."""
    return next(h for h in view["hunted"] if h["seat"] == seat)


def my_places(view: View) -> list[int]:
    """The places this Hunted stands on (revealed), none before the reveal."""
    return [place for place, _ in me(view)["positions"]]


def creature_like(view: View) -> set[int]:
    """Places under a token that catches: the Creature token, and a Target token acting as one
    (Clone's: the card's entry says so)."""
    tokens = view["board"]["tokens"]
    places = set(tokens.get("creature", []))
    if any(HUNT[card].target_as == TokenKind.CREATURE for card in view["board"]["target_cards"]):
        places |= set(tokens.get("target", []))
    return places


def danger(view: View, place: int) -> bool:
    """True if a token that catches or an Artemia token lies on this place."""
    return place in creature_like(view) or place in view["board"]["tokens"].get("artemia", [])


def rover_useful(view: View, hunted: dict[str, Any] | None = None) -> bool:
    """True if the Rover would gain this Hunted (default: me) a Place card she lacks."""
    owned = set((hunted or me(view))["owned"])
    return any(int(n) not in owned and count > 0 for n, count in view["board"]["reserve"].items())


def token_face(view: View, token: int) -> str | None:
    """What I know of a Contamination token's face ("icon", "blank"), None if unknown."""
    for hunted in view["hunted"]:
        for t in hunted["tokens"]:
            if t["id"] == token:
                face: str | None = t["face"]
                return face
    return None


def holder(view: View, token: int) -> dict[str, Any] | None:
    """The Hunted holding this Contamination token."""
    return next((h for h in view["hunted"] if any(t["id"] == token for t in h["tokens"])), None)
