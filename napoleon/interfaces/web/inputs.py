"""What a request brings: its JSON body and its query string, read through
:mod:`napoleon.schemas.web` (anything else is an :class:`~.errors.ApiError` 4xx)."""

from __future__ import annotations

from typing import TypeVar

from starlette.requests import Request

from ...schemas import load_json, parse
from ...schemas.web import MAX_BODY
from .errors import ApiError

M = TypeVar("M")


async def read_body(request: Request, model: type[M], what: str, required: bool = True) -> M:
    """The request's JSON body as ``model`` (:mod:`napoleon.schemas.web`); ApiError 400/413/415 when it is not one.

    The size is checked as the body arrives, so an oversized one is never
    read whole; an empty body is ``{}`` unless ``required``.
    """
    raw = await read_capped(request, MAX_BODY, f"request body too large (over {MAX_BODY} bytes)")
    if not raw.strip():
        if required:
            raise ApiError(400, "expected a JSON object in the request body, got nothing")
        return parse(model, {}, what)
    kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    if kind not in ("application/json", ""):
        raise ApiError(415, f"expected a JSON body (Content-Type: application/json), not {kind[:60]}")
    obj = load_json(raw, "the request body", MAX_BODY)
    if not isinstance(obj, dict):
        raise ApiError(400, f"expected a JSON object, not {type(obj).__name__}")
    return parse(model, obj, what)


def read_query(request: Request, model: type[M], what: str) -> M:
    """The request's query string as ``model`` (the last value of a parameter given twice)."""
    return parse(model, dict(request.query_params), what)


__all__ = ["read_body", "read_query"]


async def read_capped(request: Request, limit: int, too_large: str) -> bytes:
    """The request's body, read as it arrives; ApiError 413 with ``too_large`` once it passes
    ``limit`` bytes, so an oversized body is never held whole."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, too_large)
        chunks.append(chunk)
    return b"".join(chunks)
