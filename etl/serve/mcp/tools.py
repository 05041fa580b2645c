"""paperdb's MCP tools, as an assistant sees them: a name, a description to choose by, and
arguments with their own descriptions; each answers from paperdb's tables through Datasette
(`reading`), checks its arguments first (`arguments`) and caps what it returns. Registered on
datasette-mcp's server (`/-/mcp`, the `register_mcp_tools` hook) and on `paperdb mcp`'s (stdio)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from mcp.types import ToolAnnotations
from pydantic import Field

from ..site import DATABASE
from . import papers, people, periods, similar, trends, venues
from .reader import Reader, catalogue_of, warm

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
Answer = dict[str, Any]

Venue = Annotated[str | None, Field(description="A venue as loaded (ICLR, NeurIPS, CVPR...; any case); none: all")]
Year = Annotated[int | None, Field(description="Only papers of this year")]
Decision = Annotated[
    Literal["accepted", "rejected", "withdrawn"] | None, Field(description="Only papers with this decision")
]
HasCode = Annotated[
    bool | None, Field(description="true: only papers that released code (an official link); false: only those without")
]
PaperId = Annotated[
    str,
    Field(
        description="A paper's id as paperdb shows it (16 hex digits), or its OpenReview, arXiv, DOI or ACL Anthology id"
    ),
]


def site_of(ctx: Context) -> str:
    """The address the site is served at, from the HTTP request (over stdio there is none: pages are paths)."""
    request = ctx.request_context.request
    base = getattr(request, "base_url", None)
    return str(base) if base is not None else ""


def register(datasette, mcp) -> None:
    """Add paperdb's tools to `mcp` (an `MCPServer`), answering from `datasette`'s `papers` database."""
    catalogue = catalogue_of(datasette)
    database = datasette.databases.get(DATABASE)
    slow = {"coverage": venues.read_coverage, "periods": periods.read_counts}
    warm(catalogue, database.path if database is not None else None, slow)

    def reader(ctx: Context) -> Reader:
        return Reader(catalogue, site_of(ctx))

    @mcp.tool(annotations=READ_ONLY)
    async def coverage(ctx: Context, venue: Venue = None) -> Answer:
        """What the catalogue holds: every venue with its years and papers, and the share of its papers
        whose sources gave abstracts, authors, decisions (and rejections), presentations, review ratings,
        author keywords and citations. With a venue: the same per year. Call it first to learn what
        venues and years there are."""
        return await venues.coverage(reader(ctx), venue)

    @mcp.tool(annotations=READ_ONLY)
    async def search_papers(
        ctx: Context,
        query: Annotated[str, Field(description="Words to find, as in a search box (word* matches a beginning)")],
        venue: Venue = None,
        year: Year = None,
        decision: Decision = None,
        has_code: HasCode = None,
        limit: Annotated[int, Field(description="Results, 1 to 50")] = 10,
    ) -> Answer:
        """Full-text search over titles, abstracts and keywords, ranked as the site's search ranks: papers
        with the words as typed, or in their title or keywords, first. Each result has its id (for
        get_paper and similar_papers), authors, venue, year, decision, code status, a snippet with the
        words found in **bold**, and its page on the site."""
        return await papers.search(reader(ctx), query, venue, year, decision, has_code, limit)

    @mcp.tool(annotations=READ_ONLY)
    async def get_paper(ctx: Context, paper_id: PaperId) -> Answer:
        """Everything paperdb knows of one paper: title, authors and their institutions, venue, year,
        decision and presentation, abstract, ids with their URLs (OpenReview, arXiv, DOI...), code links
        and code status, keywords, topics, the authors' keywords, review ratings, citations, its ten
        most similar papers and the versions of the same work at other venues or years."""
        return await papers.paper(reader(ctx), paper_id)

    @mcp.tool(annotations=READ_ONLY)
    async def keyword_trend(
        ctx: Context,
        keyword: Annotated[
            str, Field(description="A keyword or topic (diffusion models, GNN, reinforcement learning)")
        ],
        venue: Venue = None,
        year_from: Annotated[int | None, Field(description="First year; none: the first loaded")] = None,
        year_to: Annotated[int | None, Field(description="Last year; none: the last loaded")] = None,
        by_venue: Annotated[bool, Field(description="Also the series of the 10 venues with most such papers")] = False,
    ) -> Answer:
        """How a keyword or topic grew or shrank: per year, the papers that have it and their share of
        all that year's papers (of one venue, or of every venue). A keyword no paper has is counted in
        the papers whose text has all its words, and the answer says so."""
        return await trends.keyword_trend(reader(ctx), keyword, venue, year_from, year_to, by_venue)

    @mcp.tool(annotations=READ_ONLY)
    async def compare_periods(
        ctx: Context,
        first: Annotated[str, Field(description="The earlier period: a year (2017) or years (2013-2016)")],
        second: Annotated[str, Field(description="The later period: a year (2024) or years (2021-2024)")],
        venue: Venue = None,
        what: Annotated[
            Literal["keywords", "authors", "institutions"], Field(description="What to compare")
        ] = "keywords",
        min_papers: Annotated[int, Field(description="Papers a thing needs in a period to count")] = 5,
        limit: Annotated[int, Field(description="Rows of each list, 1 to 25")] = 10,
    ) -> Answer:
        """What emerged, faded and held between two periods: keywords (or authors, or institutions) by
        their share of each period's papers, so periods of different sizes compare. Emerged: its share
        at least doubled; faded: at least halved; held: present in both with a smaller change."""
        return await trends.compare(reader(ctx), first, second, venue, what, min_papers, limit)

    @mcp.tool(annotations=READ_ONLY)
    async def author_trajectory(
        ctx: Context,
        author: Annotated[str, Field(description="The author's name as papers write it (any case and accents)")],
        limit: Annotated[int, Field(description="Papers listed, newest first, 1 to 200")] = 30,
    ) -> Answer:
        """One author over the years: papers and venues per year, each year's top keywords and topics,
        the most frequent co-authors, the institutions their papers give, and their papers, newest first."""
        return await people.trajectory(reader(ctx), author, limit)

    @mcp.tool(annotations=READ_ONLY)
    async def field_landscape(
        ctx: Context,
        year: Annotated[int, Field(description="The year to describe")],
        venue: Venue = None,
        limit: Annotated[int, Field(description="Rows of each list, 1 to 50")] = 15,
    ) -> Answer:
        """The landscape of a year (at one venue, or at all): its top topics and keywords by papers, each
        with its share and the share the year before (the venue's previous year loaded), and the keywords
        that rose most since then."""
        return await trends.landscape(reader(ctx), year, venue, limit)

    @mcp.tool(annotations=READ_ONLY)
    async def conference_stats(
        ctx: Context,
        venue: Annotated[str, Field(description="A venue as loaded (ICLR, NeurIPS, CVPR...; any case)")],
        year: Annotated[int | None, Field(description="One year; none: every year of the venue")] = None,
    ) -> Answer:
        """A conference's statistics per year: papers, decisions and acceptance rate (where rejections are
        known), presentations (oral, spotlight, poster...), code released, review ratings (mean, of
        accepted and of rejected papers, reviewer confidence) and citations; with a year, its primary areas."""
        return await venues.stats(reader(ctx), venue, year)

    @mcp.tool(annotations=READ_ONLY)
    async def top_papers(
        ctx: Context,
        by: Annotated[Literal["citations", "rating"], Field(description="Order by citations or mean review rating")] = (
            "citations"
        ),
        venue: Venue = None,
        year: Year = None,
        decision: Decision = None,
        has_code: HasCode = None,
        keyword: Annotated[str | None, Field(description="Only papers with this keyword or topic")] = None,
        limit: Annotated[int, Field(description="Papers, 1 to 50")] = 10,
    ) -> Answer:
        """The most cited or best rated papers, within a venue, year, decision, code status or keyword."""
        return await papers.top(reader(ctx), by, venue, year, decision, has_code, keyword, limit)

    @mcp.tool(annotations=READ_ONLY)
    async def similar_papers(
        ctx: Context,
        paper_id: Annotated[str | None, Field(description="A paper's id (as get_paper takes it)")] = None,
        text: Annotated[str | None, Field(description="Or a text: an abstract, a draft, a few sentences")] = None,
        limit: Annotated[int, Field(description="Papers, 1 to 10 for a paper, 1 to 20 for a text")] = 10,
    ) -> Answer:
        """Papers similar to one paper (its ten most similar by title, abstract and keywords, as its page
        lists them) or to a free text (scored by the same measure), most similar first, each with its
        similarity from 0 to 1 (as the paper page shows it). Give one of paper_id or text."""
        return await similar.similar(reader(ctx), paper_id, text, limit)
