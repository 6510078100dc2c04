// stablehlo-legalize-to-linalg, reductions: reduce and reduce_window as a
// linalg.generic whose body is the reduce body on scalars.
#include "Conversion/LoweringCommon.h"
#include "Dialect/Verification.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

// `body` (a reduce's or reduce_window's) on scalars, as
// body(accumulators..., elements...), from the stored elements and
// accumulators of `elements` and `accumulated` types: the values to yield.
FailureOr<SmallVector<Value>>
reductionStep(OpBuilder &b, Location loc, Block &body, ValueRange elementArgs,
              ValueRange accumulatorArgs, ArrayRef<Type> elements,
              ArrayRef<Type> accumulated) {
  size_t count = accumulatorArgs.size();
  SmallVector<Value> arguments, results;
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(loadElement(b, loc, accumulatorArgs[i], accumulated[i]));
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(loadElement(b, loc, elementArgs[i], elements[i]));
  if (failed(emitScalarBody(b, loc, body, arguments, results)) ||
      results.size() != count)
    return failure();
  for (size_t i = 0; i < count; ++i)
    results[i] = storeElement(b, loc, results[i], accumulated[i]);
  return results;
}

// The init values of a reduction, each filling a tensor of its result's
// type; false when a result type is not static.
bool filledInits(OpBuilder &b, Location loc, const TypeConverter &converter,
                 ValueRange inits, ResultRange results,
                 SmallVectorImpl<Value> &outputs, SmallVectorImpl<Type> &types) {
  for (auto [result, init] : llvm::zip(results, inits)) {
    RankedTensorType type = convertedTensor(converter, result.getType());
    if (!type || !type.hasStaticShape())
      return false;
    Value scalar = tensor::ExtractOp::create(b, loc, init, ValueRange{});
    outputs.push_back(
        linalg::FillOp::create(b, loc, scalar, emptyLike(b, loc, type)).getResult(0));
    types.push_back(type);
  }
  return true;
}

// Replaces `op` (a reduce or reduce_window) by a linalg.generic over
// `operands` (its inputs first; any after them only give loops their
// bounds) into `outputs` (the filled inits), yielding `body` on scalars.
LogicalResult replaceByReduction(ConversionPatternRewriter &rewriter,
                                 Operation *op, Block &body, ValueRange inputs,
                                 ValueRange operands, ValueRange outputs,
                                 TypeRange resultTypes, ArrayRef<AffineMap> maps,
                                 ArrayRef<IteratorType> iterators) {
  size_t count = inputs.size(), extra = operands.size() - count;
  SmallVector<Type> elements, accumulated;
  for (Value input : inputs)
    elements.push_back(elementOf(input));
  for (Value result : op->getResults())
    accumulated.push_back(elementOf(result));
  auto yield = [&](OpBuilder &b, Location l, ValueRange args) {
    return reductionStep(b, l, body, args.take_front(count),
                         args.drop_front(count + extra), elements, accumulated);
  };
  auto build = [&](BodyBuilder step) -> Operation * {
    return linalg::GenericOp::create(rewriter, op->getLoc(), resultTypes,
                                     operands, outputs, maps, iterators, step);
  };
  return replaceByLinalg(rewriter, op, build, yield, "body not supported");
}

// Whether a reduce's or reduce_window's element types are as the spec has
// them: each init value of its input's element type, and a body
// (tensor<Ei>..., tensor<Ei>...) -> (tensor<Ei>...) with Ei promotable from
// the input's. Upstream also accepts other init and body types (spec
// deviations, docs/decisions.md "Accepting what upstream accepts"), which
// XLA and the interpreter refuse to run: the lowering refuses them too.
bool hasSpecElementTypes(ValueRange inputs, ValueRange inits, Block &body) {
  size_t count = inputs.size();
  if (inits.size() != count || body.getNumArguments() != 2 * count)
    return false;
  for (size_t i = 0; i < count; ++i) {
    Type input = getElementTypeOrSelf(inputs[i].getType());
    Type element = reducerResultElement(body, i);
    if (!element || getElementTypeOrSelf(inits[i].getType()) != input ||
        getElementTypeOrSelf(body.getArgument(i).getType()) != element ||
        getElementTypeOrSelf(body.getArgument(count + i).getType()) != element ||
        !isPromotable(input, element))
      return false;
  }
  return true;
}

// reduce: a linalg.generic whose outputs start as the init values and whose
// body is the reduce's body on scalars, applied in index order:
// body(accumulators..., elements...).
struct ReduceToLinalg : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
    size_t count = inputs.size();
    if (!hasSpecElementTypes(op.getInputs(), op.getInitValues(),
                             op.getBody().front()))
      return rewriter.notifyMatchFailure(
          op, "element types upstream accepts and the spec does not");
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    if (!inputType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static inputs");
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> dims = op.getDimensions();
    SmallVector<AffineExpr> kept;
    SmallVector<IteratorType> iterators;
    for (int64_t i = 0; i < rank; ++i) {
      bool reduced = llvm::is_contained(dims, i);
      iterators.push_back(reduced ? IteratorType::reduction
                                  : IteratorType::parallel);
      if (!reduced)
        kept.push_back(rewriter.getAffineDimExpr(i));
    }
    Location loc = op.getLoc();
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    if (!filledInits(rewriter, loc, *getTypeConverter(), inits, op.getResults(),
                     outputs, resultTypes))
      return rewriter.notifyMatchFailure(op, "expected static results");
    SmallVector<AffineMap> maps(count, rewriter.getMultiDimIdentityMap(rank));
    maps.append(count, AffineMap::get(rank, 0, kept, getContext()));
    return replaceByReduction(rewriter, op, op.getBody().front(), op.getInputs(),
                              inputs, outputs, resultTypes, maps, iterators);
  }
};

// reduce_window: each input padded with its init value (base dilation as
// interior padding), then one linalg.generic over the result's dimensions
// and the window's, reading input[i * stride + w * window_dilation]; a
// window-shaped operand gives the window loops their bounds.
struct ReduceWindowToLinalg : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
    size_t count = inputs.size();
    if (!hasSpecElementTypes(op.getInputs(), op.getInitValues(),
                             op.getBody().front()))
      return rewriter.notifyMatchFailure(
          op, "element types upstream accepts and the spec does not");
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> window = op.getWindowDimensions();
    if (!inputType.hasStaticShape() || window.size() != size_t(rank))
      return rewriter.notifyMatchFailure(op, "expected static inputs");
    SmallVector<int64_t> strides = orOnes(op.getWindowStrides(), rank),
                         dilations = orOnes(op.getWindowDilations(), rank),
                         base = orOnes(op.getBaseDilations(), rank);
    if (strides.size() != size_t(rank) || dilations.size() != size_t(rank) ||
        base.size() != size_t(rank))
      return rewriter.notifyMatchFailure(op, "window attributes");
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior;
    if (auto padding = op.getPadding(); padding && padding->getNumElements() != 0) {
      if (padding->getNumElements() != 2 * rank)
        return rewriter.notifyMatchFailure(op, "padding");
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t i = 0; i < rank; ++i) {
        low[i] = values[2 * i];
        high[i] = values[2 * i + 1];
      }
    }
    for (int64_t dilation : base)
      interior.push_back(dilation - 1);
    Location loc = op.getLoc();
    SmallVector<Value> operands;
    for (auto [input, init] : llvm::zip(inputs, inits)) {
      Value value = tensor::ExtractOp::create(rewriter, loc, init, ValueRange{});
      operands.push_back(padded(rewriter, loc, input, value, low, high, interior));
    }
    operands.push_back(tensor::EmptyOp::create(rewriter, loc, window,
                                               rewriter.getI8Type()));
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    if (!filledInits(rewriter, loc, *getTypeConverter(), inits, op.getResults(),
                     outputs, resultTypes))
      return rewriter.notifyMatchFailure(op, "expected static results");
    // Loops d(0..rank) over the result, d(rank..2 rank) over the window.
    SmallVector<AffineExpr> reads, windowIndex, resultIndex;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr position = rewriter.getAffineDimExpr(i);
      AffineExpr offset = rewriter.getAffineDimExpr(rank + i);
      reads.push_back(position * strides[i] + offset * dilations[i]);
      windowIndex.push_back(offset);
      resultIndex.push_back(position);
    }
    SmallVector<AffineMap> maps(count, AffineMap::get(2 * rank, 0, reads, getContext()));
    maps.push_back(AffineMap::get(2 * rank, 0, windowIndex, getContext()));
    maps.append(count, AffineMap::get(2 * rank, 0, resultIndex, getContext()));
    SmallVector<IteratorType> iterators = parallel(rank);
    iterators.append(rank, IteratorType::reduction);
    return replaceByReduction(rewriter, op, op.getBody().front(), op.getInputs(),
                              operands, outputs, resultTypes, maps, iterators);
  }
};


} // namespace

void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<ReduceToLinalg, ReduceWindowToLinalg>(
      converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
