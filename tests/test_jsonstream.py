"""JSON records read in chunks: the same values and lines whatever the chunk size."""

from __future__ import annotations

import io
import json

import pytest

from etl.errors import InputError
from etl.sources import jsonstream
from etl.sources.jsonstream import json_records

RECORDS = [{"title": "A", "abstract": "é ü — ß"}, {"title": "B", "n": 12345678901234567890}, [1, 2], "x", 3.25]


def read(text: str | bytes, chunk: int) -> list[tuple[int, object]]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    stream = io.BytesIO(data)
    original = jsonstream.CHUNK_BYTES
    jsonstream.CHUNK_BYTES = chunk
    try:
        return [(line, value) for line, value, _ in json_records("f.json", stream)]
    finally:
        jsonstream.CHUNK_BYTES = original


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_an_array_reads_the_same_in_any_chunks(chunk):
    text = "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False, indent=1) for r in RECORDS) + "\n]\n"
    found = read(text, chunk)
    assert [value for _, value in found] == RECORDS
    assert [line for line, _ in found] == [2, 6, 10, 14, 15]


@pytest.mark.parametrize("chunk", [1, 5, 1 << 20])
def test_json_lines_read_the_same_in_any_chunks(chunk):
    text = "\ufeff" + "\n".join(json.dumps(r, ensure_ascii=False) for r in RECORDS[:2]) + "\n\n" + '{"c": 1}'
    assert read(text, chunk) == [(1, RECORDS[0]), (2, RECORDS[1]), (4, {"c": 1})]


@pytest.mark.parametrize(
    "text, problem, line",
    [
        ("", "empty file", None),
        ("  \n ", "empty file", None),
        ('[{"a": 1},\n{"b": }]', "malformed JSON: Expecting value (column 7)", 2),
        ('[{"a": 1}\n{"b": 2}]', "malformed JSON: ',' or ']' expected after a record, not '{'", 2),
        ('[{"a": 1}', "malformed JSON: ',' or ']' expected after a record, not the end of the file", 1),
        ('[{"a": 1}] x', "malformed JSON: more after the array's closing ']'", 1),
        ('{"a": 1}\n{"a": 2', "malformed JSON: Expecting ',' delimiter (column 8)", 2),
        ("[" * 100_000, "JSON nested too deeply to read (record)", 1),
    ],
)
def test_malformed_json_is_one_line_naming_where(text, problem, line):
    with pytest.raises(InputError) as failure:
        read(text, 16)
    assert (failure.value.problem, failure.value.line) == (problem, line)


@pytest.mark.parametrize(
    "data, problem, line",
    [
        (b'[{"a": "x"},\n{"a": "\xff"}]', "not valid UTF-8 (byte 0xff); save the file as UTF-8", 2),
        (b'[{"a": "x"},\n\n{"a": "\x00"}]', "binary file (NUL byte); expected UTF-8 text", 3),
        (b'[{"a": "\xc3', "not valid UTF-8 (byte 0xc3); save the file as UTF-8", 1),
    ],
)
def test_bytes_that_are_not_text_are_one_line_naming_where(data, problem, line):
    with pytest.raises(InputError) as failure:
        read(data, 4)
    assert (failure.value.problem, failure.value.line) == (problem, line)


def test_a_large_array_is_read_a_record_at_a_time():
    """Records come out as they are read: the first before the file is read through."""
    record = json.dumps({"abstract": "word " * 200})
    stream = io.BytesIO(("[" + ",".join([record] * 5000) + "]").encode())
    records = json_records("big.json", stream)
    next(records)
    assert stream.tell() < len(stream.getvalue()) // 2
    assert sum(1 for _ in records) == 4999
