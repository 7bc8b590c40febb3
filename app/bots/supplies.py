"""What each Survival card and sheet ability is worth to the heuristic Hunted where she may use
it: every one has a moment where it pays, so none is held for ever."""

from __future__ import annotations

from collections.abc import Callable

from app.engine.actions import PlaySurvivalCard, UseAbility

from .base import View
from .seat import creature_like, danger, holder, hunted_at, me, my_places, rover_useful, token_face

# A phase-1 card is played in Exploration when it is worth more than this; below, it waits.
PLAY_NOW = 1.0
# What a Place card is worth keeping in hand, by number (Rescue places and recovery first).
CARD_VALUE: dict[int, float] = {1: 1.2, 2: 1.4, 3: 0.9, 4: 1.6, 5: 1.2, 6: 1.6, 7: 1.5,
                                8: 2.0, 9: 1.3, 10: 1.5}
# How much the Creature's Hunt cards hurt, to pick the one Intercept sends away.
HUNT_CARD_HARM: dict[str, float] = {
    "stasis": 2.5, "blizzard": 2.0, "clone": 1.5, "fierceness": 1.2, "anticipation": 1.1,
    "detour": 1.0, "contagion": 1.0, "thin-ice": 1.0, "mutation": 0.9, "virus": 0.8,
    "force-field": 0.8, "flashback": 0.7, "scream": 0.7, "hypothermia": 0.7,
}


def endgame(view: View) -> bool:
    """The last turns: the Rescue counter or the Assimilation counter nears its end."""
    board = view["board"]
    return bool(board["rescue"] <= 3 or board["assimilation"] <= 2)


def phase1_worth(view: View, action: PlaySurvivalCard) -> float:
    """What playing this Exploration card now is worth (played above PLAY_NOW)."""
    rule = _PHASE1.get(action.card)
    return rule(view, action) if rule is not None else 0.0


def _adrenaline(view: View, action: PlaySurvivalCard) -> float:
    return 2.0 if me(view)["will"] <= 2 else 0.0


def _strike_back(view: View, action: PlaySurvivalCard) -> float:
    return 1.5 if view["creature"]["hand"] >= 2 else 0.0


def _sixth_sense(view: View, action: PlaySurvivalCard) -> float:
    return 1.5 if me(view)["discard_count"] >= 2 and len(view["you"]["hand"]) <= 3 else 0.0


def _sacrifice(view: View, action: PlaySurvivalCard) -> float:
    """No Hunt card this turn: worth most at the end (Stasis, Blizzard), at the cost of the
    least useful Place card in hand."""
    if not view["creature"]["hand"] or len(view["you"]["hand"]) < 3:
        return 0.0
    cost = 0.3 * CARD_VALUE[action.places[0]]
    return (1.7 if endgame(view) else 0.6) - cost


def _smokescreen(view: View, action: PlaySurvivalCard) -> float:
    """The Creature reads the Hunted from their discard piles: hiding them blurs its reading."""
    discards = sum(h["discard_count"] for h in view["hunted"])
    return 0.5 * float(discards) / max(1, len(view["hunted"]))


def _hand_warmers(view: View, action: PlaySurvivalCard) -> float:
    will: int = hunted_at(view, action.places[0])["will"]
    if will == 1:
        return 2.0
    return 1.1 if will == 2 and view["board"]["rescue"] <= 6 else 0.0


def _radio_relay(view: View, action: PlaySurvivalCard) -> float:
    friend = hunted_at(view, action.places[0])
    short = 0.2 if friend["hand"] <= 2 else 0.0
    discards: int = friend["discard_count"]
    return 0.5 * min(2, discards) + short


def _vaccine(view: View, action: PlaySurvivalCard) -> float:
    """No token this turn: late, when a token weighs on the reveal, for whoever holds most."""
    tokens = len(hunted_at(view, action.places[0])["tokens"])
    return (1.1 if view["board"]["rescue"] <= 5 else 0.3) + 0.05 * tokens


def _whisper(view: View, action: PlaySurvivalCard) -> float:
    """A private word changes nothing between bots: play it when no other card needs the
    turn's one Survival play."""
    return 1.05 if len(view["you"]["survival_cards"]) == 1 else 0.0


def _blood_test(view: View, action: PlaySurvivalCard) -> float:
    """Reveal a token, discarded if infected: a known icon first, then an unknown one."""
    face = token_face(view, action.places[0])
    owner = holder(view, action.places[0])
    mine = 0.1 if owner is not None and owner["seat"] == view["seat"] else 0.0
    return {"icon": 2.5, "blank": 0.0}.get(face or "", 1.2) + mine


_PHASE1: dict[str, Callable[[View, PlaySurvivalCard], float]] = {
    "adrenaline": _adrenaline, "strike-back": _strike_back, "sixth-sense": _sixth_sense,
    "ingenuity": lambda view, action: 1.2, "sacrifice": _sacrifice, "smokescreen": _smokescreen,
    "hand-warmers": _hand_warmers, "radio-relay": _radio_relay, "vaccine": _vaccine,
    "whisper": _whisper, "blood-test": _blood_test,
}


def window_worth(view: View, action: PlaySurvivalCard) -> float:
    """What playing this Survival card in a window (phases 2-4, a place action) is worth;
    below 0 it waits (a Pass is worth 0)."""
    rule = _WINDOW.get(action.card)
    return rule(view, action) if rule is not None else 0.3


def _under_creature(view: View) -> bool:
    return any(p in creature_like(view) for p in my_places(view))


def _move_token(view: View, action: PlaySurvivalCard) -> float:
    """Wrong Track, Hologram: move the token off my place, to a place nobody stands on."""
    origin, destination = action.places
    if origin not in my_places(view):
        return -1.0
    crowd = sum(1 for h in view["hunted"] for p, _ in h["positions"] if p == destination)
    return 2.5 - float(crowd)


def _vortex(view: View, action: PlaySurvivalCard) -> float:
    out, into = action.places
    return 2.5 if danger(view, out) and not danger(view, into) else -1.0


def _roped_together(view: View, action: PlaySurvivalCard) -> float:
    origin, destination = action.places
    return 2.0 if danger(view, origin) and not danger(view, destination) else -1.0


def _huddle(view: View, action: PlaySurvivalCard) -> float:
    """One Hunted suffers the token for all at my place: the one with Will to spare."""
    place, seat = action.places
    here = sum(1 for h in view["hunted"] for p, _ in h["positions"] if p == place)
    if place not in creature_like(view) or here < 2:
        return -1.0
    will: int = hunted_at(view, seat)["will"]
    return 1.0 + here * 0.5 + 0.2 * will


def _scrub_down(view: View, action: PlaySurvivalCard) -> float:
    """Discard tokens at my place instead of the place's power: 1.3 a token."""
    tokens = [len(hunted_at(view, s)["tokens"]) for s in set(action.places)]
    return 1.3 * min(len(action.places), sum(tokens))


def _body_heat(view: View, action: PlaySurvivalCard) -> float:
    regains = sum(1 for h in (me(view), hunted_at(view, action.places[0])) if 1 <= h["will"] <= 2)
    return 0.9 * regains - 0.5


def _antidote(view: View, action: PlaySurvivalCard) -> float:
    tokens = hunted_at(view, action.places[0])["tokens"]
    icons = sum(t["face"] == "icon" for t in tokens)
    return -1.0 if not tokens else 0.8 + 2.0 * icons + (0.8 if view["board"]["rescue"] <= 4
                                                      else 0.0)


def _look(view: View, action: PlaySurvivalCard) -> float:
    return 0.8 if token_face(view, action.places[0]) is None else -0.5


_WINDOW: dict[str, Callable[[View, PlaySurvivalCard], float]] = {
    "dodge": lambda view, action: 3.0 if _under_creature(view) else -1.0,
    "detector": lambda view, action: 1.5 if any(
        p in view["board"]["tokens"].get("artemia", []) for p in my_places(view)) else -1.0,
    "windbreak": lambda view, action: 1.5 if any(
        p in view["board"]["tokens"].get("target", []) for p in my_places(view)) else -1.0,
    "wrong-track": _move_token, "hologram": _move_token, "vortex": _vortex,
    "roped-together": _roped_together, "huddle": _huddle, "scrub-down": _scrub_down,
    "body-heat": _body_heat, "antidote": _antidote, "field-lab": _look,
    "drone": lambda view, action: 1.2 if rover_useful(view) else 1.0,
    "gate": lambda view, action: 1.0, "amplifier": lambda view, action: 2.0,
    "double-back": lambda view, action: 1.2 if len(view["you"]["hand"]) <= 2 else -0.5,
    "signal-mirror": lambda view, action: 0.8 if view["board"]["tokens"] else -0.5,
    "supply-drop": lambda view, action: 1.0, "relay-runner": lambda view, action: 0.7,
}


def ability_worth(view: View, action: UseAbility) -> float:
    """What using a sheet ability now is worth (a Pass is worth 0)."""
    ability = action.ability
    if ability == "intercept":
        return 1.5 if endgame(view) else 0.0
    if ability == "change-of-plan":
        return 3.0 if action.place is not None and danger(view, action.place) else -1.0
    if ability == "share-supplies" and action.hunted is not None:
        mine = len(view["you"]["survival_cards"])
        theirs: int = hunted_at(view, action.hunted)["survival"]
        return 0.5 * (mine - theirs - 1)
    return 1.0  # Triage, Stand Together: a Will kept is always worth it
