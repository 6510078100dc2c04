// Simplification: rewrites that remove ops computing nothing new, and put
// ops in a canonical form (the patterns of
// stablehlo-aggressive-simplification, which canonicalize runs too). Each
// rewrite is exact: it holds for every value, NaN and signed zeros included
// (so add(X, +0.0) stays: -0.0 + +0.0 is +0.0), and it only replaces a value
// by one of the same type.
#include "Dialect/Verification.h"
#include "Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

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

// reverse(X, dims) -> X when every reversed dimension has at most 1 element,
// or X is a splat constant.
bool isIdentityReverse(ReverseOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  if (splatConstantOf(op.getOperand()))
    return true;
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

// transpose(transpose(X, P), Q) -> transpose(X, P[Q]) (an identity then
// goes by isIdentityTranspose).
struct TransposeOfTranspose : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> p = inner.getPermutation(), q = op.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t i : q)
      composed.push_back(p[i]);
    rewriter.modifyOpInPlace(op, [&] {
      op.getOperandMutable().assign(inner.getOperand());
      op.setPermutation(composed);
    });
    return success();
  }
};

// Whether broadcast_in_dim only moves elements: static shapes with as many
// elements, each operand dimension landing on one of its size.
bool onlyMovesElements(BroadcastInDimOp op) {
  auto operand = cast<RankedTensorType>(op.getOperand().getType());
  auto type = dyn_cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  if (!type || !operand.hasStaticShape() || !type.hasStaticShape() ||
      operand.getNumElements() != type.getNumElements() ||
      dims.size() != static_cast<size_t>(operand.getRank()))
    return false;
  for (auto [i, d] : llvm::enumerate(dims))
    if (d < 0 || d >= type.getRank() ||
        operand.getDimSize(i) != type.getDimSize(d))
      return false;
  return true;
}

// Whether broadcast_in_dim only inserts dimensions of size 1, in order: a
// reshape.
bool isReshapeBroadcast(BroadcastInDimOp op) {
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  return onlyMovesElements(op) && llvm::is_sorted(dims) &&
         std::adjacent_find(dims.begin(), dims.end()) == dims.end();
}

// broadcast_in_dim(X, [0, 1, ...]) : type(X) -> X;
// broadcast_in_dim(broadcast_in_dim(X, A), B) -> broadcast_in_dim(X, B[A]),
// unless the inner one is a reshape (which it becomes, as upstream keeps it).
struct SimplifyBroadcastInDim : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (isIota(op.getBroadcastDimensions()) &&
        succeeded(replaceBy(rewriter, op, op.getOperand())))
      return success();
    auto inner = op.getOperand().getDefiningOp<BroadcastInDimOp>();
    if (!inner || isReshapeBroadcast(inner))
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
    Value x = op->getOperand(0);
    if (!isSplatOf(splatConstantOf(op->getOperand(1)), identity,
                   floatNegativeZero) ||
        x.getType() != op->getResult(0).getType())
      return failure();
    // The op's frontend attributes go to X's producer (the op's own win where
    // both have one), as upstream's simplifier keeps them.
    auto attrs = op->template getAttrOfType<DictionaryAttr>(kFrontendAttrs);
    if (Operation *producer = x.getDefiningOp(); attrs && producer) {
      NamedAttrList merged;
      if (auto own = producer->getAttrOfType<DictionaryAttr>(kFrontendAttrs))
        merged.append(own.getValue());
      for (NamedAttribute attr : attrs)
        merged.set(attr.getName(), attr.getValue());
      rewriter.modifyOpInPlace(producer, [&] {
        producer->setAttr(kFrontendAttrs,
                          merged.getDictionary(op->getContext()));
      });
    }
    return replaceBy(rewriter, op, x);
  }
  static constexpr llvm::StringLiteral kFrontendAttrs =
      "mhlo.frontend_attributes";
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

// compare(X, false, NE) and compare(X, true, EQ) on booleans -> X (equality
// of booleans does not depend on the compare type).
struct CompareBoolWithConstant : OpRewritePattern<CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getLhs().getType()).isInteger(1))
      return failure();
    DenseElementsAttr rhs = splatConstantOf(op.getRhs());
    ComparisonDirection d = op.getComparisonDirection();
    bool eq = d == ComparisonDirection::EQ;
    if (!rhs || (!eq && d != ComparisonDirection::NE) ||
        rhs.getSplatValue<bool>() != eq)
      return failure();
    return replaceBy(rewriter, op, op.getLhs());
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
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
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

//===--- Dynamic ops whose shape operands are constants ---------------------===//

// One-operand element-wise ops.
bool isUnaryElementwise(Operation *op) {
  return isa<AbsOp, CbrtOp, CeilOp, ConvertOp, CosineOp, ExpOp, Expm1Op,
             FloorOp, ImagOp, IsFiniteOp, LogOp, Log1pOp, LogisticOp, NegOp,
             NotOp, PopulationCountOp, RealOp, RoundOp, RoundNearestEvenOp,
             RsqrtOp, SignOp, SineOp, SqrtOp, TanOp, TanhOp>(op);
}

// The values of a constant integer tensor (index, signed, or unsigned
// elements, read as their type says), or nullopt.
std::optional<SmallVector<int64_t>> constantInts(Value value) {
  DenseIntElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  SmallVector<int64_t> values;
  for (const APInt &v : attr.getValues<APInt>()) {
    if (v.getBitWidth() > 64)
      return std::nullopt;
    values.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                                : v.getSExtValue());
  }
  return values;
}

// A start index clamped as dynamic_slice and gather clamp it: into
// [0, size - sliceSize].
int64_t clampStart(int64_t start, int64_t size, int64_t sliceSize) {
  return std::max<int64_t>(0, std::min<int64_t>(start, size - sliceSize));
}

// dynamic_slice with constant start indices -> slice (the starts clamped
// as dynamic_slice clamps them; the operand's shape must be known).
struct DynamicSliceOfConstantStarts : OpRewritePattern<DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    if (!operand.hasStaticShape() ||
        op.getStartIndices().size() != static_cast<size_t>(operand.getRank()) ||
        sizes.size() != static_cast<size_t>(operand.getRank()))
      return failure();
    SmallVector<int64_t> start, limit, strides;
    for (auto [i, index] : llvm::enumerate(op.getStartIndices())) {
      auto value = constantInts(index);
      if (!value || value->size() != 1 || sizes[i] < 0 ||
          sizes[i] > operand.getDimSize(i))
        return failure();
      start.push_back(clampStart((*value)[0], operand.getDimSize(i), sizes[i]));
      limit.push_back(start.back() + sizes[i]);
      strides.push_back(1);
    }
    rewriter.replaceOpWithNewOp<SliceOp>(op, op.getType(), op.getOperand(),
                                         start, limit, strides);
    return success();
  }
};

// real_dynamic_slice with constant start, limit and strides -> slice.
struct RealDynamicSliceOfConstants : OpRewritePattern<RealDynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RealDynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto start = constantInts(op.getStartIndices());
    auto limit = constantInts(op.getLimitIndices());
    auto strides = constantInts(op.getStrides());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!start || !limit || !strides || !type ||
        start->size() != static_cast<size_t>(type.getRank()) ||
        limit->size() != start->size() || strides->size() != start->size())
      return failure();
    for (auto [b, e, s, size] :
         llvm::zip(*start, *limit, *strides, type.getShape())) {
      if (b < 0 || s <= 0 || e < b ||
          (!ShapedType::isDynamic(size) && size != (e - b + s - 1) / s))
        return failure();
    }
    rewriter.replaceOpWithNewOp<SliceOp>(op, type, op.getOperand(), *start,
                                         *limit, *strides);
    return success();
  }
};

// dynamic_pad with constant paddings -> pad.
struct DynamicPadOfConstants : OpRewritePattern<DynamicPadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicPadOp op,
                                PatternRewriter &rewriter) const override {
    auto low = constantInts(op.getEdgePaddingLow());
    auto high = constantInts(op.getEdgePaddingHigh());
    auto interior = constantInts(op.getInteriorPadding());
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!low || !high || !interior || !type || !operand.hasStaticShape() ||
        low->size() != static_cast<size_t>(operand.getRank()) ||
        high->size() != low->size() || interior->size() != low->size())
      return failure();
    for (auto [l, h, in, size, result] : llvm::zip(
             *low, *high, *interior, operand.getShape(), type.getShape())) {
      int64_t padded = l + h + size + std::max<int64_t>(size - 1, 0) * in;
      if (in < 0 || padded < 0 ||
          (!ShapedType::isDynamic(result) && result != padded))
        return failure();
    }
    rewriter.replaceOpWithNewOp<PadOp>(op, type, op.getOperand(),
                                       op.getPaddingValue(), *low, *high,
                                       *interior);
    return success();
  }
};

// dynamic_gather with constant slice sizes -> gather.
struct DynamicGatherOfConstantSizes : OpRewritePattern<DynamicGatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto sizes = constantInts(op.getSliceSizes());
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    if (!sizes || sizes->size() != static_cast<size_t>(operand.getRank()))
      return failure();
    for (auto [size, dim] : llvm::zip(*sizes, operand.getShape()))
      if (size < 0 || (!ShapedType::isDynamic(dim) && size > dim))
        return failure();
    rewriter.replaceOpWithNewOp<GatherOp>(
        op, op.getType(), op.getOperand(), op.getStartIndices(),
        op.getDimensionNumbers(), *sizes, op.getIndicesAreSorted());
    return success();
  }
};

// dynamic_reshape to a static result type -> reshape.
struct StaticDynamicReshape : OpRewritePattern<DynamicReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    if (!type || !type.hasStaticShape() ||
        (operand.hasStaticShape() &&
         operand.getNumElements() != type.getNumElements()))
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, type, op.getOperand());
    return success();
  }
};

// Element-wise ops: their operands (of rank > 0) have their result's shape.
bool isElementwise(Operation *op) {
  return isa<AddOp, SubtractOp, MulOp, DivOp, RemOp, MaxOp, MinOp, PowOp,
             AndOp, OrOp, XorOp, Atan2Op, ShiftLeftOp,
             ShiftRightArithmeticOp, ShiftRightLogicalOp>(op) ||
         isUnaryElementwise(op);
}

// Whether `value` has the shape `shape` (a 1-D shape tensor) says: it is
// dynamic_reshape(_, shape), or an element-wise op of such a value.
bool hasShapeOf(Value value, Value shape, int depth = 0) {
  if (depth > 4)
    return false;
  if (auto reshape = value.getDefiningOp<DynamicReshapeOp>())
    return reshape.getOutputShape() == shape;
  Operation *def = value.getDefiningOp();
  if (!def || def->getNumResults() != 1 || !isElementwise(def))
    return false;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return hasShapeOf(operand, shape, depth + 1);
  });
}

// dynamic_reshape(X, S) -> X when X already has the shape S.
struct DynamicReshapeToItsShape : OpRewritePattern<DynamicReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicReshapeOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOperand().getType() != op.getType() ||
        !hasShapeOf(op.getOperand(), op.getOutputShape()))
      return failure();
    return replaceBy(rewriter, op, op.getOperand());
  }
};

// shape.shape_of(dynamic_reshape(X, S)) -> S (matched by name: the shape
// dialect is not ours to load).
struct ShapeOfDynamicReshape : RewritePattern {
  ShapeOfDynamicReshape(MLIRContext *context)
      : RewritePattern("shape.shape_of", 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1)
      return failure();
    auto reshape = op->getOperand(0).getDefiningOp<DynamicReshapeOp>();
    if (!reshape)
      return failure();
    return replaceBy(rewriter, op, reshape.getOutputShape());
  }
};

// A dynamic_iota of booleans (a spec deviation upstream accepts) has no iota
// to become: it stays, and running it is an error naming it.
static bool isBooleanIota(RankedTensorType type) {
  return type.getElementType().isInteger(1);
}

// dynamic_iota with a static result -> iota.
struct StaticDynamicIota : OpRewritePattern<DynamicIotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicIotaOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    uint64_t dimension = op.getIotaDimension();
    if (!type || !type.hasStaticShape() || isBooleanIota(type) ||
        dimension >= static_cast<uint64_t>(type.getRank()))
      return failure();
    rewriter.replaceOpWithNewOp<IotaOp>(op, type, dimension);
    return success();
  }
};

// dynamic_iota of rank > 1 whose iota dimension is static -> the 1-D iota,
// broadcast dynamically to the shape.
struct DynamicIotaAsBroadcast : OpRewritePattern<DynamicIotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicIotaOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    uint64_t dimension = op.getIotaDimension();
    if (!type || type.hasStaticShape() || type.getRank() < 2 ||
        type.getEncoding() || isBooleanIota(type) ||
        dimension >= static_cast<uint64_t>(type.getRank()) ||
        type.isDynamicDim(dimension))
      return failure();
    auto line = RankedTensorType::get({type.getDimSize(dimension)},
                                      type.getElementType());
    Value iota = IotaOp::create(rewriter, op.getLoc(), line, 0);
    rewriter.replaceOpWithNewOp<DynamicBroadcastInDimOp>(
        op, type, iota, op.getOutputShape(),
        ArrayRef<int64_t>{static_cast<int64_t>(dimension)},
        DenseI64ArrayAttr(), DenseI64ArrayAttr());
    return success();
  }
};

// dynamic_broadcast_in_dim whose shape is known -> broadcast_in_dim: the
// result type is static, or the shape operand is a constant (a convert
// then restores the declared, less static, type).
struct StaticDynamicBroadcastInDim
    : OpRewritePattern<DynamicBroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicBroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    if (!type || type.getEncoding() || !operand.hasStaticShape())
      return failure();
    RankedTensorType staticType = type;
    if (!type.hasStaticShape()) {
      auto shape = constantInts(op.getOutputDimensions());
      if (!shape || shape->size() != static_cast<size_t>(type.getRank()))
        return failure();
      for (auto [given, declared] : llvm::zip(*shape, type.getShape()))
        if (given < 0 || (!ShapedType::isDynamic(declared) && given != declared))
          return failure();
      staticType = RankedTensorType::get(*shape, type.getElementType());
    }
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (dims.size() != static_cast<size_t>(operand.getRank()))
      return failure();
    for (auto [i, d] : llvm::enumerate(dims))
      if (d < 0 || d >= staticType.getRank() ||
          (operand.getDimSize(i) != 1 &&
           operand.getDimSize(i) != staticType.getDimSize(d)))
        return failure();
    Value broadcast = BroadcastInDimOp::create(rewriter, op.getLoc(), staticType,
                                               op.getOperand(), dims);
    if (staticType != type)
      broadcast = ConvertOp::create(rewriter, op.getLoc(), type, broadcast);
    rewriter.replaceOp(op, broadcast);
    return success();
  }
};

// dynamic_broadcast_in_dim(X, S, [0, 1, ...]) -> X when X has the shape S
// already (S is shape_of(X), or X = dynamic_reshape(_, S)), or when every
// dimension is known not to expand.
struct DynamicBroadcastInDimOfItsShape
    : OpRewritePattern<DynamicBroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicBroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    Value operand = op.getOperand(), shape = op.getOutputDimensions();
    if (operand.getType() != op.getType() ||
        !isIota(op.getBroadcastDimensions()))
      return failure();
    auto rank = cast<RankedTensorType>(op.getType()).getRank();
    bool same = hasShapeOf(operand, shape);
    if (Operation *def = shape.getDefiningOp())
      same |= def->getName().getStringRef() == "shape.shape_of" &&
              def->getNumOperands() == 1 && def->getOperand(0) == operand;
    if (auto known = op.getKnownNonexpandingDimensions()) {
      SmallVector<int64_t> dims(*known);
      llvm::sort(dims);
      same |= static_cast<int64_t>(dims.size()) == rank && isIota(dims);
    }
    if (!same)
      return failure();
    return replaceBy(rewriter, op, operand);
  }
};

// reshape(convert(X)) where the convert only changes the static shape
// information -> reshape(X).
struct ReshapeOfShapeCast : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getOperand().getDefiningOp<ConvertOp>();
    if (!convert || getElementTypeOrSelf(convert.getOperand().getType()) !=
                        getElementTypeOrSelf(convert.getType()))
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getOperandMutable().assign(convert.getOperand()); });
    return success();
  }
};

// unary(shape_op(X)) -> shape_op(unary(X)) for reshape, broadcast and
// transpose read by nothing else: element-wise work moves before the data
// movement (and on fewer elements past a broadcast).
struct ElementwiseBeforeShapeOp : RewritePattern {
  ElementwiseBeforeShapeOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), 1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isUnaryElementwise(op) || op->getNumOperands() != 1 ||
        op->getNumResults() != 1)
      return failure();
    Operation *shapeOp = op->getOperand(0).getDefiningOp();
    if (!shapeOp || !isa<ReshapeOp, BroadcastOp, TransposeOp>(shapeOp) ||
        !shapeOp->getResult(0).hasOneUse())
      return failure();
    auto source = dyn_cast<RankedTensorType>(shapeOp->getOperand(0).getType());
    auto moved = dyn_cast<RankedTensorType>(shapeOp->getResult(0).getType());
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!source || !moved || !type || !source.hasStaticShape() ||
        !type.hasStaticShape() || moved.getShape() != type.getShape() ||
        source.getEncoding() || type.getEncoding())
      return failure();
    Operation *unary = rewriter.clone(*op);
    rewriter.modifyOpInPlace(unary, [&] {
      unary->setOperand(0, shapeOp->getOperand(0));
      unary->getResult(0).setType(
          RankedTensorType::get(source.getShape(), type.getElementType()));
    });
    Operation *movedOp = rewriter.clone(*shapeOp);
    rewriter.modifyOpInPlace(movedOp, [&] {
      movedOp->setOperand(0, unary->getResult(0));
      movedOp->getResult(0).setType(type);
    });
    rewriter.replaceOp(op, movedOp->getResults());
    return success();
  }
};

// real_dynamic_slice(X, S, S + C, 1s) -> dynamic_slice(X, S[0], S[1], ...,
// sizes = C): the slice sizes are the constant C.
struct RealDynamicSliceOfConstantSizes : OpRewritePattern<RealDynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(RealDynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    Value start = op.getStartIndices();
    auto add = op.getLimitIndices().getDefiningOp<AddOp>();
    auto strides = constantInts(op.getStrides());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto startType = cast<RankedTensorType>(start.getType());
    if (!add || !strides || !type || !type.hasStaticShape() ||
        startType.getRank() != 1 || !startType.hasStaticShape() ||
        llvm::any_of(*strides, [](int64_t s) { return s != 1; }))
      return failure();
    std::optional<SmallVector<int64_t>> sizes;
    if (add.getLhs() == start)
      sizes = constantInts(add.getRhs());
    else if (add.getRhs() == start)
      sizes = constantInts(add.getLhs());
    if (!sizes || ArrayRef<int64_t>(*sizes) != type.getShape() ||
        startType.getDimSize(0) != type.getRank())
      return failure();
    Type element = startType.getElementType();
    SmallVector<Value> starts;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      Value one = SliceOp::create(
          rewriter, op.getLoc(), RankedTensorType::get({1}, element), start,
          ArrayRef<int64_t>{i}, ArrayRef<int64_t>{i + 1}, ArrayRef<int64_t>{1});
      starts.push_back(ReshapeOp::create(
          rewriter, op.getLoc(), RankedTensorType::get({}, element), one));
    }
    rewriter.replaceOpWithNewOp<DynamicSliceOp>(op, type, op.getOperand(),
                                                starts, *sizes);
    return success();
  }
};

// dynamic_iota of rank > 1 along a dynamic dimension -> the 1-D
// dynamic_iota of that dimension's size, broadcast dynamically.
struct DynamicIotaAlongDynamicDim : OpRewritePattern<DynamicIotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DynamicIotaOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    Value shape = op.getOutputShape();
    auto shapeType = cast<RankedTensorType>(shape.getType());
    uint64_t dimension = op.getIotaDimension();
    if (!type || type.getRank() < 2 || type.getEncoding() ||
        dimension >= static_cast<uint64_t>(type.getRank()) ||
        !type.isDynamicDim(dimension) || shapeType.getRank() != 1 ||
        shapeType.getDimSize(0) != type.getRank())
      return failure();
    auto i64 = rewriter.getI64Type();
    auto shape64 = RankedTensorType::get(shapeType.getShape(), i64);
    Value asI64 = shape;
    // index shapes become i64 by arith.index_cast (as upstream's simplifier
    // casts them; the pass loads arith), integer ones by convert.
    Type shapeElement = shapeType.getElementType();
    auto integer = dyn_cast<IntegerType>(shapeElement);
    if (isa<IndexType>(shapeElement))
      asI64 = arith::IndexCastOp::create(rewriter, op.getLoc(), shape64, shape);
    else if (!integer)
      return failure();
    else if (integer.getWidth() != 64 || integer.isUnsigned())
      asI64 = ConvertOp::create(rewriter, op.getLoc(), shape64, shape);
    int64_t d = static_cast<int64_t>(dimension);
    Value size = SliceOp::create(
        rewriter, op.getLoc(), RankedTensorType::get({1}, i64), asI64,
        ArrayRef<int64_t>{d}, ArrayRef<int64_t>{d + 1}, ArrayRef<int64_t>{1});
    auto line =
        RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
    Value iota = DynamicIotaOp::create(rewriter, op.getLoc(), line, size, 0);
    rewriter.replaceOpWithNewOp<DynamicBroadcastInDimOp>(
        op, type, iota, shape, ArrayRef<int64_t>{d}, DenseI64ArrayAttr(),
        DenseI64ArrayAttr());
    return success();
  }
};

//===--- Gather, broadcast_in_dim -----------------------------------------===//

// gather of one constant index vector -> slice (the start clamped as gather
// clamps it), reshaped when dimensions collapse.
struct GatherOfConstantIndex : OpRewritePattern<GatherOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(op.getStartIndices().getType());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    GatherDimensionNumbersAttr dn = op.getDimensionNumbers();
    auto indices = constantInts(op.getStartIndices());
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    int64_t rank = operand.getRank();
    if (!indices || !type || !type.hasStaticShape() ||
        !operand.hasStaticShape() || indicesType.getRank() > 1 ||
        dn.getIndexVectorDim() != 0 || !dn.getOperandBatchingDims().empty() ||
        !dn.getStartIndicesBatchingDims().empty() ||
        indices->size() != dn.getStartIndexMap().size() ||
        sizes.size() != static_cast<size_t>(rank) ||
        !isIota(dn.getOffsetDims()) ||
        type.getElementType() != operand.getElementType())
      return failure();
    SmallVector<int64_t> start(rank, 0), limit(sizes), strides(rank, 1);
    for (auto [k, d] : llvm::enumerate(dn.getStartIndexMap())) {
      if (d < 0 || d >= rank || sizes[d] < 0 || sizes[d] > operand.getDimSize(d))
        return failure();
      start[d] = clampStart((*indices)[k], operand.getDimSize(d), sizes[d]);
      limit[d] = start[d] + sizes[d];
    }
    auto sliceType = RankedTensorType::get(sizes, type.getElementType());
    if (sliceType.getNumElements() != type.getNumElements())
      return failure();
    Value slice = SliceOp::create(rewriter, op.getLoc(), sliceType,
                                  op.getOperand(), start, limit, strides);
    if (sliceType != type)
      slice = ReshapeOp::create(rewriter, op.getLoc(), type, slice);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

// broadcast_in_dim that only permutes -> transpose; one that only inserts
// dimensions of size 1 (in order) -> reshape.
struct BroadcastInDimAsTransposeOrReshape : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    if (!onlyMovesElements(op))
      return failure();
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    auto type = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (isIota(dims) && operand.getRank() == type.getRank())
      return failure();
    if (isReshapeBroadcast(op)) {
      // The op's own attributes (shardings, frontend attributes) carry over.
      auto reshape =
          rewriter.replaceOpWithNewOp<ReshapeOp>(op, type, op.getOperand());
      reshape->setDiscardableAttrs(op->getDiscardableAttrDictionary());
      return success();
    }
    if (operand.getRank() != type.getRank())
      return failure();
    SmallVector<int64_t> permutation(dims.size(), -1);
    for (auto [i, d] : llvm::enumerate(dims)) {
      if (permutation[d] != -1)
        return failure();
      permutation[d] = i;
    }
    auto transpose = rewriter.replaceOpWithNewOp<TransposeOp>(
        op, type, op.getOperand(), permutation);
    transpose->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    return success();
  }
};

//===--- Select -----------------------------------------------------------===//

// select(P, T, F) of constants -> constant, element by element.
struct SelectOfConstants : OpRewritePattern<SelectOp> {
  SelectOfConstants(MLIRContext *context, int64_t elementLimit)
      : OpRewritePattern(context), elementLimit(elementLimit) {}
  int64_t elementLimit;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr pred, onTrue, onFalse;
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape() ||
        !matchPattern(op.getPred(), m_Constant(&pred)) ||
        !matchPattern(op.getOnTrue(), m_Constant(&onTrue)) ||
        !matchPattern(op.getOnFalse(), m_Constant(&onFalse)) ||
        pred.isSplat() || onTrue.getType() != type ||
        onFalse.getType() != type ||
        pred.getNumElements() != type.getNumElements() ||
        type.getNumElements() > elementLimit)
      return failure();
    SmallVector<Attribute> values;
    auto p = pred.getValues<bool>();
    auto t = onTrue.getValues<Attribute>();
    auto f = onFalse.getValues<Attribute>();
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
      values.push_back(p[i] ? t[i] : f[i]);
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, values));
    return success();
  }
};

// select(compare(A, B), A, B) -> maximum or minimum, and
// select(compare(A, B), B, A) likewise, on integers (where it is exact:
// floats differ on NaN and signed zeros), compared as their type reads them.
struct SelectAsMinMax : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto compare = op.getPred().getDefiningOp<CompareOp>();
    Value t = op.getOnTrue(), f = op.getOnFalse();
    auto element = dyn_cast<IntegerType>(getElementTypeOrSelf(t.getType()));
    if (!compare || !element || element.getWidth() == 1 ||
        t.getType() != op.getType() || f.getType() != op.getType() ||
        compare.getLhs().getType() != op.getType())
      return failure();
    if (auto kind = compare.getCompareType()) {
      bool unsignedCompare = *kind == ComparisonType::UNSIGNED;
      if ((*kind != ComparisonType::SIGNED && !unsignedCompare) ||
          unsignedCompare != element.isUnsigned())
        return failure();
    }
    bool greater, swapped;
    switch (compare.getComparisonDirection()) {
    case ComparisonDirection::GT:
    case ComparisonDirection::GE: greater = true; break;
    case ComparisonDirection::LT:
    case ComparisonDirection::LE: greater = false; break;
    default: return failure();
    }
    if (compare.getLhs() == t && compare.getRhs() == f)
      swapped = false;
    else if (compare.getLhs() == f && compare.getRhs() == t)
      swapped = true;
    else
      return failure();
    if (greater != swapped)
      rewriter.replaceOpWithNewOp<MaxOp>(op, t, f);
    else
      rewriter.replaceOpWithNewOp<MinOp>(op, t, f);
    return success();
  }
};

// select(broadcast_in_dim(not(P)), T, F) -> select(broadcast_in_dim(P), F, T)
struct SelectOfBroadcastNot : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getPred().getDefiningOp<BroadcastInDimOp>();
    if (!broadcast)
      return failure();
    auto negation = broadcast.getOperand().getDefiningOp<NotOp>();
    if (!negation)
      return failure();
    Value pred = BroadcastInDimOp::create(
        rewriter, broadcast.getLoc(), broadcast.getType(),
        negation.getOperand(), broadcast.getBroadcastDimensions());
    rewriter.replaceOpWithNewOp<SelectOp>(op, op.getType(), pred,
                                          op.getOnFalse(), op.getOnTrue());
    return success();
  }
};

//===--- Reduce and sort results nobody reads -----------------------------===//

// reduce across no dimensions -> its inputs (the spec's schedule may hold no
// init value: each result element is its input element).
struct ReduceOfNoDimensions : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getDimensions().empty())
      return failure();
    for (auto [input, result] : llvm::zip(op.getInputs(), op.getResults()))
      if (input.getType() != result.getType())
        return failure();
    rewriter.replaceOp(op, op.getInputs());
    return success();
  }
};

// The operand pairs of a reduce body (input i is block arguments i and
// n + i) the value `value` is computed from, within the body.
void pairsReachedFrom(Value value, Block &body, unsigned n,
                      llvm::SmallDenseSet<unsigned> &pairs,
                      llvm::SmallPtrSetImpl<Operation *> &seen) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &body)
      pairs.insert(arg.getArgNumber() % n);
    return;
  }
  Operation *def = value.getDefiningOp();
  if (!def || !seen.insert(def).second)
    return;
  for (Value operand : def->getOperands())
    pairsReachedFrom(operand, body, n, pairs, seen);
  def->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      pairsReachedFrom(operand, body, n, pairs, seen);
  });
}

// reduce results nobody reads go, with their inputs and init values, when
// the results read are computed from exactly their own operand pairs.
struct ReduceUnusedResults : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    unsigned n = op.getNumResults();
    Block &body = op.getBody().front();
    Operation *terminator = body.getTerminator();
    if (n < 2 || op.getInputs().size() != n || op.getInitValues().size() != n ||
        body.getNumArguments() != 2 * n || terminator->getNumOperands() != n)
      return failure();
    llvm::SmallDenseSet<unsigned> used, pairs;
    llvm::SmallPtrSet<Operation *, 16> seen;
    for (unsigned i = 0; i < n; ++i) {
      if (op.getResult(i).use_empty())
        continue;
      used.insert(i);
      pairsReachedFrom(terminator->getOperand(i), body, n, pairs, seen);
    }
    if (used.size() == n || used.empty() || pairs.size() != used.size() ||
        llvm::any_of(pairs, [&](unsigned p) { return !used.contains(p); }))
      return failure();
    // The body's ops that only dropped results read go too: they must be
    // free of effects.
    SmallVector<Operation *> dead;
    for (Operation &bodyOp : body.without_terminator()) {
      if (seen.contains(&bodyOp))
        continue;
      if (!isMemoryEffectFree(&bodyOp))
        return failure();
      dead.push_back(&bodyOp);
    }
    SmallVector<Value> inputs, inits;
    SmallVector<Type> types;
    llvm::BitVector dropArgs(2 * n), dropResults(n);
    for (unsigned i = 0; i < n; ++i) {
      if (used.contains(i)) {
        inputs.push_back(op.getInputs()[i]);
        inits.push_back(op.getInitValues()[i]);
        types.push_back(op.getResult(i).getType());
      } else {
        dropArgs.set(i);
        dropArgs.set(n + i);
        dropResults.set(i);
      }
    }
    auto reduce = ReduceOp::create(rewriter, op.getLoc(), types, inputs, inits,
                                   op.getDimensions());
    rewriter.modifyOpInPlace(terminator,
                             [&] { terminator->eraseOperands(dropResults); });
    for (Operation *deadOp : llvm::reverse(dead)) {
      deadOp->dropAllUses();
      rewriter.eraseOp(deadOp);
    }
    rewriter.inlineRegionBefore(op.getBody(), reduce.getBody(),
                                reduce.getBody().end());
    reduce.getBody().front().eraseArguments(dropArgs);
    SmallVector<Value> results;
    unsigned next = 0;
    for (unsigned i = 0; i < n; ++i)
      results.push_back(used.contains(i) ? reduce.getResult(next++) : Value());
    for (unsigned i = 0; i < n; ++i)
      if (results[i])
        rewriter.replaceAllUsesWith(op.getResult(i), results[i]);
    rewriter.eraseOp(op);
    return success();
  }
};

// sort results nobody reads, whose comparator arguments are unused, go with
// their inputs; a negative dimension counts from the back.
struct SimplifySort : OpRewritePattern<SortOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SortOp op,
                                PatternRewriter &rewriter) const override {
    unsigned n = op.getNumResults();
    Block &body = op.getComparator().front();
    auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
    int64_t dimension = op.getDimension();
    if (dimension < 0 && dimension >= -type.getRank()) {
      rewriter.modifyOpInPlace(
          op, [&] { op.setDimension(dimension + type.getRank()); });
      return success();
    }
    if (op.getInputs().size() != n || body.getNumArguments() != 2 * n)
      return failure();
    llvm::BitVector dropArgs(2 * n), dropResults(n);
    SmallVector<Value> inputs;
    for (unsigned i = 0; i < n; ++i) {
      if (op.getResult(i).use_empty() && body.getArgument(2 * i).use_empty() &&
          body.getArgument(2 * i + 1).use_empty()) {
        dropResults.set(i);
        dropArgs.set(2 * i);
        dropArgs.set(2 * i + 1);
      } else {
        inputs.push_back(op.getInputs()[i]);
      }
    }
    if (dropResults.none() || inputs.empty())
      return failure();
    auto sort = SortOp::create(rewriter, op.getLoc(), ValueRange(inputs),
                               op.getDimension(), op.getIsStable());
    rewriter.inlineRegionBefore(op.getComparator(), sort.getComparator(),
                                sort.getComparator().end());
    sort.getComparator().front().eraseArguments(dropArgs);
    unsigned next = 0;
    for (unsigned i = 0; i < n; ++i)
      if (!dropResults[i])
        rewriter.replaceAllUsesWith(op.getResult(i), sort.getResult(next++));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateSimplificationPatterns(RewritePatternSet &patterns,
                                    int64_t elementLimit) {
  MLIRContext *context = patterns.getContext();
  patterns.add<SimplifyReshape, TransposeOfTranspose, SimplifyBroadcastInDim,
               TupleElementOfTuple,
               PartOfComplex<RealOp, 0>, PartOfComplex<ImagOp, 1>,
               CompareWithItself, CompareBoolWithConstant, SelectOfNot,
               SimplifySelect,
               CompareConstantToRight, SimplifyConcatenate,
               FullDynamicUpdateSlice, TupleOfItsElements, ComplexOfParts,
               SubtractItself, TransposeAsReshape, EmptyTensorsAreConstants,
               ReduceOfNothing, SimplifyIota, PadOfNothing,
               SliceOfConcatenate, WhileInvariantValues,
               DynamicSliceOfConstantStarts, RealDynamicSliceOfConstants,
               DynamicPadOfConstants, DynamicGatherOfConstantSizes,
               StaticDynamicReshape, DynamicReshapeToItsShape,
               ShapeOfDynamicReshape, StaticDynamicIota,
               DynamicIotaAsBroadcast, StaticDynamicBroadcastInDim,
               DynamicBroadcastInDimOfItsShape, ReshapeOfShapeCast,
               GatherOfConstantIndex, BroadcastInDimAsTransposeOrReshape,
               SelectAsMinMax, SelectOfBroadcastNot,
               ReduceOfNoDimensions, ReduceUnusedResults, SimplifySort,
               ElementwiseBeforeShapeOp, RealDynamicSliceOfConstantSizes,
               DynamicIotaAlongDynamicDim>(
      context);
  patterns.add<SelectOfConstants>(context, elementLimit);
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
