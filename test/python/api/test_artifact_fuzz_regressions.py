"""Portable artifacts that test/fuzz/artifacts.py (seed 7, 570 s) made the reader child abort or
spin: every one must give a TypeError (or MLIRError) with a message, and this process lives on
(stablehlo-opt reads the bytes in a child process: _parsing.bytecode_text).

The bytes are in test/fuzz/regressions/artifacts/ (mutants of jaxlib's artifacts of
test/conformance/corpus programs; `artifacts.py --replay FILE` prints what one gives).
Aborts in MLIR's own bytecode reader are contained by design: the child dies, the user gets
"the reader stopped on malformed data". Aborts in our code (lib/Vhlo) were bugs, fixed: the reader appends list elements as it
reads them instead of reserving a length read from the bytes, and builds builtin types with
their checks (getChecked); their cases want a real error message from a reader that exits.
"""

from __future__ import annotations

import os
import subprocess

import mlir.ir
import pytest

import stablehlo_py
from stablehlo_py import _parsing, _stablehlo

pytestmark = pytest.mark.fuzz_regression

CASES = os.path.join(os.path.dirname(__file__), "..", "..", "fuzz", "regressions", "artifacts")
CONTAINED = "the reader stopped on malformed data"  # what a reader that died on a signal gives

# Our code: lib/Vhlo/*.cpp aborts the reader; fixed when the message is a real error.
OURS = {
    "vhlo_function_type_huge_result_count": (
        "VhloBytecode.cpp:601 readType(kFunctionV1Type): reader.readTypes(more) is MLIR's readList, "
        "which reserve()s the count it read (here 2^64-3 results of `() -> ()`): LLVM ERROR "
        "'SmallVector unable to grow' (counts of 2^31..2^32 give 'out of memory'). Needs a list "
        "reader that does not reserve an unchecked count"),
    "vhlo_array_huge_count": (
        "VhloBytecode.cpp:191 readAttribute(kArrayV1): reader.readAttributes(elements) reserve()s "
        "the count it read (2^48): LLVM ERROR 'SmallVector unable to grow'; the same in lines 156 "
        "(shapes), 220 (dictionary), 264/266, 295, 617, 621, 663/664"),
    "vhlo_tensor_of_function_type": (
        "VhloTypes.cpp:173 toBuiltinType: RankedTensorType::get of a tensor_v1 whose element type is "
        "`() -> ()` (called from VhloBytecode.cpp:531 readTensor) fails the type's invariants: "
        "assertion in StorageUniquerSupport.h:179. Needs RankedTensorType::getChecked (also for "
        "type_extensions bounds that do not fit the shape)"),
}

# MLIR's own reader (libMLIR.so): contained by the child process.
MLIR = {
    "mlir_type_index_out_of_range": "AttrTypeReader: SmallVector operator[] 'idx < size()' (an attribute index past the table)",
    "mlir_value_scope_empty": "BytecodeReader::Impl::defineValues: vector<ValueScope>::back() on an empty vector",
    "mlir_builtin_fused_loc_cast": "BuiltinDialectBytecodeInterface::readAttribute: cast<FusedLoc> of another location",
    "mlir_dictionary_duplicate_key": "BuiltinDialectBytecodeInterface::readAttribute: DictionaryAttr::get with a duplicate name",
    "mlir_dialect_section_huge_count": "parseDialectSection: a dialect count of 1.6e18: 'SmallVector unable to grow'",
    "mlir_silent_failure": "the reader exits 1 without an error message (the user gets 'the reader failed')",
}


def _read(name: str) -> bytes:
    with open(os.path.join(CASES, name + ".bc"), "rb") as f:
        return f.read()


def _error_of(data: bytes) -> str:
    with pytest.raises((TypeError, mlir.ir.MLIRError)) as caught:
        stablehlo_py.parse_module(data)
    message = str(caught.value)
    assert message.strip(), "an error without a message"
    # the process lives: it still parses
    stablehlo_py.parse_module("func.func @f() {\n  return\n}")
    return message


@pytest.mark.parametrize("name", sorted(MLIR))
def test_mlir_reader_failures_are_contained(name):
    message = _error_of(_read(name))
    assert "portable artifact (StableHLO_v" in message, message


def _reader_status(data: bytes) -> int:
    """The exit status of the reader child bytecode_text runs (negative: killed by a signal)."""
    pipeline = (f"--pass-pipeline=builtin.module(vhlo-to-version{{target={_stablehlo.get_current_version()}}},"
                "vhlo-legalize-to-stablehlo)")
    command = [_parsing._stablehlo_opt(), "-", "--mlir-print-debuginfo",
               "--mlir-very-unsafe-disable-verifier-on-parsing", pipeline]
    return subprocess.run(command, input=data, capture_output=True, timeout=60).returncode


@pytest.mark.parametrize("name", sorted(OURS))
def test_our_reader_rejects_with_a_message(name):
    data = _read(name)
    message = _error_of(data)
    # An error line printed before the abort can make the message look fine: the reader itself
    # must end with an error, not a signal.
    assert _reader_status(data) == 1, f"the reader aborted in lib/Vhlo ({message})"
    assert CONTAINED not in message, message


def test_a_cyclic_type_reference_is_stopped_in_seconds():
    """A type entry whose element type refers back to it (varint 3 -> 5 in a vhlo type): MLIR's
    reader retries the deferred entries forever. The child's CPU time is limited by the size of
    the bytes (_parsing.BYTECODE_CPU_SECONDS: 6 s here), well before BYTECODE_TIMEOUT (60 s)."""
    import time
    start = time.monotonic()
    message = _error_of(_read("mlir_cyclic_type_reference"))
    assert "could not be read in 6 s of CPU time" in message, message
    assert time.monotonic() - start < _parsing.BYTECODE_TIMEOUT / 2
