"""Mutations of valid StableHLO programs, deterministic given (seed, index).

Seeds are the valid programs of the repo: the conformance corpus, the valid
lit files (split at `// -----`, comment lines dropped) and examples/.  A
mutant applies one to three textual mutations to one seed unit:

numbers, element types, dimension sizes (static, `?`, `#stablehlo.bounds`,
rank changes), dropped / duplicated / swapped lines, op names, SSA names,
attribute entries (drop, duplicate, alter), list entries, enum keywords,
dense literals, and truncation.

`mutant(seed, index)` depends only on its arguments (and the seed files), so
a mutant is reproduced from its two numbers and jobs can split the indices.
"""

from __future__ import annotations

import dataclasses
import functools
import glob
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

ELEMENT_TYPES = (
    "i1 i2 i4 i8 i16 i32 i64 ui2 ui4 ui8 ui16 ui32 ui64 f16 bf16 f32 f64 f4E2M1FN f6E2M3FN f6E3M2FN "
    "f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU complex<f32> complex<f64> "
    "index tuple<> !stablehlo.token"
).split()
# Longest first, so `f8E4M3FN` is not read as `f8E4M3`; not preceded by a
# word character or `%`/`@` (SSA and symbol names) nor followed by one.
_ELEM_RE = re.compile(r"(?<![\w%@#.!])(" + "|".join(
    re.escape(t) for t in sorted(ELEMENT_TYPES[:-3], key=len, reverse=True)) + r")(?![\w])")
_NUMBER_RE = re.compile(r"(?<![\w%@#.])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w])")
_TENSOR_RE = re.compile(r"tensor<((?:(?:\d+|\?)x)*)([^<>]*(?:<[^<>]*(?:<[^<>]*>)?[^<>]*>)?[^<>]*)>")
_OP_RE = re.compile(r"\b(?:stablehlo|chlo|check)\.[a-z_0-9]+\b")
_SSA_RE = re.compile(r"%[\w.$-]+(?:#\d+)?")
_ATTR_ENTRY_RE = re.compile(r"\b([a-z_][a-z_0-9]*)\s*=\s*")
_KEYWORDS = ("EQ NE GE GT LE LT FLOAT TOTALORDER SIGNED UNSIGNED NOTYPE DEFAULT HIGH HIGHEST FFT IFFT RFFT "
             "IRFFT NO_TRANSPOSE TRANSPOSE ADJOINT UNIFORM NORMAL THREE_FRY PHILOX").split()
_KEYWORD_RE = re.compile(r"\b(" + "|".join(_KEYWORDS) + r")\b")
_DENSE_RE = re.compile(r"dense<")
_INTERESTING = ["0", "1", "-1", "2", "3", "7", "-2", "127", "128", "255", "256", "65535", "2147483647",
                "-2147483648", "4294967296", "9223372036854775807", "-9223372036854775808",
                "18446744073709551616", "0.5", "-0.0", "1.0e+308", "1.0e-320", "3.4e+38", "0x7FC00000",
                "0xFFFFFFFFFFFFFFFF"]
_DIMS = ["0", "1", "2", "3", "5", "?", "?", "65536", "2147483648", "4294967297", "1099511627776"]


@dataclasses.dataclass
class Mutant:
    seed: int
    index: int
    source: str  # seed file (relative) and unit number
    text: str
    entry: str  # function to interpret
    mutations: list  # descriptions, in order
    input_seed: int  # 0: zero inputs, else the seed of the random inputs


def _rel(path: str) -> str:
    return os.path.relpath(path, REPO)


def _units(text: str) -> list[str]:
    """`// -----` units of a file with comment lines (RUN/CHECK) dropped."""
    out = []
    for unit in re.split(r"^// -----\s*$", text, flags=re.M):
        lines = [l for l in unit.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if "func.func" in body:
            out.append(body + "\n")
    return out


def seed_files() -> list[str]:
    files = sorted(f for pattern in ("test/lit/ops/*.mlir", "test/lit/chlo/*.mlir")
                   for f in glob.glob(os.path.join(REPO, pattern)) if not f.endswith("_invalid.mlir"))
    files += sorted(f for f in glob.glob(os.path.join(REPO, "test/lit/interpret/*.mlir"))
                    if "expected-error" not in open(f).read())
    files += sorted(glob.glob(os.path.join(REPO, "examples/**/*.mlir"), recursive=True))
    files += sorted(glob.glob(os.path.join(REPO, "test/conformance/corpus/**/*.mlir"), recursive=True))
    return files


@functools.lru_cache(maxsize=1)
def seed_units() -> tuple:
    """((source, text), ...) for every seed unit, in a fixed order."""
    units = []
    for f in seed_files():
        try:
            with open(f) as fh:
                text = fh.read()
        except FileNotFoundError:  # removed while listed (the corpus being regenerated)
            continue
        if "expected-error" in text:  # a lit file testing diagnostics: not a valid seed
            continue
        for i, u in enumerate(_units(text)):
            units.append((f"{_rel(f)}#{i}", u))
    return tuple(units)


def function_names(text: str) -> list[str]:
    return re.findall(r"func\.func\s+(?:public\s+|private\s+|nested\s+)?@([\w.$-]+)", text)


# --------------------------------------------------------------------------
# Mutation operators: each takes (rng, text, context) and returns
# (new text, description) or None when it does not apply.
# --------------------------------------------------------------------------

def _pick_match(rng, regex, text):
    matches = list(regex.finditer(text))
    return rng.choice(matches) if matches else None


def _splice(text, m, new, group=0):
    return text[:m.start(group)] + new + text[m.end(group):]


def _replace_one_or_all(rng, text, m, new, group=0):
    """Replace the match, or (half the time) every occurrence of the same
    text in the same role, which keeps the program consistently typed."""
    old = m.group(group)
    if rng.random() < 0.5:
        return _splice(text, m, new, group), "one"
    return re.sub(r"(?<![\w%@#.!])" + re.escape(old) + r"(?![\w])", lambda _: new, text), "all"


def mut_number(rng, text, ctx):
    m = _pick_match(rng, _NUMBER_RE, text)
    if m is None:
        return None
    old = m.group(0)
    choice = rng.random()
    if choice < 0.6:
        new = rng.choice(_INTERESTING)
    else:
        try:
            v = int(old)
            new = str(rng.choice([v + 1, v - 1, -v, v * 2, v + 1000]))
        except ValueError:
            new = rng.choice(["nan", "0x7F800000", "-1.5", "1e39"])
    return _splice(text, m, new), f"number {old!r} -> {new!r} at {m.start()}"


def mut_element_type(rng, text, ctx):
    m = _pick_match(rng, _ELEM_RE, text)
    if m is None:
        return None
    new = rng.choice(ELEMENT_TYPES)
    out, how = _replace_one_or_all(rng, text, m, new)
    return out, f"element type {m.group(0)} -> {new} ({how})"


def mut_dimension(rng, text, ctx):
    m = _pick_match(rng, _TENSOR_RE, text)
    if m is None:
        return None
    dims = [d for d in m.group(1).split("x") if d]
    rest = m.group(2)
    kind = rng.random()
    if kind < 0.45 and dims:
        k = rng.randrange(len(dims))
        dims[k] = rng.choice(_DIMS)
        what = f"dim {k} -> {dims[k]}"
    elif kind < 0.6:
        k = rng.randrange(len(dims) + 1)
        dims.insert(k, rng.choice(_DIMS[:5]))
        what = f"insert dim at {k}"
    elif kind < 0.75 and dims:
        k = rng.randrange(len(dims))
        del dims[k]
        what = f"drop dim {k}"
    elif kind < 0.8:  # unranked: not a StableHLO type, must be rejected cleanly
        out, how = _replace_one_or_all(rng, text, m, f"tensor<*x{rest.split(',')[0]}>")
        return out, f"{m.group(0)}: unranked ({how})"
    else:  # dynamic dimensions with (possibly inconsistent) bounds
        n = len(dims)
        if n == 0:
            return None
        k = rng.randrange(n)
        dims[k] = "?"
        bounds = [rng.choice(["?", "?", "0", "1", "3", "8", "-1"]) for _ in range(rng.choice([n, n, n - 1, n + 1]))]
        base = rest.split(",")[0]
        rest = f"{base}, #stablehlo.bounds<{', '.join(bounds)}>"
        what = f"dim {k} -> ? with bounds <{', '.join(bounds)}>"
    new = "tensor<" + "".join(d + "x" for d in dims) + rest + ">"
    out, how = _replace_one_or_all(rng, text, m, new)
    return out, f"{m.group(0)}: {what} ({how})"


def _lines(text):
    return text.split("\n")


def mut_drop_line(rng, text, ctx):
    lines = _lines(text)
    k = rng.randrange(len(lines))
    return "\n".join(lines[:k] + lines[k + 1:]), f"drop line {k + 1}"


def mut_duplicate_line(rng, text, ctx):
    lines = _lines(text)
    k = rng.randrange(len(lines))
    j = rng.randrange(len(lines) + 1)
    lines.insert(j, lines[k])
    return "\n".join(lines), f"copy line {k + 1} before line {j + 1}"


def mut_swap_lines(rng, text, ctx):
    lines = _lines(text)
    if len(lines) < 2:
        return None
    a, b = rng.sample(range(len(lines)), 2)
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines), f"swap lines {a + 1} and {b + 1}"


def mut_op_name(rng, text, ctx):
    m = _pick_match(rng, _OP_RE, text)
    if m is None:
        return None
    new = rng.choice(ctx["op_names"])
    return _splice(text, m, new), f"op {m.group(0)} -> {new}"


def mut_ssa_name(rng, text, ctx):
    matches = list(_SSA_RE.finditer(text))
    if len(matches) < 2:
        return None
    m = rng.choice(matches)
    names = sorted({x.group(0) for x in matches})
    new = rng.choice(names + ["%undefined", m.group(0) + "#1", "%arg9"])
    return _splice(text, m, new), f"ssa {m.group(0)} -> {new} at {m.start()}"


def _balanced_end(text, i):
    """End of the value starting at i: up to a `,` `}` `]` `)` or `>` at depth 0."""
    depth = 0
    quote = False
    while i < len(text):
        c = text[i]
        if quote:
            if c == '"':
                quote = False
        elif c == '"':
            quote = True
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            if depth == 0:
                return i
            depth -= 1
        elif c == "," and depth == 0:
            return i
        elif c == "\n":
            return i
        i += 1
    return i


def mut_attribute(rng, text, ctx):
    m = _pick_match(rng, _ATTR_ENTRY_RE, text)
    if m is None:
        return None
    start, vstart = m.start(), m.end()
    end = _balanced_end(text, vstart)
    entry, value = text[start:end], text[vstart:end]
    kind = rng.random()
    if kind < 0.3:  # drop the entry and one adjacent comma
        a, b = start, end
        if text[b:b + 1] == ",":
            b += 1
        else:
            while a > 0 and text[a - 1] == " ":
                a -= 1
            if text[a - 1:a] == ",":
                a -= 1
        return text[:a] + text[b:], f"drop attribute {entry!r}"
    if kind < 0.5:
        return text[:end] + ", " + entry + text[end:], f"duplicate attribute {entry!r}"
    if kind < 0.65:  # another entry's value, or an odd one
        others = [text[x.end():_balanced_end(text, x.end())] for x in _ATTR_ENTRY_RE.finditer(text)]
        new = rng.choice(others + ["[]", "{}", "unit", "array<i64>", "array<i64: -1>", "dense<> : tensor<0xi64>",
                                   "true", "0 : i64", '"x"', "#stablehlo<precision DEFAULT>"])
        return text[:vstart] + new + text[end:], f"attribute {m.group(1)} value -> {new!r}"
    return _mutate_list(rng, text, vstart, end, f"attribute {m.group(1)}")


_LIST_RE = re.compile(r"\[[^\[\]]*\]|array<i64(?::[^<>]*)?>|array<i1(?::[^<>]*)?>")


def _mutate_list(rng, text, a, b, what):
    """Drop, duplicate, change or empty one entry of a list in text[a:b]."""
    sub = text[a:b]
    lm = _pick_match(rng, _LIST_RE, sub)
    if lm is None:
        return None
    body = lm.group(0)
    if body.startswith("array<"):
        head, _, items = body[:-1].partition(":")
        items = [x.strip() for x in items.split(",") if x.strip()]
        close = ">"
    else:
        head, items, close = "[", [x.strip() for x in body[1:-1].split(",") if x.strip()], "]"
    kind = rng.randrange(5)
    if kind == 0 and items:
        del items[rng.randrange(len(items))]
    elif kind == 1 and items:
        items.insert(rng.randrange(len(items) + 1), rng.choice(items))
    elif kind == 2 and items:
        items[rng.randrange(len(items))] = rng.choice(["-1", "0", "1", "7", "64", "-9223372036854775808"])
    elif kind == 3:
        items = []
    else:
        items = items[::-1]
    if body.startswith("array<"):
        new = head.rstrip(": ") + (": " + ", ".join(items) if items else "") + close
    else:
        new = head + ", ".join(items) + close
    return text[:a] + sub[:lm.start()] + new + sub[lm.end():] + text[b:], f"{what} list {body!r} -> {new!r}"


def mut_list(rng, text, ctx):
    return _mutate_list(rng, text, 0, len(text), "")


def mut_keyword(rng, text, ctx):
    m = _pick_match(rng, _KEYWORD_RE, text)
    if m is None:
        return None
    new = rng.choice(_KEYWORDS)
    return _splice(text, m, new), f"keyword {m.group(0)} -> {new}"


def mut_dense(rng, text, ctx):
    m = _pick_match(rng, _DENSE_RE, text)
    if m is None:
        return None
    a = m.end()
    b = _balanced_end(text, a)
    body = text[a:b]
    kind = rng.randrange(6)
    if kind == 0 and body.startswith('"0x') and len(body) > 5:
        cut = rng.randrange(3, len(body) - 1)
        new = body[:cut] + '"'  # wrong byte count
    elif kind == 1:
        new = rng.choice(["(1.0, 2.0)", "[(1.0, -1.0), (0.0, 2.0)]", "[1, 2, 3]", "[]", "[[1], [2, 3]]",
                          "true", "0x7FC00000", '"0x"', '"0x00"', "1.5", "-1", "[true, false]"])
    elif kind == 2:
        new = "[" + body + ", " + body + "]"
    elif kind == 3:
        new = body.replace("]", ", 0]", 1) if "]" in body else body + ", 0"
    elif kind == 4:
        new = "(" + body + ", " + body + ")"
    else:
        new = body[: rng.randrange(len(body) + 1)]
    return text[:a] + new + text[b:], f"dense literal {body[:40]!r} -> {new[:40]!r}"


def mut_truncate(rng, text, ctx):
    cut = rng.randrange(len(text) + 1)
    return text[:cut], f"truncate at {cut}"


MUTATIONS = (  # (operator, weight)
    (mut_number, 12), (mut_element_type, 12), (mut_dimension, 14), (mut_drop_line, 6),
    (mut_duplicate_line, 4), (mut_swap_lines, 3), (mut_op_name, 8), (mut_ssa_name, 6),
    (mut_attribute, 12), (mut_list, 8), (mut_keyword, 4), (mut_dense, 6), (mut_truncate, 2),
)


@functools.lru_cache(maxsize=1)
def _corpus_start() -> int:
    """Index of the first corpus unit (seed_files lists the corpus last)."""
    return next(i for i, (src, _) in enumerate(seed_units()) if src.startswith("test/conformance/"))


@functools.lru_cache(maxsize=1)
def _context() -> dict:
    names = sorted({n for _, u in seed_units() for n in _OP_RE.findall(u)})
    return {"op_names": names}


def mutate(rng: random.Random, text: str, count: int) -> tuple[str, list]:
    ops, weights = zip(*MUTATIONS)
    done = []
    for _ in range(20):  # operators that do not apply are retried
        if len(done) >= count:
            break
        op = rng.choices(ops, weights)[0]
        res = op(rng, text, _context())
        if res is None or res[0] == text:
            continue
        text, what = res
        done.append(what)
    return text, done


def mutant(seed: int, index: int) -> Mutant:
    rng = random.Random(f"stablehlo-fuzz:{seed}:{index}")
    units = seed_units()
    # Half the mutants start from the corpus (JAX exports of every op and
    # type), half from the hand-written lit files and examples (every syntax).
    corpus = _corpus_start()
    lo, hi = (corpus, len(units)) if rng.random() < 0.5 else (0, corpus)
    source, text = units[rng.randrange(lo, hi)]
    # A few unmutated seeds: their entry functions on random inputs (and
    # random sizes for `?` dimensions).
    text, done = mutate(rng, text, rng.choice([0, 1, 1, 1, 1, 1, 1, 2, 2, 3]))
    names = function_names(text) or ["main"]
    entry = rng.choice(names)
    input_seed = 0 if rng.random() < 0.3 else rng.randrange(1, 2**31)
    return Mutant(seed, index, source, text, entry, done, input_seed)


if __name__ == "__main__":  # print one mutant: mutate.py SEED INDEX
    import sys

    mu = mutant(int(sys.argv[1]), int(sys.argv[2]))
    print(f"// {mu.source} entry @{mu.entry} inputs {mu.input_seed}\n// " + "\n// ".join(mu.mutations))
    print(mu.text)
