"""The pass pipeline of the compiled backend: ours, then stock MLIR passes down to LLVM."""

from __future__ import annotations

# After ours, stock MLIR passes (and two small ones of ours): calls inlined and scalar code on
# scalars, tensors to buffers (function results become out-parameters the caller allocates),
# linalg to loops, and every dialect to LLVM.
_TO_LLVM = (
    "inline",
    # ours: rank-0 tensors as scalars, so that loop counters, carries and predicates stay in
    # registers rather than one heap buffer per op (a scalar while loop runs 10-70x faster)
    "stablehlo-py-scalarize-rank-zero",
    "canonicalize",  # not cse: merged tensor.empty ops make one buffer of two loop carries
    # a chain of element-wise ops as one loop nest: one pass over memory, no temporaries
    "func.func(linalg-fuse-elementwise-ops)",
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops}",
    # Not hoist-static-allocs: with it, MLIR 22's pass crashes on a function returning one value
    # twice (updateReturnOps); each result is copied into its out-parameter instead.
    "buffer-results-to-out-params{modify-public-functions}",
    "stablehlo-py-results-in-place",  # ours: what hoist-static-allocs would do, without its crash
    "buffer-deallocation-pipeline",  # the temporaries are freed before the function returns
    "stablehlo-py-widen-bool-buffers",  # ours: the deallocation's i1 flags as bytes (MLIR lowers no i1 buffers)
    # ours: copies into or out of strided views as loops, not memrefCopy's element-at-a-time walk
    "stablehlo-py-strided-copies-to-linalg",
    # ours: a chain of element-wise ops and numpy-loop calls over whole buffers as one loop over
    # cache-sized blocks (compiled backend only: no numpy-loop calls otherwise)
    "stablehlo-py-blocked-elementwise",
    "func.func(scf-forall-to-parallel)",  # the rows of a reduce_window (LowerReduceWindow.cpp)
    "func.func(convert-linalg-to-loops)",
    "expand-strided-metadata",  # before lower-affine: it computes dynamic offsets with affine.apply
    "lower-affine",
    "convert-scf-to-cf",
    "finalize-memref-to-llvm",
    # what complex-to-llvm lacks (neg); our complex products are arith already, and complex math
    # functions direct calls of the C library (ScalarOps.cpp: not convert-complex-to-libm, whose
    # complex<f32> calls break x86-64's C ABI and which has no exp)
    "convert-complex-to-standard",
    "convert-math-to-libm",  # first: math-to-llvm would compute expm1 and log1p as exp(x) - 1, log(1 + x)
    "convert-math-to-llvm",
    "convert-complex-to-llvm",
    "convert-arith-to-llvm",
    "convert-index-to-llvm",
    "convert-func-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
)


def pipeline(to_llvm: bool = True, compiled_backend: bool = False, loop_limits: bool = False) -> str:
    """The pass pipeline from StableHLO to the LLVM dialect (`to_llvm=False`: only to linalg,
    tensor, arith, math and scf), as `mlir.passmanager.PassManager.parse` takes it; stock
    `mlir-opt` with the plugin runs it too. `compiled_backend`: the compiled backend's form,
    which only stablehlo_py runs: chlo and quantized ops expanded first (our Python passes
    stablehlo-py-chlo-legalize-to-stablehlo and stablehlo-py-legalize-quant-to-exact-math), library ops (and forms
    no pattern takes) as calls of the runtime (runtime.py), large f32/f64 products as
    calls of the native gemm kernel (kernels.py), and math functions of whole tensors as calls
    of numpy's own inner loops (numpy_loops.py). `loop_limits` (compiled backend only): while
    loops count their iterations and call the runtime's loop check (Limits.max_iterations and
    Limits.timeout; runtime.py); off, the pipeline's text (a part of the compile cache's key) is
    as it was before the option."""
    passes = ["stablehlo-legalize-to-linalg", "canonicalize"]
    if compiled_backend:
        # inline first: a region's calls (a sort comparator calling a function) become its own
        # ops, which the patterns (or the runtime's one-op programs) take
        options = "enable-runtime-calls library-contractions library-math" + (" loop-limits" if loop_limits else "")
        passes = ["func.func(stablehlo-py-chlo-legalize-to-stablehlo)", "stablehlo-py-legalize-quant-to-exact-math",
                  "inline{default-pipeline=}",
                  f"stablehlo-legalize-to-linalg{{{options}}}", "canonicalize"]
    if to_llvm:
        passes += _to_llvm(compiled_backend)
    return f"builtin.module({','.join(passes)})"


# The compiled backend's loops on threads (docs/lowering.md, "Threads"): linalg to scf.parallel
# where it iterates in parallel, then ours: the outermost parallel loops doing enough work as calls
# of the runtime's thread pool (lib/Runtime/ParallelFor.h). The rest stay plain loops.
_THREADED_LOOPS = ("func.func(convert-linalg-to-parallel-loops)", "stablehlo-py-outline-parallel-loops")


def _to_llvm(compiled_backend: bool) -> list:
    """_TO_LLVM; the compiled backend's buffers come from its own allocator (the native
    kernels' _mlir_memref_to_llvm_alloc/free, lib/Runtime/BufferCache.cpp), which keeps large
    temporaries for the next call rather than fresh pages from the kernel each time, and its
    large loops run on threads (_THREADED_LOOPS)."""
    if not compiled_backend:
        return list(_TO_LLVM)
    passes = []
    for p in _TO_LLVM:
        if p == "finalize-memref-to-llvm":
            passes.append(p + "{use-generic-functions}")
        elif p == "func.func(convert-linalg-to-loops)":
            passes.extend(_THREADED_LOOPS)
        else:
            passes.append(p)
    return passes


def to_llvm_pipeline(compiled_backend: bool = False) -> str:
    """The stock passes after ours: linalg-level IR (`pipeline(to_llvm=False)`) to LLVM."""
    return f"builtin.module({','.join(_to_llvm(compiled_backend))})"
