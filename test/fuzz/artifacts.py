"""Fuzz the reading of portable artifacts (VHLO in MLIR bytecode, producer `StableHLO_vX.Y.Z`).

    .venv/bin/python test/fuzz/artifacts.py --seconds 600 [--seed S] [--out DIR]
    .venv/bin/python test/fuzz/artifacts.py --count 2000 --seed S      # a mutant count instead
    .venv/bin/python test/fuzz/artifacts.py --seed S --index I [--out DIR]  # rerun one mutant
    .venv/bin/python test/fuzz/artifacts.py --minimize DIR/abort-1.bc [--max-tests 600]
    .venv/bin/python test/fuzz/artifacts.py --replay FILE.bc     # outcome, signature, frames

Run long jobs under `nice -n 10`; one process (the reader child and the parse worker run in
turn, never at once).

Seeds: artifacts of the newest features (FEATURE_PROGRAMS: collective_reduce, mesh-axes replica
groups, buffers; ours at 1.17.0 and 1.20.0), then of ~100 programs of
test/conformance/corpus/*/*.mlir (one per op directory, the rest at random), written by our serializer (`stablehlo_py.dialects.stablehlo`) and by
upstream's (jaxlib's `jaxlib.mlir.dialects.stablehlo`) in turn, each for a target drawn from
0.9.0, 0.14.0, 1.0.0, 1.13.7, 1.17.0 (and 1.20.0 for ours; jaxlib knows up to 1.17.0). A target
the program has no form in is replaced by the next one. The pool depends on --seed (and the
build); mutant I of seed S depends on nothing else, so `--seed S --index I` reruns it.

A mutant applies 1 to 3 mutations, at positions drawn in a section of the bytecode (most often
the attribute/type section, where lib/Vhlo/VhloBytecode.cpp reads) or anywhere:
truncation; bit flips; bytes set to 0x00/0xFF/0x7F/0x80; inserted runs (random, extreme, copied)
and deleted runs; a splice of two artifacts (prefix of one, suffix of another; or a section
replaced by the same section of another artifact); varint-aware edits: in a run of bytes that
read as 1-byte varints (low bit set), widen one into a multi-byte varint of a large value,
fuse k of them into one k-byte varint (the length stays), set one to 127, or move it by one,
and change a section's length varint; and structure-aware edits of one attribute/type entry
(most often a vhlo one: the bytes VhloBytecode.cpp reads), read as a list of varints: one set
to a large value, moved, zeroed or dropped, the entry cut, grown or replaced by another entry
of its dialect; the entry's size in the offset section and the section lengths are then fixed,
so that the bytes get past MLIR's framing to the dialect's reader.

Each mutant goes through the command `stablehlo_py._parsing.bytecode_text` runs (stablehlo-opt
on stdin, vhlo-to-version + vhlo-legalize-to-stablehlo; under RLIMIT_AS 4 GiB, no core
files, 20 s). A text it prints is then given to `stablehlo_py.parse_module` in a worker process
(decoded as UTF-8 there, as bytecode_text does). Outcomes:

  ok            rc 0 and parse_module accepted the text
  error         rc 1 with an `error:` line (what the user sees as a TypeError)
  other         any other exit status of the reader (rc 1 with no `error:` line, rc > 1)
  abort         the reader was killed by a signal (an assertion, LLVM ERROR, SIGSEGV): the
                process contains it (a TypeError "the reader stopped on malformed data")
  timeout       the reader ran past the timeout, busy (CPU time >= a quarter of the wall time)
  hang          the reader ran past the timeout, mostly idle (blocked)
  parse-error   rc 0 and parse_module raised MLIRError (or TypeError/ValueError of ours)
  parse-internal rc 0 and parse_module raised anything else (UnicodeDecodeError, RuntimeError...)
  parse-crash   rc 0 and the worker process died in parse_module (that kills the user's Python)
  parse-hang    rc 0 and parse_module did not answer within the timeout

stablehlo-opt prints no stack on a fatal signal, so the child runs with a small preloaded
library (compiled once with `cc` into the temp directory; without a compiler there are no
frames) whose handler prints `#N module+offset` per frame; `nm -C` names them here (the
binaries have symbol tables, no debug info: functions, not lines). A reader past the timeout
gets SIGABRT first, so timeouts have frames too. RLIMIT_AS makes counts of 2^31..2^32 list
elements an "out of memory" abort that a machine with more memory may survive; counts past
2^32 abort anywhere ("SmallVector unable to grow").

Aborts and timeouts are deduplicated by their message (the `Assertion ... failed` /
`LLVM ERROR:` line, numbers blanked) and the innermost frame in our code (a symbol of the
stablehlo-opt binary, which holds lib/ and calls libMLIR.so; signal handling, main and
llvm::/std:: helpers left out), else the innermost libMLIR.so frame. With --out, the smallest
mutant of each distinct abort/timeout/hang/other/parse-* signature is written as KIND-HASH.bc
with KIND-HASH.txt (mutations, signature, frames, stderr, how to rerun), plus summary.json.

--minimize shrinks one reproducer while its signature stays (chunk deletion, halving down to
one byte, then bytes set to 0): FILE.min.bc and FILE.min.txt. Bytecode is length-prefixed
throughout, so this rarely gets far; the run keeps the smallest mutant of each signature.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import random
import re
import resource
import signal
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "test", "conformance", "corpus")
TARGETS = ["0.9.0", "0.14.0", "1.0.0", "1.13.7", "1.17.0"]
OUR_TARGETS = TARGETS + ["1.20.0"]
PIPELINE = "--pass-pipeline=builtin.module(vhlo-to-version{target=1.20.0},vhlo-legalize-to-stablehlo)"
OUTCOMES = ("ok", "error", "other", "abort", "timeout", "hang",
            "parse-error", "parse-internal", "parse-crash", "parse-hang")
REPORTED = ("other", "abort", "timeout", "hang", "parse-internal", "parse-crash", "parse-hang")
MEMORY_LIMIT = 4 << 30
MAGIC = b"ML\xefR"


def opt_tool() -> str:
    tool = os.path.join(os.path.dirname(sys.executable), "stablehlo-opt")
    return tool if os.path.isfile(tool) else "stablehlo-opt"


def opt_command() -> list[str]:
    return [opt_tool(), "-", "--mlir-print-debuginfo", "--mlir-very-unsafe-disable-verifier-on-parsing", PIPELINE]


# --------------------------------------------------------------------------
# Seeds
# --------------------------------------------------------------------------

class Artifact:
    def __init__(self, data: bytes, name: str):
        self.data = data
        self.name = name  # "abs/abs.f32.mlir ours 1.0.0"


# Programs of the newest VHLO features (the corpus predates them): each goes into the pool first.
FEATURE_PROGRAMS = {
    "collective_reduce": """func.func @main(%a: tensor<4xf32>, %b: tensor<2xf32>, %r: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xf32>) {
  %0:2 = "stablehlo.collective_reduce"(%a, %b, %r) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids, has_dynamic_root} : (tensor<4xf32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2xf32>
}""",
    "mesh_axes": """func.func private @m() attributes {stablehlo.mesh = #stablehlo.mesh<axes = [<name = "x", size = 4>]>}
func.func @main(%a: tensor<2xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>, <name = "y", size = 4>], device_ids = dense<[7, 6, 5, 4, 3, 2, 1, 0]> : tensor<8xi64>>, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (2)2>, #stablehlo.axis_ref<name = "x">]>} : (tensor<2xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_reduce"(%0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}""",
    "buffers": """func.func @main(%a: tensor<2xf32>, %m: memref<3xi8>) -> (tensor<2xf32>, tuple<memref<2xf32>, memref<3xi8>>) {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %1 = stablehlo.custom_call @foo(%0) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
  %2 = stablehlo.custom_call @Unpin(%1) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  %3 = stablehlo.tuple %1, %m : tuple<memref<2xf32>, memref<3xi8>>
  return %2, %3 : tensor<2xf32>, tuple<memref<2xf32>, memref<3xi8>>
}""",
}


def build_pool(seed: int, size: int = 100) -> list[Artifact]:
    """~`size` artifacts of the feature programs and corpus programs, ours and jaxlib's, for
    several targets."""
    from stablehlo_py.dialects import stablehlo as ss
    try:
        from jaxlib.mlir.dialects import stablehlo as js
    except ImportError:  # no jaxlib: ours only
        js = None
    rng = random.Random(f"pool:{seed}")
    by_op: dict[str, list[str]] = {}
    for path in sorted(glob.glob(os.path.join(CORPUS, "*", "*.mlir"))):
        by_op.setdefault(os.path.basename(os.path.dirname(path)), []).append(path)
    chosen = [rng.choice(paths) for _, paths in sorted(by_op.items())]
    rest = sorted(set(p for paths in by_op.values() for p in paths) - set(chosen))
    chosen += rng.sample(rest, len(rest))  # the rest in a random order, taken while needed
    pool = []
    saved = os.dup(2)  # the serializers' diagnostics (programs with no VHLO form) go to fd 2
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    try:
        for name, text in FEATURE_PROGRAMS.items():
            for target in ("1.17.0", "1.20.0"):
                try:
                    data = ss.serialize_portable_artifact_str(text, target)
                except Exception:  # no form at that target (collective_reduce is new in 1.19.0)
                    continue
                pool.append(Artifact(bytes(data), f"{name} ours {target}"))
        for path in chosen:
            if len(pool) >= size:
                break
            text = open(path).read()
            ours = js is None or len(pool) % 2 == 0
            targets = OUR_TARGETS if ours else TARGETS
            start = rng.randrange(len(targets))
            for target in targets[start:] + targets[:start]:
                try:
                    data = (ss if ours else js).serialize_portable_artifact_str(text, target)
                except Exception:  # no form at that target: the next one
                    continue
                name = f"{os.path.relpath(path, CORPUS)} {'ours' if ours else 'jaxlib'} {target}"
                pool.append(Artifact(bytes(data), name))
                break
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
    return pool


# --------------------------------------------------------------------------
# Bytecode structure (MLIR's: magic, version varint, producer\0, sections)
# --------------------------------------------------------------------------

def read_varint(data, pos: int) -> tuple[int, int]:
    """MLIR's prefix varint at `pos`: (value, end). Raises IndexError past the end."""
    first = data[pos]
    if first == 0:
        if pos + 9 > len(data):
            raise IndexError
        return int.from_bytes(data[pos + 1:pos + 9], "little"), pos + 9
    n = (first & -first).bit_length()  # trailing zeros + 1 = bytes in all
    if pos + n > len(data):
        raise IndexError
    return int.from_bytes(data[pos:pos + n], "little") >> n, pos + n


def encode_varint(value: int, width: int | None = None) -> bytes:
    """`value` as a prefix varint, in `width` bytes if given (1-8, or 9), else the fewest."""
    value &= (1 << 64) - 1
    if width is None:
        width = next((n for n in range(1, 9) if value < 1 << (7 * n)), 9)
    if width >= 9:
        return b"\0" + value.to_bytes(8, "little")
    value &= (1 << (7 * width)) - 1
    return ((value << width) | (1 << (width - 1))).to_bytes(width, "little")


def zigzag(value: int) -> int:
    return ((value << 1) ^ (value >> 63)) & ((1 << 64) - 1)


SECTION_NAMES = {0: "string", 1: "dialect", 2: "attr_type", 3: "attr_type_offset", 4: "ir",
                 5: "resource", 6: "resource_offset", 7: "dialect_versions", 8: "properties"}
# Where positions are drawn: VhloBytecode.cpp reads the attr_type section.
SECTION_WEIGHTS = {2: 6, 8: 2, 4: 2, 3: 1, 0: 1, 1: 1, 7: 1}


def sections(data) -> list[tuple[int, int, int, int]]:
    """(id, header start, payload start, payload end) of each section; [] if the header
    does not read."""
    try:
        if not bytes(data[:4]) == MAGIC:
            return []
        _, pos = read_varint(data, 4)
        pos = data.index(0, pos) + 1
        out = []
        while pos < len(data):
            head = pos
            code = data[pos]
            length, pos = read_varint(data, pos + 1)
            if code & 0x80:
                _, pos = read_varint(data, pos)  # alignment, then 0xCB padding
                while pos < len(data) and data[pos] == 0xCB:
                    pos += 1
            end = min(pos + length, len(data))
            out.append((code & 0x7F, head, pos, end))
            pos = end
        return out
    except (IndexError, ValueError):
        return []


# --------------------------------------------------------------------------
# Mutations
# --------------------------------------------------------------------------

EXTREME = (0x00, 0xFF, 0x7F, 0x80)
LARGE = (128, 255, 1000, 1 << 16, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32, 1 << 48,
         (1 << 56) - 1, 1 << 62, (1 << 63) - 1, 1 << 63, (1 << 64) - 1)


def large_value(rng: random.Random) -> int:
    value = rng.choice(LARGE)
    return zigzag(-value) if rng.random() < 0.25 else value  # also as a signed varint


def pick_section(rng: random.Random, data):
    secs = [s for s in sections(data) if s[3] > s[2]]
    if not secs or rng.random() < 0.2:
        return None
    return rng.choices(secs, [SECTION_WEIGHTS.get(s[0], 1) for s in secs])[0]


def pick_pos(rng: random.Random, data, lo: int = 4) -> tuple[int, str]:
    """A position to mutate at and where it is ("attr_type+12" or "@40")."""
    sec = pick_section(rng, data)
    if sec is None:
        pos = rng.randrange(min(lo, len(data) - 1), len(data))
        return pos, f"@{pos}"
    pos = rng.randrange(sec[2], sec[3])
    return pos, f"{SECTION_NAMES.get(sec[0], sec[0])}+{pos - sec[2]}"


def m_truncate(rng, data, pool):
    if rng.random() < 0.3:
        cut = len(data) - rng.randrange(1, min(16, len(data) - 4) + 1)
        where = f"@{cut}"
    else:
        cut, where = pick_pos(rng, data, lo=0)
    return data[:cut], f"truncate at {where} ({cut} of {len(data)} bytes)"


def m_bitflip(rng, data, pool):
    flips = []
    for _ in range(rng.choice((1, 1, 2, 3, 8))):
        pos, where = pick_pos(rng, data)
        bit = rng.randrange(8)
        data[pos] ^= 1 << bit
        flips.append(f"{where}.{bit}")
    return data, "bitflip " + " ".join(flips)


def m_extreme(rng, data, pool):
    edits = []
    for _ in range(rng.choice((1, 1, 2, 4))):
        pos, where = pick_pos(rng, data)
        data[pos] = rng.choice(EXTREME)
        edits.append(f"{where}={data[pos]:#04x}")
    return data, "set " + " ".join(edits)


def m_insert(rng, data, pool):
    pos, where = pick_pos(rng, data)
    n = rng.choice((1, 2, 4, 8, 16, 64, rng.randrange(1, 33)))
    kind = rng.randrange(3)
    if kind == 0:
        run = bytes(rng.randrange(256) for _ in range(n))
    elif kind == 1:
        run = bytes([rng.choice(EXTREME)]) * n
    else:
        at = rng.randrange(len(data))
        run = bytes(data[at:at + n])
    data[pos:pos] = run
    return data, f"insert {len(run)} {('random', 'extreme', 'copied')[kind]} bytes at {where}"


def m_delete(rng, data, pool):
    pos, where = pick_pos(rng, data)
    n = rng.choice((1, 1, 2, 4, 8, 16, 64, rng.randrange(1, 33)))
    del data[pos:pos + n]
    return data, f"delete {n} bytes at {where}"


def m_splice(rng, data, pool):
    other = rng.choice(pool)
    if rng.random() < 0.5:  # a section replaced by the same section of another artifact
        mine, theirs = sections(data), {s[0]: s for s in sections(other.data)}
        common = [s for s in mine if s[0] in theirs]
        if common:
            sec = rng.choices(common, [SECTION_WEIGHTS.get(s[0], 1) for s in common])[0]
            t = theirs[sec[0]]
            data[sec[1]:sec[3]] = other.data[t[1]:t[3]]
            return data, f"section {SECTION_NAMES.get(sec[0], sec[0])} from [{other.name}]"
    i, where = pick_pos(rng, data)
    j, there = pick_pos(rng, other.data)
    return data[:i] + other.data[j:], f"splice at {where} with [{other.name}] from {there}"


def small_varint_runs(data, lo: int, hi: int, least: int = 3) -> list[tuple[int, int]]:
    """(start, end) of runs of >= `least` bytes that each read as a 1-byte varint."""
    runs, start = [], None
    for pos in range(lo, hi):
        if data[pos] & 1:
            if start is None:
                start = pos
        else:
            if start is not None and pos - start >= least:
                runs.append((start, pos))
            start = None
    if start is not None and hi - start >= least:
        runs.append((start, hi))
    return runs


def m_varint(rng, data, pool):
    secs = sections(data)
    if secs and rng.random() < 0.2:  # a section's length
        sec = rng.choice(secs)
        old, end = read_varint(data, sec[1] + 1)
        width = end - sec[1] - 1
        new = rng.choice((old + 1, old - 1, 0, large_value(rng), old * 2, old // 2)) & ((1 << 64) - 1)
        keep = rng.random() < 0.5 and new < (1 << (7 * width)) if width < 9 else True
        data[sec[1] + 1:end] = encode_varint(new, width if keep else None)
        return data, f"length of section {SECTION_NAMES.get(sec[0], sec[0])} {old} -> {new}"
    sec = pick_section(rng, data)
    lo, hi = (sec[2], sec[3]) if sec else (4, len(data))
    runs = small_varint_runs(data, lo, hi) or small_varint_runs(data, 4, len(data))
    if not runs:
        return m_extreme(rng, data, pool)
    start, end = rng.choice(runs)
    pos = rng.randrange(start, end)
    where = f"{SECTION_NAMES.get(sec[0], sec[0])}+{pos - sec[2]}" if sec and sec[2] <= pos < sec[3] else f"@{pos}"
    old = data[pos] >> 1
    mode = rng.randrange(4)
    if mode == 0:  # widen: a large value, the data grows
        new = large_value(rng)
        data[pos:pos + 1] = encode_varint(new)
        return data, f"varint at {where} {old} -> {new} (widened)"
    if mode == 1 and end - pos >= 2:  # fuse k 1-byte varints into one k-byte varint
        k = rng.randrange(2, min(end - pos, 9) + 1)
        new = min(large_value(rng), (1 << (7 * k)) - 1) if k < 9 else large_value(rng)
        data[pos:pos + k] = encode_varint(new, k)
        return data, f"varints at {where} x{k} -> one {k}-byte varint {new}"
    if mode == 2:
        data[pos] = 0xFF
        return data, f"varint at {where} {old} -> 127"
    new = max(0, min(127, old + rng.choice((-1, 1))))
    data[pos] = (new << 1) | 1
    return data, f"varint at {where} {old} -> {new}"


# ---- structure-aware: one attribute/type entry edited, its size and the section lengths fixed

class Layout:
    """An artifact split into header and sections, with the attribute/type entries located
    (the offset section gives each entry's size; entries are grouped by dialect)."""

    def __init__(self, data: bytes):
        secs = sections(data)
        if not secs:
            raise ValueError("no sections")
        self.header = bytes(data[:secs[0][1]])
        self.version, _ = read_varint(data, 4)
        self.sections = []  # [id, aligned, alignment, payload]
        for sid, head, start, end in secs:
            aligned = bool(data[head] & 0x80)
            alignment = 1
            if aligned:
                _, pos = read_varint(data, head + 1)
                alignment, _ = read_varint(data, pos)
            self.sections.append([sid, aligned, alignment, bytearray(data[start:end])])
        self.dialects = self._dialect_names()
        self.entries = self._entries()

    def section(self, sid: int):
        return next((s for s in self.sections if s[0] == sid), None)

    def _strings(self) -> list[bytes]:
        sec = self.section(0)
        if sec is None:
            return []
        data = sec[3]
        count, pos = read_varint(data, 0)
        lengths = []
        for _ in range(min(count, 100000)):
            n, pos = read_varint(data, pos)
            lengths.append(n)
        out, at = [], pos
        for n in reversed(lengths):
            out.append(bytes(data[at:at + n]))
            at += n
        return out

    def _dialect_names(self) -> list[str]:
        try:
            strings = self._strings()
            sec = self.section(1)
            data = sec[3]
            count, pos = read_varint(data, 0)
            names = []
            versioned = self.version >= 1  # bytecode 0 has no dialect versions: plain indices
            for _ in range(min(count, 1000)):
                value, pos = read_varint(data, pos)
                index = value >> 1 if versioned else value
                names.append(strings[index].rstrip(b"\0").decode("utf-8", "replace") if index < len(strings) else "?")
                if versioned and value & 1:
                    size, pos = read_varint(data, pos)
                    pos += size
            return names
        except (IndexError, TypeError, AttributeError, ValueError):
            return []

    def _entries(self) -> list[dict]:
        """{kind, dialect, custom, start, end, size_at, size_end} of each entry."""
        offsets, body = self.section(3), self.section(2)
        if offsets is None or body is None:
            return []
        data = offsets[3]
        entries = []
        try:
            num_attrs, pos = read_varint(data, 0)
            num_types, pos = read_varint(data, pos)
            current = 0
            for kind, total in (("attr", num_attrs), ("type", num_types)):
                done = 0
                while done < total and len(entries) < 100000:
                    dialect, pos = read_varint(data, pos)
                    count, pos = read_varint(data, pos)
                    for _ in range(min(count, total - done)):
                        at = pos
                        value, pos = read_varint(data, pos)
                        size = value >> 1
                        entries.append({"kind": kind, "custom": bool(value & 1), "start": current,
                                        "end": current + size, "size_at": at, "size_end": pos,
                                        "dialect": self.dialects[dialect] if dialect < len(self.dialects) else "?"})
                        current += size
                        done += 1
                    if count == 0:
                        break
        except IndexError:
            pass
        return [e for e in entries if e["end"] <= len(body[3])]

    def replace_entry(self, entry: dict, payload: bytes):
        """Sets `entry`'s bytes, and its size in the offset section."""
        body, offsets = self.section(2)[3], self.section(3)[3]
        body[entry["start"]:entry["end"]] = payload
        offsets[entry["size_at"]:entry["size_end"]] = encode_varint((len(payload) << 1) | int(entry["custom"]))

    def bytes(self) -> bytes:
        out = bytearray(self.header)
        for sid, aligned, alignment, payload in self.sections:
            out.append(sid | (0x80 if aligned else 0))
            out += encode_varint(len(payload))
            if aligned:
                out += encode_varint(alignment)
                if alignment > 1 and alignment & (alignment - 1) == 0:
                    while len(out) % alignment:
                        out.append(0xCB)
            out += payload
        return bytes(out)


def edit_entry(rng: random.Random, payload: bytearray, other: bytes | None) -> tuple[bytearray, str]:
    """One edit of an entry's bytes (which read mostly as varints: codes, counts, indices)."""
    starts, pos = [], 0
    try:
        while pos < len(payload):
            at = pos
            _, pos = read_varint(payload, pos)
            starts.append(at)
    except IndexError:
        pass
    kind = rng.choices(("large", "bump", "zero", "drop", "cut", "grow", "byte", "other"), (6, 3, 1, 2, 2, 2, 2, 1))[0]
    if kind == "other" and other is not None:
        return bytearray(other), "bytes of another entry"
    if not payload:
        return bytearray(encode_varint(large_value(rng))), "empty -> a large varint"
    if kind in ("large", "bump", "zero", "drop") and starts:
        i = rng.randrange(len(starts))
        at = starts[i]
        end = starts[i + 1] if i + 1 < len(starts) else len(payload)
        old, _ = read_varint(payload, at) if end - at else (0, at)
        if kind == "large":
            new = large_value(rng)
        elif kind == "bump":
            new = max(0, old + rng.choice((-2, -1, 1, 2, 8)))
        elif kind == "zero":
            new = 0
        else:
            payload[at:end] = b""
            return payload, f"varint {i} ({old}) dropped"
        payload[at:end] = encode_varint(new)
        return payload, f"varint {i} {old} -> {new}"
    if kind == "cut":
        n = rng.randrange(len(payload))
        return payload[:n], f"cut to {n} of {len(payload)} bytes"
    if kind == "grow":
        extra = encode_varint(large_value(rng)) if rng.random() < 0.5 else bytes([rng.choice(EXTREME)]) * rng.randrange(1, 9)
        at = rng.randrange(len(payload) + 1)
        payload[at:at] = extra
        return payload, f"{len(extra)} bytes inserted at {at}"
    at = rng.randrange(len(payload))
    payload[at] = rng.choice(EXTREME)
    return payload, f"byte {at} = {payload[at]:#04x}"


def m_entry(rng, data, pool):
    """Edits one attribute/type entry (most often a vhlo one) and fixes the sizes around it."""
    try:
        layout = Layout(bytes(data))
    except (ValueError, IndexError):
        return m_varint(rng, data, pool)
    entries = layout.entries
    if not entries:
        return m_varint(rng, data, pool)
    weights = [(6 if e["dialect"] == "vhlo" else 1) * (2 if e["custom"] else 1) for e in entries]
    entry = rng.choices(entries, weights)[0]
    body = layout.section(2)[3]
    same = [e for e in entries if e["dialect"] == entry["dialect"] and e is not entry]
    other = bytes(body[(o := rng.choice(same))["start"]:o["end"]]) if same else None
    payload = bytearray(body[entry["start"]:entry["end"]])
    what = []
    for _ in range(rng.choice((1, 1, 1, 2))):
        payload, edit = edit_entry(rng, payload, other)
        what.append(edit)
    layout.replace_entry(entry, payload)
    index = entries.index(entry)
    return bytearray(layout.bytes()), (f"{entry['dialect']} {entry['kind']} entry {index} "
                                       f"({'custom' if entry['custom'] else 'text'}): " + "; ".join(what))


MUTATIONS = [(m_truncate, 1), (m_bitflip, 3), (m_extreme, 3), (m_insert, 2), (m_delete, 2),
             (m_splice, 1), (m_varint, 4), (m_entry, 8)]


def mutant(pool: list[Artifact], seed: int, index: int) -> tuple[bytes, str, list[str]]:
    """(bytes, seed artifact's name, mutations) of mutant `index` of `seed`."""
    rng = random.Random(f"mutant:{seed}:{index}")
    art = rng.choice(pool)
    data = bytearray(art.data)
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
        if len(data) < 8:
            break
        fn = rng.choices([m for m, _ in MUTATIONS], [w for _, w in MUTATIONS])[0]
        try:
            data, what = fn(rng, bytearray(data), pool)
        except (IndexError, ValueError) as e:  # a structure that did not read: plain bytes
            data, what = m_extreme(rng, bytearray(data), pool)
            what += f" (after {fn.__name__}: {type(e).__name__})"
        done.append(what)
    return bytes(data), art.name, done


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

def _limits():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# stablehlo-opt installs no handler that prints a stack on a fatal signal; this one (preloaded
# into the reader child) prints "#N module+0xOFFSET" per frame, symbolized here with `nm`.
_SHIM_SOURCE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void on_signal(int sig) {
  void *frames[96];
  int n = backtrace(frames, 96);
  char line[1200];
  for (int i = 0; i < n; ++i) {
    Dl_info info;
    if (dladdr(frames[i], &info) && info.dli_fname) {
      const char *name = info.dli_fname;
      static char exe[600];
      if (!name[0]) {
        ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
        exe[k > 0 ? k : 0] = 0;
        name = exe;
      }
      int len = snprintf(line, sizeof line, "#%d %s+0x%lx (stack)\n", i, name,
                         (unsigned long)((char *)frames[i] - (char *)info.dli_fbase));
      if (len > 0) write(2, line, len < (int)sizeof line ? len : (int)sizeof line - 1);
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}
__attribute__((constructor)) static void install(void) {
  void *warm[2];
  backtrace(warm, 2);  /* loads the unwinder now, not in the handler */
  static char altstack[1 << 16];
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
  sigaltstack(&ss, 0);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
  for (int i = 0; i < 5; ++i) sigaction(sigs[i], &sa, 0);
}
"""
_shim_path: list = []


def stack_shim() -> str | None:
    """The path of the stack-printing preload library (compiled once with cc into the temp
    directory), or None without a C compiler."""
    if _shim_path:
        return _shim_path[0]
    import shutil
    import tempfile
    digest = hashlib.sha1(_SHIM_SOURCE.encode()).hexdigest()[:10]
    path = os.path.join(tempfile.gettempdir(), f"stablehlo-py-artifact-fuzz-stack-{digest}.so")
    cc = shutil.which("cc") or shutil.which("gcc")
    if not os.path.isfile(path) and cc:
        source = path[:-3] + ".c"
        with open(source, "w") as f:
            f.write(_SHIM_SOURCE)
        built = subprocess.run([cc, "-shared", "-fPIC", "-O1", "-o", path + ".tmp", source],
                               capture_output=True, text=True)
        if built.returncode == 0:
            os.replace(path + ".tmp", path)
        else:
            print("no stack shim (frames will be missing):", built.stderr[-500:], file=sys.stderr)
    _shim_path.append(path if os.path.isfile(path) else None)
    return _shim_path[0]


class Symbols:
    """Function names of module offsets, from `nm -C` (the binaries have symbol tables, no
    debug info: names, not lines). One table per module, read when first needed."""

    def __init__(self):
        self.tables: dict[str, tuple[list[int], list[str]]] = {}

    def _table(self, module: str):
        if module not in self.tables:
            addrs, names = [], []
            try:
                out = subprocess.run(["nm", "-C", "--defined-only", module], capture_output=True,
                                     text=True, errors="replace").stdout
            except OSError:
                out = ""
            entries = []
            for line in out.splitlines():
                parts = line.split(" ", 2)
                if len(parts) == 3 and parts[1] in "tTwWi" and parts[0]:
                    try:
                        entries.append((int(parts[0], 16), parts[2]))
                    except ValueError:
                        pass
            entries.sort()
            for addr, name in entries:
                addrs.append(addr)
                names.append(name)
            self.tables[module] = (addrs, names)
        return self.tables[module]

    def lookup(self, module: str, offset: int) -> str:
        import bisect
        addrs, names = self._table(module)
        i = bisect.bisect_right(addrs, offset - 1) - 1  # a return address: the call is before it
        return names[i] if i >= 0 else f"?? {os.path.basename(module)}+{offset:#x}"


SYMBOLS = Symbols()
_SHIM_FRAME = re.compile(r"^#(\d+) (.+)\+0x([0-9a-f]+) \(stack\)$")


def symbolized_frames(stderr: str) -> list[tuple[str, str]]:
    """(symbol, module basename) of each frame the shim printed."""
    frames = []
    for line in stderr.splitlines():
        m = _SHIM_FRAME.match(line.strip())
        if m:
            module = m.group(2)
            frames.append((SYMBOLS.lookup(module, int(m.group(3), 16)), os.path.basename(module)))
    return frames


def run_reader(data: bytes, timeout: float) -> dict:
    """Runs the reader child on `data`: {outcome, rc, stdout, stderr, seconds, cpu}."""
    t0, c0 = time.monotonic(), _child_cpu()
    env = dict(os.environ)
    shim = stack_shim()
    if shim:
        env["LD_PRELOAD"] = shim
    proc = subprocess.Popen(opt_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=_limits, env=env)
    timed_out = False
    try:
        out, err = proc.communicate(data, timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        proc.send_signal(signal.SIGABRT)  # the stack shim prints where it was
        try:
            out, err = proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    wall, cpu = time.monotonic() - t0, _child_cpu() - c0
    rc = proc.returncode
    stderr = err.decode("utf-8", "replace")
    if timed_out:
        outcome = "timeout" if cpu >= wall / 4 else "hang"
    elif rc == 0:
        outcome = "ok"
    elif rc < 0:
        outcome = "abort"
    elif rc == 1 and any("error:" in line for line in stderr.splitlines()):
        outcome = "error"
    else:
        outcome = "other"
    return {"outcome": outcome, "rc": rc, "stdout": out, "stderr": stderr, "seconds": wall, "cpu": cpu}


class ParseWorker:
    """A child process (this file, --parse-worker) that runs stablehlo_py.parse_module on the
    reader's output: requests are a 4-byte length and the bytes, answers one JSON line."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--parse-worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     preexec_fn=_limits)
        self._stderr = []
        import threading
        threading.Thread(target=self._drain, args=(self.proc,), daemon=True).start()
        line = self.proc.stdout.readline()  # "ready" once stablehlo_py is imported
        if not line.startswith(b"ready"):
            raise RuntimeError("the parse worker did not start: " + "".join(self._stderr)[-2000:])

    def _drain(self, proc):
        for line in iter(proc.stderr.readline, b""):
            self._stderr.append(line.decode("utf-8", "replace"))
            del self._stderr[:-200]

    def stop(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def parse(self, text: bytes) -> dict:
        import select
        if self.proc is None:
            self.start()
        self._stderr.clear()
        try:
            self.proc.stdin.write(struct.pack("<I", len(text)) + text)
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        if not ready:
            self.stop()
            return {"outcome": "parse-hang", "message": f"no answer in {self.timeout:g} s"}
        line = self.proc.stdout.readline()
        if not line:
            rc = self.proc.wait()
            time.sleep(0.05)  # the drain thread's last lines
            stderr = "".join(self._stderr)
            self.proc = None
            return {"outcome": "parse-crash", "rc": rc, "message": stderr[-4000:], "stderr": stderr}
        return json.loads(line)


def worker_main():
    """The parse worker's loop."""
    import warnings
    warnings.simplefilter("ignore")
    import mlir.ir
    import stablehlo_py
    out = sys.stdout.buffer
    out.write(b"ready\n")
    out.flush()
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(4)
        if len(head) < 4:
            return
        (n,) = struct.unpack("<I", head)
        data = stdin.read(n)
        try:
            text = data.decode("utf-8")  # as _parsing.bytecode_text does
            stablehlo_py.parse_module(text)
            answer = {"outcome": "ok"}
        except Exception as e:  # noqa: BLE001 - classified here
            clean = isinstance(e, mlir.ir.MLIRError) or (
                type(e) in (TypeError, ValueError) and _raised_by_us(e))
            answer = {"outcome": "parse-error" if clean else "parse-internal",
                      "type": type(e).__name__, "message": str(e)[:4000]}
        out.write(json.dumps(answer).encode() + b"\n")
        out.flush()


def _raised_by_us(exc) -> bool:
    tb, last = exc.__traceback__, None
    while tb is not None:
        last, tb = tb, tb.tb_next
    return last is not None and f"{os.sep}stablehlo_py{os.sep}" in last.tb_frame.f_code.co_filename


def run_one(data: bytes, worker: ParseWorker, timeout: float) -> dict:
    res = run_reader(data, timeout)
    if res["outcome"] == "ok":
        parsed = worker.parse(res["stdout"])
        res["outcome"] = parsed["outcome"]
        if parsed["outcome"] != "ok":
            res["parse"] = parsed
    return res


# --------------------------------------------------------------------------
# Signatures
# --------------------------------------------------------------------------

_SIGNAL_FRAMES = ("llvm::sys::", "SignalHandler", "__restore_rt", "raise", "abort", "__assert_fail",
                  "__libc_start", "_start", "main", "llvm::report_fatal_error", "llvm::llvm_unreachable_internal",
                  "__pthread_kill", "pthread_kill", "gsignal", "__GI_", "__assert_fail_base",
                  "llvm::report_bad_alloc_error", "operator new", "_init", "?? ")


def stack_frames(stderr: str) -> list[tuple[str, str]]:
    """(symbol, module basename) of the frames of a fatal signal, innermost first, without the
    handler's own and libc's."""
    return [(s, m) for s, m in symbolized_frames(stderr)
            if "artifact-fuzz-stack" not in m and not m.startswith(("libc.so", "libc-"))]


def _is_ours(symbol: str, module: str) -> bool:
    if module != "stablehlo-opt" or not symbol:
        return False
    return not any(symbol.startswith(s) or symbol == s for s in _SIGNAL_FRAMES)


def abort_message(stderr: str, rc: int | None) -> str:
    lines = stderr.splitlines()
    for line in lines:
        if "Assertion" in line and "failed" in line:
            line = line.strip()
            return line.split(": ", 1)[1] if line.startswith(("stablehlo-opt: ", "python")) else line
    for line in lines:
        if "LLVM ERROR:" in line:
            return line[line.index("LLVM ERROR:"):].strip()
    for line in lines:
        if line.strip() and not line.startswith(("PLEASE submit", "Stack dump", " #", "0.", "1.")):
            return line.strip()[:300]
    try:
        return f"signal {signal.Signals(-rc).name}" if rc and rc < 0 else "no message"
    except ValueError:
        return f"signal {-rc}"


def describe(res: dict) -> dict:
    """What a result is, for deduplication: {signature, message, frame, where}."""
    outcome = res["outcome"]
    if outcome == "abort":
        message = abort_message(res["stderr"], res["rc"])
        frames = stack_frames(res["stderr"])
        generic = ("llvm::", "std::", "void std::", "__gnu_cxx::")
        ours = next((s for s, m in frames if _is_ours(s, m) and not s.startswith(generic)),
                    next((s for s, m in frames if _is_ours(s, m)), None))
        mlir = next((s for s, m in frames if m.startswith("libMLIR") and not s.startswith(generic)),
                    next((s for s, m in frames if m.startswith("libMLIR")), None))
        frame = ours or mlir or "no stack frames"
        where = "ours" if ours else ("MLIR" if mlir else "unknown")
        norm = re.sub(r"\d+", "N", message)
        # assertion lines keep their file:line, which is stable
        if "Assertion" in message:
            norm = message
        return {"signature": f"abort: {norm} @ {frame}", "message": message, "frame": frame, "where": where,
                "top": [f"{s} ({m})" for s, m in frames[:25]]}
    if outcome in ("timeout", "hang"):
        # stopped with SIGABRT: the innermost frame of ours (else of MLIR) says where it spun
        frames = stack_frames(res["stderr"])
        generic = ("llvm::", "std::", "void std::", "__gnu_cxx::")
        ours = next((s for s, m in frames if _is_ours(s, m) and not s.startswith(generic)), None)
        mlir = next((s for s, m in frames if m.startswith("libMLIR") and not s.startswith(generic)), None)
        frame = ours or mlir or "no stack frames"
        return {"signature": f"{outcome} @ {frame}", "frame": frame,
                "where": "ours" if ours else ("MLIR" if mlir else "unknown"),
                "message": f"{res['seconds']:.1f} s wall, {res['cpu']:.1f} s CPU",
                "top": [f"{s} ({m})" for s, m in frames[:25]]}
    if outcome == "other":
        tail = res["stderr"].strip().splitlines()[-1:] or [""]
        return {"signature": f"other: rc {res['rc']}: {re.sub(r'[0-9]+', 'N', tail[0])[:200]}",
                "message": res["stderr"][-2000:]}
    if outcome.startswith("parse-"):
        p = res["parse"]
        if outcome == "parse-crash":
            lines = [l for l in p["message"].splitlines() if l.strip()]
            msg = next((l for l in lines if "Assertion" in l or "LLVM ERROR" in l or "Fatal Python" in l
                        or "Critical nanobind" in l), lines[-1] if lines else f"rc {p.get('rc')}")
            return {"signature": f"parse-crash: {msg.strip()[:300]}", "message": p["message"]}
        if outcome == "parse-hang":
            return {"signature": "parse-hang", "message": p["message"]}
        lines = [l.strip() for l in p["message"].splitlines() if l.strip()]
        first = " / ".join(lines[:2])  # MLIRError: "Unable to parse module assembly:" / the error
        first = re.sub(r"loc\([^)]*\)|\d+", "N", first)[:200]
        return {"signature": f"{outcome}: {p['type']}: {first}", "message": p["message"]}
    if outcome == "error":
        errors = [l for l in res["stderr"].splitlines() if "error:" in l]
        first = errors[0].split("error:", 1)[1].strip() if errors else ""
        return {"signature": "error: " + re.sub(r"\d+", "N", first)[:120], "message": first}
    return {"signature": outcome, "message": ""}


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def slug(signature: str) -> str:
    return hashlib.sha1(signature.encode()).hexdigest()[:8]


def write_reproducer(out: str, kind: str, data: bytes, res: dict, info: dict, header: list[str],
                     base: str | None = None) -> str:
    base = base or os.path.join(out, f"{kind}-{slug(info['signature'])}")
    with open(base + ".bc", "wb") as f:
        f.write(data)
    lines = header + [f"signature: {info['signature']}", f"message: {info.get('message', '')}".rstrip()]
    if info.get("frame"):
        lines.append(f"frame: {info['frame']} (in {info['where']} code)")
    if info.get("top"):
        lines += ["frames (innermost first, signal handling left out):"] + [f"  {f}" for f in info["top"]]
    lines += [f"size: {len(data)} bytes", f"rc: {res.get('rc')}",
              "rerun: " + " ".join(opt_command()[:1]) + " - --mlir-print-debuginfo "
              "--mlir-very-unsafe-disable-verifier-on-parsing '" + PIPELINE + f"' < {base}.bc",
              "", "stderr:", res.get("stderr", "")[-6000:]]
    if "parse" in res:
        lines += ["", "parse_module:", json.dumps(res["parse"], indent=1)[:6000]]
    with open(base + ".txt", "w") as f:
        f.write("\n".join(lines) + "\n")
    return base + ".bc"


def fuzz(seed: int, seconds: float | None, count: int | None, out: str | None, timeout: float,
         pool_size: int, progress: float = 30.0) -> dict:
    t_pool = time.monotonic()
    pool = build_pool(seed, pool_size)
    print(f"pool: {len(pool)} artifacts ({sum(len(a.data) for a in pool)} bytes) in "
          f"{time.monotonic() - t_pool:.1f} s; {sum('ours' in a.name for a in pool)} ours", file=sys.stderr)
    if out:
        os.makedirs(out, exist_ok=True)
    counts = {o: 0 for o in OUTCOMES}
    errors: dict[str, int] = {}
    found: dict[str, dict] = {}  # signature -> {count, first, smallest, path, ...}
    worker = ParseWorker(timeout)
    t0 = time.monotonic()
    last = t0
    index = 0
    try:
        while True:
            now = time.monotonic()
            if (seconds is not None and now - t0 >= seconds) or (count is not None and index >= count):
                break
            data, source, mutations = mutant(pool, seed, index)
            res = run_one(data, worker, timeout)
            counts[res["outcome"]] += 1
            info = describe(res)
            if res["outcome"] in ("error", "parse-error"):
                errors[info["signature"]] = errors.get(info["signature"], 0) + 1
            if res["outcome"] in REPORTED:
                entry = found.get(info["signature"])
                if entry is None:
                    entry = found[info["signature"]] = {"outcome": res["outcome"], "count": 0, "first": index,
                                                        "message": info.get("message", "")[:500],
                                                        "frame": info.get("frame"), "where": info.get("where"),
                                                        "smallest": None, "size": None, "path": None}
                    print(f"  new {res['outcome']} at index {index}: {info['signature'][:200]}", file=sys.stderr)
                entry["count"] += 1
                if entry["size"] is None or len(data) < entry["size"]:
                    entry["smallest"], entry["size"] = index, len(data)
                    if out:
                        header = [f"artifact fuzz mutant: seed {seed} index {index} (rerun: test/fuzz/artifacts.py "
                                  f"--seed {seed} --index {index})", f"from: {source}",
                                  *(f"mutation: {m}" for m in mutations), f"outcome: {res['outcome']}"]
                        entry["path"] = write_reproducer(out, res["outcome"], data, res, info, header)
            index += 1
            if progress and time.monotonic() - last >= progress:
                last = time.monotonic()
                print(status(index, last - t0, counts), file=sys.stderr)
    finally:
        worker.stop()
    elapsed = time.monotonic() - t0
    summary = {"seed": seed, "mutants": index, "seconds": round(elapsed, 1),
               "per_second": round(index / elapsed, 2) if elapsed else 0.0, "counts": counts,
               "pool": [a.name for a in pool], "found": found,
               "errors": dict(sorted(errors.items(), key=lambda kv: -kv[1])[:60])}
    if out:
        with open(os.path.join(out, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
    return summary


def status(done: int, elapsed: float, counts: dict) -> str:
    rate = done / elapsed if elapsed else 0.0
    return f"{done} mutants in {elapsed:.0f} s ({rate:.1f}/s): " + ", ".join(
        f"{o} {counts[o]}" for o in OUTCOMES if counts[o] or o in ("ok", "error", "abort"))


def rerun(seed: int, index: int, out: str | None, timeout: float, pool_size: int):
    pool = build_pool(seed, pool_size)
    data, source, mutations = mutant(pool, seed, index)
    worker = ParseWorker(timeout)
    try:
        res = run_one(data, worker, timeout)
    finally:
        worker.stop()
    info = describe(res)
    print(f"seed {seed} index {index}: {len(data)} bytes from {source}")
    for m in mutations:
        print(f"  mutation: {m}")
    print(f"outcome: {res['outcome']}\nsignature: {info['signature']}")
    if info.get("frame"):
        print(f"frame: {info['frame']} ({info['where']})")
    print(res["stderr"][-3000:])
    if out:
        os.makedirs(out, exist_ok=True)
        header = [f"artifact fuzz mutant: seed {seed} index {index}", f"from: {source}",
                  *(f"mutation: {m}" for m in mutations), f"outcome: {res['outcome']}"]
        print("written:", write_reproducer(out, res["outcome"], data, res, info, header))


def minimize(path: str, timeout: float, max_tests: int) -> str:
    """Shrinks the bytes at `path` while run_one gives the same signature."""
    data = open(path, "rb").read()
    worker = ParseWorker(timeout)
    tests = [0]

    def sig(candidate: bytes) -> str:
        tests[0] += 1
        return describe(run_one(candidate, worker, timeout))["signature"]

    try:
        want = sig(data)
        print(f"signature: {want}", file=sys.stderr)
        chunk = max(1, len(data) // 2)
        while chunk >= 1 and tests[0] < max_tests:
            pos, changed = len(MAGIC), False
            while pos < len(data) and tests[0] < max_tests:
                candidate = data[:pos] + data[pos + chunk:]
                if len(candidate) >= len(MAGIC) and sig(candidate) == want:
                    data, changed = candidate, True
                else:
                    pos += chunk
            if not changed:
                chunk //= 2
        # then single bytes set to 0, for readability
        for pos in range(len(MAGIC), len(data)):
            if tests[0] >= max_tests:
                break
            if data[pos] != 0:
                candidate = data[:pos] + b"\0" + data[pos + 1:]
                if sig(candidate) == want:
                    data = candidate
    finally:
        worker.stop()
    base = (path[:-3] if path.endswith(".bc") else path) + ".min"
    res = run_reader(data, timeout)
    if res["outcome"] == "ok":
        res = run_one(data, ParseWorker(timeout), timeout)
    write_reproducer("", res["outcome"], data, res, describe(res),
                     [f"minimized from {path} ({tests[0]} runs)", f"outcome: {res['outcome']}"], base=base)
    print(f"{len(data)} bytes after {tests[0]} runs: {base}.bc", file=sys.stderr)
    return base + ".bc"


def replay(path: str, timeout: float):
    """Runs one file and prints what it gives."""
    data = open(path, "rb").read()
    worker = ParseWorker(timeout)
    try:
        res = run_one(data, worker, timeout)
    finally:
        worker.stop()
    info = describe(res)
    print(f"{path}: {len(data)} bytes\noutcome: {res['outcome']}\nsignature: {info['signature']}")
    if info.get("frame"):
        print(f"frame: {info['frame']} (in {info['where']} code)")
    for frame in info.get("top", []):
        print(f"  {frame}")
    print("\n".join(l for l in res["stderr"].splitlines() if "(stack)" not in l)[-3000:])
    if "parse" in res:
        print(json.dumps(res["parse"], indent=1)[:3000])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, help="time budget (default 60 s unless --count)")
    parser.add_argument("--count", type=int, help="number of mutants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="directory for reproducers and summary.json")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per reader run and per parse")
    parser.add_argument("--pool", type=int, default=100, help="seed artifacts")
    parser.add_argument("--index", type=int, help="rerun mutant INDEX of --seed and print it")
    parser.add_argument("--minimize", metavar="FILE", help="shrink a reproducer keeping its signature")
    parser.add_argument("--max-tests", type=int, default=600)
    parser.add_argument("--replay", metavar="FILE", help="run one file and print its outcome and frames")
    parser.add_argument("--parse-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.parse_worker:
        return worker_main()
    if args.minimize:
        minimize(args.minimize, args.timeout, args.max_tests)
        return
    if args.replay:
        replay(args.replay, args.timeout)
        return
    if args.index is not None:
        rerun(args.seed, args.index, args.out, args.timeout, args.pool)
        return
    seconds = args.seconds if args.seconds is not None or args.count is not None else 60.0
    summary = fuzz(args.seed, seconds, args.count, args.out, args.timeout, args.pool)
    print(status(summary["mutants"], summary["seconds"], summary["counts"]))
    for signature, entry in sorted(summary["found"].items(), key=lambda kv: (kv[1]["outcome"], -kv[1]["count"])):
        print(f"  {entry['count']:5d} x {signature[:240]}")
        print(f"        first index {entry['first']}, smallest index {entry['smallest']} "
              f"({entry['size']} bytes){', ' + entry['path'] if entry['path'] else ''}")


if __name__ == "__main__":
    main()
