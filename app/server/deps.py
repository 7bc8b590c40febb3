"""FastAPI dependencies as Annotated aliases."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from .autoplay import Autoplay
from .errors import ErrorCode, ServiceError
from .hub import Hub
from .service import GameService
from .settings import Settings


def get_service(request: Request) -> GameService:
    """The app's service layer."""
    service: GameService = request.app.state.service
    return service


def get_hub(request: Request) -> Hub:
    """The app's realtime hub."""
    hub: Hub = request.app.state.hub
    return hub


def get_settings(request: Request) -> Settings:
    """The app's settings."""
    settings: Settings = request.app.state.settings
    return settings


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The seat token from `Authorization: Bearer …` (tokens never travel in URLs)."""
    if not authorization or not authorization.startswith("Bearer "):
        raise ServiceError(ErrorCode.UNAUTHENTICATED)
    return authorization.removeprefix("Bearer ").strip()


def optional_bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token if one was sent."""
    return bearer_token(authorization) if authorization else None


def get_autoplay(request: Request) -> Autoplay:
    """The app's computer players."""
    autoplay: Autoplay = request.app.state.autoplay
    return autoplay


ServiceDep = Annotated[GameService, Depends(get_service)]
AutoplayDep = Annotated[Autoplay, Depends(get_autoplay)]
HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
TokenDep = Annotated[str, Depends(bearer_token)]
OptionalTokenDep = Annotated[str | None, Depends(optional_bearer)]
