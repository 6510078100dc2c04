// stablehlo-legalize-to-linalg, reductions: reduce as a linalg.generic whose
// body is the reduce body on scalars (reduce_window: LowerReduceWindow.cpp).
#include "Conversion/LibraryReductions.h"
#include "Conversion/LoweringCommon.h"
#include "Dialect/Verification.h"
#include "Runtime/NumpyLoops.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::stablehlo::linalg_lowering {

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

namespace {

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

} // namespace

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

namespace {

// The interpreter's reduce (kernels/reductions.py, _fast_reduce): float sums
// and products over at most IN_ORDER_LENGTH elements in index order from
// init; longer ones, and maxima and minima, by one numpy reduction combined
// with init last (BLAS_SUM_ELEMENTS: f32/f64 sums through BLAS).
constexpr int64_t kInOrderLength = 32;
constexpr int64_t kBlasSumElements = int64_t(1) << 14;
enum NumpyFunction : int64_t { kAdd, kMultiply, kMaximum, kMinimum };

// kNumpyReduceLoops' index of a reduce the interpreter computes by one numpy
// reduction over more than kInOrderLength elements (one float input, a body
// `return op(arg0, arg1)` of add, multiply, maximum or minimum, either order,
// on the input's element type), else -1.
int64_t numpyReduceFunction(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return -1;
  auto type = dyn_cast<RankedTensorType>(op.getInputs().front().getType());
  if (!type || !type.hasStaticShape() || !isa<FloatType>(type.getElementType()))
    return -1;
  int64_t length = 1;
  for (int64_t d : op.getDimensions())
    length *= type.getDimSize(d);
  Block &body = op.getBody().front();
  if (length <= kInOrderLength || body.getNumArguments() != 2 ||
      !llvm::hasSingleElement(body.without_terminator()))
    return -1;
  Operation &only = body.front();
  Operation *terminator = body.getTerminator();
  Value a = body.getArgument(0), b = body.getArgument(1);
  if (only.getNumOperands() != 2 || only.getNumResults() != 1 ||
      terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != only.getResult(0) ||
      !((only.getOperand(0) == a && only.getOperand(1) == b) ||
        (only.getOperand(0) == b && only.getOperand(1) == a)) ||
      getElementTypeOrSelf(a.getType()) != type.getElementType() ||
      getElementTypeOrSelf(b.getType()) != type.getElementType())
    return -1;
  if (isa<AddOp>(only))
    return kAdd;
  if (isa<MulOp>(only))
    return kMultiply;
  if (isa<MaxOp>(only))
    return kMaximum;
  if (isa<MinOp>(only))
    return kMinimum;
  return -1;
}

// A linalg.generic into `output` yielding body(args[1], args[0]) (the
// accumulator, the element) on scalars of type `element`, or failure when
// the body is not scalar code (then nothing is left built).
FailureOr<Value> bodyGeneric(RewriterBase &b, Location loc, Block &body,
                             Type element, ValueRange inputs, Value output,
                             ArrayRef<AffineMap> maps,
                             ArrayRef<IteratorType> iterators) {
  bool unsupported = false;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{output.getType()}, inputs, ValueRange{output}, maps,
      iterators, [&](OpBuilder &nested, Location l, ValueRange args) {
        FailureOr<SmallVector<Value>> values =
            reductionStep(nested, l, body, args.take_front(), args.slice(1, 1),
                          {element}, {element});
        unsupported = failed(values);
        linalg::YieldOp::create(nested, l,
                                unsupported ? ValueRange{} : ValueRange(*values));
      });
  if (unsupported) {
    b.eraseOp(generic);
    return failure();
  }
  return generic.getResult(0);
}

// body(init, partial) on each element of `partial` (`init` a rank-0 tensor):
// the interpreter's ufunc(init, reduced).
FailureOr<Value> combinedWithInit(RewriterBase &b, Location loc, Block &body,
                                  Value init, Value partial, Type element) {
  auto type = cast<RankedTensorType>(partial.getType());
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
                                 AffineMap::get(rank, 0, {}, b.getContext()),
                                 b.getMultiDimIdentityMap(rank)};
  return bodyGeneric(b, loc, body, element, {partial, init},
                     emptyLike(b, loc, type), maps, parallel(rank));
}

// reduce: a linalg.generic whose outputs start as the init values and whose
// body is the reduce's body on scalars, applied in index order:
// body(accumulators..., elements...). Long float sums and products (numpy's
// reduce where its inner loop runs over kept elements) start from the
// identity instead, init combined last.
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
    SmallVector<AffineMap> maps(count, rewriter.getMultiDimIdentityMap(rank));
    maps.append(count, AffineMap::get(rank, 0, kept, getContext()));
    if (int64_t function = numpyReduceFunction(op);
        function == kAdd || function == kMultiply) {
      // numpy's order when its inner loop runs over kept elements: each
      // result from the identity in index order, then init (-0.0 for add:
      // kernels/reductions.py's _plus_init then gives the same signs).
      RankedTensorType type =
          convertedTensor(*getTypeConverter(), op.getResult(0).getType());
      if (!type || !type.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expected static results");
      Type element = type.getElementType();
      Value identity = arith::ConstantOp::create(
          rewriter, loc, FloatAttr::get(element, function == kAdd ? -0.0 : 1.0));
      Value filled = linalg::FillOp::create(rewriter, loc, identity,
                                            emptyLike(rewriter, loc, type))
                         .getResult(0);
      Block &body = op.getBody().front();
      FailureOr<Value> partial = bodyGeneric(rewriter, loc, body, element,
                                             inputs, filled, maps, iterators);
      if (failed(partial))
        return rewriter.notifyMatchFailure(op, "body not supported");
      FailureOr<Value> combined = combinedWithInit(rewriter, loc, body,
                                                   inits.front(), *partial, element);
      if (failed(combined)) {
        rewriter.eraseOp(partial->getDefiningOp());
        return rewriter.notifyMatchFailure(op, "body not supported");
      }
      rewriter.replaceOp(op, *combined);
      return success();
    }
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    if (!filledInits(rewriter, loc, *getTypeConverter(), inits, op.getResults(),
                     outputs, resultTypes))
      return rewriter.notifyMatchFailure(op, "expected static results");
    return replaceByReduction(rewriter, op, op.getBody().front(), op.getInputs(),
                              inputs, outputs, resultTypes, maps, iterators);
  }
};

using Strides = SmallVector<int64_t>;

// The strides (in elements) of a C-contiguous array of `shape`.
Strides cStrides(ArrayRef<int64_t> shape) {
  Strides strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

// Whether `strides` are C-contiguous ones for `shape` (dimensions of size 1
// may have any).
bool isCContiguous(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  int64_t expected = 1;
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 1)
      continue;
    if (strides[d] != expected)
      return false;
    expected *= shape[d];
  }
  return true;
}

// Whether positive `strides` step less along each later dimension (sizes 1
// aside): numpy's iterators then walk the array in index order.
bool inCOrder(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  int64_t span = 1; // of the later dimensions
  for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 1)
      continue;
    if (strides[d] < span)
      return false;
    span = strides[d] * shape[d];
  }
  return true;
}

// The strides of the array the interpreter holds for `value`, where they
// are in C order (inCOrder), else nullopt: numpy's reduce then iterates it
// in index order, its inner loop over the trailing dimensions that are
// contiguous in it, and _blas_sum takes it where it is C-contiguous. Its
// views (the ops of the VIEW trait in kernels/data_movement.py, reshape
// where numpy can make one, real and imag) share their operand's memory;
// numpy's element-wise ufuncs lay their results out as their operands (order
// K), in C order when each is so or a broadcast of one; other ops make new
// arrays. Entry arguments count as C-contiguous, other block arguments (loop
// carries) as unknown; `depth` bounds the walk.
std::optional<Strides> interpreterStrides(Value value, int depth = 0);

// Whether an operand leaves an element-wise result in C order: it is in C
// order, or a broadcast (stride 0) of a value that is.
bool keepsCOrder(Value value, int depth) {
  if (auto broadcast = value.getDefiningOp<BroadcastInDimOp>())
    if (llvm::is_sorted(broadcast.getBroadcastDimensions()))
      return interpreterStrides(broadcast.getOperand(), depth + 1).has_value();
  return interpreterStrides(value, depth).has_value();
}

std::optional<Strides> interpreterStrides(Value value, int depth) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (depth > 32 || !type || !type.hasStaticShape())
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  Strides fresh = cStrides(shape);
  if (type.getNumElements() <= 1)
    return fresh;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (isa<func::FuncOp>(argument.getOwner()->getParentOp()))
      return fresh;
    return std::nullopt;
  }
  Operation *op = value.getDefiningOp();
  auto inOrder = [&](Strides strides) -> std::optional<Strides> {
    if (!inCOrder(shape, strides))
      return std::nullopt;
    return strides;
  };
  auto operandStrides = [&](unsigned i) {
    return interpreterStrides(op->getOperand(i), depth + 1);
  };
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    std::optional<Strides> from = operandStrides(0);
    if (!from)
      return std::nullopt;
    Strides strides;
    for (int64_t d : transpose.getPermutation())
      strides.push_back((*from)[d]);
    return inOrder(strides);
  }
  if (auto slice = dyn_cast<SliceOp>(op)) {
    std::optional<Strides> from = operandStrides(0);
    if (!from)
      return std::nullopt;
    Strides strides;
    for (auto [stride, step] : llvm::zip(*from, slice.getStrides()))
      strides.push_back(stride * step);
    return inOrder(strides);
  }
  if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
    // a view; without new elements (sizes 1 added) it keeps its operand's
    auto operand = cast<RankedTensorType>(broadcast.getOperand().getType());
    std::optional<Strides> from = operandStrides(0);
    if (!from || operand.getNumElements() != type.getNumElements())
      return std::nullopt;
    Strides strides(shape.size(), 1);
    for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions()))
      strides[d] = operand.getDimSize(i) == 1 ? 1 : (*from)[i];
    for (size_t d = 0; d < shape.size(); ++d)
      if (shape[d] == 1)
        strides[d] = 1;
    return inOrder(strides);
  }
  if (isa<DynamicSliceOp>(op)) // x[starts:starts + sizes]
    return operandStrides(0);
  if (auto reduce = dyn_cast<ReduceOp>(op); reduce && reduce.getDimensions().empty())
    return operandStrides(cast<OpResult>(value).getResultNumber());
  if (isa<ReverseOp, BroadcastOp>(op))
    return std::nullopt;
  if (isa<ReshapeOp>(op)) {
    // np.reshape: a view where it can be one
    auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
    std::optional<Strides> from = operandStrides(0);
    if (from && isCContiguous(operand.getShape(), *from))
      return fresh;
    return std::nullopt;
  }
  if (isa<RealOp, ImagOp>(op) &&
      isa<ComplexType>(getElementTypeOrSelf(op->getOperand(0).getType())))
    return std::nullopt;
  if (isa<OptimizationBarrierOp>(op))
    return operandStrides(cast<OpResult>(value).getResultNumber());
  if (auto element = dyn_cast<GetTupleElementOp>(op)) {
    auto tuple = element.getOperand().getDefiningOp<TupleOp>();
    if (!tuple)
      return std::nullopt;
    return interpreterStrides(tuple->getOperand(element.getIndex()), depth + 1);
  }
  // element-wise: operands of the result's shape (or scalars)
  bool elementwise = op->getNumRegions() == 0 && op->getNumOperands() > 0 &&
                     llvm::all_of(op->getOperands(), [&](Value operand) {
                       auto t = dyn_cast<RankedTensorType>(operand.getType());
                       return t && (t.getRank() == 0 || t.getShape() == shape);
                     });
  if (elementwise && !llvm::all_of(op->getOperands(), [&](Value operand) {
        return cast<RankedTensorType>(operand.getType()).getRank() == 0 ||
               keepsCOrder(operand, depth + 1);
      }))
    return std::nullopt;
  return fresh;
}

// `value` (a static tensor, its buffer contiguous) as `shape`: collapsed to
// one dimension and expanded again.
Value reshaped(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  auto all = [](int64_t rank) {
    SmallVector<ReassociationIndices> groups;
    if (rank == 0)
      return groups;
    groups.emplace_back();
    for (int64_t d = 0; d < rank; ++d)
      groups.front().push_back(d);
    return groups;
  };
  auto flat = RankedTensorType::get({type.getNumElements()}, type.getElementType());
  if (type.getRank() != 1)
    value = tensor::CollapseShapeOp::create(b, loc, flat, value, all(type.getRank()));
  auto target = RankedTensorType::get(shape, type.getElementType());
  if (shape.size() == 1)
    return value;
  if (shape.empty())
    return tensor::CollapseShapeOp::create(b, loc, target, value, all(0));
  return tensor::ExpandShapeOp::create(b, loc, target, value, all(shape.size()));
}

// library-math: a reduce the interpreter computes by one numpy reduction
// over a contiguous f16, f32 or f64 operand whose innermost (non-unit)
// reduced dimensions end it (numpy's reduce then runs its loop once per
// output and outer reduced index, over those), or an f32/f64 sum it hands to
// BLAS (_blas_sum: at least BLAS_SUM_ELEMENTS elements, the reduced
// dimensions trailing or leading): a call of
// @__stablehlo_py_numpy_reduce_<T> or @__stablehlo_py_blas_sum_<T>
// (NumpyLoops.h), then body(init, reduced). The interpreter's operand is
// taken as C-contiguous (a view's order follows its strides).
struct ReduceToNumpy : OpConversionPattern<ReduceOp> {
  ReduceToNumpy(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<ReduceOp>(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t function = numpyReduceFunction(op);
    if (function < 0 || !hasSpecElementTypes(op.getInputs(), op.getInitValues(),
                                             op.getBody().front()))
      return rewriter.notifyMatchFailure(op, "not one numpy reduction");
    // Over a view numpy's reduce may buffer pieces of it (a non-contiguous
    // slice reduced whole is one pairwise sum of a copy): C-contiguous only.
    std::optional<Strides> strides = interpreterStrides(op.getInputs().front());
    if (!strides || !isCContiguous(
                        cast<RankedTensorType>(op.getInputs().front().getType())
                            .getShape(),
                        *strides))
      return rewriter.notifyMatchFailure(
          op, "the interpreter's operand may be a view (numpy's order then "
              "follows its strides and buffers)");
    Value input = adaptor.getInputs().front();
    auto type = cast<RankedTensorType>(input.getType());
    Type element = type.getElementType();
    if (!element.isF16() && !element.isF32() && !element.isF64())
      return rewriter.notifyMatchFailure(op, "expected f16, f32 or f64");
    RankedTensorType resultType =
        convertedTensor(*getTypeConverter(), op.getResult(0).getType());
    auto module = op->getParentOfType<ModuleOp>();
    if (!resultType || !resultType.hasStaticShape() || !module)
      return rewriter.notifyMatchFailure(op, "expected static results");
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rank = type.getRank();
    SmallVector<int64_t> dims = llvm::to_vector(op.getDimensions());
    llvm::sort(dims);
    int64_t count = dims.size(), length = 1;
    for (int64_t d : dims)
      length *= shape[d];
    int64_t outputs = type.getNumElements() / length;
    bool trailing = dims.front() == rank - count && dims.back() == rank - 1;
    bool leading = dims.front() == 0 && dims.back() == count - 1;
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    auto vector = RankedTensorType::get({outputs}, element);
    Value partial;
    if (function == kAdd && !element.isF16() &&
        type.getNumElements() >= kBlasSumElements && (trailing || leading)) {
      // _blas_sum: rows (or columns) times a vector of ones
      SmallVector<int64_t> matrix = {outputs, length};
      if (!trailing)
        std::swap(matrix[0], matrix[1]);
      Type buffer = anyLayout(RankedTensorType::get(
          {ShapedType::kDynamic, ShapedType::kDynamic}, element));
      Type result = anyLayout(RankedTensorType::get({ShapedType::kDynamic}, element));
      func::FuncOp kernel = nativeKernel(rewriter, module, "__stablehlo_py_blas_sum",
                                          element, {buffer, result, i64});
      Value columns = arith::ConstantIntOp::create(rewriter, loc, i64, trailing ? 0 : 1);
      partial = callOnBuffers(rewriter, loc, kernel,
                              {reshaped(rewriter, loc, input, matrix)}, {vector},
                              {columns})
                    .front();
    } else {
      // numpy's iteration: dimensions of size 1 vanish; the last ones, where
      // reduced and contiguous with each other in the interpreter's array,
      // are its inner loop, the other reduced ones outer loops in order.
      SmallVector<bool> inner(rank, false);
      int64_t next = -1; // the inner loop's outermost dimension so far
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (shape[d] == 1)
          continue;
        if (!llvm::is_contained(dims, d) ||
            (next >= 0 && (*strides)[d] != shape[next] * (*strides)[next]))
          break;
        inner[d] = true;
        next = d;
      }
      if (next < 0)
        return rewriter.notifyMatchFailure(op, "numpy's inner loop over kept elements");
      SmallVector<int64_t> permutation, outer = {outputs, 1, 1};
      for (int64_t d = 0; d < rank; ++d)
        if (!llvm::is_contained(dims, d))
          permutation.push_back(d);
      for (int64_t d : dims)
        if (!inner[d])
          permutation.push_back(d), outer[1] *= shape[d];
      for (int64_t d : dims)
        if (inner[d])
          permutation.push_back(d), outer[2] *= shape[d];
      // A transposed copy unless only dimensions of size 1 move.
      int64_t previous = -1;
      bool inPlace = true;
      for (int64_t d : permutation)
        if (shape[d] != 1) {
          inPlace &= d > previous;
          previous = d;
        }
      Value x = input;
      if (!inPlace) {
        SmallVector<int64_t> transposed;
        for (int64_t d : permutation)
          transposed.push_back(shape[d]);
        Value empty = tensor::EmptyOp::create(rewriter, loc, transposed, element);
        x = linalg::TransposeOp::create(rewriter, loc, input, empty, permutation)
                .getResult()
                .front();
      }
      Type buffer = anyLayout(RankedTensorType::get(
          {ShapedType::kDynamic, ShapedType::kDynamic, ShapedType::kDynamic}, element));
      Type result = anyLayout(RankedTensorType::get({ShapedType::kDynamic}, element));
      func::FuncOp kernel = nativeKernel(rewriter, module, "__stablehlo_py_numpy_reduce",
                                          element, {buffer, result, i64});
      int64_t offset = element.isF32() ? 0 : element.isF64() ? 1 : 2;
      Value slot = arith::ConstantIntOp::create(
          rewriter, loc, i64, kNumpyReduceSlot + 3 * function + offset);
      partial = callOnBuffers(rewriter, loc, kernel,
                              {reshaped(rewriter, loc, x, outer)}, {vector}, {slot})
                    .front();
    }
    partial = reshaped(rewriter, loc, partial, resultType.getShape());
    FailureOr<Value> combined =
        combinedWithInit(rewriter, loc, op.getBody().front(),
                         adaptor.getInitValues().front(), partial, element);
    if (failed(combined))
      return rewriter.notifyMatchFailure(op, "body not supported");
    rewriter.replaceOp(op, *combined);
    return success();
  }
};

} // namespace

void populateReductionPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<ReduceToLinalg>(converter, patterns.getContext());
}

void populateLibraryReductionPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<ReduceToNumpy>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
