"""The compiled backend's on-disk compile cache (python/stablehlo_py/lowering/cache.py): a second
compile of a module links the machine code the first one kept; a corrupt, truncated or unlinkable
entry is ignored and rewritten; processes writing one key at once leave one whole entry; the
cache can be disabled and is bounded. Every test uses a cache directory of its own (the
environment variable), never the user's; results are checked against numpy formulas."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.lowering import cache
from stablehlo_py.lowering.compiled import compile_program

# Element-wise code, a reduction and a runtime call (fft runs in the runtime: its op program
# must come back with the cached object).
PROGRAM = """
func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<8xf32>, tensor<4x5xcomplex<f32>>) {
  %0 = stablehlo.multiply %x, %y : tensor<4x8xf32>
  %1 = stablehlo.tanh %0 : tensor<4x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %z) applies stablehlo.add across dimensions = [0]
       : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %3 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  return %2, %3 : tensor<8xf32>, tensor<4x5xcomplex<f32>>
}
"""

OTHER = """
func.func @main(%x: tensor<16xf64>) -> tensor<16xf64> {
  %0 = stablehlo.exponential %x : tensor<16xf64>
  %1 = stablehlo.add %0, %x : tensor<16xf64>
  return %1 : tensor<16xf64>
}
"""

RNG = np.random.default_rng(7)
X = RNG.standard_normal((4, 8)).astype(np.float32)
Y = RNG.standard_normal((4, 8)).astype(np.float32)
V = RNG.standard_normal(16)


def _check(results) -> None:
    """PROGRAM's results against numpy (float64 formulas, float32 tolerances)."""
    total, spectrum = results
    np.testing.assert_allclose(total, np.tanh(X.astype(np.float64) * Y).sum(axis=0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(spectrum, np.fft.rfft(X.astype(np.float64), axis=1), rtol=1e-5, atol=1e-5)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    path = tmp_path / "cache"
    monkeypatch.setenv(cache.DIR_ENV, str(path))
    monkeypatch.delenv(cache.DISABLE_ENV, raising=False)
    monkeypatch.delenv(cache.MAX_MB_ENV, raising=False)
    return path


def _entries(folder) -> list:
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.exists() else []


def test_a_second_compile_links_the_cached_code(folder):
    first = compile_program(PROGRAM)
    assert first.timings["cache"] == "miss" and {"lower", "codegen", "prepare"} <= set(first.timings)
    (entry,) = _entries(folder)
    second = compile_program(PROGRAM)
    assert second.timings["cache"] == "hit" and "codegen" not in second.timings
    _check(first(X, Y))
    _check(second(X, Y))
    for a, b in zip(first(X, Y), second(X, Y)):  # the same machine code: the same bits
        np.testing.assert_array_equal(a, b)
    assert _entries(folder) == [entry]
    # The key is the parsed module, locations included (a runtime op's errors name them): a
    # comment after the code is the same entry, the same code moved down a line another.
    assert compile_program(PROGRAM + "// a comment\n").timings["cache"] == "hit"
    assert compile_program("\n" + PROGRAM).timings["cache"] == "miss"
    # Through the package's API too.
    _check(stablehlo_py.compile(PROGRAM, backend="compiled")(X, Y))


def test_another_module_or_entry_is_another_entry(folder):
    compile_program(PROGRAM)
    program = compile_program(OTHER)
    assert program.timings["cache"] == "miss"
    np.testing.assert_allclose(program(V)[0], np.exp(V) + V, rtol=1e-15)
    assert len(_entries(folder)) == 2
    renamed = compile_program(OTHER.replace("@main", "@f"), entry="f")
    assert renamed.timings["cache"] == "miss"
    np.testing.assert_allclose(renamed(V)[0], np.exp(V) + V, rtol=1e-15)
    assert compile_program(OTHER).timings["cache"] == "hit"


@pytest.mark.parametrize("damage", ["truncated", "garbage", "flipped", "empty", "header only"])
def test_a_corrupt_entry_is_ignored_and_rewritten(folder, damage):
    compile_program(PROGRAM)
    (entry,) = _entries(folder)
    data = entry.read_bytes()
    damaged = {"truncated": data[: len(data) // 2],
               "garbage": RNG.integers(0, 256, len(data), dtype=np.uint8).tobytes(),
               "flipped": data[:-100] + bytes([data[-100] ^ 0x10]) + data[-99:],
               "empty": b"",
               "header only": data[:20]}[damage]
    entry.write_bytes(damaged)
    program = compile_program(PROGRAM)
    assert program.timings["cache"] == "miss"
    _check(program(X, Y))
    assert entry.read_bytes() == data  # rewritten whole (the same code: the same object)
    assert compile_program(PROGRAM).timings["cache"] == "hit"


def test_an_entry_that_does_not_link_is_recompiled(folder):
    compile_program(PROGRAM)
    (entry,) = _entries(folder)
    name = entry.name[: -len(".obj")]
    # A well-formed entry (its checksum holds) whose object is no object: the loader's error
    # is not the caller's; the module compiles and the entry is rewritten.
    cache.store(str(folder), name, {"runtime": []}, b"\x7fELF not an object")
    program = compile_program(PROGRAM)
    assert program.timings["cache"] == "miss"
    _check(program(X, Y))
    assert compile_program(PROGRAM).timings["cache"] == "hit"


def test_an_entry_missing_a_symbol_is_recompiled(folder):
    compile_program(PROGRAM)
    (entry,) = _entries(folder)
    name = entry.name[: -len(".obj")]
    metadata, obj = cache.load(str(folder), name)
    assert len(metadata["runtime"]) == 1  # the fft's op program
    # The object calls the runtime's fft, which this entry no longer provides: it does not link.
    cache.store(str(folder), name, {"runtime": []}, obj)
    program = compile_program(PROGRAM)
    assert program.timings["cache"] == "miss"
    _check(program(X, Y))
    assert cache.load(str(folder), name) == (metadata, obj)


def test_the_loaders_failures_are_exceptions_with_llvms_message(folder):
    from stablehlo_py import _stablehlo

    with pytest.raises(RuntimeError, match="no-such-library.so"):
        _stablehlo.LoadedObject(["/no-such-library.so"])
    with pytest.raises(RuntimeError, match="Invalid ELF class"):
        cache.LoadedObject(b"\x7fELF not an object", [])
    compile_program(PROGRAM)
    (entry,) = _entries(folder)
    _, obj = cache.load(str(folder), entry.name[: -len(".obj")])
    loaded = cache.LoadedObject(obj, [])
    with pytest.raises(RuntimeError, match="Failed to materialize symbols"):
        loaded.raw_lookup("_mlir_ciface_main")  # the runtime's fft is not registered
    assert _stablehlo.host_cpu().startswith(("x86_64", "aarch64"))


def test_disabled_cache_reads_and_writes_nothing(folder, monkeypatch):
    monkeypatch.setenv(cache.DISABLE_ENV, "1")
    program = compile_program(PROGRAM)
    assert program.timings["cache"] == "off" and "codegen" in program.timings
    _check(program(X, Y))
    assert not folder.exists()
    monkeypatch.setenv(cache.DISABLE_ENV, "0")  # "0" is not disabled
    assert compile_program(PROGRAM).timings["cache"] == "miss"
    assert len(_entries(folder)) == 1


def test_the_default_directory(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.DIR_ENV, raising=False)
    monkeypatch.delenv(cache.DISABLE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.directory() == str(tmp_path / "stablehlo-py")
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.directory() == str(tmp_path / "home" / ".cache" / "stablehlo-py")
    monkeypatch.setenv(cache.DIR_ENV, str(tmp_path / "mine"))
    assert cache.directory() == str(tmp_path / "mine")
    monkeypatch.setenv(cache.DISABLE_ENV, "1")
    assert cache.directory() is None


def test_an_unwritable_directory_is_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(cache.DIR_ENV, str(blocker / "cache"))
    monkeypatch.delenv(cache.DISABLE_ENV, raising=False)
    program = compile_program(PROGRAM)
    _check(program(X, Y))
    assert compile_program(PROGRAM).timings["cache"] == "miss"


def test_the_cache_is_bounded_least_recently_used_first(folder, monkeypatch):
    variants = [OTHER.replace("@main", f"@{name}") for name in ("a", "b", "c")]  # entries of one size
    compile_program(variants[0], entry="a")
    (first,) = _entries(folder)
    size = first.stat().st_size
    os.utime(first, (1, 1))  # long unused
    compile_program(variants[1], entry="b")
    # Room for two entries, not three: the least recently used one goes.
    monkeypatch.setenv(cache.MAX_MB_ENV, str(2.5 * size / (1 << 20)))
    compile_program(variants[2], entry="c")
    assert first not in _entries(folder) and len(_entries(folder)) == 2
    # A stale temporary file (a writer that crashed) goes too; a fresh one is another writer's.
    stale, fresh = folder / ".tmp-stale.obj", folder / ".tmp-fresh.obj"
    stale.write_bytes(b"x")
    fresh.write_bytes(b"x")
    os.utime(stale, (1, 1))
    cache.evict(str(folder), 1 << 30)
    assert not stale.exists() and fresh.exists()


_WORKER = textwrap.dedent("""
    import sys
    import numpy as np
    from stablehlo_py.lowering import cache
    from stablehlo_py.lowering.compiled import compile_program
    cache.fingerprint = lambda: b"one build"  # as the test's (files edited meanwhile make new keys)
    text, x, y = open(sys.argv[1]).read(), np.load(sys.argv[2]), np.load(sys.argv[3])
    program = compile_program(text)
    total, spectrum = program(x, y)
    np.save(sys.argv[4], total)
    print(program.timings["cache"])
""")


def test_processes_writing_one_key_at_once(folder, tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "fingerprint", lambda: b"one build")
    paths = {name: tmp_path / f"{name}" for name in ("program.mlir", "x.npy", "y.npy")}
    paths["program.mlir"].write_text(PROGRAM)
    np.save(paths["x.npy"], X)
    np.save(paths["y.npy"], Y)
    env = dict(os.environ)
    workers = [subprocess.Popen([sys.executable, "-c", _WORKER, str(paths["program.mlir"]), str(paths["x.npy"]),
                                 str(paths["y.npy"]), str(tmp_path / f"out{i}.npy")],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for i in range(4)]
    outcomes = [w.communicate(timeout=300) for w in workers]
    for worker, (out, err) in zip(workers, outcomes):
        assert worker.returncode == 0, err
        assert out.strip() in ("miss", "hit")
    expected = np.tanh(X.astype(np.float64) * Y).sum(axis=0)
    for i in range(4):
        np.testing.assert_allclose(np.load(tmp_path / f"out{i}.npy"), expected, rtol=1e-5, atol=1e-5)
    assert len(_entries(folder)) == 1  # one whole entry, no temporary file left
    assert not [p for p in folder.iterdir() if p.name.startswith(".tmp-")]
    program = compile_program(PROGRAM)
    assert program.timings["cache"] == "hit"
    _check(program(X, Y))
