"""How the API refuses a request: :class:`ApiError`, and the handlers that answer every error
as a 4xx (or 500) with ``{"error": "..."}``."""

from __future__ import annotations

from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...engine.errors import IllegalMoveError, NapoleonError
from ...schemas import InputTooLargeError


class ApiError(Exception):
    """A request the API refuses: its status and a message for the player (and more fields, if any)."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def error_response(status: int, message: str, **extra: Any) -> JSONResponse:
    """The answer to a refused request: ``{"error": message, ...}`` with that status."""
    return JSONResponse({"error": message, **extra}, status_code=status)


async def on_api_error(request: Request, exc: Exception) -> Response:
    """A refusal of the API's own, with its status and extra fields."""
    assert isinstance(exc, ApiError)
    response = error_response(exc.status, exc.message, **exc.extra)
    if "retry_after" in exc.extra:  # a busy answer: when to ask again, as HTTP says it too
        response.headers["Retry-After"] = str(exc.extra["retry_after"])
    return response


async def on_napoleon_error(request: Request, exc: Exception) -> Response:
    """An error of the engine or the schemas: 422 for an illegal move, 413 for input too large, else 400."""
    if isinstance(exc, InputTooLargeError):
        return error_response(413, str(exc))
    return error_response(422 if isinstance(exc, IllegalMoveError) else 400, str(exc))


async def on_http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (no such route, method not allowed) in the API's form."""
    assert isinstance(exc, HTTPException)
    message = {404: f"nothing at {request.url.path}", 405: f"{request.method} is not allowed on {request.url.path}"}
    return error_response(exc.status_code, message.get(exc.status_code, str(exc.detail)))


EXCEPTION_HANDLERS = {ApiError: on_api_error, NapoleonError: on_napoleon_error, HTTPException: on_http_error}
"""The app's handlers: the API's refusals, the engine's and the schemas' errors, Starlette's own."""

__all__ = ["EXCEPTION_HANDLERS", "ApiError", "error_response"]
