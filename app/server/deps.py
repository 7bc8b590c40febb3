"""FastAPI dependencies as Annotated aliases."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from .errors import ErrorCode, ServiceError
from .roles import Roles


async def get_roles(request: Request) -> Roles:
    """The app's roles (rooms, moves, reads, publisher, autoplay); `async`, as every
    dependency here: FastAPI runs a plain function in its thread pool, a thread hop per call."""
    roles: Roles = request.app.state.roles
    return roles


async def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The seat token from `Authorization: Bearer …` (tokens never travel in URLs)."""
    if not authorization or not authorization.startswith("Bearer "):
        raise ServiceError(ErrorCode.UNAUTHENTICATED)
    return authorization.removeprefix("Bearer ").strip()


async def optional_bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The seat token if one was sent."""
    return await bearer_token(authorization) if authorization else None


RolesDep = Annotated[Roles, Depends(get_roles)]
TokenDep = Annotated[str, Depends(bearer_token)]
OptionalTokenDep = Annotated[str | None, Depends(optional_bearer)]
