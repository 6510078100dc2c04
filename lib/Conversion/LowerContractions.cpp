// stablehlo-legalize-to-linalg, contractions: dot_general, dot and
// convolution as one sum of products in index order.
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <numeric>

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

// sum + lhs * rhs in a signless element type (i1: or/and).
Value multiplyAdd(OpBuilder &b, Location loc, Value lhs, Value rhs, Value sum) {
  Type type = lhs.getType();
  if (type.isInteger(1))
    return arith::OrIOp::create(b, loc, sum, arith::AndIOp::create(b, loc, lhs, rhs));
  if (isa<IntegerType>(type))
    return arith::AddIOp::create(b, loc, sum, arith::MulIOp::create(b, loc, lhs, rhs));
  if (isa<FloatType>(type))
    return arith::AddFOp::create(b, loc, sum, arith::MulFOp::create(b, loc, lhs, rhs));
  // Complex: the textbook product, each step rounded, as the interpreter's
  // complex_product (complex.mul's lowering recovers infinities instead).
  Value lr = complex::ReOp::create(b, loc, lhs);
  Value li = complex::ImOp::create(b, loc, lhs);
  Value rr = complex::ReOp::create(b, loc, rhs);
  Value ri = complex::ImOp::create(b, loc, rhs);
  Value rrProduct = arith::MulFOp::create(b, loc, lr, rr);
  Value iiProduct = arith::MulFOp::create(b, loc, li, ri);
  Value riProduct = arith::MulFOp::create(b, loc, lr, ri);
  Value irProduct = arith::MulFOp::create(b, loc, li, rr);
  Value re = arith::SubFOp::create(b, loc, rrProduct, iiProduct);
  Value im = arith::AddFOp::create(b, loc, riProduct, irProduct);
  Value product = complex::CreateOp::create(b, loc, lhs.getType(), re, im);
  return complex::AddOp::create(b, loc, sum, product);
}

// The order of float types by precision, as the interpreter ranks them for
// mixed-precision contractions (dot_conv._precision_rank, after XLA): width,
// then exponent range (ml_dtypes' finfo maxexp - minexp), then significand
// bits. None for types the interpreter does not rank.
std::optional<std::tuple<unsigned, int, int>> precisionRank(FloatType type) {
  int range = 0;
  if (isa<Float4E2M1FNType, Float6E2M3FNType>(type))
    range = 3;
  else if (isa<Float6E3M2FNType>(type))
    range = 7;
  else if (isa<Float8E3M4Type>(type))
    range = 6;
  else if (isa<Float8E4M3Type>(type))
    range = 14;
  else if (isa<Float8E4M3FNType, Float8E4M3FNUZType, Float8E4M3B11FNUZType>(type))
    range = 15;
  else if (isa<Float8E5M2Type, Float16Type>(type))
    range = 30;
  else if (isa<Float8E5M2FNUZType>(type))
    range = 31;
  else if (isa<BFloat16Type, Float32Type>(type))
    range = 254;
  else if (isa<Float8E8M0FNUType>(type))
    range = 255;
  else if (isa<Float64Type>(type))
    range = 2046;
  else
    return std::nullopt;
  int mantissa = int(APFloat::semanticsPrecision(type.getFloatSemantics())) - 1;
  return std::make_tuple(type.getWidth(), range, mantissa);
}

// How products of lhs and rhs elements accumulate into the result's element
// type, as dot_conv._accumulation says:
// - InOperand: float operands of higher precision than a float result
//   multiply and sum in their own type (f64, else f32), round to it, then
//   convert to the result (the spec multiplies the operands' slices in
//   their type; XLA converts the dot's result).
// - otherwise each operand is converted to the result's type first (integers
//   then wrap in it, which equals the interpreter's 64-bit sum wrapped), and
//   floats narrower than f32 (f16, bf16, the small floats held as their bits)
//   accumulate in f32 and round once (InF32); the rest sum in the result's
//   type (InResult).
struct Accumulation {
  enum Kind { InResult, InF32, InOperand } kind;
  Type result, lhs, rhs; // the stablehlo element types
  Type accumulator;      // the signless type the sums are held in
  bool lhsWidened = false; // the lhs tensor holds f32 already (E8M0 padding)
};

FailureOr<Accumulation> accumulationOf(MLIRContext *context, Location loc,
                                       Type result, Type lhs, Type rhs) {
  for (Type type : {result, lhs, rhs})
    if (!isa<IntegerType, FloatType, ComplexType>(type))
      return failure();
  Builder b(context);
  auto resultFloat = dyn_cast<FloatType>(result);
  auto lhsFloat = dyn_cast<FloatType>(lhs);
  if (resultFloat && lhsFloat && lhs != result) {
    auto resultRank = precisionRank(resultFloat), lhsRank = precisionRank(lhsFloat);
    if (!resultRank || !lhsRank)
      return failure();
    if (*lhsRank > *resultRank) {
      // The interpreter casts the rhs to the lhs's compute type with numpy;
      // only an rhs of the lhs's type is taken here (dot_general and
      // convolution require it, C13 and C27).
      if (rhs != lhs)
        return failure();
      Type compute = lhsFloat.getWidth() > 32 ? Type(b.getF64Type())
                                              : Type(b.getF32Type());
      if (!convertLowers(context, loc, compute, lhs) ||
          !convertLowers(context, loc, lhs, result))
        return failure();
      return Accumulation{Accumulation::InOperand, result, lhs, rhs, compute};
    }
  }
  if (!convertLowers(context, loc, lhs, result) ||
      !convertLowers(context, loc, rhs, result))
    return failure();
  Type computed = computeType(result);
  auto narrow = dyn_cast<FloatType>(computed);
  if (isSmallFloat(result) || (narrow && narrow.getWidth() < 32))
    return Accumulation{Accumulation::InF32, result, lhs, rhs, b.getF32Type()};
  return Accumulation{Accumulation::InResult, result, lhs, rhs,
                      storageType(result)};
}

// A computed float of element type `type` (computeType) as the f32 or f64
// accumulator (exact: widenings).
Value widened(OpBuilder &b, Location loc, Value value, Type type,
              Type accumulator) {
  if (value.getType() == accumulator)
    return value;
  if (isSmallFloat(type))
    return emitSmallFloatToF32(b, loc, value, type);
  return arith::ExtFOp::create(b, loc, accumulator, value);
}

// sum(lhs[map0] * rhs[map1]) over the reduction loops, into a tensor of
// `target` (the last map indexes it; operands after the first two only give
// loops their bounds), accumulated as `acc` says, summed in index order.
Value sumOfProducts(OpBuilder &b, Location loc, const Accumulation &acc,
                    RankedTensorType target, ValueRange inputs,
                    ArrayRef<AffineMap> maps, ArrayRef<IteratorType> iterators) {
  int64_t resultRank = target.getRank();
  Type element = acc.result;
  bool inResult = acc.kind == Accumulation::InResult;
  auto accumulatorType = target.clone(acc.accumulator);
  Value zero = zeroOf(b, loc, acc.accumulator);
  Value init = linalg::FillOp::create(b, loc, zero,
                                      emptyLike(b, loc, accumulatorType))
                   .getResult(0);
  // An operand element (stored, of type `from`) as the sum computes it
  // (the conversions were checked by accumulationOf).
  auto operand = [&](OpBuilder &nested, Location l, Value v, Type from) -> Value {
    Value value = loadElement(nested, l, v, from);
    if (acc.kind == Accumulation::InOperand)
      return widened(nested, l, value, from, acc.accumulator);
    if (from != element)
      value = emitConvert(nested, l, value, from, element);
    if (inResult)
      return value;
    return widened(nested, l, value, element, acc.accumulator);
  };
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{accumulatorType}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location l, ValueRange args) {
        // One statement each: the IR's order does not depend on the compiler's.
        Value lhs = acc.lhsWidened ? args[0] : operand(nested, l, args[0], acc.lhs);
        Value rhs = operand(nested, l, args[1], acc.rhs);
        Value sum = args.back();
        if (inResult)
          sum = loadElement(nested, l, sum, element);
        sum = multiplyAdd(nested, l, lhs, rhs, sum);
        if (inResult)
          sum = storeElement(nested, l, sum, element);
        linalg::YieldOp::create(nested, l, sum);
      });
  Value result = generic.getResult(0);
  if (inResult)
    return result;
  return linalg::GenericOp::create(
             b, loc, TypeRange{target}, ValueRange{result},
             ValueRange{emptyLike(b, loc, target)},
             {b.getMultiDimIdentityMap(resultRank),
              b.getMultiDimIdentityMap(resultRank)},
             parallel(resultRank),
             [&](OpBuilder &nested, Location l, ValueRange args) {
               Value rounded = args[0];
               if (acc.kind == Accumulation::InOperand) {
                 // convert_values(convert_values(sum, lhs), result).
                 if (acc.accumulator != acc.lhs)
                   rounded = emitConvert(nested, l, rounded, acc.accumulator, acc.lhs);
                 rounded = emitConvert(nested, l, rounded, acc.lhs, element);
               } else if (isSmallFloat(element)) {
                 rounded = emitF32ToSmallFloat(nested, l, rounded, element);
               } else {
                 rounded = arith::TruncFOp::create(nested, l, computeType(element),
                                                   rounded);
               }
               linalg::YieldOp::create(nested, l,
                                       storeElement(nested, l, rounded, element));
             })
      .getResult(0);
}

// A contraction: dot_general's operands (converted) and dimension numbers.
struct Contraction {
  Operation *op;
  Value lhs, rhs;
  ArrayRef<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
};

//===--- Products the interpreter hands to BLAS ----------------------------===//

// The interpreter's rules (interpreter/kernels/dot_conv.py, SEQUENTIAL_DEPTH,
// SEQUENTIAL_WORK, SEQUENTIAL_MATRIX_WORK and SPLIT_MATMUL_WORK): f32 and f64
// products of at most 256 contracting indices and at most 2^18 products in
// all, or at most 2^13 in each batch matrix (the index-order kernel's batch on
// the pool matched BLAS per matrix up to there), are summed in index order,
// larger ones by BLAS; those without batch dimensions, of at least 64 rows and
// 2^24 products, in two halves of rows.
constexpr int64_t kSequentialDepth = 256;
constexpr int64_t kSequentialWork = int64_t(1) << 18;
constexpr int64_t kSequentialMatrixWork = int64_t(1) << 13;
constexpr int64_t kSplitRows = 64;
constexpr int64_t kSplitWork = int64_t(1) << 24;
// ... and those of fewer rows and at least 32 columns, of 2^19 to 2^21 or of
// 2^24 products or more, in two halves of columns (_matmul_for: the
// halves take OpenBLAS's small-matrix kernel, or two cores).
constexpr int64_t kSplitColumns = 32;
constexpr int64_t kColumnsSmallWork = int64_t(1) << 19;
constexpr int64_t kColumnsSmallWorkEnd = int64_t(1) << 21;

// Whether the interpreter computes a 2-D product in two halves of columns:
// also a large one of more columns than rows (each half packs the whole
// operand the halves share: halving the wider side packs less).
bool columnHalves(int64_t m, int64_t n, int64_t k) {
  int64_t work = m * n * k;
  if (m >= kSplitRows)
    return work >= kSplitWork && n > m;
  return m > 1 && k > 1 && n >= kSplitColumns &&
         ((work >= kColumnsSmallWork && work <= kColumnsSmallWorkEnd) ||
          work >= kSplitWork);
}

// Whether the interpreter's _matmul hands an f32 or f64 product of `batches`
// matrices of `outputs` elements, each a sum over `k` contracting indices, to
// BLAS rather than summing it in index order (_in_index_order for those
// types; the callers take no others).
bool blasSums(int64_t k, int64_t outputs, int64_t batches = 1) {
  int64_t work = outputs * k;
  return !(k <= kSequentialDepth &&
           (work * batches <= kSequentialWork || work <= kSequentialMatrixWork));
}

// Whether numpy's matmul computes an m x k by k x n matrix product by gemm:
// a 1 among m, n and k is its special case (gemv, dot or its own loop).
bool numpyGemm(int64_t m, int64_t n, int64_t k) {
  return m > 1 && n > 1 && k > 1;
}

// `value` (rank 1 to 3) as rank 3, unit dimensions appended: a view of its
// buffer whatever its layout.
Value withUnitDimensions(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  if (rank == 3)
    return value;
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i < rank; ++i)
    groups.push_back({i});
  for (int64_t i = rank; i < 3; ++i)
    groups.back().push_back(i);
  SmallVector<int64_t> shape(type.getShape());
  shape.resize(3, 1);
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      groups);
}

// `value` transposed by `permutation` (nothing where it is the identity).
Value transposed(OpBuilder &b, Location loc, Value value,
                 ArrayRef<int64_t> permutation) {
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : permutation)
    shape.push_back(type.getDimSize(p));
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, init, permutation)
      .getResult()[0];
}

// The gemm kernel (`base` __stablehlo_py_gemm), or the index-order one
// (__stablehlo_py_matmul_index_order, the same operands): rank-3 buffers of
// `element`, any sizes and layout, flags.
func::FuncOp gemmKernel(OpBuilder &b, ModuleOp module, Type element,
                        StringRef base = "__stablehlo_py_gemm") {
  int64_t dynamic = ShapedType::kDynamic;
  SmallVector<int64_t> sizes(3, dynamic);
  auto buffer = anyLayout(RankedTensorType::get(sizes, element));
  return nativeKernel(b, module, base, element,
                      {buffer, buffer, buffer, b.getI64Type()});
}

// Multiply-adds from which an index-order product calls the native kernel
// (NativeKernels.h, vectorized over the columns) rather than the sum of
// products (a scalar chain per element): a 64x64x64 f32 product took 0.13 ms
// that way and 0.014 ms in the kernel; below it, the call costs more than it
// saves.
constexpr int64_t kIndexOrderKernelWork = int64_t(1) << 12;

// The product as the interpreter computes it, f32 or f64 throughout: above
// its index-order sizes as its BLAS path does, by the native gemm kernel;
// within them, from kIndexOrderKernelWork multiply-adds, by the native
// index-order kernel (the interpreter's _matmul calls the same one). The
// operands become [batch, lhs free, contracting] and [batch, contracting,
// rhs free] matrices. Fails (nothing built) elsewhere.
LogicalResult lowerByLibrary(const Contraction &dot, RankedTensorType target,
                             ConversionPatternRewriter &rewriter) {
  Operation *op = dot.op;
  Type element = target.getElementType();
  if (!(element.isF32() || element.isF64()) ||
      elementOf(op->getOperand(0)) != element ||
      elementOf(op->getOperand(1)) != element)
    return failure();
  auto module = op->getParentOfType<ModuleOp>();
  auto lhsType = cast<RankedTensorType>(dot.lhs.getType());
  auto rhsType = cast<RankedTensorType>(dot.rhs.getType());
  if (!module || lhsType.getRank() == 0 || rhsType.getRank() == 0)
    return failure();
  // Each operand's dimensions by role: lhs (batch, free, contracting), rhs
  // (batch, contracting, free); and the role's size.
  auto roles = [](RankedTensorType type, ArrayRef<int64_t> batch,
                  ArrayRef<int64_t> contracting, bool freeLast) {
    SmallVector<int64_t> free;
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (!llvm::is_contained(batch, i) && !llvm::is_contained(contracting, i))
        free.push_back(i);
    SmallVector<SmallVector<int64_t>> groups{SmallVector<int64_t>(batch)};
    groups.emplace_back(freeLast ? contracting : ArrayRef<int64_t>(free));
    groups.emplace_back(freeLast ? ArrayRef<int64_t>(free) : contracting);
    return groups;
  };
  auto size = [](RankedTensorType type, ArrayRef<int64_t> dims) {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= type.getDimSize(d);
    return n;
  };
  SmallVector<SmallVector<int64_t>> lhsRoles =
      roles(lhsType, dot.lhsBatch, dot.lhsContracting, false);
  SmallVector<SmallVector<int64_t>> rhsRoles =
      roles(rhsType, dot.rhsBatch, dot.rhsContracting, true);
  int64_t batches = size(lhsType, lhsRoles[0]), m = size(lhsType, lhsRoles[1]),
          k = size(lhsType, lhsRoles[2]), n = size(rhsType, rhsRoles[2]);
  if (batches != size(rhsType, rhsRoles[0]) || k != size(rhsType, rhsRoles[1]))
    return failure();
  bool indexOrder = !blasSums(k, m * n, batches);
  // Where numpy's matmul calls gemv, dot or its own loop rather than gemm (a
  // 1 among m, n and k), the compiled product is summed in index order, as
  // the sum of products below sums it: by the index-order kernel, the same
  // bits vectorized (that loop nest was a scalar chain per element, into
  // which the element-wise fusion pulled the operand's producer: decoding's
  // GELU recomputed for every column of the next product).
  if (!indexOrder && !numpyGemm(m, n, k))
    indexOrder = true;
  if (indexOrder && batches * m * n * k < kIndexOrderKernelWork)
    return failure(); // the sum of products, in the same index order
  Location loc = op->getLoc();
  // An operand whose roles are one dimension each (or none) goes as it is, a
  // rank-3 view with unit dimensions appended, and the kernel reads its
  // roles' dimensions from the flags: numpy's transposed view, the BLAS
  // layout the interpreter's matmul picks. Otherwise it is transposed into
  // role order and reshaped (numpy's reshape copies such views too, mostly).
  int64_t flags = 0;
  auto asMatrices = [&](Value operand, RankedTensorType type,
                        ArrayRef<SmallVector<int64_t>> groups,
                        ArrayRef<int64_t> shape, int shift) {
    if (llvm::all_of(groups, [](auto &g) { return g.size() <= 1; })) {
      int64_t appended = type.getRank();
      for (auto [role, group] : llvm::enumerate(groups))
        flags |= (group.empty() ? appended++ : group.front())
                 << (shift + 2 * role);
      return withUnitDimensions(rewriter, loc, operand);
    }
    SmallVector<int64_t> permutation;
    for (auto &group : groups)
      llvm::append_range(permutation, group);
    // Roles that are runs of consecutive dimensions out of role order (a
    // batched product's k^T: attention's scores): the operand collapsed to
    // rank 3 as it is, and BLAS gets each matrix as the row-major copy the
    // interpreter's reshape makes (flags bits 14 and 15: the kernel copies it
    // on the thread computing that matrix), rather than a transposing loop
    // over the whole operand first. The index-order kernel reads any layout.
    // Only with batch dimensions: the halves of a product without them cut B
    // by columns, whose copies would change B's leading dimension.
    auto isRun = [](ArrayRef<int64_t> g) {
      for (size_t i = 1; i < g.size(); ++i)
        if (g[i] != g[i - 1] + 1)
          return false;
      return true;
    };
    if (!dot.lhsBatch.empty() && llvm::all_of(groups, isRun) &&
        !llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size()))) {
      SmallVector<int64_t> order; // the non-empty groups by first dimension
      for (auto [role, group] : llvm::enumerate(groups))
        if (!group.empty())
          order.push_back(role);
      llvm::sort(order, [&](int64_t x, int64_t y) {
        return groups[x].front() < groups[y].front();
      });
      SmallVector<ReassociationIndices> runs;
      SmallVector<int64_t> position(groups.size(), -1);
      for (auto [i, role] : llvm::enumerate(order)) {
        runs.push_back(ReassociationIndices(groups[role].begin(), groups[role].end()));
        position[role] = i;
      }
      int64_t appended = order.size();
      for (size_t role = 0; role < groups.size(); ++role)
        flags |= (position[role] >= 0 ? position[role] : appended++)
                 << (shift + 2 * role);
      if (!indexOrder)
        flags |= int64_t(1) << (shift == 1 ? 14 : 15);
      Value collapsedOperand =
          tensor::CollapseShapeOp::create(rewriter, loc, operand, runs);
      return withUnitDimensions(rewriter, loc, collapsedOperand);
    }
    flags |= int64_t(0b100100) << shift; // roles in order: 0, 1, 2
    return reshapedTo(rewriter, loc, transposed(rewriter, loc, operand, permutation),
                      shape);
  };
  Value lhs = asMatrices(dot.lhs, lhsType, lhsRoles, {batches, m, k}, 1);
  Value rhs = asMatrices(dot.rhs, rhsType, rhsRoles, {batches, k, n}, 7);
  auto product = RankedTensorType::get({batches, m, n}, element);
  if (dot.lhsBatch.empty() && columnHalves(m, n, k))
    flags |= int64_t(1) << 13; // the interpreter's two halves of columns
  else if (dot.lhsBatch.empty() && m >= kSplitRows && m * n * k >= kSplitWork)
    flags |= 1; // its two halves of rows
  Value flagsValue = arith::ConstantIntOp::create(rewriter, loc, flags, 64);
  Value result = callOnBuffers(rewriter, loc,
                               indexOrder
                                   ? gemmKernel(rewriter, module, element,
                                                "__stablehlo_py_matmul_index_order")
                                   : gemmKernel(rewriter, module, element),
                               {lhs, rhs}, {product}, {flagsValue})
                     .front();
  rewriter.replaceOp(op, reshapedTo(rewriter, loc, result, target.getShape()));
  return success();
}

// One sum of products over the result's dimensions (batch, lhs free, rhs
// free) and the contracting ones, the operands converted as accumulationOf
// says; with `library`, the products the interpreter hands to BLAS call the
// native gemm kernel instead (lowerByLibrary).
LogicalResult lowerContraction(const Contraction &dot,
                               const TypeConverter &converter,
                               ConversionPatternRewriter &rewriter,
                               bool library) {
  Operation *op = dot.op;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  RankedTensorType target = convertedTensor(converter, resultType);
  Value lhs = dot.lhs, rhs = dot.rhs;
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
      !rhsType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "expected static operands");
  FailureOr<Accumulation> accumulation = accumulationOf(
      rewriter.getContext(), op->getLoc(), resultType.getElementType(),
      elementOf(op->getOperand(0)), elementOf(op->getOperand(1)));
  if (failed(accumulation))
    return rewriter.notifyMatchFailure(op, "element types");
  if (library && succeeded(lowerByLibrary(dot, target, rewriter)))
    return success();
  ArrayRef<int64_t> lhsBatch = dot.lhsBatch, rhsBatch = dot.rhsBatch,
                    lhsContracting = dot.lhsContracting,
                    rhsContracting = dot.rhsContracting;
  MLIRContext *context = rewriter.getContext();
  int64_t resultRank = target.getRank();
  int64_t loops = resultRank + lhsContracting.size();
  // Loop d(k) for batch k, d(resultRank + j) for contracting pair j, the
  // free dimensions in order after the batch ones.
  auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contracting, int64_t freeStart) {
    SmallVector<AffineExpr> exprs;
    int64_t next = freeStart;
    for (int64_t i = 0; i < rank; ++i) {
      const int64_t *b = llvm::find(batch, i), *c = llvm::find(contracting, i);
      if (b != batch.end())
        exprs.push_back(rewriter.getAffineDimExpr(b - batch.begin()));
      else if (c != contracting.end())
        exprs.push_back(
            rewriter.getAffineDimExpr(resultRank + (c - contracting.begin())));
      else
        exprs.push_back(rewriter.getAffineDimExpr(next++));
    }
    return std::make_pair(AffineMap::get(loops, 0, exprs, context), next);
  };
  auto [lhsMap, lhsEnd] = operandMap(lhsType.getRank(), lhsBatch,
                                     lhsContracting, lhsBatch.size());
  auto [rhsMap, rhsEnd] =
      operandMap(rhsType.getRank(), rhsBatch, rhsContracting, lhsEnd);
  if (rhsEnd != resultRank)
    return rewriter.notifyMatchFailure(op, "dimensions do not add up");
  SmallVector<AffineExpr> outputs;
  for (int64_t i = 0; i < resultRank; ++i)
    outputs.push_back(rewriter.getAffineDimExpr(i));
  SmallVector<IteratorType> iterators = parallel(resultRank);
  iterators.append(lhsContracting.size(), IteratorType::reduction);

  rewriter.replaceOp(
      op, sumOfProducts(rewriter, op->getLoc(), *accumulation, target, {lhs, rhs},
                        {lhsMap, rhsMap, AffineMap::get(loops, 0, outputs, context)},
                        iterators));
  return success();
}

struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  DotGeneralToLinalg(const TypeConverter &converter, MLIRContext *context,
                     bool library)
      : OpConversionPattern(converter, context), library(library) {}
  bool library;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto numbers = op.getDotDimensionNumbers();
    return lowerContraction(
        {op, adaptor.getLhs(), adaptor.getRhs(),
         numbers.getLhsBatchingDimensions(), numbers.getRhsBatchingDimensions(),
         numbers.getLhsContractingDimensions(),
         numbers.getRhsContractingDimensions()},
        *getTypeConverter(), rewriter, library);
  }
};

// dot (the legacy form): the lhs's last dimension against the rhs's first.
struct DotToLinalg : OpConversionPattern<DotOp> {
  DotToLinalg(const TypeConverter &converter, MLIRContext *context,
              bool library)
      : OpConversionPattern(converter, context), library(library) {}
  bool library;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    int64_t last = lhsType.getRank() - 1;
    int64_t first = 0;
    return lowerContraction({op, adaptor.getLhs(), adaptor.getRhs(), {}, {},
                             ArrayRef<int64_t>(last), ArrayRef<int64_t>(first)},
                            *getTypeConverter(), rewriter, library);
  }
};

//===--- Convolutions the interpreter hands to BLAS ------------------------===//

// dot_conv.TAP_FEATURES: BLAS convolutions with at least this many input
// features per group sum one matmul per kernel position.
constexpr int64_t kTapFeatures = 16;

// numpy's element strides of a C-contiguous array of `shape`.
SmallVector<int64_t> contiguousStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

// The stride numpy's reshape gives dimensions `sizes` (element `strides`)
// merged into one where it can without a copy (size-1 dimensions do not
// count); nullopt where it copies.
std::optional<int64_t> mergedStride(ArrayRef<int64_t> sizes,
                                    ArrayRef<int64_t> strides) {
  std::optional<int64_t> inner, next;
  for (int64_t i = int64_t(sizes.size()) - 1; i >= 0; --i) {
    if (sizes[i] == 1)
      continue;
    if (next && strides[i] != *next)
      return std::nullopt;
    if (!inner)
      inner = strides[i];
    next = strides[i] * sizes[i];
  }
  return inner.value_or(1);
}

// Whether numpy's matmul hands BLAS a rows x columns matrix of these element
// strides transposed: not where its columns are contiguous and rows apart by a
// row at least, transposed where the reverse holds, otherwise it copies the
// matrix, column-major where its rows step less than its columns
// (numpy/_core/src/umath/matmul.c.src; the native kernel decides alike).
bool numpyTransposes(int64_t rows, int64_t columns, int64_t rowStride,
                     int64_t columnStride) {
  if (columnStride == 1 && rowStride >= columns)
    return false;
  if (rowStride == 1 && columnStride >= rows)
    return true;
  return std::abs(rowStride) < std::abs(columnStride);
}

// A convolution's geometry in the interpreter's canonical layouts: lhs
// (batch, spatial..., feature), rhs (spatial..., in, out), result (batch /
// batch groups, spatial..., out).
struct ConvolutionShape {
  SmallVector<int64_t> lhsPermutation, rhsPermutation, outPermutation;
  SmallVector<int64_t> strides, lhsDilation, rhsDilation, low, high;
  SmallVector<bool> reversal;
  SmallVector<int64_t> kernel, out; // spatial sizes
  int64_t batch, features, kernelIn, kernelOut, featureGroups, batchGroups;
  int64_t groups() const { return featureGroups * batchGroups; }
  int64_t groupOutputs() const { return kernelOut / groups(); }
  int64_t groupBatch() const { return batch / batchGroups; }
  int64_t spatial() const { return kernel.size(); }
};

// dot_conv._image_rows: with unit window strides, the output positions of one
// image that a kernel position reads are rows of the contiguous padded lhs
// evenly apart: output (o...) reads row sum(o_j * steps_j) plus the
// position's offset, so each image is ONE matrix per position, the rows
// between the wanted ones computed and thrown away. (rows per image, steps),
// or nullopt where that does not apply: strided windows, no spatial
// dimension, or more than dot_conv.TAP_WASTE (3/2) times the wanted rows.
std::optional<std::pair<int64_t, SmallVector<int64_t>>>
imageRows(const ConvolutionShape &shape) {
  int64_t spatial = shape.spatial();
  if (spatial == 0 ||
      llvm::any_of(shape.strides, [](int64_t s) { return s != 1; }))
    return std::nullopt;
  // The padded size along j is out_j + (kernel_j - 1) x rhs dilation_j.
  SmallVector<int64_t> steps(spatial, 1);
  for (int64_t j = spatial - 2; j >= 0; --j)
    steps[j] = steps[j + 1] * (shape.out[j + 1] + (shape.kernel[j + 1] - 1) *
                                                      shape.rhsDilation[j + 1]);
  int64_t rows = 1, wanted = 1;
  for (int64_t j = 0; j < spatial; ++j) {
    rows += (shape.out[j] - 1) * steps[j];
    wanted *= shape.out[j];
  }
  if (2 * rows > 3 * wanted)
    return std::nullopt;
  return std::make_pair(rows, steps);
}

// A value whose every element is `x`'s (linalg.generic over `shape`, `x`
// read through `read`): the interpreter's strided views made tensors.
Value gathered(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> shape,
               ArrayRef<AffineExpr> read) {
  auto type = cast<RankedTensorType>(x.getType());
  auto target = RankedTensorType::get(shape, type.getElementType());
  int64_t rank = shape.size();
  return linalg::GenericOp::create(
             b, loc, TypeRange{target}, ValueRange{x},
             ValueRange{emptyLike(b, loc, target)},
             {AffineMap::get(rank, 0, read, b.getContext()),
              b.getMultiDimIdentityMap(rank)},
             parallel(rank),
             [](OpBuilder &nested, Location l, ValueRange args) {
               linalg::YieldOp::create(nested, l, args[0]);
             })
      .getResult(0);
}

// `value` with consecutive dimensions merged (collapse) or split (expand) as
// `groups` says.
Value collapsed(OpBuilder &b, Location loc, Value value,
                ArrayRef<ReassociationIndices> groups) {
  return tensor::CollapseShapeOp::create(b, loc, value, groups);
}
Value expanded(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape,
               ArrayRef<ReassociationIndices> groups) {
  auto type = cast<RankedTensorType>(value.getType());
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      groups);
}

// Reassociation groups of consecutive dimensions of the given sizes.
SmallVector<ReassociationIndices> runs(ArrayRef<int64_t> sizes) {
  SmallVector<ReassociationIndices> groups;
  int64_t next = 0;
  for (int64_t size : sizes) {
    groups.emplace_back();
    for (int64_t i = 0; i < size; ++i)
      groups.back().push_back(next++);
  }
  return groups;
}

// The strided kernel's call: C of `product` shape from A and B by `plan`
// (loops of (A, B, C) dimensions, -1 absent; NativeKernels.h).
Value stridedProduct(OpBuilder &b, Location loc, ModuleOp module, Value lhs,
                     Value rhs, RankedTensorType product,
                     ArrayRef<std::array<int64_t, 3>> plan) {
  Type element = product.getElementType();
  SmallVector<int64_t> entries{int64_t(plan.size())};
  for (auto &loop : plan)
    llvm::append_range(entries, loop);
  auto planType = RankedTensorType::get({int64_t(entries.size())},
                                        b.getI64Type());
  Value planTensor = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(planType, ArrayRef<int64_t>(entries)));
  auto planBufferType =
      anyLayout(RankedTensorType::get({ShapedType::kDynamic}, b.getI64Type()));
  Value planBuffer = bufferization::ToBufferOp::create(
      b, loc, anyLayout(planType), planTensor, b.getUnitAttr());
  planBuffer = memref::CastOp::create(b, loc, planBufferType, planBuffer);
  auto unranked = UnrankedMemRefType::get(element, 0);
  func::FuncOp kernel =
      nativeKernel(b, module, "__stablehlo_py_gemm_strided", element,
                   {unranked, unranked, unranked, planBufferType});
  return callOnBuffers(b, loc, kernel, {lhs, rhs}, {product}, {planBuffer})
      .front();
}

// The convolution as the interpreter's BLAS path computes it
// (dot_conv._convolution_kernel), where it takes that path: f32 or f64
// throughout, above the index-order sizes, products numpy's matmul hands to
// gemm. Returns the canonical result (batch / batch groups, spatial...,
// groups x group outputs) or failure (nothing built).
// - Kernel positions (_tap_sum: at least kTapFeatures input features): per
//   position, the strided slice of the padded lhs that position reads times
//   the kernel's slice there, one gemm per output row of the last spatial
//   dimension (unit window strides: one per image, imageRows); the
//   positions' products added in order.
// - Otherwise (_window_patches): every window copied into a (groups, rows,
//   patch) matrix, the kernel reshaped to (groups, patch, group outputs), one
//   gemm per group.
// An operand goes to BLAS transposed or not as numpy's matmul hands it
// (numpyTransposes): the tensors are built in that layout, or are views the
// kernel reads as numpy does.
FailureOr<Value> convolutionByLibrary(OpBuilder &b, Location loc,
                                      Operation *op, Value lhs, Value rhs,
                                      RankedTensorType lhsType,
                                      RankedTensorType rhsType,
                                      const ConvolutionShape &shape) {
  Type element = lhsType.getElementType();
  auto module = op->getParentOfType<ModuleOp>();
  int64_t spatial = shape.spatial(), groups = shape.groups(),
          kernelGroup = shape.groupOutputs(), batch = shape.groupBatch(),
          kernelIn = shape.kernelIn;
  int64_t positions = 1, rows = batch;
  for (int64_t i = 0; i < spatial; ++i) {
    positions *= shape.kernel[i];
    rows *= shape.out[i];
  }
  int64_t patch = positions * kernelIn;
  if (!module || rows == 0 || kernelGroup == 0 || positions == 0 ||
      kernelIn == 0)
    return failure();
  bool taps = kernelIn >= kTapFeatures && blasSums(patch, rows * kernelGroup);
  if (!taps && !blasSums(patch, rows * kernelGroup, groups))
    return failure(); // index order: the sum of products does it
  auto images = taps ? imageRows(shape) : std::nullopt;
  int64_t m = !taps   ? rows
              : images ? images->first
              : spatial ? shape.out.back()
                        : batch;
  if (!numpyGemm(m, kernelGroup, taps ? kernelIn : patch))
    return failure();

  // The lhs as the interpreter holds it: canonical, dilated and padded.
  SmallVector<int64_t> low(spatial + 2, 0), high(spatial + 2, 0),
      interior(spatial + 2, 0);
  for (int64_t i = 0; i < spatial; ++i) {
    low[1 + i] = shape.low[i];
    high[1 + i] = shape.high[i];
    interior[1 + i] = shape.lhsDilation[i] - 1;
  }
  Value x = padded(b, loc, transposed(b, loc, lhs, shape.lhsPermutation),
                   zeroOf(b, loc, element), low, high, interior);
  // Image rows read x's buffer as one flat array of rows: contiguous, as the
  // interpreter's ascontiguousarray. A function's argument is (identity
  // layout at the boundaries); another value the lhs is, or a crop of the
  // padded tensor, may be a view: copied.
  auto argument = dyn_cast<BlockArgument>(x);
  bool contiguous =
      argument ? isa<func::FuncOp>(argument.getOwner()->getParentOp())
               : x != lhs && !x.getDefiningOp<tensor::ExtractSliceOp>();
  if (images && !contiguous)
    x = bufferization::AllocTensorOp::create(
        b, loc, cast<RankedTensorType>(x.getType()), ValueRange{}, x);
  SmallVector<int64_t> xShape(cast<RankedTensorType>(x.getType()).getShape());
  SmallVector<int64_t> canonical{batch};
  llvm::append_range(canonical, shape.out);
  MLIRContext *context = b.getContext();
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  bool batchGrouped = shape.batchGroups > 1;
  int64_t inDim = shape.rhsPermutation[spatial],
          outDim = shape.rhsPermutation[spatial + 1];
  SmallVector<int64_t> byRuns(spatial + 1, 1);
  byRuns.push_back(2); // (batch, spatial..., groups x group outputs)

  if (taps) {
    // One call for every kernel position: loops groups, the rows' dimensions
    // but the last, the positions (summed: C does not vary along them; the
    // kernel adds their products in order, as _tap_sum adds them), then M
    // (the last rows' dimension), N and K. C is (batch, spatial...,
    // groups, group outputs). With image rows: loops groups, images, the
    // positions, then M (an image's rows), N and K; C is (groups, images,
    // rows, group outputs), its wanted rows gathered after.
    SmallVector<int64_t> productShape(canonical);
    productShape.append({groups, kernelGroup});
    if (images)
      productShape = {groups, batch, images->first, kernelGroup};
    int64_t aRank = images ? spatial + 4 : 2 * spatial + 3;
    // A: a view of the padded lhs (built on its buffer's own strides) whose
    // dimensions are [(batch groups,) batch, out..., (feature groups,) the
    // group's features, kernel positions...] (image rows: [groups, images,
    // rows, the group's features, kernel positions...]); at each position
    // it is the strided slice that position reads, as numpy's views are.
    Value xBuffer = bufferization::ToBufferOp::create(
        b, loc, anyLayout(cast<RankedTensorType>(x.getType())), x,
        b.getUnitAttr());
    auto metadata =
        memref::ExtractStridedMetadataOp::create(b, loc, xBuffer);
    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto times = [&](Value v, int64_t factor) -> Value {
      return factor == 1 ? v : arith::MulIOp::create(b, loc, v, index(factor));
    };
    ValueRange xStrides = metadata.getStrides();
    SmallVector<OpFoldResult> aSizes, aStrides;
    auto add = [&](int64_t size, Value stride) {
      aSizes.push_back(b.getIndexAttr(size));
      aStrides.push_back(stride);
    };
    if (images) {
      add(groups, batchGrouped ? times(xStrides[0], batch)
                               : times(xStrides[spatial + 1], kernelIn));
      add(batch, xStrides[0]);
      add(images->first, xStrides[spatial]); // x is contiguous
      add(kernelIn, xStrides[spatial + 1]);
    } else {
      if (batchGrouped)
        add(shape.batchGroups, times(xStrides[0], batch));
      add(batch, xStrides[0]);
      for (int64_t i = 0; i < spatial; ++i)
        add(shape.out[i], times(xStrides[1 + i], shape.strides[i]));
      if (batchGrouped) {
        add(shape.features, xStrides[spatial + 1]);
      } else {
        add(shape.featureGroups, times(xStrides[spatial + 1], kernelIn));
        add(kernelIn, xStrides[spatial + 1]);
      }
    }
    Value offset = metadata.getOffset();
    for (int64_t i = 0; i < spatial; ++i) {
      // A reversed dimension reads position p at kernel - 1 - p.
      int64_t step = shape.rhsDilation[i];
      if (shape.reversal[i]) {
        offset = arith::AddIOp::create(
            b, loc, offset,
            times(xStrides[1 + i], (shape.kernel[i] - 1) * step));
        step = -step;
      }
      add(shape.kernel[i], times(xStrides[1 + i], step));
    }
    SmallVector<int64_t> dynamicStrides(aRank, ShapedType::kDynamic);
    auto aType = MemRefType::get(
        SmallVector<int64_t>(llvm::map_range(
            aSizes, [](OpFoldResult s) { return *getConstantIntValue(s); })),
        element,
        StridedLayoutAttr::get(context, ShapedType::kDynamic, dynamicStrides));
    Value aView = memref::ReinterpretCastOp::create(
        b, loc, aType, metadata.getBaseBuffer(), OpFoldResult(offset), aSizes,
        aStrides);
    // As a tensor again for the call (bufferization hands the view itself
    // on); only read, never written.
    Value a = bufferization::ToTensorOp::create(
        b, loc, RankedTensorType::get(aType.getShape(), element), aView,
        /*restrict=*/true, /*writable=*/false);
    // B: the kernel with its output features split into (groups, group
    // outputs); rhs dimension d is d' = d + (d > outDim).
    SmallVector<int64_t> kShape;
    SmallVector<int64_t> kRuns;
    for (int64_t d = 0; d < rhsType.getRank(); ++d) {
      if (d == outDim) {
        kShape.append({groups, kernelGroup});
        kRuns.push_back(2);
      } else {
        kShape.push_back(rhsType.getDimSize(d));
        kRuns.push_back(1);
      }
    }
    Value k = expanded(b, loc, rhs, kShape, runs(kRuns));
    auto kDim = [&](int64_t d) { return d + (d > outDim ? 1 : 0); };
    if (images) {
      SmallVector<std::array<int64_t, 3>> plan{{0, outDim, 0}, {1, -1, 1}};
      for (int64_t i = 0; i < spatial; ++i) // the positions, summed
        plan.push_back({4 + i, kDim(shape.rhsPermutation[i]), -1});
      plan.push_back({2, -1, 2});                // M
      plan.push_back({-1, outDim + 1, 3});       // N
      plan.push_back({3, kDim(inDim), -1});      // K
      Value total = stridedProduct(
          b, loc, module, a, k, RankedTensorType::get(productShape, element),
          plan);
      // The wanted rows: output (o...) of an image is its row
      // sum(o_j x steps_j); loops (images, out..., groups, group outputs).
      SmallVector<int64_t> wantedShape(canonical);
      wantedShape.append({groups, kernelGroup});
      AffineExpr row = b.getAffineConstantExpr(0);
      for (int64_t j = 0; j < spatial; ++j)
        row = row + dim(1 + j) * images->second[j];
      Value wanted = gathered(
          b, loc, total, wantedShape,
          {dim(spatial + 1), dim(0), row, dim(spatial + 2)});
      return collapsed(b, loc, wanted, runs(byRuns));
    }
    int64_t shift = batchGrouped ? 1 : 0; // A's rows' dimensions start here
    SmallVector<std::array<int64_t, 3>> plan;
    plan.push_back({batchGrouped ? 0 : spatial + 1, outDim, spatial + 1});
    for (int64_t r = 0; r < spatial; ++r)
      plan.push_back({r + shift, -1, r});
    for (int64_t i = 0; i < spatial; ++i) // the positions, summed
      plan.push_back({spatial + 3 + i, kDim(shape.rhsPermutation[i]), -1});
    plan.push_back({spatial + shift, -1, spatial});           // M
    plan.push_back({-1, outDim + 1, spatial + 2});            // N
    plan.push_back({spatial + 2, kDim(inDim), -1});           // K
    Value total = stridedProduct(b, loc, module, a, k,
                                 RankedTensorType::get(productShape, element),
                                 plan);
    return collapsed(b, loc, total, runs(byRuns));
  }

  // Patches. numpy's view of the windows (x contiguous), reshaped to
  // (groups, rows, patch): a view where the rows' and the patch's dimensions
  // merge, otherwise a row-major copy; likewise the kernel's
  // (groups, patch, group outputs).
  SmallVector<int64_t> xStrides = contiguousStrides(xShape);
  SmallVector<int64_t> rowSizes{batch}, rowStrides{xStrides[0]}, patchSizes,
      patchStrides;
  for (int64_t i = 0; i < spatial; ++i) {
    rowSizes.push_back(shape.out[i]);
    rowStrides.push_back(xStrides[1 + i] * shape.strides[i]);
    patchSizes.push_back(shape.kernel[i]);
    patchStrides.push_back((shape.reversal[i] ? -1 : 1) * xStrides[1 + i] *
                           shape.rhsDilation[i]);
  }
  patchSizes.push_back(kernelIn);
  patchStrides.push_back(xStrides.back());
  std::optional<int64_t> rowStride = mergedStride(rowSizes, rowStrides),
                         patchStride = mergedStride(patchSizes, patchStrides);
  bool lhsTransposed = rowStride && patchStride &&
                       numpyTransposes(rows, patch, *rowStride, *patchStride);
  SmallVector<int64_t> rhsStrides = contiguousStrides(rhsType.getShape());
  SmallVector<int64_t> kernelSizes(shape.kernel), kernelStrides;
  for (int64_t i = 0; i < spatial; ++i)
    kernelStrides.push_back(rhsStrides[shape.rhsPermutation[i]]);
  kernelSizes.push_back(kernelIn);
  kernelStrides.push_back(rhsStrides[inDim]);
  std::optional<int64_t> kernelStride = mergedStride(kernelSizes, kernelStrides);
  bool rhsTransposed =
      kernelStride &&
      numpyTransposes(patch, kernelGroup, *kernelStride, rhsStrides[outDim]);

  // The patches: loops g, then the rows' (b, o...) and the patch's (k..., c)
  // dimensions, the patch's first where numpy hands them transposed.
  int64_t rowsAt = lhsTransposed ? spatial + 2 : 1,
          patchAt = lhsTransposed ? 1 : spatial + 2;
  SmallVector<int64_t> patchShape(2 * spatial + 3);
  patchShape[0] = groups;
  patchShape[rowsAt] = batch;
  SmallVector<AffineExpr> read(spatial + 2);
  AffineExpr g = dim(0), n = dim(rowsAt), c = dim(patchAt + spatial);
  read[0] = batchGrouped ? g * batch + n : n;
  read[spatial + 1] = batchGrouped ? c : g * kernelIn + c;
  for (int64_t i = 0; i < spatial; ++i) {
    AffineExpr o = dim(rowsAt + 1 + i), k = dim(patchAt + i);
    AffineExpr position = shape.reversal[i] ? shape.kernel[i] - 1 - k : k;
    read[1 + i] = o * shape.strides[i] + position * shape.rhsDilation[i];
    patchShape[rowsAt + 1 + i] = shape.out[i];
    patchShape[patchAt + i] = shape.kernel[i];
  }
  patchShape[patchAt + spatial] = kernelIn;
  Value patches = collapsed(b, loc, gathered(b, loc, x, patchShape, read),
                            runs({1, spatial + 1, spatial + 1}));
  // The kernel: loops g, then (k..., c) and j, j first where transposed.
  int64_t jAt = rhsTransposed ? 1 : spatial + 2, kAt = rhsTransposed ? 2 : 1;
  SmallVector<int64_t> kernelShape(spatial + 3);
  kernelShape[0] = groups;
  kernelShape[jAt] = kernelGroup;
  SmallVector<AffineExpr> kernelRead(rhsType.getRank());
  for (int64_t i = 0; i < spatial; ++i) {
    kernelRead[shape.rhsPermutation[i]] = dim(kAt + i);
    kernelShape[kAt + i] = shape.kernel[i];
  }
  kernelRead[inDim] = dim(kAt + spatial);
  kernelShape[kAt + spatial] = kernelIn;
  kernelRead[outDim] = dim(0) * kernelGroup + dim(jAt);
  Value kernel = collapsed(
      b, loc, gathered(b, loc, rhs, kernelShape, kernelRead),
      runs(rhsTransposed ? SmallVector<int64_t>{1, 1, spatial + 1}
                         : SmallVector<int64_t>{1, spatial + 1, 1}));
  // C is (rows, groups, group outputs): the canonical result's layout.
  SmallVector<std::array<int64_t, 3>> plan{
      {0, 0, 1},                                          // groups
      {lhsTransposed ? 2 : 1, -1, 0},                     // M
      {-1, rhsTransposed ? 1 : 2, 2},                     // N
      {lhsTransposed ? 1 : 2, rhsTransposed ? 2 : 1, -1}, // K
  };
  Value product = stridedProduct(
      b, loc, module, patches, kernel,
      RankedTensorType::get({rows, groups, kernelGroup}, element), plan);
  SmallVector<int64_t> result(canonical);
  result.push_back(shape.kernelOut);
  return reshapedTo(b, loc, product, result);
}

// convolution: the lhs padded with zeros (lhs dilation as interior
// padding), then one sum of products over the output's dimensions, the
// kernel's spatial ones and the input features of a group:
// lhs[b, group(f) * Cg + c, p * stride + k * rhs_dilation] times
// rhs[c, f, k] (k reversed where window_reversal says). With batch groups
// (spec: lhs split along its batch, rhs along its output features, the
// results concatenated along the output features; feature groups are then 1,
// C23) the group picks the batch instead:
// lhs[group(f) * (N / batch_group_count) + b, c, ...]. A kernel-shaped
// operand gives the reduction loops their bounds.
struct ConvolutionToLinalg : OpConversionPattern<ConvolutionOp> {
  ConvolutionToLinalg(const TypeConverter &converter, MLIRContext *context,
                      bool library)
      : OpConversionPattern(converter, context), library(library) {}
  bool library;
  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    Type element = op.getType().getElementType();
    Type lhsElement = elementOf(op.getLhs());
    if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static operands");
    FailureOr<Accumulation> accumulation = accumulationOf(
        getContext(), op.getLoc(), element, lhsElement, elementOf(op.getRhs()));
    if (failed(accumulation))
      return rewriter.notifyMatchFailure(op, "element types");
    auto numbers = op.getDimensionNumbers();
    ArrayRef<int64_t> inSpatial = numbers.getInputSpatialDimensions(),
                      kernelSpatial = numbers.getKernelSpatialDimensions(),
                      outSpatial = numbers.getOutputSpatialDimensions();
    int64_t spatial = inSpatial.size(), rank = target.getRank();
    SmallVector<int64_t> strides = orOnes(op.getWindowStrides(), spatial),
                         lhsDilation = orOnes(op.getLhsDilation(), spatial),
                         rhsDilation = orOnes(op.getRhsDilation(), spatial);
    SmallVector<bool> reversal(spatial, false);
    if (auto reversed = op.getWindowReversal(); reversed && !reversed->empty())
      reversal.assign(reversed->begin(), reversed->end());
    if (strides.size() != size_t(spatial) || lhsDilation.size() != size_t(spatial) ||
        rhsDilation.size() != size_t(spatial) || reversal.size() != size_t(spatial) ||
        kernelSpatial.size() != size_t(spatial) || outSpatial.size() != size_t(spatial))
      return rewriter.notifyMatchFailure(op, "window attributes");
    SmallVector<int64_t> low(lhsType.getRank(), 0), high(lhsType.getRank(), 0),
        interior(lhsType.getRank(), 0);
    if (auto padding = op.getPadding(); padding && padding->getNumElements() != 0) {
      if (padding->getNumElements() != 2 * spatial)
        return rewriter.notifyMatchFailure(op, "padding");
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t i = 0; i < spatial; ++i) {
        low[inSpatial[i]] = values[2 * i];
        high[inSpatial[i]] = values[2 * i + 1];
      }
    }
    for (int64_t i = 0; i < spatial; ++i)
      interior[inSpatial[i]] = lhsDilation[i] - 1;
    int64_t groups = op.getFeatureGroupCount();
    int64_t batchGroups = op.getBatchGroupCount();
    int64_t groupInputs = rhsType.getDimSize(numbers.getKernelInputFeatureDimension());
    int64_t outFeatures = target.getDimSize(numbers.getOutputFeatureDimension());
    int64_t lhsBatch = lhsType.getDimSize(numbers.getInputBatchDimension());
    if (groups < 1 || outFeatures % groups != 0 || batchGroups < 1 ||
        (batchGroups > 1 && groups != 1) || outFeatures % batchGroups != 0 ||
        lhsBatch % batchGroups != 0 ||
        target.getDimSize(numbers.getOutputBatchDimension()) * batchGroups != lhsBatch)
      return rewriter.notifyMatchFailure(op, "groups");
    int64_t groupOutputs = outFeatures / groups;
    Location loc = op.getLoc();
    if (library && (element.isF32() || element.isF64()) &&
        lhsElement == element && elementOf(op.getRhs()) == element) {
      ConvolutionShape shape;
      shape.lhsPermutation.push_back(numbers.getInputBatchDimension());
      llvm::append_range(shape.lhsPermutation, inSpatial);
      shape.lhsPermutation.push_back(numbers.getInputFeatureDimension());
      llvm::append_range(shape.rhsPermutation, kernelSpatial);
      shape.rhsPermutation.append({numbers.getKernelInputFeatureDimension(),
                                   numbers.getKernelOutputFeatureDimension()});
      shape.outPermutation.push_back(numbers.getOutputBatchDimension());
      llvm::append_range(shape.outPermutation, outSpatial);
      shape.outPermutation.push_back(numbers.getOutputFeatureDimension());
      shape.strides = strides;
      shape.lhsDilation = lhsDilation;
      shape.rhsDilation = rhsDilation;
      shape.reversal = reversal;
      for (int64_t i = 0; i < spatial; ++i) {
        shape.low.push_back(low[inSpatial[i]]);
        shape.high.push_back(high[inSpatial[i]]);
        shape.kernel.push_back(rhsType.getDimSize(kernelSpatial[i]));
        shape.out.push_back(target.getDimSize(outSpatial[i]));
      }
      shape.batch = lhsBatch;
      shape.features = lhsType.getDimSize(numbers.getInputFeatureDimension());
      shape.kernelIn = groupInputs;
      shape.kernelOut = outFeatures;
      shape.featureGroups = groups;
      shape.batchGroups = batchGroups;
      FailureOr<Value> canonical =
          convolutionByLibrary(rewriter, loc, op, adaptor.getLhs(),
                               adaptor.getRhs(), lhsType, rhsType, shape);
      if (succeeded(canonical)) {
        // The result's dimension i is the canonical one `inverse[i]`.
        SmallVector<int64_t> inverse(rank);
        for (int64_t j = 0; j < rank; ++j)
          inverse[shape.outPermutation[j]] = j;
        rewriter.replaceOp(op, transposed(rewriter, loc, *canonical, inverse));
        return success();
      }
    }
    // The padding is zeros of the element type. E8M0FNU has none: its lhs is
    // widened to f32 first and padded with f32 zeros, as the interpreter pads
    // (sumOfProducts takes an operand already in f32 as it is).
    Value source = adaptor.getLhs();
    Value zero;
    bool pads = llvm::any_of(llvm::concat<int64_t>(low, high, interior),
                             [](int64_t size) { return size != 0; });
    // Mixed types: the interpreter converts the lhs, then pads it with the
    // compute type's zeros; padding with the lhs's zeros and converting is
    // the same where both types have a zero.
    auto hasZero = [](Type type) {
      auto f = dyn_cast<FloatType>(type);
      return !f || APFloat::semanticsHasZero(f.getFloatSemantics());
    };
    if (pads && lhsElement != element && (!hasZero(lhsElement) || !hasZero(element)))
      return rewriter.notifyMatchFailure(op, "padding without a zero");
    if (pads && lhsElement == element && isSmallFloat(element) &&
        !APFloat::semanticsHasZero(cast<FloatType>(element).getFloatSemantics())) {
      int64_t lhsRank = lhsType.getRank();
      auto wide = lhsType.clone(rewriter.getF32Type());
      source = linalg::GenericOp::create(
                  rewriter, loc, TypeRange{wide}, ValueRange{source},
                  ValueRange{emptyLike(rewriter, loc, wide)},
                  {rewriter.getMultiDimIdentityMap(lhsRank),
                   rewriter.getMultiDimIdentityMap(lhsRank)},
                  parallel(lhsRank),
                  [&](OpBuilder &nested, Location l, ValueRange args) {
                    Value bits = loadElement(nested, l, args[0], element);
                    Value value = emitSmallFloatToF32(nested, l, bits, element);
                    linalg::YieldOp::create(nested, l, value);
                  })
                  .getResult(0);
      zero = zeroOf(rewriter, loc, rewriter.getF32Type());
      accumulation->lhsWidened = true;
    } else {
      zero = zeroOf(rewriter, loc, storageType(lhsElement));
    }
    Value lhs = padded(rewriter, loc, source, zero, low, high, interior);
    // Loops: d(0..rank) the output, then the kernel's spatial dimensions in
    // order and the input feature within the group: the interpreter's patch
    // order (window position..., input feature), so small float sums run in
    // its index order.
    int64_t loops = rank + spatial + 1;
    auto dim = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };
    SmallVector<int64_t> reductionLoop(spatial + 1); // spatial i, then feature
    int64_t next = rank;
    for (int64_t i = 0; i <= spatial; ++i)
      reductionLoop[i] = next++;
    if (next != loops)
      return rewriter.notifyMatchFailure(op, "dimension numbers");
    AffineExpr batch = dim(numbers.getOutputBatchDimension());
    AffineExpr feature = dim(numbers.getOutputFeatureDimension());
    AffineExpr input = dim(reductionLoop[spatial]);
    SmallVector<AffineExpr> lhsReads(lhsType.getRank()), rhsReads(rhsType.getRank()),
        bounds;
    if (batchGroups == 1) {
      lhsReads[numbers.getInputBatchDimension()] = batch;
      lhsReads[numbers.getInputFeatureDimension()] =
          feature.floorDiv(groupOutputs) * groupInputs + input;
    } else {
      lhsReads[numbers.getInputBatchDimension()] =
          feature.floorDiv(outFeatures / batchGroups) * (lhsBatch / batchGroups) +
          batch;
      lhsReads[numbers.getInputFeatureDimension()] = input;
    }
    rhsReads[numbers.getKernelInputFeatureDimension()] = input;
    rhsReads[numbers.getKernelOutputFeatureDimension()] = feature;
    SmallVector<int64_t> kernelShape(spatial + 1);
    bounds.resize(spatial + 1);
    for (int64_t i = 0; i < spatial; ++i) {
      AffineExpr k = dim(reductionLoop[i]);
      int64_t size = rhsType.getDimSize(kernelSpatial[i]);
      lhsReads[inSpatial[i]] = dim(outSpatial[i]) * strides[i] + k * rhsDilation[i];
      rhsReads[kernelSpatial[i]] = reversal[i] ? size - 1 - k : k;
      bounds[reductionLoop[i] - rank] = k;
      kernelShape[reductionLoop[i] - rank] = size;
    }
    bounds[reductionLoop[spatial] - rank] = input;
    kernelShape[reductionLoop[spatial] - rank] = groupInputs;
    Value window = tensor::EmptyOp::create(rewriter, loc, kernelShape,
                                           rewriter.getI8Type());
    SmallVector<AffineExpr> outputs;
    for (int64_t i = 0; i < rank; ++i)
      outputs.push_back(dim(i));
    SmallVector<IteratorType> iterators = parallel(rank);
    iterators.append(spatial + 1, IteratorType::reduction);
    MLIRContext *context = getContext();
    rewriter.replaceOp(
        op, sumOfProducts(rewriter, loc, *accumulation, target,
                          {lhs, adaptor.getRhs(), window},
                          {AffineMap::get(loops, 0, lhsReads, context),
                           AffineMap::get(loops, 0, rhsReads, context),
                           AffineMap::get(loops, 0, bounds, context),
                           AffineMap::get(loops, 0, outputs, context)},
                          iterators));
    return success();
  }
};


} // namespace

void populateContractionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 bool libraryContractions) {
  patterns.add<DotGeneralToLinalg, DotToLinalg>(converter, patterns.getContext(),
                                                libraryContractions);
  patterns.add<ConvolutionToLinalg>(converter, patterns.getContext(),
                                    libraryContractions);
}

//===--- Row dots of counted loops (the interpreter's _stack_row_dots) -----===//

// The interpreter computes the dots of a loop-invariant W with the rows of a
// loop-invariant X that a counted while loop reads one per iteration
// (lax.scan's x_t @ W) in one matmul (planning/loops.py, _stack_row_dots);
// one BLAS call on many rows differs from per-iteration calls in the last
// bits wherever BLAS picks another kernel for the row count (OpenBLAS's
// small-matrix kernels), so the compiled loop does the same: the product of
// rows 0 .. clamp(N - 1) before the loop, a row of it per iteration. The
// conditions are the interpreter's, for the dots the gemm kernel takes.
namespace {

// The value of a rank-0 integer constant.
std::optional<int64_t> constantInteger(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto attr = dyn_cast<DenseIntElementsAttr>(constant.getValue());
  if (!attr || attr.getType().getRank() != 0)
    return std::nullopt;
  return (*attr.value_begin<APInt>()).getSExtValue();
}

// (counter carry, N) of a while loop running while carry k < N (a
// constant), its body adding one to carry k, a signed integer
// (_counted_loop).
std::optional<std::pair<unsigned, int64_t>> countedLoop(WhileOp loop) {
  Block &cond = loop.getCond().front(), &body = loop.getBody().front();
  auto test = dyn_cast_or_null<CompareOp>(
      cond.getTerminator()->getNumOperands() == 1
          ? cond.getTerminator()->getOperand(0).getDefiningOp()
          : nullptr);
  // the condition is that one comparison (constants aside)
  for (Operation &op : cond.without_terminator())
    if (&op != test && !isa<ConstantOp>(op))
      return std::nullopt;
  if (!test || test.getComparisonDirection() != ComparisonDirection::LT ||
      (test.getCompareType() &&
       *test.getCompareType() != ComparisonType::SIGNED))
    return std::nullopt;
  auto counter = dyn_cast<BlockArgument>(test.getLhs());
  std::optional<int64_t> limit = constantInteger(test.getRhs());
  if (!counter || counter.getOwner() != &cond || !limit)
    return std::nullopt;
  unsigned k = counter.getArgNumber();
  auto type = cast<RankedTensorType>(counter.getType());
  auto element = dyn_cast<IntegerType>(type.getElementType());
  if (type.getRank() != 0 || !element || element.isUnsigned() ||
      element.getWidth() == 1)
    return std::nullopt;
  auto step = body.getTerminator()->getOperand(k).getDefiningOp<AddOp>();
  if (!step || step->getBlock() != &body)
    return std::nullopt;
  Value carry = body.getArgument(k);
  Value one = step.getLhs() == carry ? step.getRhs() : step.getLhs();
  if ((step.getLhs() != carry && step.getRhs() != carry) ||
      constantInteger(one) != 1)
    return std::nullopt;
  return std::make_pair(k, *limit);
}

// Whether `value` is the same in every iteration of `loop` (_loop_invariant):
// a carry the body returns unchanged, a value from outside the loop, or the
// result of a side-effect-free op of the body on such values.
bool loopInvariant(Value value, WhileOp loop) {
  Block &body = loop.getBody().front();
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == &body &&
           body.getTerminator()->getOperand(arg.getArgNumber()) == value;
  Operation *op = value.getDefiningOp();
  if (!loop->isProperAncestor(op))
    return true;
  return op->getBlock() == &body && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op) &&
         llvm::all_of(op->getOperands(),
                      [&](Value v) { return loopInvariant(v, loop); });
}

// `value` (loopInvariant) before the loop: its body's ops cloned there, the
// carries as the loop's operands.
Value beforeLoop(OpBuilder &b, Value value, WhileOp loop, IRMapping &mapped) {
  if (Value known = mapped.lookupOrNull(value))
    return known;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return loop->getOperand(arg.getArgNumber());
  Operation *op = value.getDefiningOp();
  if (!loop->isProperAncestor(op))
    return value;
  for (Value operand : op->getOperands())
    mapped.map(operand, beforeLoop(b, operand, loop, mapped));
  Operation *copy = b.clone(*op, mapped);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

// loops._stack_row_dots' bound: a product larger than 64 MiB and than 4x X
// stays per iteration.
constexpr int64_t kStackedBytes = int64_t(1) << 26;

void stackRowDotsOf(WhileOp loop) {
  std::optional<std::pair<unsigned, int64_t>> counted = countedLoop(loop);
  if (!counted)
    return;
  Block &body = loop.getBody().front();
  Value counter = body.getArgument(counted->first);
  int64_t limit = counted->second;
  for (DotGeneralOp dot : llvm::make_early_inc_range(body.getOps<DotGeneralOp>())) {
    auto numbers = dot.getDotDimensionNumbers();
    auto resultType = dot.getResult().getType();
    Type element = resultType.getElementType();
    auto rhsType = dot.getRhs().getType();
    if (!numbers.getLhsBatchingDimensions().empty() ||
        !isa<Float32Type, Float64Type>(element) ||
        elementOf(dot.getLhs()) != element || elementOf(dot.getRhs()) != element ||
        !resultType.hasStaticShape() || !rhsType.hasStaticShape() ||
        !loopInvariant(dot.getRhs(), loop))
      continue;
    auto reshape = dot.getLhs().getDefiningOp<ReshapeOp>();
    auto slice = reshape ? reshape.getOperand().getDefiningOp<DynamicSliceOp>()
                         : DynamicSliceOp();
    if (!slice || reshape->getBlock() != &body || slice->getBlock() != &body ||
        slice.getStartIndices().front() != counter ||
        !loopInvariant(slice.getOperand(), loop))
      continue;
    auto xType = slice.getOperand().getType();
    if (!xType.hasStaticShape() || xType.getRank() == 0)
      continue;
    ArrayRef<int64_t> rest = xType.getShape().drop_front();
    SmallVector<int64_t> sizes{1};
    llvm::append_range(sizes, rest);
    if (slice.getSliceSizes() != ArrayRef<int64_t>(sizes) ||
        reshape.getResult().getType().getShape() != rest)
      continue;
    // the interpreter's `stacked`: the dots it hands to BLAS (kernel `stacked`)
    auto lhsType = dot.getLhs().getType();
    int64_t k = 1, outputs = resultType.getNumElements();
    for (int64_t d : numbers.getLhsContractingDimensions())
      k *= lhsType.getDimSize(d);
    if (!blasSums(k, outputs))
      continue;
    int64_t bytes = element.getIntOrFloatBitWidth() / 8;
    int64_t rows = xType.getDimSize(0);
    if (rows * outputs * bytes > std::max(kStackedBytes, 4 * xType.getNumElements() * bytes))
      continue;
    // the product of rows 0 .. clamp(N - 1), before the loop
    OpBuilder b(loop);
    Location loc = dot.getLoc();
    IRMapping mapped;
    Value x = beforeLoop(b, slice.getOperand(), loop, mapped);
    Value w = beforeLoop(b, dot.getRhs(), loop, mapped);
    int64_t used = std::min(std::max(limit - 1, int64_t(0)), rows - 1) + 1;
    if (used != rows) {
      SmallVector<int64_t> start(xType.getRank(), 0), end(xType.getShape()),
          strides(xType.getRank(), 1);
      end[0] = used;
      x = SliceOp::create(b, loc, x, start, end, strides);
    }
    SmallVector<int64_t> contracting;
    for (int64_t d : numbers.getLhsContractingDimensions())
      contracting.push_back(d + 1);
    SmallVector<int64_t> productShape{used};
    llvm::append_range(productShape, resultType.getShape());
    Value product = DotGeneralOp::create(
        b, loc, RankedTensorType::get(productShape, element), x, w,
        DotDimensionNumbersAttr::get(b.getContext(), {}, {}, contracting,
                                     numbers.getRhsContractingDimensions()),
        dot.getPrecisionConfigAttr(), dot.getAlgorithmAttr());
    // each iteration: its row, clamped as dynamic_slice clamps X's
    b.setInsertionPoint(dot);
    SmallVector<Value> starts{counter};
    Value zero = ConstantOp::create(
        b, loc, DenseElementsAttr::get(cast<RankedTensorType>(counter.getType()),
                                       b.getZeroAttr(getElementTypeOrSelf(counter))));
    starts.append(resultType.getRank(), zero);
    SmallVector<int64_t> rowSizes{1};
    llvm::append_range(rowSizes, resultType.getShape());
    Value row = DynamicSliceOp::create(b, loc, product, starts, rowSizes);
    dot.replaceAllUsesWith(ReshapeOp::create(b, loc, resultType, row).getResult());
    dot.erase();
    if (reshape->use_empty())
      reshape.erase();
    if (slice->use_empty())
      slice.erase();
  }
}

} // namespace

void stackRowDots(Operation *root) {
  SmallVector<WhileOp> loops;
  root->walk([&](WhileOp loop) { loops.push_back(loop); });
  for (WhileOp loop : loops)
    stackRowDotsOf(loop);
}

} // namespace mlir::stablehlo::linalg_lowering
