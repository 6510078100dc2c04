// The C++ passes of the stablehlo dialect, under upstream StableHLO's names
// and options. Implementations: lib/Transforms/.
#ifndef STABLEHLO_PY_PASSES_TD
#define STABLEHLO_PY_PASSES_TD

include "mlir/Pass/PassBase.td"

defvar StablehloFolderOptions = [
  Option<"foldFloat", "fold-float", "bool", /*default=*/"true",
         "Fold floating-point arithmetic (rounded as the element type "
         "rounds, as XLA does).">,
  Option<"foldOpElementLimit", "fold-op-element-limit", "int64_t",
         /*default=*/"65536",
         "Fold no op whose result has more elements than this (splats and "
         "identities excepted: they cost nothing).">,
];

def StablehloAggressiveFolderPass
    : Pass<"stablehlo-aggressive-folder", "func::FuncOp"> {
  let summary = "Fold stablehlo ops whose operands are constants";
  // The folder evaluates the scalar table's arith, math, complex and scf ops
  // (Conversion/ScalarOps.h: ScalarFolder).
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
  let options = !listconcat(StablehloFolderOptions, [
    Option<"assumeNoUndeclaredSideEffects", "assume-no-undeclared-side-effects",
           "bool", /*default=*/"false",
           "Ops that declare no memory effects have none: a while whose "
           "false condition calls a function, say, still folds away.">,
  ]);
}

def StablehloAggressiveSimplificationPass
    : Pass<"stablehlo-aggressive-simplification", "func::FuncOp"> {
  let summary = "Remove identities and simplify stablehlo ops";
  let description = [{
    Rewrites ops that compute nothing new (transpose by the identity
    permutation, reshape, convert or broadcast_in_dim to the operand's own
    type, add of zero, multiply by one, ...) and puts constant operands of
    commutative ops on the right. docs/dynamism.md lists every pattern.
  }];
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"foldOpElementLimit", "fold-op-element-limit", "int64_t",
           /*default=*/"65536",
           "Build no constant element by element (a select of constants) "
           "of more elements than this.">,
  ];
}

def StablehloTargetIndependentOptimizationPass
    : Pass<"stablehlo-target-independent-optimization", "func::FuncOp"> {
  let summary = "Folding and simplification in one pattern set";
  // The folder evaluates the scalar table's arith, math, complex and scf ops
  // (Conversion/ScalarOps.h: ScalarFolder).
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
  let options = StablehloFolderOptions;
}

def StablehloConvertToSignlessPass
    : Pass<"stablehlo-convert-to-signless", "::mlir::ModuleOp"> {
  let summary = "Replace unsigned integer types by signless ones";
  let description = [{
    Every type and attribute in the module with an unsigned integer element
    type gets the signless integer type of the same width: the operands and
    results of every op, block arguments, function signatures and constants
    (their bits are kept: 255 : ui8 becomes -1 : i8). MLIR's own dialects
    (arith, linalg) carry signedness in their ops, not in their types; this
    is the step before lowering into them. It changes what integer division,
    comparison and conversion mean on stablehlo ops, so it belongs at the
    end of a lowering pipeline.
  }];
}

def StablehloLegalizeToLinalgPass
    : Pass<"stablehlo-legalize-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower stablehlo ops into linalg, tensor, arith, math and scf";
  let description = [{
    Each stablehlo op becomes ops of MLIR's own dialects on signless tensors,
    with the interpreter's exact semantics (lib/Conversion/ScalarOps.cpp):
    element-wise ops become a linalg.generic (or linalg.map) whose body is the
    op on scalars; data movement becomes tensor or linalg ops; dot_general and
    reduce become reductions. Function signatures lose their unsigned types.
    An op the lowering does not take is an error naming it. docs/lowering.md
    lists what lowers.
  }];
  let options = [
    Option<"enablePrimitiveOps", "enable-primitive-ops", "bool",
           /*default=*/"false",
           "Lower to primitive linalg ops (map, reduce and transpose) where "
           "they fit, instead of linalg.generic.">,
    Option<"enableRuntimeCalls", "enable-runtime-calls", "bool",
           /*default=*/"false",
           "(stablehlo-py's own) Ops whose lowering is a library call (fft, "
           "linear algebra, custom calls, generators), and forms of other ops "
           "no pattern takes, become calls of stablehlo-py's runtime "
           "(docs/lowering.md, 'The runtime').">,
    Option<"libraryContractions", "library-contractions", "bool",
           /*default=*/"false",
           "(stablehlo-py's own) f32 and f64 dot_general products large "
           "enough for the interpreter to hand them to BLAS become calls of "
           "the native gemm kernel, @__stablehlo_py_gemm_f32/_f64 "
           "(docs/lowering.md, 'Native kernels').">,
    Option<"libraryMath", "library-math", "bool", /*default=*/"false",
           "(stablehlo-py's own) exponential, exponential_minus_one, log, "
           "log_plus_one, tanh, sine, cosine and tan of f16, bf16, f32 and "
           "f64 tensors become calls of numpy's own inner loops, "
           "@__stablehlo_py_numpy_loop_f32/_f64, as the interpreter computes "
           "them (docs/lowering.md, 'Native kernels').">,
    Option<"loopLimits", "loop-limits", "bool", /*default=*/"false",
           "(stablehlo-py's own) Each while loop counts its iterations and, "
           "when the count reaches the iteration the last check asked for, "
           "calls the runtime's @__stablehlo_py_loop_check(site, count), "
           "which returns the next such iteration, or a negative number to "
           "end the loop as if its condition were false: how the compiled "
           "backend enforces Limits.max_iterations and Limits.timeout "
           "(docs/lowering.md, 'The runtime').">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::LLVM::LLVMDialect", // loop-limits: llvm.intr.expect
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect", "::mlir::func::FuncDialect",
  ];
}

def StablehloPyWidenBoolBuffersPass
    : Pass<"stablehlo-py-widen-bool-buffers", "::mlir::ModuleOp"> {
  let summary = "Store i1 buffers as bytes, for the LLVM lowering";
  let description = [{
    MLIR lowers memrefs of i1 to LLVM only after emulating them packed;
    MLIR's own buffer deallocation makes such buffers (its ownership
    flags). This pass gives every memref of i1 the element type i8: loads
    truncate, stores zero-extend, and function signatures, calls and the
    other memref ops take the new types. Part of
    stablehlo_py.lowering.pipeline(), after bufferization.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def StablehloPyResultsInPlacePass
    : Pass<"stablehlo-py-results-in-place", "::mlir::ModuleOp"> {
  let summary = "Compute function results in their out-parameters";
  let description = [{
    After buffer-results-to-out-params: where a function ends by copying a
    buffer it allocated (memref.alloc in its entry block) into an
    out-parameter nothing else uses, the buffer's uses become the
    out-parameter's and the alloc and the copy go. The out-parameters must
    not alias the function's other arguments (the compiled backend's
    callers pass fresh buffers). Part of stablehlo_py.lowering.pipeline().
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def StablehloPyStridedCopiesToLinalgPass
    : Pass<"stablehlo-py-strided-copies-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Copies between strided buffers as linalg.copy, for loops";
  let description = [{
    A memref.copy whose source or target layout MLIR's LLVM lowering cannot
    copy with memcpy (a strided view: the interior a pad writes) becomes
    linalg.copy, which convert-linalg-to-loops turns into a loop nest with a
    contiguous, vectorized innermost loop; MLIR's own lowering would call
    c_runner_utils' memrefCopy, which walks the elements one at a time. Part
    of stablehlo_py.lowering.pipeline() for the compiled backend, after
    bufferization.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect"];
}

def StablehloPyOutlineParallelLoopsPass
    : Pass<"stablehlo-py-outline-parallel-loops", "::mlir::ModuleOp"> {
  let summary = "Run the outermost large scf.parallel loops on threads";
  let description = [{
    An outermost scf.parallel of static bounds whose estimated work (its
    iterations times the ops of an iteration) reaches min-work, which runs
    at least min-ops-per-access ops per memory access, and whose
    iterations write distinct elements (every store indexed by the split
    induction variables), becomes a call of the runtime's thread pool,
    stablehlo_py_parallel_for (lib/Runtime/ParallelFor.h), on a new
    function @<function>_parallel_<n>(!llvm.ptr context, i64 begin, i64 end)
    running the iterations [begin, end) of its leading dimensions,
    linearized. The values the body uses travel in an LLVM struct on the
    caller's stack (memrefs as their descriptors, through unrealized casts).
    Iterations compute what they did, so results are bit for bit the
    single-thread ones. A loop marked stablehlo_py.blocks (the block loops
    of stablehlo-py-blocked-elementwise) is taken whatever its estimate,
    one iteration a chunk. Part of stablehlo_py.lowering.pipeline() for the
    compiled backend, after convert-linalg-to-parallel-loops
    (docs/lowering.md, "Threads").
  }];
  let options = [
    Option<"minWork", "min-work", "int64_t", /*default=*/"131072",
           "Loops estimated to run fewer ops stay on the caller's thread.">,
    Option<"minChunkWork", "min-chunk-work", "int64_t", /*default=*/"32768",
           "The estimated ops of the smallest chunk a thread takes.">,
    Option<"minOpsPerAccess", "min-ops-per-access", "int64_t",
           /*default=*/"8",
           "Loops running fewer computing ops (with a result other than an "
           "index or a buffer) per memory access (load or store) stay on the "
           "caller's thread: they are bound by memory bandwidth.">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect"];
}

def StablehloPyBlockedElementwisePass
    : Pass<"stablehlo-py-blocked-elementwise", "::mlir::ModuleOp"> {
  let summary = "Run chains of element-wise ops and numpy-loop calls in blocks";
  let description = [{
    A run of consecutive element-wise ops over one number of elements (at
    least two blocks of it) on whole contiguous buffers, one of them a call
    of numpy's inner loops (LowerLibraryMath.cpp): linalg.generic ops of
    identity maps or reading some operands by row or by column (maps of
    the leading or the trailing loops), row reductions (numpy-reduce and BLAS-sum kernel calls; blocks
    are then whole rows), the calls, memref.copy ops. The run becomes one
    scf.parallel over blocks of block-elements elements, each op on the
    block's subviews, and the buffers only the run uses become block-sized
    buffers, so that the temporaries stay in the cache instead of one pass
    over memory per op. Each op still computes each element as before, so
    results are bit for bit the same. The loop carries the unit attribute
    stablehlo_py.blocks, which stablehlo-py-outline-parallel-loops puts on
    the thread pool. A run without a library call is not blocked, but a
    generic whose result it copies into another buffer writes that buffer
    itself. Part of stablehlo_py.lowering.pipeline() for the
    compiled backend, after bufferization (docs/lowering.md, "Element-wise
    chains in blocks").
  }];
  let options = [
    Option<"blockElements", "block-elements", "int64_t", /*default=*/"2048",
           "Elements per block (a positive multiple of 16).">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def StablehloPyScalarizeRankZeroPass
    : Pass<"stablehlo-py-scalarize-rank-zero", "::mlir::ModuleOp"> {
  let summary = "Compute on scalars where a lowered program has rank-0 tensors";
  let description = [{
    A linalg.generic whose operands are all rank-0 tensors becomes its body
    on scalars (tensor.extract in, tensor.from_elements out), and scf.while,
    scf.if and scf.for carry scalars instead of rank-0 tensors. With a
    canonicalization afterwards, scalar code (loop counters and carries,
    predicates) stays in registers instead of becoming one heap buffer per
    op after bufferization. Part of stablehlo_py.lowering.pipeline(), after
    stablehlo-legalize-to-linalg.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // STABLEHLO_PY_PASSES_TD
