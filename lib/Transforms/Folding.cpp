// Folding: ops whose operands are constants become constants (the patterns of
// stablehlo-aggressive-folder and stablehlo-target-independent-optimization).
// Element-wise values come from the scalar table the lowering uses
// (Conversion/ScalarOps.h), evaluated on constants; this file holds the
// folder's policy: where the spec leaves the result to the implementation
// (division by zero, out-of-range shifts, float to integer overflow, NaN
// signs and the like) the op is left for run time, as upstream's folder
// leaves it.
#include "Conversion/ScalarOps.h"
#include "Dialect/Verification.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cmath>
#include <complex>
#include <functional>

namespace mlir::stablehlo {
namespace {

DenseElementsAttr constantOf(Value value) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  return {};
}

// Float types whose arithmetic APFloat can carry out: those with zero,
// signed values and NaN. The others (f4E2M1FN, f6E2M3FN, f6E3M2FN with no
// NaN, f8E8M0FNU with no zero or sign) have no result for an overflow or a
// cancellation in APFloat, which stops the process: left for run time.
bool isFoldableFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType)
    return false;
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  return APFloat::semanticsHasNaN(semantics) &&
         APFloat::semanticsHasZero(semantics) &&
         APFloat::semanticsHasSignedRepr(semantics);
}

// Whether a result of `type` may be folded: statically shaped, of integer or
// float elements (floats only with fold-float), and within the element limit
// unless every element is the same (a splat costs nothing).
bool mayFold(Type type, bool splat, const FoldOptions &options) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getEncoding())
    return false;
  Type element = tensor.getElementType();
  if (isa<FloatType>(element))
    return options.foldFloat && isFoldableFloat(element) &&
           (splat || tensor.getNumElements() <= options.elementLimit);
  return isa<IntegerType>(element) &&
         (splat || tensor.getNumElements() <= options.elementLimit);
}

// Whether a data-movement op's result of `type` may be folded: as mayFold,
// and complex elements too (nothing is computed; they move).
bool mayMove(Type type, bool splat, const FoldOptions &options) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (tensor && isa<ComplexType>(tensor.getElementType()))
    return options.foldFloat && tensor.hasStaticShape() &&
           !tensor.getEncoding() &&
           (splat || tensor.getNumElements() <= options.elementLimit);
  return mayFold(type, splat, options);
}

// Booleans (i1) are unsigned: true is 1.
bool isUnsignedElement(Type type) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return integer && (integer.isUnsigned() || integer.getWidth() == 1);
}

//===--- Element-wise ops: the scalar table on constants ------------------===//
//
// The values come from the table of scalar semantics the lowering uses
// (Conversion/ScalarOps.h), evaluated on constants by the folders of the ops
// it emits (ScalarFolder). What stays here is the folder's policy: which ops
// and elements are left for run time (as upstream's folder leaves them), and
// the precision of the inexact float functions.

// An element value (IntegerAttr or FloatAttr of the element type) as the
// table's constant of computeType (small floats as their bits, unsigned
// integers signless), and back.
Attribute toCompute(Attribute element) {
  if (auto integer = dyn_cast<IntegerAttr>(element)) {
    Type type = computeType(integer.getType());
    return type == integer.getType() ? element
                                     : IntegerAttr::get(type, integer.getValue());
  }
  if (auto real = dyn_cast<FloatAttr>(element)) {
    Type type = computeType(real.getType());
    return type == real.getType()
               ? element
               : IntegerAttr::get(type, real.getValue().bitcastToAPInt());
  }
  return {};
}

Attribute fromCompute(Attribute value, Type element) {
  auto typed = dyn_cast_or_null<TypedAttr>(value);
  if (!typed || typed.getType() != computeType(element))
    return {};
  if (typed.getType() == element)
    return value;
  auto bits = dyn_cast<IntegerAttr>(value);
  if (!bits)
    return {};
  if (auto real = dyn_cast<FloatType>(element))
    return FloatAttr::get(
        real, APFloat(real.getFloatSemantics(), bits.getValue()));
  return IntegerAttr::get(element, bits.getValue());
}

bool isNaNElement(Attribute element) {
  auto real = dyn_cast<FloatAttr>(element);
  return real && real.getValue().isNaN();
}

APInt intOf(Attribute element) { return cast<IntegerAttr>(element).getValue(); }
APFloat floatOf(Attribute element) {
  return cast<FloatAttr>(element).getValue();
}

// The folder's policy for one op: whether it is left for run time whole
// (`leaveOp`), or for an element's operand values (`leave`) or result value;
// and how its value is computed (`precision`).
struct FoldPolicy {
  // The inexact float functions (exp, log, sin, ...) compute in f64 and round
  // once into the element type, as upstream's folder does (their accuracy is
  // implementation-defined in the spec; a double result rounded once is
  // within half an ulp plus libm's error). NaN results are left for run time
  // (which NaN is the implementation's).
  enum class Precision { Element, Double };
  Precision precision = Precision::Element;
  std::function<bool(Operation *)> leaveOp;
  std::function<bool(Operation *, ArrayRef<Attribute>)> leave;
  // The scalar function for an op the table does not have (on f64), or null.
  Value (*emitInDouble)(OpBuilder &, Location, Value) = nullptr;
};

// The table's IR for `op` on the compute types of `operandTypes` into
// `resultType`'s, as `policy` computes it.
Value emitFolded(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                 ArrayRef<Type> operandTypes, Type resultType,
                 const FoldPolicy &policy) {
  if (policy.precision == FoldPolicy::Precision::Element)
    return emitScalarOp(b, loc, op, args, operandTypes, resultType);
  // One float operand, of the result's type: widened to f64 (exactly),
  // computed, rounded back once, all by the table's convert.
  Type f64 = b.getF64Type();
  if (args.size() != 1 || operandTypes.front() != resultType)
    return {};
  Value wide = emitConvert(b, loc, args.front(), resultType, f64);
  if (!wide)
    return {};
  Value value = policy.emitInDouble
                    ? policy.emitInDouble(b, loc, wide)
                    : emitScalarOp(b, loc, op, wide, {f64}, f64);
  return value ? emitConvert(b, loc, value, f64, resultType) : Value();
}

// Folds an element-wise op of constant operands (integer or float elements)
// through the table, element by element (distinct operand tuples once).
class FoldElementwise : public RewritePattern {
public:
  FoldElementwise(MLIRContext *context, StringRef opName, FoldPolicy policy,
                  const FoldOptions &options)
      : RewritePattern(opName, /*benefit=*/1, context),
        policy(std::move(policy)), options(options) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || !ScalarFolder::canFold(getContext()))
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<DenseElementsAttr> operands;
    SmallVector<Type> operandTypes;
    for (Value operand : op->getOperands()) {
      DenseElementsAttr attr = constantOf(operand);
      if (!attr)
        return failure();
      // A rank-0 operand (clamp's min and max) stands for every element.
      if (type && type.hasStaticShape() && type.getRank() != 0 &&
          attr.getType().getRank() == 0)
        attr = attr.resizeSplat(type.clone(attr.getElementType()));
      Type element = attr.getElementType();
      if (!isa<IntegerType>(element) &&
          !(isFoldableFloat(element) && options.foldFloat))
        return failure();
      operands.push_back(attr);
      operandTypes.push_back(element);
    }
    bool splat = llvm::all_of(operands, [](auto a) { return a.isSplat(); });
    if (operands.empty() || !mayFold(type, splat, options) ||
        (policy.leaveOp && policy.leaveOp(op)))
      return failure();
    for (DenseElementsAttr operand : operands)
      if (operand.getNumElements() != type.getNumElements())
        return failure();
    Type resultType = type.getElementType();
    SmallVector<Type> argTypes;
    for (Type element : operandTypes)
      argTypes.push_back(computeType(element));
    ScalarFolder folder(getContext(), argTypes,
                        [&](OpBuilder &b, Location loc, ValueRange args) {
                          return emitFolded(b, loc, op, args, operandTypes,
                                            resultType, policy);
                        });
    if (!folder)
      return failure();
    SmallVector<decltype(operands.front().getValues<Attribute>())> values;
    for (DenseElementsAttr operand : operands)
      values.push_back(operand.getValues<Attribute>());
    // The operands' elements at flat index i.
    SmallVector<Attribute> elements;
    auto elementsAt = [&](int64_t i) -> ArrayRef<Attribute> {
      elements.clear();
      for (auto &operandValues : values)
        elements.push_back(operandValues[i]);
      return elements;
    };
    // The policy sees every element first: one left for run time leaves the
    // op (both ways of folding below then only compute).
    int64_t count = splat ? 1 : type.getNumElements();
    if (policy.leave)
      for (int64_t i = 0; i < count; ++i)
        if (policy.leave(op, elementsAt(i)))
          return failure();
    if (!splat) {
      if (DenseElementsAttr all = foldAll(folder, operands, type))
        return rewriter.replaceOpWithNewOp<ConstantOp>(op, all), success();
    }
    using Key = std::tuple<Attribute, Attribute, Attribute>;
    DenseMap<Key, Attribute> cache;
    SmallVector<Attribute> results, args;
    for (int64_t i = 0; i < count; ++i) {
      elementsAt(i);
      Key key{elements[0], elements.size() > 1 ? elements[1] : Attribute(),
              elements.size() > 2 ? elements[2] : Attribute()};
      auto [it, inserted] = cache.try_emplace(key, Attribute());
      if (inserted) {
        if (elements.size() > 3)
          return failure();
        args.clear();
        for (Attribute element : elements)
          args.push_back(toCompute(element));
        Attribute result = fromCompute(folder.evaluate(args), resultType);
        if (!result || (policy.precision == FoldPolicy::Precision::Double &&
                        isNaNElement(result)))
          return failure();
        it->second = result;
      }
      results.push_back(it->second);
    }
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, results));
    return success();
  }

private:
  // All elements at once (ScalarFolder::evaluateAll), once the policy has
  // passed every element: null when the table's IR does not fold on tensors
  // (then element by element decides).
  DenseElementsAttr foldAll(ScalarFolder &folder,
                            ArrayRef<DenseElementsAttr> operands,
                            RankedTensorType type) const {
    int64_t count = type.getNumElements();
    SmallVector<DenseElementsAttr> args;
    for (DenseElementsAttr operand : operands) {
      Type element = operand.getElementType();
      DenseElementsAttr flat =
          operand.reshape(RankedTensorType::get({count}, element));
      Type compute = computeType(element);
      args.push_back(compute == element ? flat : flat.bitcast(compute));
    }
    DenseElementsAttr all = folder.evaluateAll(args);
    Type element = type.getElementType();
    if (!all || all.getNumElements() != count ||
        all.getElementType() != computeType(element))
      return {};
    if (computeType(element) != element)
      all = all.bitcast(element);
    if (policy.precision == FoldPolicy::Precision::Double)
      for (const APFloat &value : all.getValues<APFloat>())
        if (value.isNaN())
          return {};
    return all.reshape(type);
  }

  FoldPolicy policy;
  FoldOptions options;
};

//===--- The policies -----------------------------------------------------===//

// Integer division and remainder by zero, or INT_MIN by -1: the spec leaves
// the result to the implementation, so run time gives it. A float remainder
// that is an invalid operation too (by zero, of an infinity, of a signaling
// NaN: fmod's NaN is the implementation's); a quiet NaN operand propagates.
bool leaveDivision(Operation *op, ArrayRef<Attribute> a) {
  if (isa<FloatAttr>(a[0])) {
    if (!isa<RemOp>(op))
      return false;
    APFloat x = floatOf(a[0]), y = floatOf(a[1]);
    if (x.isSignaling() || y.isSignaling())
      return true;
    return !x.isNaN() && !y.isNaN() && (y.isZero() || x.isInfinity());
  }
  APInt x = intOf(a[0]), y = intOf(a[1]);
  return y.isZero() || (!isUnsignedElement(cast<IntegerAttr>(a[0]).getType()) &&
                        x.isMinSignedValue() && y.isAllOnes());
}

// Shifts by a count outside [0, bit width) (read unsigned).
bool leaveShift(Operation *, ArrayRef<Attribute> a) {
  return intOf(a[1]).uge(intOf(a[0]).getBitWidth());
}

bool leaveNaN(Operation *, ArrayRef<Attribute> a) {
  return isNaNElement(a[0]);
}

// The inexact float functions: NaN operands and operands outside the
// function's domain (`positive`: > 0; `nonNegative`: >= 0, -0 included).
enum class Domain { All, Positive, NonNegative };
FoldPolicy floatFunction(Domain domain) {
  FoldPolicy policy;
  policy.precision = FoldPolicy::Precision::Double;
  policy.leave = [domain](Operation *, ArrayRef<Attribute> a) {
    if (isNaNElement(a[0]))
      return true;
    APFloat x = floatOf(a[0]);
    if (domain == Domain::Positive)
      return x.isZero() || x.isNegative();
    if (domain == Domain::NonNegative)
      return x.isNegative() && !x.isZero();
    return false;
  };
  return policy;
}

// compare: TOTALORDER is left for run time (as upstream's folder leaves it).
bool leaveCompare(Operation *op) {
  return cast<CompareOp>(op).getCompareType() == ComparisonType::TOTALORDER;
}

// convert float to integer: folded only when the value truncated toward zero
// fits (NaN and overflow saturate in the interpreter, which the spec leaves
// open); -0.0 is declined as upstream's folder declines it
// (docs/decisions.md). Float to boolean: NaN is left.
bool leaveConvert(Operation *op, ArrayRef<Attribute> a) {
  auto real = dyn_cast<FloatAttr>(a[0]);
  auto to = dyn_cast<IntegerType>(
      cast<RankedTensorType>(op->getResult(0).getType()).getElementType());
  if (!real || !to)
    return false;
  APFloat value = real.getValue();
  if (value.isNaN())
    return true;
  if (to.getWidth() == 1)
    return false;
  if (value.isNegZero())
    return true;
  // Every foldable float is a double exactly; the bounds are powers of two.
  bool lost = false;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  double truncated = std::trunc(value.convertToDouble());
  unsigned width = to.getWidth();
  if (isUnsignedElement(to))
    return !(truncated >= 0 && truncated < std::ldexp(1.0, width));
  return !(truncated >= -std::ldexp(1.0, width - 1) &&
           truncated < std::ldexp(1.0, width - 1));
}

// chlo.erf is not in the table (the lowering decomposes it before the
// table sees it); math.erf's folder computes it in f64.
Value emitErf(OpBuilder &b, Location loc, Value x) {
  return math::ErfOp::create(b, loc, x);
}

// select with a splat constant predicate picks one operand whole (any size,
// when the types agree); otherwise, with constant operands, FoldElementwise
// folds it element by element.
class FoldSelect : public OpRewritePattern<SelectOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr pred = constantOf(op.getPred());
    if (!pred || !pred.isSplat())
      return failure();
    Value chosen =
        pred.getSplatValue<bool>() ? op.getOnTrue() : op.getOnFalse();
    if (chosen.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, chosen);
    return success();
  }
};

//===--- Data movement ----------------------------------------------------===//

// The result of a data-movement op on a constant: element i of the result is
// element source(i) of the operand (flat, row-major indices).
DenseElementsAttr
moveElements(DenseElementsAttr operand, RankedTensorType type,
             function_ref<int64_t(ArrayRef<int64_t>)> source) {
  if (operand.isSplat())
    return DenseElementsAttr::get(type, operand.getSplatValue<Attribute>());
  SmallVector<Attribute> values(operand.getValues<Attribute>());
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> index(shape.size(), 0);
  SmallVector<Attribute> result;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
    result.push_back(values[source(index)]);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return DenseElementsAttr::get(type, result);
}

// The flat index of `index` in a tensor of `shape`.
int64_t flatten(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [i, size] : llvm::zip(index, shape))
    flat = flat * size + i;
  return flat;
}

// A pattern for one-operand data-movement ops on a constant.
template <typename OpTy>
class FoldDataMovement : public OpRewritePattern<OpTy> {
public:
  // The folded value, or null to leave the op.
  using Source = std::function<DenseElementsAttr(OpTy, DenseElementsAttr,
                                                 RankedTensorType)>;
  FoldDataMovement(MLIRContext *context, const FoldOptions &options,
                   Source fold)
      : OpRewritePattern<OpTy>(context), options(options),
        fold(std::move(fold)) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr operand = constantOf(op->getOperand(0));
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!operand || !mayMove(type, operand.isSplat(), options))
      return failure();
    auto operandType = cast<RankedTensorType>(operand.getType());
    if (!operandType.hasStaticShape())
      return failure();
    DenseElementsAttr result = fold(op, operand, type);
    if (!result)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(op, result);
    return success();
  }

private:
  FoldOptions options;
  Source fold;
};

DenseElementsAttr foldReshape(ReshapeOp, DenseElementsAttr operand,
                              RankedTensorType type) {
  if (operand.getNumElements() != type.getNumElements() ||
      operand.getElementType() != type.getElementType())
    return {};
  return operand.reshape(type);
}

DenseElementsAttr foldBroadcastInDim(BroadcastInDimOp op,
                                     DenseElementsAttr operand,
                                     RankedTensorType type) {
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  ArrayRef<int64_t> from = cast<RankedTensorType>(operand.getType()).getShape();
  return moveElements(operand, type, [&](ArrayRef<int64_t> index) {
    SmallVector<int64_t> source;
    for (auto [d, resultDim] : llvm::enumerate(dims))
      source.push_back(from[d] == 1 ? 0 : index[resultDim]);
    return flatten(source, from);
  });
}

DenseElementsAttr foldTranspose(TransposeOp op, DenseElementsAttr operand,
                                RankedTensorType type) {
  ArrayRef<int64_t> permutation = op.getPermutation();
  ArrayRef<int64_t> from = cast<RankedTensorType>(operand.getType()).getShape();
  return moveElements(operand, type, [&](ArrayRef<int64_t> index) {
    SmallVector<int64_t> source(from.size());
    for (auto [i, d] : llvm::enumerate(permutation))
      source[d] = index[i];
    return flatten(source, from);
  });
}

DenseElementsAttr foldSlice(SliceOp op, DenseElementsAttr operand,
                            RankedTensorType type) {
  ArrayRef<int64_t> start = op.getStartIndices(), strides = op.getStrides();
  ArrayRef<int64_t> from = cast<RankedTensorType>(operand.getType()).getShape();
  return moveElements(operand, type, [&](ArrayRef<int64_t> index) {
    SmallVector<int64_t> source;
    for (auto [i, s, stride] : llvm::zip(index, start, strides))
      source.push_back(s + i * stride);
    return flatten(source, from);
  });
}

DenseElementsAttr foldReverse(ReverseOp op, DenseElementsAttr operand,
                              RankedTensorType type) {
  ArrayRef<int64_t> dims = op.getDimensions();
  ArrayRef<int64_t> from = cast<RankedTensorType>(operand.getType()).getShape();
  return moveElements(operand, type, [&](ArrayRef<int64_t> index) {
    SmallVector<int64_t> source(index);
    for (int64_t d : dims)
      source[d] = from[d] - 1 - index[d];
    return flatten(source, from);
  });
}

// concatenate of constants, along `dimension`.
class FoldConcatenate : public OpRewritePattern<ConcatenateOp> {
public:
  FoldConcatenate(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    SmallVector<DenseElementsAttr> inputs;
    for (Value input : op.getInputs()) {
      inputs.push_back(constantOf(input));
      if (!inputs.back() ||
          !cast<RankedTensorType>(inputs.back().getType()).hasStaticShape())
        return failure();
    }
    if (inputs.empty() || !mayFold(type, false, options))
      return failure();
    int64_t dimension = op.getDimension();
    // Row-major: each input contributes `size(input, dimension) * inner`
    // consecutive elements per outer index.
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < type.getRank(); ++d)
      (d < dimension ? outer : inner) *=
          d == dimension ? 1 : type.getDimSize(d);
    SmallVector<SmallVector<Attribute>> values;
    for (DenseElementsAttr input : inputs)
      values.emplace_back(input.getValues<Attribute>());
    SmallVector<Attribute> result;
    for (int64_t o = 0; o < outer; ++o)
      for (auto [input, inputValues] : llvm::zip(inputs, values)) {
        int64_t chunk =
            cast<RankedTensorType>(input.getType()).getDimSize(dimension) *
            inner;
        llvm::append_range(
            result, ArrayRef<Attribute>(inputValues).slice(o * chunk, chunk));
      }
    if (static_cast<int64_t>(result.size()) != type.getNumElements())
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, result));
    return success();
  }

private:
  FoldOptions options;
};

// concatenate with adjacent inputs that are splat constants of one value:
// those inputs become one splat constant (upstream's folder does the same;
// nothing is computed, so any element type and any size).
class FoldConcatenateSplats : public OpRewritePattern<ConcatenateOp> {
public:
  FoldConcatenateSplats(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    int64_t dimension = op.getDimension();
    if (!type || dimension < 0 || dimension >= type.getRank())
      return failure();
    // The splat constant an input is, if it is one (statically shaped).
    auto splatOf = [](Value input) -> DenseElementsAttr {
      DenseElementsAttr attr = constantOf(input);
      if (!attr || !attr.isSplat() ||
          !cast<RankedTensorType>(attr.getType()).hasStaticShape())
        return {};
      return attr;
    };
    // Runs [begin, end) of inputs: a merged splat of `type` where longer
    // than one input.
    struct Run {
      size_t begin, end;
      RankedTensorType type;
      Attribute value;
    };
    SmallVector<Run> runs;
    bool merged = false;
    auto range = op.getInputs();
    for (size_t i = 0, e = range.size(); i < e;) {
      DenseElementsAttr first = splatOf(range[i]);
      size_t j = i + 1;
      if (first) {
        int64_t size =
            cast<RankedTensorType>(first.getType()).getDimSize(dimension);
        for (; j < e; ++j) {
          DenseElementsAttr next = splatOf(range[j]);
          if (!next || next.getElementType() != first.getElementType() ||
              next.getSplatValue<Attribute>() !=
                  first.getSplatValue<Attribute>())
            break;
          size += cast<RankedTensorType>(next.getType()).getDimSize(dimension);
        }
        if (j > i + 1) {
          auto firstType = cast<RankedTensorType>(first.getType());
          SmallVector<int64_t> shape(firstType.getShape());
          shape[dimension] = size;
          auto mergedType = firstType.clone(shape);
          if (!mayMove(mergedType, /*splat=*/true, options))
            return failure();
          runs.push_back({i, j, mergedType, first.getSplatValue<Attribute>()});
          merged = true;
          i = j;
          continue;
        }
      }
      runs.push_back({i, j, nullptr, nullptr});
      i = j;
    }
    if (!merged)
      return failure();
    SmallVector<Value> inputs;
    for (const Run &run : runs) {
      if (!run.type) {
        inputs.push_back(range[run.begin]);
        continue;
      }
      inputs.push_back(ConstantOp::create(
          rewriter, op.getLoc(), DenseElementsAttr::get(run.type, run.value)));
    }
    if (inputs.size() == 1 && inputs.front().getType() == type) {
      rewriter.replaceOp(op, inputs.front());
      return success();
    }
    rewriter.replaceOpWithNewOp<ConcatenateOp>(op, type, inputs, dimension);
    return success();
  }

private:
  FoldOptions options;
};

// dynamic_slice of a splat constant: the splat, whatever the start indices.
class FoldDynamicSliceSplat : public OpRewritePattern<DynamicSliceOp> {
public:
  FoldDynamicSliceSplat(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr operand = constantOf(op.getOperand());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!operand || !operand.isSplat() || !type ||
        type.getElementType() != operand.getElementType() ||
        !mayMove(type, /*splat=*/true, options))
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, operand.getSplatValue<Attribute>()));
    return success();
  }

private:
  FoldOptions options;
};

// reduce of a constant input with a constant init. Folded only where the
// result is the same for every schedule the spec allows (it leaves to the
// implementation the order the elements combine in and how many times init
// joins them): a body that returns one add, multiply, and, or, xor, maximum
// or minimum of its two arguments, on integers (booleans included), which
// are associative and commutative, with init that op's identity. Float
// bodies stay (their rounding depends on the order), as do other inits. A
// reduction over an empty extent is its init, of any element type (as the
// simplifier's reduce-of-nothing rewrite has it).
class FoldReduce : public OpRewritePattern<ReduceOp> {
public:
  FoldReduce(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1 || op.getInitValues().size() != 1 ||
        op->getNumResults() != 1)
      return failure();
    DenseElementsAttr input = constantOf(op.getInputs()[0]);
    DenseElementsAttr init = constantOf(op.getInitValues()[0]);
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!input || !init || !init.isSplat() || !type ||
        !type.hasStaticShape() || type.getEncoding())
      return failure();
    auto inputType = cast<RankedTensorType>(input.getType());
    Type element = inputType.getElementType();
    if (!inputType.hasStaticShape() || init.getElementType() != element ||
        type.getElementType() != element)
      return failure();
    // The reduced dimensions, and the kept ones in the result's order.
    int64_t rank = inputType.getRank();
    SmallVector<bool> reduced(rank, false);
    for (int64_t d : op.getDimensions()) {
      if (d < 0 || d >= rank || reduced[d])
        return failure();
      reduced[d] = true;
    }
    SmallVector<int64_t> kept;
    int64_t extent = 1;
    for (int64_t d = 0; d < rank; ++d) {
      if (reduced[d])
        extent *= inputType.getDimSize(d);
      else
        kept.push_back(inputType.getDimSize(d));
    }
    if (ArrayRef<int64_t>(kept) != type.getShape())
      return failure();
    if (extent == 0) { // the body never runs
      if (!mayMove(type, /*splat=*/true, options))
        return failure();
      rewriter.replaceOpWithNewOp<ConstantOp>(
          op, DenseElementsAttr::get(type, init.getSplatValue<Attribute>()));
      return success();
    }
    auto integer = dyn_cast<IntegerType>(element);
    bool isUnsigned = isUnsignedElement(element);
    std::optional<APInt> identity;
    Operation *combiner =
        integer ? combinerOf(op, element, isUnsigned, identity) : nullptr;
    if (!combiner || !identity || init.getSplatValue<APInt>() != *identity ||
        !mayFold(type, input.isSplat(), options) ||
        (!input.isSplat() && input.getNumElements() > options.elementLimit) ||
        !ScalarFolder::canFold(getContext()))
      return failure();
    // The combiner's values from the scalar table (its ops never leave an
    // element for run time).
    Type compute = computeType(element);
    ScalarFolder folder(getContext(), {compute, compute},
                        [&](OpBuilder &b, Location loc, ValueRange args) {
                          return emitScalarOp(b, loc, combiner, args,
                                              {element, element}, element);
                        });
    if (!folder)
      return failure();
    bool ok = true;
    auto combine = [&](const APInt &a, const APInt &b) {
      auto r = dyn_cast_or_null<IntegerAttr>(folder.evaluate(
          {IntegerAttr::get(compute, a), IntegerAttr::get(compute, b)}));
      ok &= bool(r);
      return r ? r.getValue() : a;
    };
    APInt start = init.getSplatValue<APInt>();
    if (input.isSplat()) {
      // init combined with `extent` copies of x, by doubling (the op is
      // associative and commutative).
      APInt result = start, power = input.getSplatValue<APInt>();
      for (uint64_t n = extent; n; n >>= 1) {
        if (n & 1)
          result = combine(result, power);
        power = combine(power, power);
      }
      if (!ok)
        return failure();
      rewriter.replaceOpWithNewOp<ConstantOp>(
          op, DenseElementsAttr::get(type, result));
      return success();
    }
    SmallVector<APInt> results(type.getNumElements(), start);
    ArrayRef<int64_t> shape = inputType.getShape();
    SmallVector<int64_t> index(rank, 0);
    for (const APInt &x : input.getValues<APInt>()) {
      int64_t flat = 0;
      for (int64_t d = 0; d < rank; ++d)
        if (!reduced[d])
          flat = flat * shape[d] + index[d];
      results[flat] = combine(results[flat], x);
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++index[d] < shape[d])
          break;
        index[d] = 0;
      }
    }
    if (!ok)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, results));
    return success();
  }

private:
  // The element function of a body returning one op of its two arguments
  // (either order), when that op is associative and commutative; with the
  // op's identity element in `identity`.
  static Operation *combinerOf(ReduceOp op, Type element, bool isUnsigned,
                               std::optional<APInt> &identity) {
    Block &body = op.getBody().front();
    if (body.getNumArguments() != 2 ||
        !llvm::hasSingleElement(body.without_terminator()))
      return nullptr;
    auto scalar = RankedTensorType::get({}, element);
    for (BlockArgument arg : body.getArguments())
      if (arg.getType() != scalar)
        return nullptr;
    Operation &combiner = body.front();
    Operation *terminator = body.getTerminator();
    if (terminator->getNumOperands() != 1 || combiner.getNumResults() != 1 ||
        terminator->getOperand(0) != combiner.getResult(0) ||
        combiner.getResult(0).getType() != scalar ||
        combiner.getNumOperands() != 2)
      return nullptr;
    Value a = combiner.getOperand(0), b = combiner.getOperand(1);
    Value x = body.getArgument(0), y = body.getArgument(1);
    if (!((a == x && b == y) || (a == y && b == x)))
      return nullptr;
    unsigned width = element.getIntOrFloatBitWidth();
    APInt zero = APInt::getZero(width), ones = APInt::getAllOnes(width);
    if (isa<AddOp, OrOp, XorOp>(combiner))
      identity = zero; // booleans: add is or
    else if (isa<MulOp, AndOp>(combiner))
      identity = width == 1 ? ones : isa<MulOp>(combiner) ? APInt(width, 1)
                                                          : ones;
    else if (isa<MaxOp>(combiner))
      identity = isUnsigned ? zero : APInt::getSignedMinValue(width);
    else if (isa<MinOp>(combiner))
      identity = isUnsigned ? ones : APInt::getSignedMaxValue(width);
    return identity ? &combiner : nullptr;
  }

  FoldOptions options;
};

// iota: element index along iota_dimension. As upstream's folder, only an
// iota of at most one element, of integers, is folded (a larger one stays:
// it is cheaper as an op than as a constant; docs/decisions.md).
class FoldIota : public OpRewritePattern<IotaOp> {
public:
  FoldIota(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(IotaOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape() || type.getNumElements() > 1 ||
        !isa<IntegerType>(type.getElementType()) ||
        !mayFold(type, /*splat=*/true, options))
      return failure();
    auto integer = cast<IntegerType>(type.getElementType());
    // The one element, if any, is at index 0 along every dimension.
    SmallVector<Attribute> values;
    if (type.getNumElements() == 1)
      values.push_back(IntegerAttr::get(integer, 0));
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, values));
    return success();
  }

private:
  FoldOptions options;
};

// get_dimension_size of a static dimension.
class FoldGetDimensionSize : public OpRewritePattern<GetDimensionSizeOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GetDimensionSizeOp op,
                                PatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    int64_t dimension = op.getDimension();
    if (dimension < 0 || dimension >= operand.getRank() ||
        operand.isDynamicDim(dimension) ||
        operand.getDimSize(dimension) > std::numeric_limits<int32_t>::max())
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op,
        DenseElementsAttr::get(type, APInt(32, operand.getDimSize(dimension))));
    return success();
  }
};

// set_dimension_size to the static size the operand already has: the
// operand (its type is the result's).
class FoldSetDimensionSize : public OpRewritePattern<SetDimensionSizeOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SetDimensionSizeOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr size = constantOf(op.getSize());
    auto operand = cast<RankedTensorType>(op.getOperand().getType());
    int64_t dimension = op.getDimension();
    if (!size || op.getType() != operand || dimension < 0 ||
        dimension >= operand.getRank() || operand.isDynamicDim(dimension) ||
        size.getSplatValue<APInt>().getSExtValue() !=
            operand.getDimSize(dimension))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

// A constant of zeros of `type`, or an empty token: what stands for a
// result nobody reads. Null for types with no such constant.
Value placeholder(PatternRewriter &rewriter, Location loc, Type type) {
  if (isa<TokenType>(type))
    return AfterAllOp::create(rewriter, loc, type, ValueRange());
  DenseElementsAttr zeros = zerosOf(type);
  return zeros ? ConstantOp::create(rewriter, loc, zeros).getResult() : Value();
}

// Whether some op of `region` (nested ones included) has memory effects. With
// `assumeNoUndeclared` (upstream's assume-no-undeclared-side-effects), an op
// that declares none (no MemoryEffectOpInterface: func.call, say) has none.
bool hasEffects(Region &region, bool assumeNoUndeclared) {
  for (Block &block : region)
    for (Operation &op : block) {
      if (isMemoryEffectFree(&op))
        continue;
      if (!assumeNoUndeclared || isa<MemoryEffectOpInterface>(op))
        return true;
      for (Region &nested : op.getRegions())
        if (hasEffects(nested, assumeNoUndeclared))
          return true;
    }
  return false;
}

// A case whose index is a constant runs one branch (an index out of range
// runs the last, case's semantics): its ops move before the case and its
// results replace the case's. When another branch has effects the case
// stays, as upstream's folder keeps it, its taken branch now returning
// placeholders; otherwise it goes.
class FoldCaseConstantIndex : public OpRewritePattern<CaseOp> {
public:
  FoldCaseConstantIndex(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(CaseOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr index = constantOf(op.getIndex());
    auto branches = op.getBranches();
    if (!index || branches.empty())
      return failure();
    int64_t count = branches.size();
    int64_t chosen = index.getSplatValue<APInt>().getSExtValue();
    if (chosen < 0 || chosen >= count)
      chosen = count - 1;
    bool keep = false;
    for (int64_t i = 0; i < count; ++i)
      keep |= i != chosen &&
              hasEffects(branches[i], options.assumeNoUndeclaredEffects);
    // An unused case kept for its other branches' effects: nothing to gain.
    if (keep && op->use_empty())
      return failure();
    Block &taken = branches[chosen].front();
    Operation *terminator = taken.getTerminator();
    if (keep)
      for (Type type : op.getResultTypes())
        if (!isa<TokenType>(type) && !mayMove(type, /*splat=*/true, {}))
          return failure(); // no placeholder for it
    for (Operation &inner : llvm::make_early_inc_range(taken.without_terminator()))
      rewriter.moveOpBefore(&inner, op);
    SmallVector<Value> results(terminator->getOperands());
    if (!keep) {
      rewriter.replaceOp(op, results);
      return success();
    }
    rewriter.setInsertionPoint(terminator);
    SmallVector<Value> placeholders;
    for (Type type : op.getResultTypes())
      placeholders.push_back(placeholder(rewriter, op.getLoc(), type));
    rewriter.modifyOpInPlace(terminator,
                             [&] { terminator->setOperands(placeholders); });
    rewriter.replaceAllUsesWith(op.getResults(), results);
    return success();
  }

private:
  FoldOptions options;
};

// A while whose condition is the constant false, computed without effects:
// the body never runs and the results are the initial values.
class FoldWhileFalse : public OpRewritePattern<WhileOp> {
public:
  FoldWhileFalse(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front();
    Operation *terminator = cond.getTerminator();
    if (terminator->getNumOperands() != 1 ||
        op.getOperandTypes() != op.getResultTypes())
      return failure();
    DenseElementsAttr predicate = constantOf(terminator->getOperand(0));
    if (!predicate || !predicate.getElementType().isInteger(1) ||
        predicate.getSplatValue<bool>())
      return failure();
    if (hasEffects(op.getCond(), options.assumeNoUndeclaredEffects))
      return failure();
    rewriter.replaceOp(op, op.getOperands());
    return success();
  }

private:
  FoldOptions options;
};

} // namespace

DenseElementsAttr zerosOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getEncoding())
    return {};
  Type element = tensor.getElementType();
  if (isa<IntegerType, FloatType>(element))
    return DenseElementsAttr::get(tensor, Builder(type.getContext()).getZeroAttr(element));
  auto complex = dyn_cast<ComplexType>(element);
  auto part = complex ? dyn_cast<FloatType>(complex.getElementType()) : FloatType();
  if (!part)
    return {};
  APFloat zero = APFloat::getZero(part.getFloatSemantics());
  return DenseElementsAttr::get(tensor, {std::complex<APFloat>(zero, zero)});
}

void populateStaticDimensionPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldGetDimensionSize>(patterns.getContext());
}

void populateFoldingPatterns(RewritePatternSet &patterns,
                             const FoldOptions &options) {
  MLIRContext *context = patterns.getContext();
  auto elementwise = [&](StringRef name, FoldPolicy policy = {}) {
    patterns.add<FoldElementwise>(context, name, std::move(policy), options);
  };
  // Exact on every element (integers wrap; floats round once as IEEE does).
  for (StringRef name :
       {AddOp::getOperationName(), SubtractOp::getOperationName(),
        MulOp::getOperationName(), MaxOp::getOperationName(),
        MinOp::getOperationName(), AndOp::getOperationName(),
        OrOp::getOperationName(), XorOp::getOperationName(),
        NegOp::getOperationName(), AbsOp::getOperationName(),
        NotOp::getOperationName(), ClampOp::getOperationName(),
        SelectOp::getOperationName()})
    elementwise(name);
  FoldPolicy rounding; // exact, but NaN's bits are the implementation's
  rounding.leave = leaveNaN;
  elementwise(RoundOp::getOperationName(), rounding);
  elementwise(RoundNearestEvenOp::getOperationName(), rounding);
  FoldPolicy division;
  division.leave = leaveDivision;
  elementwise(DivOp::getOperationName(), division);
  elementwise(RemOp::getOperationName(), division);
  FoldPolicy shifts;
  shifts.leave = leaveShift;
  elementwise(ShiftLeftOp::getOperationName(), shifts);
  elementwise(ShiftRightArithmeticOp::getOperationName(), shifts);
  elementwise(ShiftRightLogicalOp::getOperationName(), shifts);
  elementwise(SignOp::getOperationName(), rounding);
  FoldPolicy compare;
  compare.leaveOp = leaveCompare;
  elementwise(CompareOp::getOperationName(), compare);
  FoldPolicy convert;
  convert.leave = leaveConvert;
  elementwise(ConvertOp::getOperationName(), convert);
  for (StringRef name :
       {CosineOp::getOperationName(), SineOp::getOperationName(),
        TanOp::getOperationName(), TanhOp::getOperationName(),
        ExpOp::getOperationName(), LogisticOp::getOperationName(),
        chlo::ErfOp::getOperationName()}) {
    FoldPolicy function = floatFunction(Domain::All);
    if (name == chlo::ErfOp::getOperationName())
      function.emitInDouble = emitErf;
    elementwise(name, function);
  }
  elementwise(LogOp::getOperationName(), floatFunction(Domain::Positive));
  elementwise(RsqrtOp::getOperationName(), floatFunction(Domain::Positive));
  elementwise(SqrtOp::getOperationName(), floatFunction(Domain::NonNegative));
  patterns.add<FoldConcatenate, FoldIota, FoldConcatenateSplats,
               FoldDynamicSliceSplat, FoldReduce, FoldWhileFalse,
               FoldCaseConstantIndex>(context, options);
  patterns.add<FoldSelect, FoldSetDimensionSize>(context);
  populateStaticDimensionPatterns(patterns);
  patterns.add<FoldDataMovement<ReshapeOp>>(context, options, foldReshape);
  patterns.add<FoldDataMovement<BroadcastInDimOp>>(context, options,
                                                   foldBroadcastInDim);
  patterns.add<FoldDataMovement<TransposeOp>>(context, options, foldTranspose);
  patterns.add<FoldDataMovement<SliceOp>>(context, options, foldSlice);
  patterns.add<FoldDataMovement<ReverseOp>>(context, options, foldReverse);
}

} // namespace mlir::stablehlo
