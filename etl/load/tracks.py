"""One spelling per track of a venue (`etl.extract.tracks`), redone at the end of a load that
read or removed files: from every record's track as written, so a load gives what a cold load of
the same files gives, whatever their order."""

from __future__ import annotations

from ..extract.tracks import respelled
from ..store.writer import Writer

# The tracks records give, by their paper's venue, and the papers' tracks as written now (none of
# their records may give one any more), counted 0 (every venue: a few hundred rows for a catalogue).
TRACKS_GIVEN = """SELECT p.venue, ps.track, count(*) FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE ps.track IS NOT NULL AND p.venue IS NOT NULL GROUP BY p.venue, ps.track
UNION ALL SELECT DISTINCT venue, track, 0 FROM papers WHERE track IS NOT NULL AND venue IS NOT NULL"""
RESPELL = "UPDATE papers SET track = :kept WHERE venue = :venue AND track = :track"


def respell_tracks(writer: Writer) -> int:
    """Write each venue's tracks in one spelling each; returns the spellings rewritten."""
    counts = [(venue, track, n) for venue, track, n in writer.execute(TRACKS_GIVEN)]
    rewrites = [{"venue": v, "track": t, "kept": kept} for (v, t), kept in sorted(respelled(counts).items())]
    if rewrites:
        writer.execute(RESPELL, rewrites)
    return len(rewrites)
