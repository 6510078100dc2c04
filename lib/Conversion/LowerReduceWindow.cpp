// stablehlo-legalize-to-linalg, reduce_window: the interpreter's fold
// (interpreter/kernels/reductions.py, jit/window_loop.py) as loops that read
// the input in place. The result splits into rows: its dimensions from the
// last one the window moves along (or the last) to the end. Each row starts
// as the init values; then, for each window position in index order, the
// row's results whose window element at that position lies in the input fold
// that element in, body(accumulator, element), and the others fold the init
// value, as the interpreter's input padded with init does (init + -0.0 is
// +0.0: skipping the padding would change bits). So every result is its
// window folded in index order, init first: the interpreter's bits. The
// innermost loop runs along a row of the result and a row of the input with a
// constant stride, which LLVM vectorizes; a row stays in the cache while the
// window passes over it. Base dilation spreads the input out with init values
// first (as the interpreter does). Float scans longer than kScanBlock go in
// the interpreter's blocks (scanInBlocks).
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

// Scans (JAX's cumsum, cumprod: a window spanning one whole dimension,
// padded by its size - 1 on one side, nothing else) of floats longer than
// kScanBlock, summed or multiplied from the identity, in the interpreter's
// order, which is XLA's (kernels/reductions.py `_blocked_scan`): blocks of
// kScanBlock (the last padded with init) scanned in index order, the block
// totals scanned the same way, and each block combined with the total of the
// blocks before it (after it, in reverse).
constexpr int64_t kScanBlock = 16;

// The shapes and attributes of a reduce_window (its input base-dilated).
struct Window {
  SmallVector<int64_t> input, output, size, stride, dilation, low;

  // Whether some window reads dimension d outside the input.
  bool mayLeave(int64_t d) const {
    int64_t last = (output[d] - 1) * stride[d] + (size[d] - 1) * dilation[d] - low[d];
    return low[d] > 0 || last >= input[d];
  }
  // Whether each result reads only its own element along d (a dimension the
  // window does not move along, such as NHWC's C).
  bool passesThrough(int64_t d) const {
    return size[d] == 1 && stride[d] == 1 && low[d] == 0 &&
           output[d] <= input[d];
  }
};

// Whether reductionStep takes `body` on these element types, tried in a
// scratch block thrown away after, so that the pattern fails before it builds
// anything.
bool stepLowers(MLIRContext *context, Location loc, Block &body,
                ArrayRef<Type> elements, ArrayRef<Type> accumulated) {
  Block scratch;
  OpBuilder b(context);
  b.setInsertionPointToEnd(&scratch);
  SmallVector<Value> xs, accumulators;
  for (Type type : elements)
    xs.push_back(scratch.addArgument(storageType(type), loc));
  for (Type type : accumulated)
    accumulators.push_back(scratch.addArgument(storageType(type), loc));
  return succeeded(
      reductionStep(b, loc, body, xs, accumulators, elements, accumulated));
}

// Builds the loops of one reduce_window.
struct WindowLoops {
  OpBuilder &b;
  Location loc;
  Block &body;
  const Window &w;
  ArrayRef<Type> elements, accumulated;
  ValueRange sources, inits; // the (dilated) inputs, the init scalars (stored)
  ValueRange starts;         // the init scalars as stored results

  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t y) {
    return y == 1 ? x : Value(arith::MulIOp::create(b, loc, x, index(y)));
  }
  // k * dilation - low: the input index window position k reads along d for
  // the result at 0
  Value shift(Value k, int64_t d) {
    Value step = mul(k, w.dilation[d]);
    return w.low[d] ? sub(step, index(w.low[d])) : step;
  }
  Value minimum(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value maximum(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  // ceil(max(x, 0) / divisor), divisor > 0
  Value ceilDiv(Value x, int64_t divisor) {
    Value positive = maximum(x, index(0));
    if (divisor == 1)
      return positive;
    return arith::DivUIOp::create(b, loc, add(positive, index(divisor - 1)),
                                  index(divisor));
  }

  // accumulators = body(accumulators, elements) elementwise over tensors of
  // one shape; no `xs`: the init values everywhere. At the `first` window
  // position the accumulators start as the init values (a select, not a
  // fill of the row before: LLVM unrolls a short last dimension of such a
  // fill and stores along the one before it with scatters).
  SmallVector<Value> fold(ValueRange xs, ValueRange accumulators, Value first) {
    int64_t rank = cast<RankedTensorType>(accumulators.front().getType()).getRank();
    size_t ins = xs.size();
    SmallVector<AffineMap> maps(ins + accumulators.size(),
                                b.getMultiDimIdentityMap(rank));
    auto generic = linalg::GenericOp::create(
        b, loc, accumulators.getTypes(), xs, accumulators, maps, parallel(rank),
        [&](OpBuilder &nb, Location l, ValueRange args) {
          // stepLowers has checked that this succeeds
          SmallVector<Value> current;
          for (auto [value, start] : llvm::zip(args.drop_front(ins), starts))
            current.push_back(arith::SelectOp::create(nb, l, first, start, value));
          FailureOr<SmallVector<Value>> values = reductionStep(
              nb, l, body, ins ? args.take_front(ins) : inits, current,
              elements, accumulated);
          linalg::YieldOp::create(nb, l, *values);
        });
    return SmallVector<Value>(generic.getResults());
  }

  // `row` (tensors of the row's shape) with the results [from, to) along its
  // first dimension folded with `xs` (tensors of that part's shape) or with
  // the init values.
  SmallVector<Value> foldPart(ValueRange row, Value from, Value to,
                              ValueRange xs, Value first) {
    auto type = cast<RankedTensorType>(row.front().getType());
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0)),
        sizes, unit(type.getRank(), b.getIndexAttr(1));
    offsets[0] = from;
    sizes.push_back(sub(to, from));
    for (int64_t size : type.getShape().drop_front())
      sizes.push_back(b.getIndexAttr(size));
    SmallVector<Value> parts;
    for (Value tensor : row)
      parts.push_back(tensor::ExtractSliceOp::create(b, loc, tensor, offsets,
                                                     sizes, unit));
    SmallVector<Value> folded = fold(xs, parts, first), results;
    for (auto [part, tensor] : llvm::zip(folded, row))
      results.push_back(tensor::InsertSliceOp::create(b, loc, part, tensor,
                                                      offsets, sizes, unit));
    return results;
  }

  // One window position `k` folded into the row at `outer` (the result's
  // indices before dimension q).
  SmallVector<Value> foldPosition(int64_t q, ValueRange outer,
                                  ArrayRef<Value> k, ValueRange row) {
    int64_t rank = w.output.size();
    Value first; // the window's first position
    for (int64_t d = 0; d <= q; ++d) {
      if (w.size[d] == 1)
        continue;
      Value at = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k[d], index(0));
      first = first ? Value(arith::AndIOp::create(b, loc, first, at)) : at;
    }
    if (!first)
      first = arith::ConstantIntOp::create(b, loc, 1, 1);
    Value ok; // every outer dimension's element in the input
    SmallVector<OpFoldResult> at, extent, step;
    for (int64_t d = 0; d < q; ++d) {
      Value i = add(mul(outer[d], w.stride[d]), shift(k[d], d));
      if (w.mayLeave(d)) {
        // negative is a large unsigned index: one compare
        Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             i, index(w.input[d]));
        ok = ok ? Value(arith::AndIOp::create(b, loc, ok, inside)) : inside;
        i = arith::SelectOp::create(b, loc, inside, i, index(0));
      }
      at.push_back(i);
      extent.push_back(b.getIndexAttr(1));
      step.push_back(b.getIndexAttr(1));
    }
    // Along q, result o reads o * stride + a: the results [lo, hi) read
    // inside the input.
    int64_t stride = w.stride[q], out = w.output[q];
    Value a = shift(k[q], q);
    Value lo = index(0), hi = index(out);
    bool leaves = w.mayLeave(q);
    if (leaves) {
      lo = minimum(ceilDiv(sub(index(0), a), stride), hi);
      hi = maximum(minimum(ceilDiv(sub(index(w.input[q]), a), stride), hi), lo);
    }
    if (ok) { // a position in an outer dimension's padding: init everywhere
      lo = arith::SelectOp::create(b, loc, ok, lo, index(0));
      hi = arith::SelectOp::create(b, loc, ok, hi, index(0));
    }
    // (a window wholly before the input reads nothing: kept off negatives)
    at.push_back(leaves ? maximum(add(mul(lo, stride), a), index(0)) : a);
    extent.push_back(sub(hi, lo));
    step.push_back(b.getIndexAttr(stride));
    SmallVector<int64_t> shape = {ShapedType::kDynamic};
    for (int64_t d = q + 1; d < rank; ++d) {
      at.push_back(b.getIndexAttr(0));
      extent.push_back(b.getIndexAttr(w.output[d]));
      step.push_back(b.getIndexAttr(1));
      shape.push_back(w.output[d]);
    }
    SmallVector<Value> xs;
    for (Value source : sources) {
      auto type = RankedTensorType::get(
          shape, cast<RankedTensorType>(source.getType()).getElementType());
      xs.push_back(tensor::ExtractSliceOp::create(b, loc, type, source, at,
                                                  extent, step));
    }
    SmallVector<Value> current = llvm::to_vector(row);
    if (leaves || ok)
      current = foldPart(current, index(0), lo, {}, first);
    current = foldPart(current, lo, hi, xs, first);
    if (leaves || ok)
      current = foldPart(current, hi, index(out), {}, first);
    return current;
  }

  // The in-order scan along the last dimension of `x` (init the identity):
  // the window fold over a window of its length, padded before it (after it,
  // in reverse) with init.
  Value blockScan(Value x, bool reverse) {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), n = type.getShape().back();
    Window block;
    block.input.assign(type.getShape().begin(), type.getShape().end());
    block.output = block.input;
    block.size.assign(rank, 1);
    block.size.back() = n;
    block.stride.assign(rank, 1);
    block.dilation.assign(rank, 1);
    block.low.assign(rank, 0);
    block.low.back() = reverse ? 0 : n - 1;
    SmallVector<Value> xs{x};
    WindowLoops loops{b,  loc,   body,   block, elements,
                      accumulated, xs, inits, starts};
    return loops.build({type}).front();
  }

  // The scan of `x` along its last dimension in the interpreter's blocks.
  Value scanInBlocks(Value x, bool reverse) {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), n = type.getShape().back();
    if (n <= kScanBlock)
      return blockScan(x, reverse);
    int64_t blocks = (n + kScanBlock - 1) / kScanBlock;
    SmallVector<int64_t> none(rank, 0), high(rank, 0);
    high.back() = blocks * kScanBlock - n;
    Value grown = padded(b, loc, x, inits.front(), none, high, none);
    SmallVector<int64_t> shape(type.getShape().drop_back()), split(shape);
    split.append({blocks, kScanBlock});
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d + 1 < rank; ++d)
      groups.push_back({d});
    groups.push_back({rank - 1, rank});
    auto splitType = RankedTensorType::get(split, type.getElementType());
    Value inner = blockScan(
        tensor::ExpandShapeOp::create(b, loc, splitType, grown, groups), reverse);
    // each block's total: its scan's last element (first, in reverse)
    SmallVector<OpFoldResult> offsets(rank + 1, b.getIndexAttr(0)), sizes,
        unit(rank + 1, b.getIndexAttr(1));
    for (int64_t size : shape)
      sizes.push_back(b.getIndexAttr(size));
    sizes.append({b.getIndexAttr(blocks), b.getIndexAttr(1)});
    offsets.back() = b.getIndexAttr(reverse ? 0 : kScanBlock - 1);
    shape.push_back(blocks);
    auto totalsType = RankedTensorType::get(shape, type.getElementType());
    Value totals = tensor::ExtractSliceOp::create(b, loc, totalsType, inner,
                                                  offsets, sizes, unit);
    Value scanned = scanInBlocks(totals, reverse);
    // what comes before each block (after, in reverse): init for the first
    Value carry = linalg::FillOp::create(b, loc, inits.front(),
                                         emptyLike(b, loc, totalsType))
                      .getResult(0);
    SmallVector<OpFoldResult> from(rank, b.getIndexAttr(0)), part,
        step(rank, b.getIndexAttr(1));
    for (int64_t size : shape)
      part.push_back(b.getIndexAttr(size));
    part.back() = b.getIndexAttr(blocks - 1);
    SmallVector<OpFoldResult> to(from);
    (reverse ? from : to).back() = b.getIndexAttr(1);
    Value moved = tensor::ExtractSliceOp::create(b, loc, scanned, from, part, step);
    carry = tensor::InsertSliceOp::create(b, loc, moved, carry, to, part, step);
    // body(block's scan, carry)
    AffineMap all = b.getMultiDimIdentityMap(rank + 1);
    auto combined = linalg::GenericOp::create(
        b, loc, TypeRange{splitType}, ValueRange{carry}, ValueRange{inner},
        {all.dropResult(rank), all}, parallel(rank + 1),
        [&](OpBuilder &nb, Location l, ValueRange args) {
          FailureOr<SmallVector<Value>> values =
              reductionStep(nb, l, body, args.take_front(), args.drop_front(),
                            elements, accumulated);
          linalg::YieldOp::create(nb, l, *values);
        });
    Value flat = tensor::CollapseShapeOp::create(b, loc, combined.getResult(0),
                                                 groups);
    SmallVector<OpFoldResult> extent;
    for (int64_t size : type.getShape())
      extent.push_back(b.getIndexAttr(size));
    return tensor::ExtractSliceOp::create(
        b, loc, type, flat, SmallVector<OpFoldResult>(rank, b.getIndexAttr(0)),
        extent, SmallVector<OpFoldResult>(rank, b.getIndexAttr(1)));
  }

  // `x` with dimension `axis` moved last (`back`: from last to `axis`).
  Value moveAxis(Value x, int64_t axis, bool back) {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank();
    if (axis == rank - 1)
      return x;
    SmallVector<int64_t> order;
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis)
        order.push_back(d);
    order.push_back(axis);
    if (back)
      order = invertPermutationVector(order);
    SmallVector<int64_t> shape;
    for (int64_t d : order)
      shape.push_back(type.getDimSize(d));
    Value empty = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
    return linalg::TransposeOp::create(b, loc, x, empty, order).getResult()[0];
  }

  // The results (tensors of `types`, every dimension > 0).
  SmallVector<Value> build(ArrayRef<RankedTensorType> types) {
    int64_t rank = w.output.size();
    int64_t q = rank - 1;
    while (q > 0 && w.passesThrough(q))
      --q;
    SmallVector<Value> lower(q, index(0)), upper, steps(q, index(1)), empties;
    for (int64_t d = 0; d < q; ++d)
      upper.push_back(index(w.output[d]));
    for (RankedTensorType type : types)
      empties.push_back(emptyLike(b, loc, type));
    // The window dimensions it moves along, in index order (those after q
    // have size 1).
    SmallVector<int64_t> moving;
    for (int64_t d = 0; d <= q; ++d)
      if (w.size[d] > 1)
        moving.push_back(d);
    auto rows = [&](OpBuilder &, Location, ValueRange outer, ValueRange results,
                    scf::ForallOp forall) -> scf::ValueVector {
      SmallVector<OpFoldResult> offsets(outer.begin(), outer.end()),
          sizes(q, b.getIndexAttr(1)),
          unit(rank, b.getIndexAttr(1));
      for (int64_t d = q; d < rank; ++d) {
        offsets.push_back(b.getIndexAttr(0));
        sizes.push_back(b.getIndexAttr(w.output[d]));
      }
      SmallVector<Value> row;
      for (auto [result, type] : llvm::zip(results, types)) {
        auto rowType = RankedTensorType::get(type.getShape().drop_front(q),
                                             type.getElementType());
        row.push_back(tensor::ExtractSliceOp::create(b, loc, rowType, result,
                                                     offsets, sizes, unit));
      }
      SmallVector<Value> lowerK(moving.size(), index(0)), upperK,
          stepsK(moving.size(), index(1));
      for (int64_t d : moving)
        upperK.push_back(index(w.size[d]));
      auto position = [&](OpBuilder &, Location, ValueRange ks,
                          ValueRange current) -> scf::ValueVector {
        SmallVector<Value> k(rank, index(0));
        for (auto [d, iv] : llvm::zip(moving, ks))
          k[d] = iv;
        SmallVector<Value> folded = foldPosition(q, outer, k, current);
        return scf::ValueVector(folded.begin(), folded.end());
      };
      scf::LoopNest window =
          scf::buildLoopNest(b, loc, lowerK, upperK, stepsK, row, position);
      return insertRowSlices(b, loc, forall, window.results, results,
                             offsets, sizes, unit);
    };
    // The rows (q > 0) are independent: an scf.forall, which the compiled
    // backend runs on threads, each row in the single-thread order.
    return buildRows(b, loc, lower, upper, steps, empties, rows);
  }
};

struct Scan {
  int64_t axis;
  bool reverse;
};

// The scan `op` is, if it is one the interpreter blocks (its init checked
// at run time).
std::optional<Scan> blockedScan(ReduceWindowOp op, const Window &w,
                                ArrayRef<int64_t> base, ArrayRef<int64_t> high) {
  Block &body = op.getBody().front();
  if (op.getInputs().size() != 1 || body.getOperations().size() != 2 ||
      !isa<AddOp, MulOp>(body.front()) ||
      !isa<FloatType>(elementOf(op.getInputs().front())) ||
      elementOf(op.getInputs().front()) != elementOf(op.getResult(0)))
    return std::nullopt;
  Operation &combine = body.front();
  if (combine.getOperand(0) == combine.getOperand(1) ||
      !llvm::all_of(combine.getOperands(), [&](Value v) {
        return isa<BlockArgument>(v) && v.getParentBlock() == &body;
      }))
    return std::nullopt;
  std::optional<Scan> scan;
  for (size_t d = 0; d < w.input.size(); ++d) {
    if (w.stride[d] != 1 || base[d] != 1 || w.dilation[d] != 1)
      return std::nullopt;
    if (w.size[d] == 1 && w.low[d] == 0 && high[d] == 0)
      continue;
    int64_t n = w.input[d];
    bool forward = w.low[d] == n - 1 && high[d] == 0,
         backward = w.low[d] == 0 && high[d] == n - 1;
    if (scan || w.size[d] != n || n <= kScanBlock || !(forward || backward))
      return std::nullopt;
    scan = Scan{int64_t(d), !forward};
  }
  return scan;
}

struct ReduceWindowToLoops : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
    Block &body = op.getBody().front();
    if (!hasSpecElementTypes(op.getInputs(), op.getInitValues(), body))
      return rewriter.notifyMatchFailure(
          op, "element types upstream accepts and the spec does not");
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> window = op.getWindowDimensions();
    if (window.size() != size_t(rank) ||
        llvm::any_of(inputs, [&](Value input) {
          auto type = cast<RankedTensorType>(input.getType());
          return !type.hasStaticShape() || type.getShape() != inputType.getShape();
        }))
      return rewriter.notifyMatchFailure(op, "expected static inputs");
    Window w;
    w.size.assign(window.begin(), window.end());
    w.stride = orOnes(op.getWindowStrides(), rank);
    w.dilation = orOnes(op.getWindowDilations(), rank);
    SmallVector<int64_t> base = orOnes(op.getBaseDilations(), rank);
    if (w.stride.size() != size_t(rank) || w.dilation.size() != size_t(rank) ||
        base.size() != size_t(rank) ||
        llvm::any_of(w.stride, [](int64_t s) { return s < 1; }))
      return rewriter.notifyMatchFailure(op, "window attributes");
    w.low.assign(rank, 0);
    SmallVector<int64_t> high(rank, 0);
    if (auto padding = op.getPadding(); padding && padding->getNumElements() != 0) {
      if (padding->getNumElements() != 2 * rank)
        return rewriter.notifyMatchFailure(op, "padding");
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t i = 0; i < rank; ++i) {
        w.low[i] = values[2 * i];
        high[i] = values[2 * i + 1];
      }
    }
    SmallVector<RankedTensorType> types;
    for (Value result : op.getResults()) {
      RankedTensorType type = convertedTensor(*getTypeConverter(), result.getType());
      if (!type || !type.hasStaticShape() || type.getRank() != rank)
        return rewriter.notifyMatchFailure(op, "expected static results");
      types.push_back(type);
    }
    SmallVector<Type> elements, accumulated;
    for (Value input : op.getInputs())
      elements.push_back(elementOf(input));
    for (Value result : op.getResults())
      accumulated.push_back(elementOf(result));
    Location loc = op.getLoc();
    if (!stepLowers(getContext(), loc, body, elements, accumulated) ||
        llvm::any_of(llvm::zip(elements, accumulated), [&](auto types) {
          auto [from, to] = types;
          return !convertLowers(getContext(), loc, from, to);
        }))
      return rewriter.notifyMatchFailure(op, "body not supported");

    SmallVector<Value> scalars, sources;
    for (Value init : inits)
      scalars.push_back(tensor::ExtractOp::create(rewriter, loc, init, ValueRange{}));
    SmallVector<int64_t> none(rank, 0), interior;
    for (int64_t dilation : base)
      interior.push_back(dilation - 1);
    for (auto [input, init] : llvm::zip(inputs, scalars))
      sources.push_back(padded(rewriter, loc, input, init, none, none, interior));
    w.input.assign(cast<RankedTensorType>(sources.front().getType()).getShape().begin(),
                   cast<RankedTensorType>(sources.front().getType()).getShape().end());
    w.output.assign(types.front().getShape().begin(), types.front().getShape().end());

    // init in the result's element type (the body's, which the spec lets be
    // wider than the input's), as the interpreter converts it
    SmallVector<Value> starts;
    for (auto [init, from, to] : llvm::zip(scalars, elements, accumulated)) {
      if (from == to) {
        starts.push_back(init);
        continue;
      }
      Value value = loadElement(rewriter, loc, init, from);
      starts.push_back(storeElement(
          rewriter, loc, emitConvert(rewriter, loc, value, from, to), to));
    }
    WindowLoops loops{rewriter, loc,     body,    w,      elements,
                      accumulated, sources, scalars, starts};
    SmallVector<Value> results;
    if (llvm::is_contained(w.output, 0)) { // no window, nothing to compute
      for (RankedTensorType type : types)
        results.push_back(emptyLike(rewriter, loc, type));
    } else if (rank == 0) { // body(init, x)
      SmallVector<Value> empties;
      for (RankedTensorType type : types)
        empties.push_back(emptyLike(rewriter, loc, type));
      results = loops.fold(sources, empties,
                           arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    } else if (std::optional<Scan> scan = blockedScan(op, w, base, high)) {
      // the interpreter blocks a scan from the identity only (its rewrite
      // counts init once per level): any other init folds in index order
      Type computed = computeType(elements.front());
      Value identity = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getFloatAttr(computed,
                                isa<AddOp>(body.front()) ? 0.0 : 1.0));
      Value isIdentity = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OEQ,
          loadElement(rewriter, loc, scalars.front(), elements.front()), identity);
      auto branch = scf::IfOp::create(rewriter, loc, TypeRange{types.front()},
                                      isIdentity, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&branch.getThenRegion().front());
      Value moved = loops.moveAxis(sources.front(), scan->axis, false);
      Value scanned = loops.scanInBlocks(moved, scan->reverse);
      scf::YieldOp::create(rewriter, loc,
                           loops.moveAxis(scanned, scan->axis, true));
      rewriter.setInsertionPointToStart(&branch.getElseRegion().front());
      scf::YieldOp::create(rewriter, loc, loops.build(types));
      results.assign(branch->result_begin(), branch->result_end());
    } else {
      results = loops.build(types);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateReduceWindowPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToLoops>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
