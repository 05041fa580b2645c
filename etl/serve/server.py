"""Running Datasette's ASGI app: uvicorn (as `datasette serve` runs it) on a socket bound first, so
that a busy port is one line, through uvicorn's documented `Config(fd=...)` and `Server.run()`."""

from __future__ import annotations

import errno
import socket
from collections.abc import Callable

from ..errors import PaperdbError


def listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening (`port` 0: one the system chooses)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise PaperdbError(f"{host}:{port}: port already in use; choose another with --port") from None
        raise PaperdbError(f"{host}:{port}: {exc.strerror or exc}") from None
    return sock


def run(app, sock: socket.socket, started: Callable[[], None]) -> None:
    """Serve `app` on `sock` until a signal stops the server; `started()` once it has started
    (its signal handlers in place, so a signal from then on stops it cleanly)."""
    import uvicorn

    config = uvicorn.Config(_on_startup(app, started), fd=sock.fileno(), log_level="warning", lifespan="on")
    uvicorn.Server(config).run()


def _on_startup(app, started: Callable[[], None]):
    """ASGI middleware: `started()` once the app has answered the server's lifespan startup."""

    async def wrapped(scope, receive, send):
        if scope["type"] != "lifespan":
            return await app(scope, receive, send)

        async def sending(message):
            await send(message)
            if message["type"] == "lifespan.startup.complete":
                started()

        return await app(scope, receive, sending)

    return wrapped
