"""Which tests judge which interpreter module: each mutant of a module runs only
against its family's tests (the fast ones: no corpus, parity or CLI suites)."""

from __future__ import annotations

_T = "test/python/"

_ELEMENTWISE = [_T + f for f in (
    "test_interpreter_elementwise.py", "test_interpreter_convert.py", "test_interpreter_compare_select.py",
    "test_interpreter_reduce_precision.py", "test_interpreter_constants.py", "test_interpreter_fixes.py",
    "test_properties.py", "test_interpreter_xla_text.py", "test_interpreter_conformance_fixes.py",
    "test_interpreter_scalar_loops.py")]  # scalar loops run the scalar forms elementwise.py defines
# programs of dynamic types and the dynamism ops (issue 14): kernels specialised at run time
_DYNAMISM = [_T + f for f in (
    "test_interpreter_dynamism.py", "test_interpreter_dynamism_jax.py", "test_interpreter_dynamic_operands.py")]
_REGIONS = [_T + f for f in (
    "test_interpreter_reduce.py", "test_interpreter_windows.py", "test_interpreter_sort.py",
    "test_interpreter_scalar_loops.py", "test_interpreter_calls_and_loop_updates.py",
    "test_interpreter_custom_calls.py", "test_interpreter_tokens_composite.py", "test_interpreter_scatter.py",
    "test_interpreter_accumulation_order.py", "test_interpreter_limits.py")] + _DYNAMISM
_INDEXING = [_T + f for f in (
    "test_interpreter_gather.py", "test_interpreter_scatter.py", "test_interpreter_data_movement.py")] + _DYNAMISM
_DATA_MOVEMENT = [_T + f for f in (
    "test_interpreter_data_movement.py", "test_interpreter_tuples_and_sizes.py", "test_interpreter_fixes.py")] + _DYNAMISM
_LINALG = [_T + f for f in (
    "test_interpreter_dot.py", "test_interpreter_convolution.py", "test_interpreter_einsum.py",
    "test_interpreter_fft_and_solvers.py", "test_interpreter_accumulation_order.py")] + _DYNAMISM

# chlo (issue 15): its own kernels and the stablehlo kernels its broadcasting ops and ragged_dot run
_CHLO = [_T + f for f in ("test_interpreter_chlo.py", "test_chlo_jax.py")]

# The toolkit modules (types, conversion, combiners, bodies, windows) serve several families: the
# tests of every family that uses them judge them.
_EVERY_FAMILY = sorted(set(_ELEMENTWISE + _REGIONS + _INDEXING + _DATA_MOVEMENT + _LINALG + [
    _T + f for f in ("test_interpreter_api.py", "test_kernel_mutants_elementwise_subbyte.py",
                     "test_kernel_mutants_elementwise_complex_order.py",
                     "test_kernel_mutants_elementwise_misc.py")]))

# module (file stem under python/stablehlo_py/interpreter/) -> (test files, own mutant-killer glob)
FAMILIES = {
    "elementwise": (_ELEMENTWISE, "test_kernel_mutants_elementwise*.py"),
    "types": (_EVERY_FAMILY, "test_kernel_mutants_types*.py"),
    "conversion": (_EVERY_FAMILY, "test_kernel_mutants_elementwise*.py"),
    "combiners": (sorted(set(_ELEMENTWISE + _REGIONS + _INDEXING)), "test_kernel_mutants_*.py"),
    "bodies": (sorted(set(_REGIONS + _INDEXING)), "test_kernel_mutants_*.py"),
    "windows": (sorted(set(_REGIONS + _DATA_MOVEMENT + _LINALG)), "test_kernel_mutants_*.py"),
    "regions": (_REGIONS, "test_kernel_mutants_re*.py"),
    "scalar": ([_T + "test_interpreter_scalar_loops.py", _T + "test_interpreter_calls_and_loop_updates.py",
                _T + "test_interpreter_limits.py"],
               "test_kernel_mutants_scalar*.py"),
    "indexing": (_INDEXING, "test_kernel_mutants_indexing*.py"),
    "data_movement": (_DATA_MOVEMENT, "test_kernel_mutants_data_movement*.py"),
    "linalg": (_LINALG, "test_kernel_mutants_linalg*.py"),
    "fft": ([_T + "test_interpreter_fft_and_solvers.py"], "test_kernel_mutants_fft*.py"),
    "normalization": ([_T + "test_interpreter_batch_norm.py"], "test_kernel_mutants_norm*.py"),
    "rng": ([_T + "test_interpreter_random.py"], "test_kernel_mutants_rng*.py"),
    "checks": ([_T + "test_interpreter_checks.py", _T + "test_interpreter_parallel.py"],
               "test_kernel_mutants_checks*.py"),
    "attributes": (_ELEMENTWISE + _REGIONS[:2] + _LINALG[:2] + [_T + f for f in (
        "test_interpreter_checks.py", "test_interpreter_sort.py", "test_interpreter_batch_norm.py",
        "test_interpreter_tokens_composite.py", "test_interpreter_data_movement.py")] + _DYNAMISM,
                   "test_kernel_mutants_attributes*.py"),
    "plan": ([_T + "test_interpreter_api.py", _T + "test_interpreter_calls_and_loop_updates.py"] + _DYNAMISM,
             "test_kernel_mutants_plan*.py"),
    # the chlo dialect: its kernels and the special functions they compute (special.py)
    "chlo": (_CHLO, "test_kernel_mutants_chlo*.py"),
    "special": (_CHLO, "test_kernel_mutants_chlo*.py"),
    # the process grid and the collectives (issue 17)
    "communication": ([_T + "test_interpreter_grid.py"], "test_kernel_mutants_communication*.py"),
    "grid": ([_T + "test_interpreter_grid.py"], "test_kernel_mutants_communication*.py"),
    # the interpreter dialect: run_parallel, print (printing.py), probe (probes.py)
    "parallel": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    "printing": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    "probes": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    # quantized values (issue 16): the formulas, the two rules, the integer dot and convolution
    "quantization": ([_T + "test_interpreter_quantization.py", _T + "test_quantization_builders.py"],
                     "test_kernel_mutants_quantization*.py"),
}

# Kernel modules first: the order a budgeted run over everything takes.
DEFAULT_ORDER = ["normalization", "fft", "regions", "elementwise", "linalg", "indexing", "data_movement",
                 "rng", "scalar", "chlo", "special", "quantization", "communication", "grid", "parallel", "printing", "probes", "types", "conversion", "combiners", "bodies", "windows", "checks"]
