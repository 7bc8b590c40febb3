"""REST: the catalogue of the game's words (places, cards, sheets, abilities) in a language."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Response

from app.engine.catalogue import catalogue

from .schemas import ErrorOut

router = APIRouter(prefix="/api", responses={422: {"model": ErrorOut}, 429: {"model": ErrorOut}})


@router.get("/catalogue/{language}")
async def read_catalogue(language: Literal["en", "fr"], response: Response) -> dict[str, Any]:
    """Every name and short text of the material, in English or French; the same for
    everyone, so browsers may keep it a while."""
    response.headers["Cache-Control"] = "public, max-age=300"
    return catalogue(language)
