"""paperdb for AI assistants over the Model Context Protocol: its tools (`tools`) on datasette-mcp's
`/-/mcp` endpoint of `paperdb serve`, and on `paperdb mcp` over stdio (`stdio`). See docs/assistants.md."""

from __future__ import annotations

import logging
from contextlib import suppress

# datasette-mcp's tool that runs writable canned queries: paperdb has none, and serves read-only.
WRITING_TOOLS = ("execute_writable_canned_query",)


def register_tools(datasette, mcp) -> None:
    """paperdb's tools on `mcp` (datasette-mcp's server for `datasette`), and none that writes."""
    from mcp.server.mcpserver.exceptions import ToolError

    from .tools import register

    # (MCPServer's constructor sets the root logger to INFO: a line on stderr per tool call and
    # per session, where `paperdb serve` says nothing but errors)
    logging.getLogger("mcp").setLevel(logging.WARNING)
    for name in WRITING_TOOLS:
        with suppress(ToolError):  # (registered only with `canned_queries: true`)
            mcp.remove_tool(name)
    register(datasette, mcp)
