// stablehlo-legalize-to-linalg, contractions: dot_general, dot and
// convolution as one sum of products in index order.
#include "Conversion/LoweringCommon.h"

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

// sum(lhs[map0] * rhs[map1]) over the reduction loops, into a tensor of
// `target` (the last map indexes it; operands after the first two only give
// loops their bounds). Products of `element` type (converted to the result's
// first), summed in index order; floats narrower than f32 (f16, bf16 and the
// small floats, held as their bits) accumulate in f32 and round once, as the
// interpreter (dot_conv._accumulation) and XLA do.
Value sumOfProducts(OpBuilder &b, Location loc, Type element,
                    RankedTensorType target, ValueRange inputs,
                    ArrayRef<AffineMap> maps, ArrayRef<IteratorType> iterators) {
  int64_t resultRank = target.getRank();
  Type computed = computeType(element);
  bool small = isSmallFloat(element);
  auto narrow = dyn_cast<FloatType>(computed);
  bool inF32 = small || (narrow && narrow.getWidth() < 32);
  Type accumulator = inF32 ? Type(b.getF32Type()) : computed;
  Type stored = inF32 ? accumulator : target.getElementType();
  auto accumulatorType = target.clone(stored);
  Value zero = zeroOf(b, loc, stored);
  Value init = linalg::FillOp::create(b, loc, zero,
                                      emptyLike(b, loc, accumulatorType))
                   .getResult(0);
  // An operand element as the accumulator computes it (widenings exact).
  auto operand = [&](OpBuilder &nested, Location l, Value v) -> Value {
    if (inF32 && v.getType() == accumulator) // widened already
      return v;
    Value value = loadElement(nested, l, v, element);
    if (!inF32)
      return value;
    if (small)
      return emitSmallFloatToF32(nested, l, value, element);
    return arith::ExtFOp::create(nested, l, accumulator, value);
  };
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{accumulatorType}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location l, ValueRange args) {
        // One statement each: the IR's order does not depend on the compiler's.
        Value lhs = operand(nested, l, args[0]);
        Value rhs = operand(nested, l, args[1]);
        Value sum = args.back();
        if (!inF32)
          sum = loadElement(nested, l, sum, element);
        sum = multiplyAdd(nested, l, lhs, rhs, sum);
        if (!inF32)
          sum = storeElement(nested, l, sum, element);
        linalg::YieldOp::create(nested, l, sum);
      });
  Value result = generic.getResult(0);
  if (!inF32)
    return result;
  return linalg::GenericOp::create(
             b, loc, TypeRange{target}, ValueRange{result},
             ValueRange{emptyLike(b, loc, target)},
             {b.getMultiDimIdentityMap(resultRank),
              b.getMultiDimIdentityMap(resultRank)},
             parallel(resultRank),
             [&](OpBuilder &nested, Location l, ValueRange args) {
               Value rounded =
                   small ? emitF32ToSmallFloat(nested, l, args[0], element)
                         : arith::TruncFOp::create(nested, l, computed, args[0])
                               .getResult();
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

// One sum of products over the result's dimensions (batch, lhs free, rhs
// free) and the contracting ones, operands of the result's element type.
LogicalResult lowerContraction(const Contraction &dot,
                               const TypeConverter &converter,
                               ConversionPatternRewriter &rewriter) {
  Operation *op = dot.op;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  RankedTensorType target = convertedTensor(converter, resultType);
  Value lhs = dot.lhs, rhs = dot.rhs;
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  Type element = resultType.getElementType();
  if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
      !rhsType.hasStaticShape() || elementOf(op->getOperand(0)) != element ||
      elementOf(op->getOperand(1)) != element ||
      !isa<IntegerType, FloatType, ComplexType>(element))
    return rewriter.notifyMatchFailure(op, "expected static operands of the "
                                           "result's element type");
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
      op, sumOfProducts(rewriter, op->getLoc(), element, target, {lhs, rhs},
                        {lhsMap, rhsMap, AffineMap::get(loops, 0, outputs, context)},
                        iterators));
  return success();
}

struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto numbers = op.getDotDimensionNumbers();
    return lowerContraction(
        {op, adaptor.getLhs(), adaptor.getRhs(),
         numbers.getLhsBatchingDimensions(), numbers.getRhsBatchingDimensions(),
         numbers.getLhsContractingDimensions(),
         numbers.getRhsContractingDimensions()},
        *getTypeConverter(), rewriter);
  }
};

// dot (the legacy form): the lhs's last dimension against the rhs's first.
struct DotToLinalg : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    int64_t last = lhsType.getRank() - 1;
    int64_t first = 0;
    return lowerContraction({op, adaptor.getLhs(), adaptor.getRhs(), {}, {},
                             ArrayRef<int64_t>(last), ArrayRef<int64_t>(first)},
                            *getTypeConverter(), rewriter);
  }
};

// convolution (batch_group_count 1): the lhs padded with zeros (lhs dilation
// as interior padding), then one sum of products over the output's
// dimensions, the kernel's spatial ones and the input features of a group:
// lhs[b, group(f) * Cg + c, p * stride + k * rhs_dilation] times
// rhs[c, f, k] (k reversed where window_reversal says). A kernel-shaped
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
    if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape() || elementOf(op.getLhs()) != element ||
        elementOf(op.getRhs()) != element || op.getBatchGroupCount() != 1 ||
        !isa<IntegerType, FloatType, ComplexType>(element))
      return rewriter.notifyMatchFailure(op, "expected static operands of the "
                                             "result's element type, one batch group");
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
    int64_t groupInputs = rhsType.getDimSize(numbers.getKernelInputFeatureDimension());
    int64_t outFeatures = target.getDimSize(numbers.getOutputFeatureDimension());
    if (groups < 1 || outFeatures % groups != 0)
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
    if (pads && isSmallFloat(element) &&
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
    } else {
      zero = zeroOf(rewriter, loc, storageType(element));
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
    lhsReads[numbers.getInputBatchDimension()] = batch;
    lhsReads[numbers.getInputFeatureDimension()] =
        feature.floorDiv(groupOutputs) * groupInputs + input;
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
        op, sumOfProducts(rewriter, loc, element, target,
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
                                 RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg, DotToLinalg, ConvolutionToLinalg>(
      converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
