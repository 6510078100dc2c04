// stablehlo-legalize-to-linalg, contractions: dot_general, dot and
// convolution as one sum of products in index order.
#include "Conversion/LoweringCommon.h"

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
// SEQUENTIAL_WORK and SPLIT_MATMUL_WORK): float products of at most 256
// contracting indices and at most 2^18 products in all are summed in index
// order, larger ones by BLAS; those without batch dimensions, of at least 64
// rows and 2^24 products, in two halves of rows.
constexpr int64_t kSequentialDepth = 256;
constexpr int64_t kSequentialWork = int64_t(1) << 18;
constexpr int64_t kSplitRows = 64;
constexpr int64_t kSplitWork = int64_t(1) << 24;

// `value` with the static `shape` (same elements, row-major order): through
// one dimension, which any static shape collapses to and expands from.
Value reshapedTo(OpBuilder &b, Location loc, Value value,
                 ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  auto target = RankedTensorType::get(shape, type.getElementType());
  if (type == target)
    return value;
  if (type.getRank() > 1) {
    ReassociationIndices all(type.getRank());
    std::iota(all.begin(), all.end(), 0);
    value = tensor::CollapseShapeOp::create(b, loc, value,
                                            ArrayRef<ReassociationIndices>{all});
  }
  ReassociationIndices all(shape.size());
  std::iota(all.begin(), all.end(), 0);
  return tensor::ExpandShapeOp::create(b, loc, target, value,
                                       ArrayRef<ReassociationIndices>{all});
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

// The declaration of native kernel `name` (lib/Runtime/NativeKernels.h) on
// rank-3 buffers of `element`, any sizes and layout.
func::FuncOp gemmKernel(OpBuilder &b, ModuleOp module, Type element) {
  std::string name = element.isF32() ? "__stablehlo_py_gemm_f32"
                                     : "__stablehlo_py_gemm_f64";
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  int64_t dynamic = ShapedType::kDynamic;
  SmallVector<int64_t> sizes(3, dynamic);
  auto buffer = anyLayout(RankedTensorType::get(sizes, element));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto kernel = func::FuncOp::create(
      b, module.getLoc(), name,
      b.getFunctionType({buffer, buffer, buffer, b.getI64Type()}, {}));
  kernel.setPrivate();
  kernel->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return kernel;
}

// The product as the interpreter's BLAS path computes it, where it takes that
// path: f32 or f64 throughout, above its index-order sizes. The operands
// become [batch, lhs free, contracting] and [batch, contracting, rhs free]
// matrices, multiplied by the native gemm kernel. Fails (nothing built)
// elsewhere.
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
  if (k <= kSequentialDepth && batches * m * n * k <= kSequentialWork)
    return failure(); // the interpreter sums it in index order, so do we
  if (m == 1 || n == 1)
    return failure(); // numpy's matmul calls gemv or dot there, not gemm
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
    flags |= int64_t(0b100100) << shift; // roles in order: 0, 1, 2
    return reshapedTo(rewriter, loc, transposed(rewriter, loc, operand, permutation),
                      shape);
  };
  Value lhs = asMatrices(dot.lhs, lhsType, lhsRoles, {batches, m, k}, 1);
  Value rhs = asMatrices(dot.rhs, rhsType, rhsRoles, {batches, k, n}, 7);
  auto product = RankedTensorType::get({batches, m, n}, element);
  if (dot.lhsBatch.empty() && m >= kSplitRows && m * n * k >= kSplitWork)
    flags |= 1; // the interpreter's two halves of rows
  Value flagsValue = arith::ConstantIntOp::create(rewriter, loc, flags, 64);
  Value result = callOnBuffers(rewriter, loc,
                               gemmKernel(rewriter, module, element),
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
  using OpConversionPattern::OpConversionPattern;
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
    // Loops: d(0..rank) the output, then the kernel's spatial dimensions and
    // the input feature within the group in the lhs's order of its dimensions
    // (the innermost loop reads the lhs's innermost dimension). Float sums may
    // round otherwise than the interpreter's, whose order is its matmul's.
    int64_t loops = rank + spatial + 1;
    auto dim = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };
    SmallVector<int64_t> reductionLoop(spatial + 1); // spatial i, then feature
    int64_t next = rank;
    for (int64_t d = 0; d < lhsType.getRank(); ++d) {
      if (d == numbers.getInputFeatureDimension())
        reductionLoop[spatial] = next++;
      for (int64_t i = 0; i < spatial; ++i)
        if (inSpatial[i] == d)
          reductionLoop[i] = next++;
    }
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
  patterns.add<ConvolutionToLinalg>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
