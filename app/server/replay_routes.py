"""REST for finished games: replays step by step, and the room's running score
(docs/protocol.md, Replays and results)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel

from .deps import OptionalTokenDep
from .replays import MAX_PAGE, Replays
from .schemas import error_responses

router = APIRouter(prefix="/api", responses=error_responses(401, 403, 404, 409, 422, 429))


async def get_replays(request: Request) -> Replays:
    """The app's replay reader."""
    replays: Replays = request.app.state.replays
    return replays


ReplaysDep = Annotated[Replays, Depends(get_replays)]


class StepOut(BaseModel):
    """Where a step stands: its turn and phase after it, who acted (null: the set-up), and
    whether it is a pass the server made for a person's seat (a replay skips those)."""

    turn: int
    phase: str
    seat: int | None
    auto_pass: bool = False


class ReplayOut(BaseModel):
    """A page of a finished game's replay, seen from one perspective."""

    number: int
    config: dict[str, Any]
    seat: int | None  # the bearer's seat, if a token was sent
    perspective: int | str  # a seat number or "table"
    steps: int  # the number of actions; steps are 0 (the set-up) to `steps`
    outcome: dict[str, str]
    players: list[dict[str, Any]]  # who sat where in this game: {"seat", "name", "bot"}
    index: list[StepOut]
    frames: list[dict[str, Any]]


@router.get("/rooms/{code}/games/{number}/replay")
async def read_replay(
    code: str, number: int, replays: ReplaysDep, token: OptionalTokenDep = None,
    view: Annotated[str | None, Query(max_length=8, description="a seat or 'table'")] = None,
    start: Annotated[int, Query(alias="from", ge=0, le=100_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 50,
) -> ReplayOut:
    """A finished game, rebuilt from its actions: the step index and the frames (action,
    events, view) of steps `from`..`from + limit - 1`; a running game is refused (`not_over`).
    """
    page = await replays.page(code, number, token, view, start, limit)
    return ReplayOut.model_validate(page)


class ResultOut(BaseModel):
    """One finished game: who won, why, in how many turns, and who sat where."""

    number: int
    winner: str
    reason: str
    turns: int
    players: list[dict[str, Any]]  # {"seat", "name", "bot", "role", "won"}


class ResultsOut(BaseModel):
    """A room's finished games, oldest first, and the wins by side and by player name."""

    games: list[ResultOut]
    tally: dict[str, dict[str, int]]


@router.get("/rooms/{code}/results")
async def read_results(code: str, replays: ReplaysDep) -> ResultsOut:
    """The running score: every finished game of the room, the current one once over."""
    return ResultsOut.model_validate(await replays.results(code))
