"""`paperdb mcp`: the tools of `paperdb serve`'s `/-/mcp` over stdin and stdout, for assistants that
start a command rather than connect to a server. The same Datasette as `serve` (its read-only
connections, time limit and SQL functions) and the same MCP server datasette-mcp builds for it,
run over MCP's stdio transport instead of HTTP; stdout carries nothing but the protocol."""

from __future__ import annotations


def serve_stdio(db_file: str) -> None:
    """Answer MCP requests on stdin until it closes (or a signal stops it); migrates first if the
    schema is behind, as `serve` does (unless the file is on read-only media)."""
    import anyio

    from ...store.access import at_head, existing_database, on_read_only_media
    from ..app import make_datasette

    existing_database(db_file)
    immutable = on_read_only_media(db_file)
    if not immutable and not at_head(db_file):
        from ...store.engine import migrate_database

        migrate_database(db_file)
    datasette = make_datasette(db_file, immutable=immutable)
    anyio.run(_answer, datasette)


async def _answer(datasette) -> None:
    # (datasette-mcp's own constructor of the server `/-/mcp` answers with: its tools, the canned
    # queries' and, through the `register_mcp_tools` hook, paperdb's, exactly as served over HTTP)
    from datasette_mcp import create_mcp_server

    await datasette.invoke_startup()
    await create_mcp_server(datasette).run_stdio_async()
