"""Which tests judge which interpreter module: each mutant of a module runs only
against its family's tests (the fast ones: no corpus, parity or CLI suites).

Paths are relative to the repository; the test files sit in area folders under
test/python (docs/testing.md). Each module has two lists: the tests of its family
and the tests written to kill its surviving mutants (pytest marker mutant_killer).
"""

from __future__ import annotations

_T = "test/python/"


def _tests(*paths: str) -> list:
    return [_T + p for p in paths]


_ELEMENTWISE = _tests(
    "interpreter/elementwise/test_elementwise_ops.py", "interpreter/elementwise/conversions/test_convert.py",
    "interpreter/elementwise/test_compare_select.py", "interpreter/elementwise/conversions/test_reduce_precision.py",
    "interpreter/core/test_constants.py", "interpreter/elementwise/test_clamp_imag_atan2_bitcast.py",
    "api/test_dimension_number_properties.py", "interpreter/elementwise/test_ops_jax_does_not_emit.py",
    "interpreter/elementwise/test_rank0_i1_cbrt_cases.py",
    "interpreter/control_flow/test_scalar_loops.py")  # scalar loops run the scalar forms elementwise.py defines
# programs of dynamic types and the dynamism ops (issue 14): kernels specialised at run time
_DYNAMISM = _tests(
    "interpreter/core/test_dynamic_types.py", "interpreter/core/test_shape_polymorphic_exports.py",
    "interpreter/core/test_dynamic_operand_shapes.py")
_REGIONS = _tests(
    "interpreter/reductions/test_reduce.py", "interpreter/reductions/test_window_ops.py",
    "interpreter/reductions/test_sort.py", "interpreter/control_flow/test_scalar_loops.py",
    "interpreter/control_flow/test_calls_and_loop_updates.py", "interpreter/custom_calls/test_register_custom_call.py",
    "interpreter/control_flow/test_tokens_and_composite.py", "interpreter/indexing/test_scatter.py",
    "interpreter/core/test_accumulation_order.py", "interpreter/core/test_limits.py") + _DYNAMISM
_INDEXING = _tests(
    "interpreter/indexing/test_gather.py", "interpreter/indexing/test_scatter.py",
    "interpreter/data_movement/test_data_movement.py") + _DYNAMISM
_DATA_MOVEMENT = _tests(
    "interpreter/data_movement/test_data_movement.py", "interpreter/data_movement/test_tuples_and_sizes.py",
    "interpreter/elementwise/test_clamp_imag_atan2_bitcast.py") + _DYNAMISM
_LINALG = _tests(
    "interpreter/dot_conv/test_dot_general.py", "interpreter/dot_conv/test_convolution.py",
    "interpreter/dot_conv/test_einsum.py", "interpreter/dot_conv/test_fft_and_solvers.py",
    "interpreter/core/test_accumulation_order.py") + _DYNAMISM

# chlo (issue 15): its own kernels and the stablehlo kernels its broadcasting ops and ragged_dot run
_CHLO = _tests("interpreter/chlo/test_chlo_kernels.py", "interpreter/chlo/test_chlo_exports.py")

# The mutant killers (the tests written for survivors of earlier runs, marked mutant_killer), by the
# family they were written for.
_KILL_ELEMENTWISE = _tests(
    "interpreter/elementwise/conversions/test_bitcast_subbyte.py", "interpreter/elementwise/complex/test_complex128_precision.py",
    "interpreter/elementwise/complex/test_complex_order.py", "interpreter/elementwise/test_int_min_division.py",
    "interpreter/elementwise/test_elementwise_kernel_edges.py", "interpreter/elementwise/test_scalar_form_guards.py",
    "interpreter/elementwise/complex/test_complex_sign.py", "interpreter/elementwise/conversions/test_subbyte_bit_ops.py",
    "interpreter/elementwise/test_total_order.py")
_KILL_REGIONS = _tests(  # reduce, reduce_window, select_and_scatter, sort, loops, if/case
    "interpreter/reductions/test_reduce_non_identity_init.py", "interpreter/reductions/test_region_kernel_edges.py")
_KILL_SCALAR = _tests("jit/test_scalar_loop_paths.py")
_KILL_INDEXING = _tests("interpreter/indexing/test_indexing_kernel_edges.py")
_KILL_DATA_MOVEMENT = _tests("interpreter/data_movement/test_data_movement_kernel_edges.py")
_KILL_LINALG = _tests("interpreter/dot_conv/test_dot_conv_kernel_edges.py")
_KILL_FFT = _tests("interpreter/dot_conv/test_fft_length_one.py")
_KILL_RNG = _tests("interpreter/rng/test_rng_contract.py")
_KILL_CHECKS = _tests("interpreter/checks/test_check_policies.py")
_KILL_ATTRIBUTES = _tests("interpreter/core/test_attribute_defaults.py")
_KILL_NORMALIZATION = _tests("interpreter/reductions/test_batch_norm_f64.py")
_KILL_QUANTIZATION = _tests("interpreter/quantization/test_quantized_dot_rounding.py")
KILLERS = sorted(_KILL_ELEMENTWISE + _KILL_REGIONS + _KILL_SCALAR + _KILL_INDEXING + _KILL_DATA_MOVEMENT + _KILL_LINALG
                 + _KILL_FFT + _KILL_RNG + _KILL_CHECKS + _KILL_ATTRIBUTES + _KILL_NORMALIZATION + _KILL_QUANTIZATION)

# The toolkit modules (types, conversion, combiners, bodies, windows) serve several families: the
# tests of every family that uses them judge them.
_EVERY_FAMILY = sorted(set(_ELEMENTWISE + _REGIONS + _INDEXING + _DATA_MOVEMENT + _LINALG + _tests(
    "api/test_interpret_and_compile.py", "interpreter/elementwise/conversions/test_subbyte_bit_ops.py",
    "interpreter/elementwise/complex/test_complex_order.py", "interpreter/elementwise/test_elementwise_kernel_edges.py")))

# module (path under python/stablehlo_py/interpreter/, without .py) -> (test files, its mutant killers)
FAMILIES = {
    "kernels/elementwise": (_ELEMENTWISE, _KILL_ELEMENTWISE),
    "core/types": (_EVERY_FAMILY, []),
    "numerics/conversion": (_EVERY_FAMILY, _KILL_ELEMENTWISE),
    "numerics/combiners": (sorted(set(_ELEMENTWISE + _REGIONS + _INDEXING)), KILLERS),
    "core/bodies": (sorted(set(_REGIONS + _INDEXING)), KILLERS),
    "numerics/windows": (sorted(set(_REGIONS + _DATA_MOVEMENT + _LINALG)), KILLERS),
    "kernels/control_flow": (_REGIONS, _KILL_REGIONS),
    # while loops' plans (in place, counted, row dots, loop-invariant steps)
    "planning/loops": (_REGIONS + _tests("interpreter/control_flow/test_dense_loop_fast_paths.py",
                                         "interpreter/reductions/test_region_fast_paths.py"),
                       _KILL_REGIONS + _tests("interpreter/control_flow/test_loop_plan_near_misses.py")),
    "kernels/reductions": (_REGIONS + _tests("interpreter/reductions/test_batch_norm.py") + _KILL_NORMALIZATION,
                           _KILL_REGIONS),
    "jit/scalar": (_tests("interpreter/control_flow/test_scalar_loops.py",
                          "interpreter/control_flow/test_calls_and_loop_updates.py", "interpreter/core/test_limits.py"),
                   _KILL_SCALAR),
    "kernels/indexing": (_INDEXING, _KILL_INDEXING),
    "kernels/data_movement": (_DATA_MOVEMENT, _KILL_DATA_MOVEMENT),
    "kernels/dot_conv": (_LINALG, _KILL_LINALG),
    "kernels/fft": (_tests("interpreter/dot_conv/test_fft_and_solvers.py"), _KILL_FFT),
    "kernels/rng": (_tests("interpreter/rng/test_rng.py"), _KILL_RNG),
    "kernels/checks": (_tests("interpreter/checks/test_check_ops.py", "runtime/test_interpreter_dialect.py"),
                       _KILL_CHECKS),
    "core/attributes": (_ELEMENTWISE + _REGIONS[:2] + _LINALG[:2] + _tests(
        "interpreter/checks/test_check_ops.py", "interpreter/reductions/test_sort.py",
        "interpreter/reductions/test_batch_norm.py", "interpreter/control_flow/test_tokens_and_composite.py",
        "interpreter/data_movement/test_data_movement.py") + _DYNAMISM,
                        _KILL_ATTRIBUTES),
    "core/plan": (_tests("api/test_interpret_and_compile.py", "interpreter/control_flow/test_calls_and_loop_updates.py")
                  + _DYNAMISM, []),
    # the chlo dialect: its kernels and the special functions they compute (special.py)
    "kernels/chlo": (_CHLO, []),
    "numerics/special": (_CHLO, []),
    # the process grid and the collectives (issue 17)
    "kernels/communication": (_tests("interpreter/communication/test_collectives.py",
                                     "interpreter/communication/test_mesh_axes.py"), []),
    "runtime/grid": (_tests("interpreter/communication/test_collectives.py",
                            "interpreter/communication/test_mesh_axes.py"), []),
    # arith, tensor and shape ops of torch-mlir's programs
    "kernels/other_dialects/mlir": (_tests("interpreter/mlir_dialects/test_mlir_dialects.py",
                                           "producers/test_torch_mlir.py"), []),
    # the interpreter dialect: run_parallel, print (printing.py), probe (probes.py)
    "kernels/interpreter_ops": (_tests("runtime/test_interpreter_dialect.py"), []),
    "numerics/printing": (_tests("runtime/test_interpreter_dialect.py"), []),
    "runtime/probes": (_tests("runtime/test_interpreter_dialect.py"), []),
    # quantized values (issue 16): the formulas, the two rules, the integer dot and convolution
    "kernels/quantization": (_tests("interpreter/quantization/test_quantized_programs.py",
                                    "dialect/test_quantization_builders.py"),
                             _KILL_QUANTIZATION),
}

# Kernel modules first: the order a budgeted run over everything takes.
DEFAULT_ORDER = ["kernels/fft", "kernels/reductions", "kernels/control_flow", "planning/loops", "kernels/elementwise", "kernels/dot_conv", "kernels/indexing", "kernels/data_movement", "kernels/rng", "jit/scalar", "kernels/chlo", "numerics/special", "kernels/quantization", "kernels/communication", "runtime/grid", "kernels/other_dialects/mlir", "kernels/interpreter_ops", "numerics/printing", "runtime/probes", "core/types", "numerics/conversion", "numerics/combiners", "core/bodies", "numerics/windows", "kernels/checks"]
