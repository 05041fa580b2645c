"""Running Datasette's ASGI app: uvicorn (as `datasette serve` runs it) on a socket bound first, so
that a busy port is one line, through uvicorn's documented `Config(fd=...)` and `Server.run()`;
and stopped within seconds of a signal whatever the clients do."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Callable

from ..errors import PaperdbError

# After SIGINT or SIGTERM, how long responses in progress may take to finish before they are
# cancelled: a client that stops reading a `_stream=on` download would hold one forever.
GRACE_S = 2.0


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


def run(app, sock: socket.socket, started: Callable[[], None], stopping: Callable[[], None] | None = None) -> None:
    """Serve `app` on `sock` until a signal stops the server; `started()` once it has started
    (its signal handlers in place, so a signal from then on stops it cleanly), `stopping()` once
    it has stopped serving (to end the queries still running in threads)."""
    import uvicorn

    config = uvicorn.Config(
        _on_startup(_until_the_client_goes(app), started),
        fd=sock.fileno(),
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=GRACE_S,  # type: ignore[arg-type]  # (uvicorn waits a float of seconds)
    )
    server = uvicorn.Server(config)
    quiet = _QuietWhenStopping(server)
    loggers = [logging.getLogger(name) for name in ("uvicorn.error", "py.warnings")]
    for logger in loggers:
        logger.addFilter(quiet)
    logging.captureWarnings(True)  # (Python's warnings through the "py.warnings" logger, shown as before)
    try:
        server.run()
    finally:
        logging.captureWarnings(False)
        for logger in loggers:
            logger.removeFilter(quiet)
        if stopping is not None:
            stopping()


class _QuietWhenStopping(logging.Filter):
    """Once the server is stopping, leaves out what each response cut short says (uvicorn's
    "Cancel N running task(s)" line has said so already): uvicorn's complaint that it ended
    without a response, and Python's warning about a coroutine the response had made and not
    yet awaited when it was cancelled."""

    def __init__(self, server):
        super().__init__()
        self.server = server

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cut_short = message.startswith("ASGI callable returned without") or "was never awaited" in message
        return not (self.server.should_exit and cut_short)


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


class _ClientGone(BaseException):
    """The client of a response has disconnected: what the app would send goes nowhere. (Not an
    `Exception`: Datasette's CSV stream catches those and writes them into the response.)"""


def _until_the_client_goes(app):
    """ASGI middleware: a response stops at its next write once its client has disconnected
    (uvicorn drops what is sent after that without a word, so an aborted `_stream=on` download
    went on reading the whole table, for minutes), and one the server cancels at shutdown ends
    quietly. The client is listened to (ASGI's `http.disconnect`) only once the response has
    started: by then the app has read the request."""

    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        started, gone, complete = asyncio.Event(), False, False

        async def sending(message):
            nonlocal complete
            if gone:
                raise _ClientGone
            await send(message)
            if message["type"] == "http.response.start":
                started.set()
            elif not message.get("more_body", False):
                complete = True
            else:  # (a row at a time would not let the loop see a lost connection until the page ends)
                await asyncio.sleep(0)

        async def listening():
            nonlocal gone
            await started.wait()
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = not complete

        listener = asyncio.ensure_future(listening())
        try:
            await app(scope, receive, sending)
        except _ClientGone:
            pass
        except asyncio.CancelledError:  # the server is stopping: the response is cut short
            task = asyncio.current_task()
            if hasattr(task, "uncancel"):  # (Python 3.11+)
                task.uncancel()
        finally:
            listener.cancel()

    return wrapped
