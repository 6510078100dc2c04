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

# module (path under python/stablehlo_py/interpreter/, without .py) -> (test files, own mutant-killer glob)
FAMILIES = {
    "kernels/elementwise": (_ELEMENTWISE, "test_kernel_mutants_elementwise*.py"),
    "core/types": (_EVERY_FAMILY, "test_kernel_mutants_types*.py"),
    "numerics/conversion": (_EVERY_FAMILY, "test_kernel_mutants_elementwise*.py"),
    "numerics/combiners": (sorted(set(_ELEMENTWISE + _REGIONS + _INDEXING)), "test_kernel_mutants_*.py"),
    "core/bodies": (sorted(set(_REGIONS + _INDEXING)), "test_kernel_mutants_*.py"),
    "numerics/windows": (sorted(set(_REGIONS + _DATA_MOVEMENT + _LINALG)), "test_kernel_mutants_*.py"),
    "kernels/control_flow": (_REGIONS, "test_kernel_mutants_re*.py"),
    "kernels/reductions": (_REGIONS + [_T + "test_interpreter_batch_norm.py", _T + "test_kernel_mutants_normalization.py"],
                           "test_kernel_mutants_re*.py"),
    "jit/scalar": ([_T + "test_interpreter_scalar_loops.py", _T + "test_interpreter_calls_and_loop_updates.py",
                _T + "test_interpreter_limits.py"],
               "test_kernel_mutants_scalar*.py"),
    "kernels/indexing": (_INDEXING, "test_kernel_mutants_indexing*.py"),
    "kernels/data_movement": (_DATA_MOVEMENT, "test_kernel_mutants_data_movement*.py"),
    "kernels/dot_conv": (_LINALG, "test_kernel_mutants_linalg*.py"),
    "kernels/fft": ([_T + "test_interpreter_fft_and_solvers.py"], "test_kernel_mutants_fft*.py"),
    "kernels/rng": ([_T + "test_interpreter_random.py"], "test_kernel_mutants_rng*.py"),
    "kernels/checks": ([_T + "test_interpreter_checks.py", _T + "test_interpreter_parallel.py"],
               "test_kernel_mutants_checks*.py"),
    "core/attributes": (_ELEMENTWISE + _REGIONS[:2] + _LINALG[:2] + [_T + f for f in (
        "test_interpreter_checks.py", "test_interpreter_sort.py", "test_interpreter_batch_norm.py",
        "test_interpreter_tokens_composite.py", "test_interpreter_data_movement.py")] + _DYNAMISM,
                   "test_kernel_mutants_attributes*.py"),
    "core/plan": ([_T + "test_interpreter_api.py", _T + "test_interpreter_calls_and_loop_updates.py"] + _DYNAMISM,
             "test_kernel_mutants_plan*.py"),
    # the chlo dialect: its kernels and the special functions they compute (special.py)
    "kernels/chlo": (_CHLO, "test_kernel_mutants_chlo*.py"),
    "numerics/special": (_CHLO, "test_kernel_mutants_chlo*.py"),
    # the process grid and the collectives (issue 17)
    "kernels/communication": ([_T + "test_interpreter_grid.py"], "test_kernel_mutants_communication*.py"),
    "runtime/grid": ([_T + "test_interpreter_grid.py"], "test_kernel_mutants_communication*.py"),
    # the interpreter dialect: run_parallel, print (printing.py), probe (probes.py)
    "kernels/interpreter_ops": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    "numerics/printing": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    "runtime/probes": ([_T + "test_interpreter_parallel.py"], "test_kernel_mutants_parallel*.py"),
    # quantized values (issue 16): the formulas, the two rules, the integer dot and convolution
    "kernels/quantization": ([_T + "test_interpreter_quantization.py", _T + "test_quantization_builders.py"],
                     "test_kernel_mutants_quantization*.py"),
}

# Kernel modules first: the order a budgeted run over everything takes.
DEFAULT_ORDER = ["kernels/fft", "kernels/reductions", "kernels/control_flow", "kernels/elementwise", "kernels/dot_conv", "kernels/indexing", "kernels/data_movement", "kernels/rng", "jit/scalar", "kernels/chlo", "numerics/special", "kernels/quantization", "kernels/communication", "runtime/grid", "kernels/interpreter_ops", "numerics/printing", "runtime/probes", "core/types", "numerics/conversion", "numerics/combiners", "core/bodies", "numerics/windows", "kernels/checks"]
