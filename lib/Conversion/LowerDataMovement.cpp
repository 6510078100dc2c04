// stablehlo-legalize-to-linalg, data movement: broadcasts, transpose,
// reshape, slices, concatenate, reverse, pad, gather, as tensor and linalg ops.
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

// broadcast_in_dim: the operand's dimension i is the result's dimension
// dims[i]; an operand dimension of size 1 under a larger one is read at 0.
struct BroadcastInDimToLinalg : OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        dims.size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<AffineExpr> reads;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      if (dim < 0 || dim >= target.getRank())
        return rewriter.notifyMatchFailure(op, "dimension out of range");
      bool expands = operand.getDimSize(i) == 1 && target.getDimSize(dim) != 1;
      reads.push_back(expands ? rewriter.getAffineConstantExpr(0)
                              : rewriter.getAffineDimExpr(dim));
    }
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};

// broadcast (the legacy form): the operand's dimensions are the result's
// last ones.
struct BroadcastToLinalg : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    int64_t rank = target.getRank(), added = rank - operand.getRank();
    SmallVector<AffineExpr> reads;
    for (int64_t i = 0; i < operand.getRank(); ++i)
      reads.push_back(rewriter.getAffineDimExpr(added + i));
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};

// get_dimension_size of a static dimension: its size.
struct GetDimensionSizeToArith : OpConversionPattern<GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    int64_t dimension = op.getDimension();
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || dimension >= operand.getRank() ||
        operand.isDynamicDim(dimension))
      return rewriter.notifyMatchFailure(op, "expected a static dimension");
    auto size = DenseElementsAttr::get(
        target, APInt(32, operand.getDimSize(dimension)));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, target, size);
    return success();
  }
};

// optimization_barrier: its operands (the compiled code keeps no order to
// protect), a tuple's as its elements.
struct OptimizationBarrierToValues : OpConversionPattern<OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, adaptor.getOperands());
    return success();
  }
};

struct TransposeToLinalg : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    Location loc = op.getLoc();
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getOperand(), emptyLike(rewriter, loc, target),
        op.getPermutation());
    rewriter.replaceOp(op, transpose->getResults());
    return success();
  }
};

// reshape keeps the elements in row-major order: a view of the operand where
// its buffer allows (reshapedTo).
struct ReshapeToTensor : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    rewriter.replaceOp(op, reshapedTo(rewriter, op.getLoc(),
                                      adaptor.getOperand(), target.getShape()));
    return success();
  }
};

struct SliceToTensor : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, target, adaptor.getOperand(),
        getAsIndexOpFoldResult(getContext(), op.getStartIndices()),
        getAsIndexOpFoldResult(getContext(), target.getShape()),
        getAsIndexOpFoldResult(getContext(), op.getStrides()));
    return success();
  }
};

// concatenate: each operand inserted at its offset along the dimension.
struct ConcatenateToTensor : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    int64_t dimension = op.getDimension();
    if (!target || !target.hasStaticShape() || dimension >= target.getRank())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    Location loc = op.getLoc();
    Value result = emptyLike(rewriter, loc, target);
    SmallVector<int64_t> offsets(target.getRank(), 0);
    SmallVector<int64_t> strides(target.getRank(), 1);
    for (Value operand : adaptor.getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      if (!type.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expected static operands");
      result = tensor::InsertSliceOp::create(
          rewriter, loc, operand, result,
          getAsIndexOpFoldResult(getContext(), offsets),
          getAsIndexOpFoldResult(getContext(), type.getShape()),
          getAsIndexOpFoldResult(getContext(), strides));
      offsets[dimension] += type.getDimSize(dimension);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

// reverse: the result's index i along a reversed dimension of size n reads
// the operand at n - 1 - i.
struct ReverseToLinalg : OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    int64_t rank = target.getRank();
    SmallVector<AffineExpr> reads;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr index = rewriter.getAffineDimExpr(i);
      reads.push_back(llvm::is_contained(op.getDimensions(), i)
                          ? target.getDimSize(i) - 1 - index
                          : index);
    }
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};


struct PadToTensor : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Value value = tensor::ExtractOp::create(rewriter, op.getLoc(),
                                            adaptor.getPaddingValue(), ValueRange{});
    rewriter.replaceOp(op, padded(rewriter, op.getLoc(), adaptor.getOperand(), value,
                                  op.getEdgePaddingLow(), op.getEdgePaddingHigh(),
                                  op.getInteriorPadding()));
    return success();
  }
};


// The clamped starts of a dynamic slice of `sizes` in `operand`.
SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        ValueRange converted, ValueRange original,
                                        RankedTensorType operand,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> starts;
  for (auto [i, start] : llvm::enumerate(converted))
    starts.push_back(clampedStart(b, loc, start, elementOf(original[i]),
                                  operand.getDimSize(i), sizes[i]));
  return starts;
}


// The zero of a signless element type, for accumulators.
struct DynamicSliceToTensor : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        adaptor.getStartIndices().size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, op.getLoc(), adaptor.getStartIndices(),
                      op.getStartIndices(), operand, target.getShape());
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, target, adaptor.getOperand(), starts,
        getAsIndexOpFoldResult(getContext(), target.getShape()),
        getAsIndexOpFoldResult(getContext(),
                               SmallVector<int64_t>(target.getRank(), 1)));
    return success();
  }
};

struct DynamicUpdateSliceToTensor : OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto update = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (!operand.hasStaticShape() || !update.hasStaticShape() ||
        adaptor.getStartIndices().size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, op.getLoc(), adaptor.getStartIndices(),
                      op.getStartIndices(), operand, update.getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), starts,
        getAsIndexOpFoldResult(getContext(), update.getShape()),
        getAsIndexOpFoldResult(getContext(),
                               SmallVector<int64_t>(operand.getRank(), 1)));
    return success();
  }
};

// gather: for a result index, its batch dimensions pick a row of start
// indices (index_vector_dim holding the vector), each start is clamped into
// [0, size - slice size], and the offset dimensions add to the operand
// dimensions that are neither collapsed nor batching; a batching dimension
// reads the result's matching batch index. A gather of rows (the operand's
// last dimension and the result's last one sliced, at least kGatherRow
// elements: an embedding lookup, jnp.take of rows) is a parallel loop over the result's
// batch dimensions, each copying its whole slice (linalg.copy between slices:
// a vectorized copy) from starts read once; any other gather is a
// linalg.generic over the result whose body reads the start indices and the
// operand with tensor.extract, the starts found again for every element.
// The shortest run of the operand's last dimension a gather of rows copies
// (shorter ones: the per-element generic, no loop overhead per slice).
constexpr int64_t kGatherRow = 16;
// How far ahead a gather of rows prefetches (rows), and how much of each
// (64-byte lines).
constexpr int64_t kGatherAhead = 8, kGatherLines = 16;

bool isSlicedAway(GatherDimensionNumbersAttr numbers, int64_t d) {
  return llvm::is_contained(numbers.getCollapsedSliceDims(), d) ||
         llvm::is_contained(numbers.getOperandBatchingDims(), d);
}

// Whether a gather (its checks passed) copies rows: the operand's last
// dimension is sliced, at least kGatherRow elements, into the result's last
// dimension; the dimensions sliced away have size 1.
bool isRowGather(RankedTensorType operand, RankedTensorType target,
                 GatherDimensionNumbersAttr numbers,
                 ArrayRef<int64_t> sliceSizes) {
  int64_t last = operand.getRank() - 1;
  ArrayRef<int64_t> offsetDims = numbers.getOffsetDims();
  if (last < 0 || isSlicedAway(numbers, last) || sliceSizes[last] < kGatherRow ||
      !llvm::is_contained(offsetDims, target.getRank() - 1))
    return false;
  int64_t next = 0;
  for (int64_t d = 0; d <= last; ++d) {
    if (isSlicedAway(numbers, d)) {
      if (sliceSizes[d] != 1)
        return false;
    } else if (next >= int64_t(offsetDims.size()) || offsetDims[next] < 0 ||
               offsetDims[next] >= target.getRank() ||
               target.getDimSize(offsetDims[next++]) != sliceSizes[d]) {
      return false;
    }
  }
  return llvm::is_sorted(offsetDims);
}

// A gather of rows: an scf.forall over the result's batch dimensions
// (`batchDims`), each position copying the operand's slice at
// `starts(batch index)` into the result's.
Value gatherRows(OpBuilder &b, Location loc, RankedTensorType operand,
                 RankedTensorType target, Value source,
                 GatherDimensionNumbersAttr numbers, ArrayRef<int64_t> sliceSizes,
                 ArrayRef<int64_t> batchDims,
                 function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                 ArrayRef<Value>)> starts) {
  SmallVector<int64_t> slice;
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (!isSlicedAway(numbers, d))
      slice.push_back(sliceSizes[d]);
  auto sliceType = RankedTensorType::get(slice, target.getElementType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0),
        one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lower(batchDims.size(), zero), upper,
      steps(batchDims.size(), one);
  for (int64_t d : batchDims)
    upper.push_back(arith::ConstantIndexOp::create(b, loc, target.getDimSize(d)));
  // The rows kGatherAhead batch positions on along the innermost batch
  // dimension prefetched, their first kGatherLines cache lines: the rows are
  // random reads from anywhere in the operand, which no hardware prefetcher
  // foresees.
  Type element = operand.getElementType();
  int64_t bytes = element.isIntOrFloat()
                      ? std::max<int64_t>(element.getIntOrFloatBitWidth() / 8, 1)
                      : 0;
  bool prefetched = bytes && !batchDims.empty();
  Value buffer;
  if (prefetched)
    buffer = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(operand.getShape(), element), source,
        b.getUnitAttr());
  auto prefetch = [&](OpBuilder &nb, Location l, ValueRange batch, Value end) {
    SmallVector<Value> ahead = llvm::to_vector(batch);
    Value last = arith::SubIOp::create(nb, l, end, one);
    ahead.back() = arith::MinSIOp::create(
        nb, l,
        arith::AddIOp::create(
            nb, l, ahead.back(),
            arith::ConstantIndexOp::create(nb, l, kGatherAhead)),
        last);
    SmallVector<Value> at = starts(nb, l, ahead);
    int64_t run = sliceSizes.back() * bytes, lines = std::min<int64_t>(
                                                 (run + 63) / 64, kGatherLines);
    Value first = at.back();
    for (int64_t line = 0; line < lines; ++line) {
      at.back() = arith::AddIOp::create(
          nb, l, first, arith::ConstantIndexOp::create(nb, l, line * 64 / bytes));
      memref::PrefetchOp::create(nb, l, buffer, at, /*isWrite=*/false,
                                 /*localityHint=*/3, /*isDataCache=*/true);
    }
  };
  auto copy = [&](OpBuilder &nb, Location l, ValueRange batch,
                  ValueRange result, scf::ForallOp forall) -> scf::ValueVector {
    SmallVector<Value> start = starts(nb, l, llvm::to_vector(batch));
    SmallVector<OpFoldResult> from(start.begin(), start.end()), sizes, unit;
    for (int64_t size : sliceSizes) {
      sizes.push_back(nb.getIndexAttr(size));
      unit.push_back(nb.getIndexAttr(1));
    }
    Value read = tensor::ExtractSliceOp::create(nb, l, sliceType, source, from,
                                                sizes, unit);
    SmallVector<OpFoldResult> to, extent, step(target.getRank(), nb.getIndexAttr(1));
    for (int64_t d = 0, next = 0; d < target.getRank(); ++d) {
      bool isBatch = next < int64_t(batchDims.size()) && batchDims[next] == d;
      to.push_back(isBatch ? OpFoldResult(batch[next]) : nb.getIndexAttr(0));
      extent.push_back(nb.getIndexAttr(isBatch ? 1 : target.getDimSize(d)));
      next += isBatch;
    }
    Value into = tensor::ExtractSliceOp::create(nb, l, sliceType, result.front(),
                                                to, extent, step);
    if (prefetched)
      prefetch(nb, l, batch, upper.back());
    Value copied = linalg::CopyOp::create(nb, l, read, into).getResult(0);
    return insertRowSlices(nb, l, forall, copied, result.front(), to, extent,
                           step);
  };
  // The rows are independent (an scf.forall over them where there are batch
  // dimensions; outline-parallel-loops judges whether the copies are worth
  // threads): each row is the same copy whichever thread makes it.
  Value empty = emptyLike(b, loc, target);
  return buildRows(b, loc, lower, upper, steps, empty, copy).front();
}

// Replaces `op` (a gather, or an op that is one) by the gather of `source`
// (converted) at `startIndices` (converted, of original element type
// `indexElement`) into `target`.
LogicalResult lowerGather(ConversionPatternRewriter &rewriter, Operation *op,
                          RankedTensorType target, Value source,
                          Value startIndices, Type indexElement,
                          GatherDimensionNumbersAttr numbers,
                          ArrayRef<int64_t> sliceSizes) {
  auto operand = cast<RankedTensorType>(source.getType());
  auto indices = cast<RankedTensorType>(startIndices.getType());
  ArrayRef<int64_t> offsetDims = numbers.getOffsetDims(),
                    collapsed = numbers.getCollapsedSliceDims(),
                    operandBatching = numbers.getOperandBatchingDims(),
                    indicesBatching = numbers.getStartIndicesBatchingDims(),
                    startIndexMap = numbers.getStartIndexMap();
  int64_t indexVectorDim = numbers.getIndexVectorDim();
  if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
      !indices.hasStaticShape() ||
      sliceSizes.size() != size_t(operand.getRank()) ||
      operandBatching.size() != indicesBatching.size())
    return rewriter.notifyMatchFailure(op, "expected static shapes");
  int64_t rank = target.getRank();
  SmallVector<int64_t> batchDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(offsetDims, d))
      batchDims.push_back(d);
  // The start indices' dimensions other than index_vector_dim, in order,
  // are the result's batch dimensions.
  SmallVector<int64_t> indicesDims;
  for (int64_t j = 0; j < indices.getRank(); ++j)
    if (j != indexVectorDim)
      indicesDims.push_back(j);
  int64_t sliced = 0;
  for (int64_t d = 0; d < operand.getRank(); ++d)
    sliced += !llvm::is_contained(collapsed, d) &&
              !llvm::is_contained(operandBatching, d);
  if (indicesDims.size() != batchDims.size() ||
      sliced != int64_t(offsetDims.size()))
    return rewriter.notifyMatchFailure(op, "dimension numbers");
  Location loc = op->getLoc();
  // An empty slice in a collapsed or batching dimension has no element to
  // read (reading one would leave the buffer): zeros, as the interpreter and
  // XLA give (docs/decisions.md, gather).
  for (ArrayRef<int64_t> dims : {collapsed, operandBatching})
    for (int64_t d : dims)
      if (d >= 0 && d < int64_t(sliceSizes.size()) && sliceSizes[d] == 0) {
        Value zero = zeroOf(rewriter, loc, target.getElementType());
        rewriter.replaceOp(
            op, linalg::FillOp::create(rewriter, loc, zero,
                                       emptyLike(rewriter, loc, target))
                    .getResult(0));
        return success();
      }
  // Where the slice of the result's batch index `batch` (along batchDims)
  // starts in the operand.
  auto starts = [&](OpBuilder &b, Location l, ArrayRef<Value> batch) {
    auto batchIndex = [&](int64_t indicesDim) {
      return batch[llvm::find(indicesDims, indicesDim) - indicesDims.begin()];
    };
    Value zero = arith::ConstantIndexOp::create(b, l, 0);
    SmallVector<Value> start(operand.getRank(), zero);
    for (auto [k, d] : llvm::enumerate(startIndexMap)) {
      SmallVector<Value> where;
      for (int64_t j = 0; j < indices.getRank(); ++j)
        where.push_back(j == indexVectorDim
                            ? Value(arith::ConstantIndexOp::create(b, l, k))
                            : batchIndex(j));
      Value stored = tensor::ExtractOp::create(b, l, startIndices, where);
      start[d] = clampedIndex(b, l, stored, indexElement,
                              operand.getDimSize(d), sliceSizes[d]);
    }
    for (auto [operandDim, indicesDim] :
         llvm::zip(operandBatching, indicesBatching))
      start[operandDim] = batchIndex(indicesDim);
    return start;
  };
  if (isRowGather(operand, target, numbers, sliceSizes)) {
    rewriter.replaceOp(op, gatherRows(rewriter, loc, operand, target, source,
                                      numbers, sliceSizes, batchDims, starts));
    return success();
  }
  auto generic = linalg::GenericOp::create(
      rewriter, loc, TypeRange{target}, ValueRange{},
      ValueRange{emptyLike(rewriter, loc, target)},
      {rewriter.getMultiDimIdentityMap(rank)}, parallel(rank),
      [&](OpBuilder &b, Location l, ValueRange) {
        SmallVector<Value> at(rank), batch;
        for (int64_t d = 0; d < rank; ++d)
          at[d] = linalg::IndexOp::create(b, l, d);
        for (int64_t d : batchDims)
          batch.push_back(at[d]);
        SmallVector<Value> start = starts(b, l, batch);
        SmallVector<Value> position;
        int64_t next = 0;
        for (int64_t d = 0; d < operand.getRank(); ++d) {
          if (llvm::is_contained(collapsed, d) ||
              llvm::is_contained(operandBatching, d)) {
            position.push_back(start[d]);
            continue;
          }
          Value offset = at[offsetDims[next++]];
          position.push_back(arith::AddIOp::create(b, l, start[d], offset));
        }
        Value element = tensor::ExtractOp::create(b, l, source, position);
        linalg::YieldOp::create(b, l, element);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

struct GatherToLinalg : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target)
      return rewriter.notifyMatchFailure(op, "result type");
    return lowerGather(rewriter, op, target, adaptor.getOperand(),
                       adaptor.getStartIndices(), elementOf(op.getStartIndices()),
                       op.getDimensionNumbers(), op.getSliceSizes());
  }
};

// torch_index_select (XLA's TorchIndexSelect): a gather of single elements
// along `dim`, the first batch_dims dimensions of operand and index paired
// as batching dimensions, indices clamped as gather's (the interpreter's
// reading, kernels/indexing.py).
struct TorchIndexSelectToLinalg : OpConversionPattern<TorchIndexSelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TorchIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = dyn_cast<RankedTensorType>(adaptor.getOperand().getType());
    auto index = dyn_cast<RankedTensorType>(adaptor.getIndex().getType());
    if (!target || !operand || !index || !operand.hasStaticShape() ||
        !index.hasStaticShape() || !target.hasStaticShape() ||
        !isa<IntegerType>(elementOf(op.getIndex())))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    int64_t dim = op.getDim(), batch = op.getBatchDims();
    dim += dim < 0 ? operand.getRank() : 0;
    batch += batch < 0 ? index.getRank() : 0;
    int64_t indexDims = index.getRank() - batch;
    int64_t rank = operand.getRank() - 1 + indexDims;
    // The interpreter's checks (the verifier checks only types, as upstream's).
    if (batch < 0 || batch > dim || batch > index.getRank() || dim >= operand.getRank() ||
        target.getRank() != rank ||
        operand.getShape().take_front(batch) != index.getShape().take_front(batch))
      return rewriter.notifyMatchFailure(op, "dimensions");
    SmallVector<int64_t> offsetDims, batching, sizes;
    for (int64_t d = batch; d < dim; ++d)
      offsetDims.push_back(d);
    for (int64_t d = dim + indexDims; d < rank; ++d)
      offsetDims.push_back(d);
    for (int64_t d = 0; d < batch; ++d)
      batching.push_back(d);
    for (int64_t d = 0; d < operand.getRank(); ++d)
      sizes.push_back(d < batch || d == dim ? 1 : operand.getDimSize(d));
    auto numbers = GatherDimensionNumbersAttr::get(
        getContext(), offsetDims, /*collapsedSliceDims=*/{dim}, batching,
        batching, /*startIndexMap=*/{dim}, /*indexVectorDim=*/index.getRank());
    return lowerGather(rewriter, op, target, adaptor.getOperand(),
                       adaptor.getIndex(), elementOf(op.getIndex()), numbers,
                       sizes);
  }
};


} // namespace

void populateDataMovementPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<BroadcastInDimToLinalg, BroadcastToLinalg, GetDimensionSizeToArith,
               OptimizationBarrierToValues, TransposeToLinalg, ReshapeToTensor,
               SliceToTensor, ConcatenateToTensor, ReverseToLinalg, PadToTensor,
               DynamicSliceToTensor, DynamicUpdateSliceToTensor, GatherToLinalg,
               TorchIndexSelectToLinalg>(
      converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
