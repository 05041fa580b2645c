"""A load's C heap (etl/load/memory.py): once `steady_heap` is set, a large block freed does not
make the next ones of its size come from the heap (where glibc would keep them free), so they get
pages of their own. Each case runs in a fresh process: the setting is the process's for good."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import pytest

# A 4 MiB block allocated and freed (glibc then raises its mmap threshold to 4 MiB), then a
# 1 MiB one: with the threshold fixed it is mapped on its own (mallinfo2's `hblkhd` counts it).
PROBE = """
import ctypes, json, sys
from etl.load.memory import steady_heap
class Info(ctypes.Structure):
    _fields_ = [(f, ctypes.c_size_t) for f in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Info
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
if sys.argv[1] == "steady":
    steady_heap()
libc.free(libc.malloc(4 << 20))
before = libc.mallinfo2().hblkhd
block = libc.malloc(1 << 20)
print(json.dumps(libc.mallinfo2().hblkhd - before >= 1 << 20))
libc.free(block)
"""


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's allocator")
@pytest.mark.parametrize(("setting", "mapped"), [("default", False), ("steady", True)])
def test_a_large_block_has_pages_of_its_own_once_the_heap_is_steady(setting, mapped):
    out = subprocess.run([sys.executable, "-c", PROBE, setting], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) is mapped
