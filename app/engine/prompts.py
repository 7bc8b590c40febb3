"""Layers of prompts: the last layer is the active one; in it, a seat answers its first prompt."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

from .state import GameState, Prompt
from .vocab import PromptKind

if TYPE_CHECKING:
    from .actions import Action
    from .events import Event
    from .seat_view import Target

Legal = Callable[[GameState, Prompt], "list[Action]"]
Answer = Callable[[GameState, Prompt, "Action", "list[Event]"], None]

# How a Choose option of the prompt reads (the view's offers): the words' key (a key of the
# client's message catalogue) and what the option points at, from the prompt and the option.
Reads = Callable[[Prompt, str], "tuple[str, tuple[Target, ...]]"]


class PromptRule(NamedTuple):
    """What a kind of prompt lets its seat do (`legal`), what an answer does (`answer`) and,
    when its options are not plain words, how a Choose option reads (`reads`)."""

    legal: Legal
    answer: Answer
    reads: Reads | None = None


class DuplicatePrompt(ValueError):
    """Two modules define the same prompt kind: one would silently win."""


def prompt_table(*parts: Iterable[tuple[PromptKind, PromptRule]]) -> dict[PromptKind, PromptRule]:
    """One table from several modules' rules; a kind defined twice is refused."""
    table: dict[PromptKind, PromptRule] = {}
    for part in parts:
        for kind, rule in part:
            if kind in table:
                raise DuplicatePrompt(f"prompt kind {kind!r} is defined twice")
            table[kind] = rule
    return table


def current_prompt(state: GameState, seat: int) -> Prompt | None:
    """The prompt `seat` must answer now, if any."""
    if not state.layers:
        return None
    for prompt in state.layers[-1]:
        if prompt.seat == seat:
            return prompt
    return None


def active_seats(state: GameState) -> list[int]:
    """Seats that owe an answer now, in seat order."""
    if not state.layers:
        return []
    layer = state.layers[-1]
    if len(layer) == 1:  # the usual case: one seat owes an answer
        return [layer[0].seat]
    return sorted({p.seat for p in layer})


def push_layer(state: GameState, prompts: list[Prompt]) -> None:
    """Make `prompts` the active layer, blocking every layer below until answered."""
    if prompts:
        state.layers.append(prompts)


def remove_prompt(state: GameState, prompt: Prompt) -> None:
    """Drop an answered prompt from the layer holding it (an answer may have pushed a new
    layer above it); `advance` later drops emptied layers."""
    for layer in reversed(state.layers):
        for index, pending in enumerate(layer):
            if pending is prompt:  # identity first: comparing dataclasses field by field is slow
                del layer[index]
                return
    for layer in reversed(state.layers):
        if prompt in layer:  # an equal copy (a state rebuilt from JSON)
            layer.remove(prompt)
            return
    raise ValueError(f"{prompt} is not pending")


def drop_empty_layers(state: GameState) -> None:
    """An emptied layer gives the turn back to the one below."""
    if not all(state.layers):
        state.layers[:] = [layer for layer in state.layers if layer]


def replace_prompt(state: GameState, prompt: Prompt, new: Prompt) -> None:
    """Swap an answered prompt for its follow-up, keeping its place in the layer."""
    layer = state.layers[-1]
    layer[layer.index(prompt)] = new


def add_to_layer(state: GameState, new: Prompt) -> None:
    """Give a seat a follow-up to answer before anything else it owes in the active layer."""
    if not state.layers:
        state.layers.append([new])
        return
    layer = state.layers[-1]
    for index, prompt in enumerate(layer):
        if prompt.seat == new.seat:
            layer.insert(index, new)
            return
    layer.append(new)


def has_prompt(state: GameState, seat: int, kind: str) -> bool:
    """True if the active layer holds a prompt of `kind` for `seat`."""
    return bool(state.layers) and any(
        p.seat == seat and p.kind == kind for p in state.layers[-1]
    )
