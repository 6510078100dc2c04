// What the patterns of stablehlo-legalize-to-linalg share: the type
// converter (signless tensors, sub-byte integers one per byte), element
// loads and stores, tensor helpers, the scalar form of a region, and the one
// way to build a linalg op whose scalar body may turn out unsupported. Each
// op family's patterns live in a Lower<Family>.cpp of their own and are
// gathered by the pass (LegalizeToLinalg.cpp).
#ifndef STABLEHLO_PY_CONVERSION_LOWERINGCOMMON_H
#define STABLEHLO_PY_CONVERSION_LOWERINGCOMMON_H

#include "Conversion/ScalarOps.h"
#include "Dialect/StablehloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::stablehlo::linalg_lowering {

//===--- Element storage -------------------------------------------------===//

// Integers narrower than a byte (i1, i2, i4 and their unsigned forms), and f4
// and f6 (held as their bits), are
// held one per byte, their bits in the low end, as numpy's bool and
// ml_dtypes' int4 hold them: MLIR lowers no sub-byte buffers to LLVM unless
// they are emulated packed.
bool isSubByte(Type element);

// The element type a tensor holds after the lowering: the signless type the
// element computes in (ui8 -> i8), a byte for sub-byte integers.
Type storageType(Type element);

// An element as stored (storageType) -> as computed (computeType), and back;
// `original` is the element type of the stablehlo value.
Value loadElement(OpBuilder &b, Location loc, Value stored, Type original);
Value storeElement(OpBuilder &b, Location loc, Value computed, Type original);

// Tensors of stored elements (storageType), without encodings: arith and
// linalg carry signedness in their ops, and the bounds of a bounded
// dimension mean nothing to them. A token is a placeholder tensor<i8> (it
// carries no data). A tuple is its elements, flattened (1:N). Quantized
// tensors do not convert (a function taking them fails to convert: an error,
// not an invalid buffer).
struct SignlessTypeConverter : TypeConverter {
  SignlessTypeConverter();
};

// The operands of a 1:N adaptor as one list (a tuple's elements in its
// place): what an op forwarding its operands (return, optimization_barrier)
// passes on.
SmallVector<Value> flattened(ArrayRef<ValueRange> operands);

// How many values `type` becomes (a tuple: its elements, flattened).
size_t convertedCount(const TypeConverter &converter, Type type);

// Replaces `op` by `values`, the converted values of its results in order
// (each tuple result by as many values as it has elements).
void replaceByFlat(ConversionPatternRewriter &rewriter,
                   const TypeConverter &converter, Operation *op,
                   ValueRange values);

// The value a token becomes: a rank-0 i8 tensor holding 0 (what
// create_token and after_all give; the runtime's ops on tokens read none).
Value tokenPlaceholder(OpBuilder &b, Location loc);

//===--- Tensors ---------------------------------------------------------===//

Type elementOf(Value value);

// The sizes of `type` for tensor.empty: its dynamic ones read off `like`
// (a value of the same shape).
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc,
                                RankedTensorType type, Value like);
Value emptyLike(OpBuilder &b, Location loc, RankedTensorType type,
                Value like = {});
RankedTensorType convertedTensor(const TypeConverter &converter, Type type);
SmallVector<utils::IteratorType> parallel(int64_t rank);

// `value` (static) with the static `shape`, its elements in row-major order
// (stablehlo.reshape): tensor.collapse_shape / expand_shape, one of them
// where the reshape merges or splits neighbouring dimensions, else through
// one dimension. Not tensor.reshape: its buffer form takes identity layouts
// only, so bufferization copied every slice before reshaping it (a weight
// sliced out of a stacked tensor, in every step of a loop); a collapse of a
// buffer whose merged dimensions are not contiguous still copies.
Value reshapedTo(OpBuilder &b, Location loc, Value value,
                 ArrayRef<int64_t> shape);

// The zero of a signless element type, for accumulators and padding.
Value zeroOf(OpBuilder &b, Location loc, Type element);

// A tensor of type `target` whose element at each index i is `input`'s
// element at reads(i): the data movement ops that only index differently.
Value readAt(OpBuilder &b, Location loc, Value input, RankedTensorType target,
             ArrayRef<AffineExpr> reads);

// A window attribute's values, ones when it is absent or empty (as the
// interpreter reads []).
SmallVector<int64_t> orOnes(std::optional<ArrayRef<int64_t>> values,
                            int64_t count);

// `input` (static) padded with the scalar `value`: low and high edges
// (negative ones crop) and `interior` elements between neighbours.
Value padded(OpBuilder &b, Location loc, Value input, Value value,
             ArrayRef<int64_t> low, ArrayRef<int64_t> high,
             ArrayRef<int64_t> interior);

// A start index (a stored scalar of integer type `original`) clamped into
// [0, extent - size], as an index: how dynamic_slice, dynamic_update_slice
// and gather clamp their starts.
Value clampedIndex(OpBuilder &b, Location loc, Value stored, Type original,
                   int64_t extent, int64_t size);
// The same, read from a rank-0 tensor.
Value clampedStart(OpBuilder &b, Location loc, Value startTensor, Type original,
                   int64_t extent, int64_t size);

//===--- Loops over independent rows (gather, reduce_window) --------------===//

// The body of a loop over rows: given the row's induction variables and the
// tensors being written, it builds the row and puts its results with
// insertRowSlices (`forall` null: no loop, the body built once in place).
using RowsBody = function_ref<scf::ValueVector(
    OpBuilder &, Location, ValueRange ivs, ValueRange results,
    scf::ForallOp forall)>;

// The results of `body` over the rows lower..upper by steps, writing
// `inits`: the rows are independent, so an scf.forall (which
// stablehlo-py-outline-parallel-loops may put on threads, each row computed
// as one thread would), its body built at its terminator; without rows
// (`lower` empty) `body` once at the insertion point.
SmallVector<Value> buildRows(OpBuilder &b, Location loc, ArrayRef<Value> lower,
                             ArrayRef<Value> upper, ArrayRef<Value> steps,
                             ValueRange inits, RowsBody body);

// A row's `values` put into their `results` at offsets/sizes/strides: by
// tensor.parallel_insert_slice into `forall`'s terminator (returns nothing),
// or without a forall by tensor.insert_slice (returns the new tensors).
scf::ValueVector insertRowSlices(OpBuilder &b, Location loc,
                                 scf::ForallOp forall, ValueRange values,
                                 ValueRange results,
                                 ArrayRef<OpFoldResult> offsets,
                                 ArrayRef<OpFoldResult> sizes,
                                 ArrayRef<OpFoldResult> strides);

//===--- Scalar bodies ---------------------------------------------------===//

// Whether emitConvert takes `from` -> `to` (original element types), tried
// in a scratch block so that nothing is built when it does not.
bool convertLowers(MLIRContext *context, Location loc, Type from, Type to);

// A region of stablehlo ops on rank-0 tensors (a reduce's, map's, sort's
// comparator) as scalar code: each element-wise op on scalars
// (ScalarOps.cpp), rank-0 constants as arith constants. Fails when the body
// holds anything else.
LogicalResult emitScalarBody(OpBuilder &b, Location loc, Block &body,
                             ValueRange arguments,
                             SmallVectorImpl<Value> &results);

// The body of a linalg op being built: the values to yield, or failure when
// its scalar computation is not supported (then it has built nothing that
// matters: the op is erased).
using ScalarYield =
    function_ref<FailureOr<SmallVector<Value>>(OpBuilder &, Location, ValueRange)>;
using BodyBuilder = function_ref<void(OpBuilder &, Location, ValueRange)>;

// Builds a linalg op with `build` (given the body builder, it creates a
// linalg.generic, linalg.map, ...) whose body yields `yield`'s values, and
// replaces `op` by its results; when the body is unsupported, erases it and
// reports `why` as the match failure.
LogicalResult replaceByLinalg(ConversionPatternRewriter &rewriter,
                              Operation *op,
                              function_ref<Operation *(BodyBuilder)> build,
                              ScalarYield yield, StringRef why);

//===--- Reductions (LowerReductions.cpp), shared with reduce_window ------===//

// `body` (a reduce's or reduce_window's) on scalars, as
// body(accumulators..., elements...), from the stored elements and
// accumulators of original element types `elements` and `accumulated`: the
// values to yield (stored), or failure when the body is not scalar code.
FailureOr<SmallVector<Value>>
reductionStep(OpBuilder &b, Location loc, Block &body, ValueRange elementArgs,
              ValueRange accumulatorArgs, ArrayRef<Type> elements,
              ArrayRef<Type> accumulated);

// Whether a reduce's or reduce_window's init and body element types are the
// spec's (the lowering refuses the deviations upstream accepts).
bool hasSpecElementTypes(ValueRange inputs, ValueRange inits, Block &body);

//===--- Calls on buffers (the runtime, native kernels) -------------------===//

// A buffer of `tensor`'s shape and element with any strides and offset: what
// a tensor's buffer casts to, whatever its layout.
MemRefType anyLayout(RankedTensorType tensor);

// The base name of the numpy-loop kernels (lib/Runtime/NumpyLoops.h:
// @__stablehlo_py_numpy_loop_f32/_f64): library-math declares them,
// stablehlo-py-blocked-elementwise recognises their calls.
inline constexpr llvm::StringLiteral kNumpyLoopKernel =
    "__stablehlo_py_numpy_loop";

// The prefix of the runtime's symbols; programs may not use it
// (stablehlo-py-legalize-to-linalg refuses them).
inline constexpr llvm::StringLiteral kReservedPrefix = "__stablehlo_py_";

// Private function `name` of `type` at the top of `module`, declared once
// (a later call returns it); null when `module` has another symbol of that
// name (a user's function). `cInterface`: called through memref descriptors.
func::FuncOp declareFunction(OpBuilder &b, ModuleOp module, StringRef name,
                             FunctionType type, bool cInterface = false);

// The declaration of native kernel `base` + _f16/_f32/_f64 (lib/Runtime/
// NativeKernels.h, NumpyLoops.h) for `element` (f16, f32 or f64), taking
// `arguments` and giving `results`, at the top of `module` (once). Kernels
// on buffers take them through the C interface (memref descriptors);
// kernels of scalars are plain C functions (`cInterface` false).
func::FuncOp nativeKernel(OpBuilder &b, ModuleOp module, StringRef base,
                          Type element, ArrayRef<Type> arguments,
                          ArrayRef<Type> results = {}, bool cInterface = true);

// Calls `callee`, whose arguments are one buffer per operand then one per
// result (any layout, shapes as static or dynamic as the callee's), then
// `scalars`, on the buffers of `operands` (read only) and on new buffers of
// `results`, which it writes; returns those as tensors.
SmallVector<Value> callOnBuffers(OpBuilder &b, Location loc,
                                 func::FuncOp callee, ValueRange operands,
                                 ArrayRef<RankedTensorType> results,
                                 ValueRange scalars = {});

//===--- The op families -------------------------------------------------===//

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns, bool primitive);
void populateDataMovementPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
// loop-limits (LowerControlFlow.cpp). Before the patterns: each
// stablehlo.while numbered as a site, and the runtime's loop check declared
// with the sites' op names and locations; fails (with an error) when the
// check's name is taken. After them: each numbered loop, now an scf.while,
// counts its iterations and calls the check when it is due.
LogicalResult markLoopSites(ModuleOp module);
void addLoopChecks(ModuleOp module);
// `libraryContractions` (the pass's library-contractions option): f32 and
// f64 products the interpreter hands to BLAS call the native gemm kernel.
void populateContractionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 bool libraryContractions);
// With library-contractions, before the patterns: the dots of a counted while
// loop with the rows of a loop-invariant tensor as one product before the
// loop, as the interpreter computes them (LowerContractions.cpp).
void stackRowDots(Operation *root);
void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);
// reduce_window (LowerReduceWindow.cpp): loops over the result's rows and
// the window, each window position folding a row in place.
void populateReduceWindowPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns);
// batch_norm_inference as the spec's element-wise decomposition.
void populateBatchNormPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns);
void populateScatterPatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns);
// rng_bit_generator (LowerRng.cpp): the interpreter's counter-based bits
// (Threefry, Philox) as arith code in a linalg.generic over the draws.
void populateRngPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns);
// library-math (LowerLibraryMath.cpp): f16 to f64 math functions of whole
// tensors as calls of numpy's inner loops, above the element-wise patterns.
void populateLibraryMathPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
// library-math, after the conversion: the real math functions numpy has
// loops for, left on f32 and f64 scalars (rank 0, loops, the bodies of
// element-wise code), become calls of those loops on one element,
// @__stablehlo_py_numpy_scalar_f32/_f64(x, slot), but for the C library's
// (ScalarOps.h, kCLibraryFunction).
void callNumpyLoopsOnScalars(ModuleOp module);
// enable-runtime-calls (LowerRuntimeCalls.cpp): below every other pattern.
void populateRuntimeCallPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);

} // namespace mlir::stablehlo::linalg_lowering

#endif // STABLEHLO_PY_CONVERSION_LOWERINGCOMMON_H
