// Simplification: rewrites that remove ops computing nothing new, and put
// ops in a canonical form (the patterns of
// stablehlo-aggressive-simplification, which canonicalize runs too). Each
// rewrite is exact: it holds for every value, NaN and signed zeros included
// (so add(X, +0.0) stays: -0.0 + +0.0 is +0.0), and it only replaces a value
// by one of the same type.
#include "Dialect/Verification.h"
#include "Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::stablehlo {
namespace {

DenseElementsAttr splatConstantOf(Value value) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)) && attr.isSplat())
    return attr;
  return {};
}

bool isIota(ArrayRef<int64_t> dims) {
  for (auto [i, d] : llvm::enumerate(dims))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

// Replaces `op` by `value` when their types agree.
LogicalResult replaceBy(PatternRewriter &rewriter, Operation *op, Value value) {
  if (op->getNumResults() != 1 || value.getType() != op->getResult(0).getType())
    return failure();
  rewriter.replaceOp(op, value);
  return success();
}

//===--- Ops that return their operand ------------------------------------===//

// op -> its first operand, when `returnsOperand(op)` says the op computes
// nothing new (and the types agree, replaceBy).
template <typename OpTy> struct ReturnsOperand : OpRewritePattern<OpTy> {
  ReturnsOperand(MLIRContext *context, bool (*returnsOperand)(OpTy))
      : OpRewritePattern<OpTy>(context), returnsOperand(returnsOperand) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!returnsOperand(op))
      return failure();
    return replaceBy(rewriter, op, op->getOperand(0));
  }
  bool (*returnsOperand)(OpTy);
};

// transpose(X, [0, 1, ...]) -> X
bool isIdentityTranspose(TransposeOp op) { return isIota(op.getPermutation()); }

// convert(X) : type(X) -> X (replaceBy checks the type)
bool isIdentityConvert(ConvertOp) { return true; }

// reverse(X, dims) -> X when every reversed dimension has at most 1 element.
bool isIdentityReverse(ReverseOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  return llvm::all_of(op.getDimensions(), [&](int64_t d) {
    return d >= 0 && d < type.getRank() && !type.isDynamicDim(d) &&
           type.getDimSize(d) <= 1;
  });
}

// pad(X, _, 0, 0, 0) -> X
bool isIdentityPad(PadOp op) {
  auto zero = [](ArrayRef<int64_t> v) {
    return llvm::all_of(v, [](int64_t x) { return x == 0; });
  };
  return zero(op.getEdgePaddingLow()) && zero(op.getEdgePaddingHigh()) &&
         zero(op.getInteriorPadding());
}

// slice(X) over all of X -> X
bool isIdentitySlice(SliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  if (!type.hasStaticShape())
    return false;
  for (auto [start, limit, stride, size] :
       llvm::zip(op.getStartIndices(), op.getLimitIndices(), op.getStrides(),
                 type.getShape()))
    if (start != 0 || limit != size || (stride != 1 && size > 1))
      return false;
  return true;
}

// concatenate(X) -> X
bool isSingleConcatenate(ConcatenateOp op) {
  return op.getInputs().size() == 1;
}

// dynamic_update_slice(X, update with no elements, ...) -> X
bool isEmptyDynamicUpdateSlice(DynamicUpdateSliceOp op) {
  auto update = cast<RankedTensorType>(op.getUpdate().getType());
  return llvm::is_contained(update.getShape(), 0);
}

// reshape(X) : type(X) -> X; reshape(reshape(X)) -> reshape(X)
struct SimplifyReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (succeeded(replaceBy(rewriter, op, op.getOperand())))
      return success();
    auto inner = op.getOperand().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getOperandMutable().assign(inner.getOperand()); });
    return success();
  }
};

// broadcast_in_dim(X, [0, 1, ...]) : type(X) -> X;
// broadcast_in_dim(broadcast_in_dim(X, A), B) -> broadcast_in_dim(X, B[A])
struct SimplifyBroadcastInDim : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (isIota(op.getBroadcastDimensions()) &&
        succeeded(replaceBy(rewriter, op, op.getOperand())))
      return success();
    auto inner = op.getOperand().getDefiningOp<BroadcastInDimOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> outerDims = op.getBroadcastDimensions();
    SmallVector<int64_t> dims;
    for (int64_t d : inner.getBroadcastDimensions())
      dims.push_back(outerDims[d]);
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(op, op.getType(),
                                                  inner.getOperand(), dims);
    return success();
  }
};

// get_tuple_element(tuple(X0, X1, ...), i) -> Xi
struct TupleElementOfTuple : OpRewritePattern<GetTupleElementOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GetTupleElementOp op,
                                PatternRewriter &rewriter) const override {
    auto tuple = op.getOperand().getDefiningOp<TupleOp>();
    uint32_t index = op.getIndex();
    if (!tuple || index >= tuple.getVal().size())
      return failure();
    return replaceBy(rewriter, op, tuple.getVal()[index]);
  }
};

// real(complex(R, I)) -> R, imag(complex(R, I)) -> I
template <typename PartOp, int part>
struct PartOfComplex : OpRewritePattern<PartOp> {
  using OpRewritePattern<PartOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(PartOp op,
                                PatternRewriter &rewriter) const override {
    auto complex = op.getOperand().template getDefiningOp<ComplexOp>();
    if (!complex)
      return failure();
    return replaceBy(rewriter, op, complex->getOperand(part));
  }
};

//===--- Arithmetic identities --------------------------------------------===//

// Whether every element of the splat constant `attr` is `value` (integers,
// exact for floats: -0.0 and +0.0 differ).
bool isSplatOf(DenseElementsAttr attr, int64_t value, bool negativeZero) {
  if (!attr)
    return false;
  Type element = attr.getElementType();
  if (auto integer = dyn_cast<IntegerType>(element)) {
    APInt v = attr.getSplatValue<APInt>();
    if (value == -1)
      return v.isAllOnes();
    return v == APInt(integer.getWidth(), value, /*isSigned=*/true,
                      /*implicitTrunc=*/true);
  }
  if (isa<FloatType>(element)) {
    APFloat v = attr.getSplatValue<APFloat>();
    if (value == 0)
      return v.isZero() && v.isNegative() == negativeZero;
    APFloat expected(v.getSemantics(), static_cast<uint64_t>(value));
    return value > 0 && v.bitwiseIsEqual(expected);
  }
  return false;
}

// binary(X, C) -> X when C is the op's identity; `integerOnly` for the
// identities that floats break.
template <typename OpTy> struct RightIdentity : OpRewritePattern<OpTy> {
  RightIdentity(MLIRContext *context, int64_t identity, bool floatNegativeZero)
      : OpRewritePattern<OpTy>(context), identity(identity),
        floatNegativeZero(floatNegativeZero) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isSplatOf(splatConstantOf(op->getOperand(1)), identity,
                   floatNegativeZero))
      return failure();
    return replaceBy(rewriter, op, op->getOperand(0));
  }
  int64_t identity;
  bool floatNegativeZero;
};

// binary(X, C) -> C when C absorbs every integer X (multiply by 0, and with
// 0, or with all ones).
template <typename OpTy> struct RightAbsorbing : OpRewritePattern<OpTy> {
  RightAbsorbing(MLIRContext *context, int64_t absorbing)
      : OpRewritePattern<OpTy>(context), absorbing(absorbing) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr c = splatConstantOf(op->getOperand(1));
    if (!c || !isa<IntegerType>(c.getElementType()) ||
        !isSplatOf(c, absorbing, false))
      return failure();
    return replaceBy(rewriter, op, op->getOperand(1));
  }
  int64_t absorbing;
};

// op(C, X) -> op(X, C) for commutative ops: constants on the right, so the
// identities above and the folder see one form.
template <typename OpTy> struct ConstantToRight : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    if (!matchPattern(lhs, m_Constant()) || matchPattern(rhs, m_Constant()))
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperand(0, rhs);
      op->setOperand(1, lhs);
    });
    return success();
  }
};

// compare(X, X) on integers: EQ, GE, LE hold; NE, GT, LT do not.
struct CompareWithItself : OpRewritePattern<CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (op.getLhs() != op.getRhs() || !type || !type.hasStaticShape() ||
        !isa<IntegerType>(getElementTypeOrSelf(op.getLhs().getType())))
      return failure();
    ComparisonDirection d = op.getComparisonDirection();
    bool holds = d == ComparisonDirection::EQ || d == ComparisonDirection::GE ||
                 d == ComparisonDirection::LE;
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, ArrayRef<bool>(holds)));
    return success();
  }
};

// select(not(P), T, F) -> select(P, F, T)
struct SelectOfNot : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto negation = op.getPred().getDefiningOp<NotOp>();
    if (!negation)
      return failure();
    SmallVector<Value> operands = {negation.getOperand(), op.getOnFalse(),
                                   op.getOnTrue()};
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
    return success();
  }
};

// select(C, T, F) with a constant splat predicate -> T or F;
// select(P, X, X) -> X
struct SimplifySelect : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOnTrue() == op.getOnFalse())
      return replaceBy(rewriter, op, op.getOnTrue());
    DenseElementsAttr pred = splatConstantOf(op.getPred());
    if (!pred)
      return failure();
    return replaceBy(rewriter, op,
                     pred.getSplatValue<bool>() ? op.getOnTrue()
                                                : op.getOnFalse());
  }
};

// compare(C, X, dir) -> compare(X, C, swapped dir): constants on the right.
struct CompareConstantToRight : OpRewritePattern<CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getLhs(), m_Constant()) ||
        matchPattern(op.getRhs(), m_Constant()))
      return failure();
    ComparisonDirection swapped = op.getComparisonDirection();
    switch (swapped) {
    case ComparisonDirection::LT: swapped = ComparisonDirection::GT; break;
    case ComparisonDirection::GT: swapped = ComparisonDirection::LT; break;
    case ComparisonDirection::LE: swapped = ComparisonDirection::GE; break;
    case ComparisonDirection::GE: swapped = ComparisonDirection::LE; break;
    default: break;
    }
    Value lhs = op.getLhs(), rhs = op.getRhs();
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperand(0, rhs);
      op->setOperand(1, lhs);
      op.setComparisonDirection(swapped);
    });
    return success();
  }
};

// concatenate: operands with no elements dropped (one operand at least
// stays), nested concatenates along the same dimension flattened.
struct SimplifyConcatenate : OpRewritePattern<ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> inputs;
    bool changed = false;
    uint64_t dimension = op.getDimension();
    for (Value input : op.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (type.hasStaticShape() && type.getNumElements() == 0) {
        changed = true;
        continue;
      }
      auto inner = input.getDefiningOp<ConcatenateOp>();
      if (inner && inner.getDimension() == dimension) {
        llvm::append_range(inputs, inner.getInputs());
        changed = true;
        continue;
      }
      inputs.push_back(input);
    }
    if (!changed || inputs.empty())
      return failure();
    rewriter.replaceOpWithNewOp<ConcatenateOp>(op, op.getType(), inputs,
                                               dimension);
    return success();
  }
};

// dynamic_update_slice(X, U, ...) -> U when U covers all of X (the start
// indices are clamped to 0 then; replaceBy checks the types agree).
struct FullDynamicUpdateSlice : OpRewritePattern<DynamicUpdateSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicUpdateSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (!cast<RankedTensorType>(op.getUpdate().getType()).hasStaticShape())
      return failure();
    return replaceBy(rewriter, op, op.getUpdate());
  }
};

// tuple(get_tuple_element(T, 0), ..., get_tuple_element(T, n - 1)) -> T
struct TupleOfItsElements : OpRewritePattern<TupleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TupleOp op,
                                PatternRewriter &rewriter) const override {
    Value source;
    for (auto [i, element] : llvm::enumerate(op.getVal())) {
      auto get = element.getDefiningOp<GetTupleElementOp>();
      if (!get || get.getIndex() != i ||
          (source && get.getOperand() != source))
        return failure();
      source = get.getOperand();
    }
    if (!source)
      return failure();
    return replaceBy(rewriter, op, source);
  }
};

// complex(real(X), imag(X)) -> X
struct ComplexOfParts : OpRewritePattern<ComplexOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ComplexOp op,
                                PatternRewriter &rewriter) const override {
    auto real = op.getLhs().getDefiningOp<RealOp>();
    auto imag = op.getRhs().getDefiningOp<ImagOp>();
    if (!real || !imag || real.getOperand() != imag.getOperand())
      return failure();
    return replaceBy(rewriter, op, real.getOperand());
  }
};

// subtract(X, X) -> 0 on integers (floats: inf - inf and NaN are not 0).
struct SubtractItself : OpRewritePattern<SubtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SubtractOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr zeros = zerosOf(op.getType());
    if (op.getLhs() != op.getRhs() || !zeros ||
        !isa<IntegerType>(zeros.getElementType()))
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(op, zeros);
    return success();
  }
};

// transpose -> reshape when it only moves dimensions of size 1 (the other
// dimensions keep their order, so the elements do too).
struct TransposeAsReshape : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!operand.hasStaticShape() || !type || !type.hasStaticShape() ||
        isIota(op.getPermutation()))
      return failure();
    int64_t previous = -1;
    for (int64_t source : op.getPermutation()) {
      if (source < 0 || source >= operand.getRank())
        return failure();
      if (operand.getDimSize(source) == 1)
        continue;
      if (source < previous)
        return failure();
      previous = source;
    }
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, type, op.getOperand());
    return success();
  }
};

// iota along a dimension of size 1 -> zeros; an iota of rank > 1 -> the
// 1-D iota of its dimension, broadcast.
struct SimplifyIota : OpRewritePattern<IotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IotaOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    int64_t dimension = op.getIotaDimension();
    if (!type || !type.hasStaticShape() || type.getEncoding() ||
        dimension < 0 || dimension >= type.getRank() ||
        !isa<IntegerType, FloatType>(type.getElementType()))
      return failure();
    if (type.getDimSize(dimension) == 1) {
      rewriter.replaceOpWithNewOp<ConstantOp>(op, zerosOf(type));
      return success();
    }
    if (type.getRank() == 1)
      return failure();
    auto line = RankedTensorType::get({type.getDimSize(dimension)},
                                      type.getElementType());
    Value iota = IotaOp::create(rewriter, op.getLoc(), line, 0);
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(op, type, iota,
                                                  ArrayRef<int64_t>{dimension});
    return success();
  }
};

// pad of an operand with no elements: every element is the padding value.
struct PadOfNothing : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!operand.hasStaticShape() || operand.getNumElements() != 0 || !type ||
        !type.hasStaticShape())
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, type, op.getPaddingValue(), ArrayRef<int64_t>());
    return success();
  }
};

// slice of a concatenate that reads one of its operands only -> a slice of
// that operand.
struct SliceOfConcatenate : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto concat = op.getOperand().getDefiningOp<ConcatenateOp>();
    if (!concat)
      return failure();
    int64_t dimension = concat.getDimension();
    SmallVector<int64_t> start(op.getStartIndices()),
        limit(op.getLimitIndices());
    if (dimension < 0 || dimension >= static_cast<int64_t>(start.size()))
      return failure();
    int64_t offset = 0;
    for (Value input : concat.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (type.isDynamicDim(dimension))
        return failure();
      int64_t size = type.getDimSize(dimension);
      if (start[dimension] >= offset && limit[dimension] <= offset + size &&
          start[dimension] < limit[dimension]) {
        start[dimension] -= offset;
        limit[dimension] -= offset;
        rewriter.replaceOpWithNewOp<SliceOp>(op, op.getType(), input, start,
                                             limit, op.getStrides());
        return success();
      }
      offset += size;
    }
    return failure();
  }
};

//===--- Tensors with no elements -----------------------------------------===//

// A statically shaped tensor with no elements, of a type an empty constant
// can have.
bool isEmptyTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 0 &&
         !tensor.getEncoding() &&
         isa<IntegerType, FloatType, ComplexType>(tensor.getElementType());
}

// A value a while carries unchanged (its body returns the block argument
// as it came, or it holds no elements) is its initial value in every
// iteration and after the loop: the loop stops carrying it. One carried
// value at least stays.
struct WhileInvariantValues : OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front(), &body = op.getBody().front();
    Operation *terminator = body.getTerminator();
    unsigned count = op->getNumOperands();
    if (cond.getNumArguments() != count || body.getNumArguments() != count ||
        terminator->getNumOperands() != count || op->getNumResults() != count)
      return failure();
    llvm::BitVector invariant(count);
    for (unsigned i = 0; i < count; ++i) {
      Type type = op->getOperand(i).getType();
      invariant[i] = (terminator->getOperand(i) == body.getArgument(i) ||
                      isEmptyTensor(type)) &&
                     op->getResult(i).getType() == type &&
                     body.getArgument(i).getType() == type &&
                     cond.getArgument(i).getType() == type;
    }
    if (invariant.none() || invariant.all())
      return failure();
    SmallVector<Value> operands;
    for (unsigned i = 0; i < count; ++i)
      if (!invariant[i])
        operands.push_back(op->getOperand(i));
    auto loop = WhileOp::create(rewriter, op.getLoc(), ValueRange(operands).getTypes(),
                                operands);
    for (unsigned i = 0; i < count; ++i) {
      if (!invariant[i])
        continue;
      rewriter.replaceAllUsesWith(cond.getArgument(i), op->getOperand(i));
      rewriter.replaceAllUsesWith(body.getArgument(i), op->getOperand(i));
    }
    rewriter.modifyOpInPlace(terminator,
                             [&] { terminator->eraseOperands(invariant); });
    rewriter.inlineRegionBefore(op.getCond(), loop.getCond(),
                                loop.getCond().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getBody(),
                                loop.getBody().end());
    cond.eraseArguments(invariant);
    body.eraseArguments(invariant);
    SmallVector<Value> results;
    unsigned next = 0;
    for (unsigned i = 0; i < count; ++i)
      results.push_back(invariant[i] ? op->getOperand(i)
                                     : loop->getResult(next++));
    rewriter.replaceOp(op, results);
    return success();
  }
};

// An operand or result of a stablehlo op without effects that holds no
// elements is the empty constant of its type (`dense<>`): the op may go
// once nothing else reads it. Ops with effects keep theirs.
struct EmptyTensorsAreConstants : RewritePattern {
  // Before the op's own patterns: they then see the constants.
  EmptyTensorsAreConstants(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<StablehloDialect>(op->getDialect()) ||
        isa<ConstantOp>(op) || !isMemoryEffectFree(op))
      return failure();
    auto empty = [&](Type type) -> Value {
      return ConstantOp::create(
          rewriter, op->getLoc(),
          DenseElementsAttr::get(cast<ShapedType>(type), ArrayRef<Attribute>()));
    };
    bool changed = false;
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      if (!isEmptyTensor(value.getType()) || value.getDefiningOp<ConstantOp>())
        continue;
      Value constant = empty(value.getType());
      rewriter.modifyOpInPlace(op, [&] { operand.set(constant); });
      changed = true;
    }
    for (OpResult result : op->getResults()) {
      if (!isEmptyTensor(result.getType()) || result.use_empty())
        continue;
      rewriter.replaceAllUsesWith(result, empty(result.getType()));
      changed = true;
    }
    return success(changed);
  }
};

// reduce over inputs with no elements: each result is its init value,
// broadcast to the result's shape (the body never runs).
struct ReduceOfNothing : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    for (Value input : op.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (!type.hasStaticShape() || type.getNumElements() != 0)
        return failure();
    }
    SmallVector<Value> results;
    for (auto [init, result] :
         llvm::zip(op.getInitValues(), op.getResults())) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape() ||
          cast<RankedTensorType>(init.getType()).getElementType() !=
              type.getElementType())
        return failure();
      results.push_back(BroadcastInDimOp::create(
          rewriter, op.getLoc(), type, init, ArrayRef<int64_t>()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateSimplificationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<SimplifyReshape, SimplifyBroadcastInDim, TupleElementOfTuple,
               PartOfComplex<RealOp, 0>, PartOfComplex<ImagOp, 1>,
               CompareWithItself, SelectOfNot, SimplifySelect,
               CompareConstantToRight, SimplifyConcatenate,
               FullDynamicUpdateSlice, TupleOfItsElements, ComplexOfParts,
               SubtractItself, TransposeAsReshape, EmptyTensorsAreConstants,
               ReduceOfNothing, SimplifyIota, PadOfNothing,
               SliceOfConcatenate, WhileInvariantValues>(context);
  populateStaticDimensionPatterns(patterns);
  patterns.add<ReturnsOperand<TransposeOp>>(context, isIdentityTranspose);
  patterns.add<ReturnsOperand<ConvertOp>>(context, isIdentityConvert);
  patterns.add<ReturnsOperand<ReverseOp>>(context, isIdentityReverse);
  patterns.add<ReturnsOperand<PadOp>>(context, isIdentityPad);
  patterns.add<ReturnsOperand<SliceOp>>(context, isIdentitySlice);
  patterns.add<ReturnsOperand<ConcatenateOp>>(context, isSingleConcatenate);
  patterns.add<ReturnsOperand<DynamicUpdateSliceOp>>(context,
                                                     isEmptyDynamicUpdateSlice);
  patterns.add<ConstantToRight<AddOp>, ConstantToRight<MulOp>,
               ConstantToRight<MaxOp>, ConstantToRight<MinOp>,
               ConstantToRight<AndOp>, ConstantToRight<OrOp>,
               ConstantToRight<XorOp>>(context);
  // x + -0.0 = x and x - +0.0 = x for every float x; x * 1 = x.
  patterns.add<RightIdentity<AddOp>>(context, 0, /*floatNegativeZero=*/true);
  patterns.add<RightIdentity<SubtractOp>>(context, 0, false);
  patterns.add<RightIdentity<MulOp>>(context, 1, false);
  // Upstream leaves xor(X, 0) (its tests check it stays); so do we.
  patterns.add<RightIdentity<OrOp>>(context, 0, false);
  patterns.add<RightIdentity<AndOp>>(context, -1, false);
  patterns.add<RightAbsorbing<MulOp>, RightAbsorbing<AndOp>>(context, 0);
  patterns.add<RightAbsorbing<OrOp>>(context, -1);
}

} // namespace mlir::stablehlo
