// Folding: ops whose operands are constants become constants (the patterns of
// stablehlo-aggressive-folder, which canonicalize runs too). Each pattern
// computes the spec's result, rounded as the element type rounds (as XLA's
// arithmetic on CPU does: f16, bf16 and f8 results of one operation on f32
// are correctly rounded). Where the result is not a plain formula (division
// by zero, out-of-range shifts, NaN or signed zeros in max/min, float to
// integer overflow) the op is left for run time.
#include "Dialect/Verification.h"
#include "Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/APSInt.h"

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

// Element-wise functions; std::nullopt leaves the op for run time.
using IntFn = std::function<std::optional<APInt>(ArrayRef<APInt>, bool)>;
using FloatFn = std::function<std::optional<APFloat>(ArrayRef<APFloat>)>;

// Applies `fn` element by element to the operands' values, into `type`.
template <typename T, typename Fn>
DenseElementsAttr mapElements(RankedTensorType type,
                              ArrayRef<DenseElementsAttr> operands,
                              const Fn &fn) {
  bool splat = llvm::all_of(operands, [](auto a) { return a.isSplat(); });
  int64_t count = splat ? 1 : type.getNumElements();
  SmallVector<SmallVector<T>> values;
  for (DenseElementsAttr operand : operands) {
    if (operand.getNumElements() != type.getNumElements())
      return {};
    values.emplace_back();
    if (splat)
      values.back().push_back(operand.getSplatValue<T>());
    else
      llvm::append_range(values.back(), operand.getValues<T>());
  }
  SmallVector<T> results;
  SmallVector<T> args;
  for (int64_t i = 0; i < count; ++i) {
    args.clear();
    for (auto &operandValues : values)
      args.push_back(operandValues[i]);
    auto result = fn(args);
    if (!result)
      return {};
    results.push_back(*result);
  }
  return DenseElementsAttr::get(type, results);
}

// Folds an element-wise op of constant operands with `onInt` (integer
// operands; `isUnsigned` says how to read them) or `onFloat`.
struct ElementwiseFolder {
  IntFn onInt;
  FloatFn onFloat;
};

class FoldElementwise : public RewritePattern {
public:
  FoldElementwise(MLIRContext *context, StringRef opName,
                  ElementwiseFolder folder, const FoldOptions &options)
      : RewritePattern(opName, /*benefit=*/1, context),
        folder(std::move(folder)), options(options) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1)
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<DenseElementsAttr> operands;
    for (Value operand : op->getOperands()) {
      DenseElementsAttr attr = constantOf(operand);
      if (!attr)
        return failure();
      // A rank-0 operand (clamp's min and max) stands for every element.
      if (type && type.hasStaticShape() && type.getRank() != 0 &&
          attr.getType().getRank() == 0)
        attr = attr.resizeSplat(type.clone(attr.getElementType()));
      operands.push_back(attr);
    }
    bool splat = llvm::all_of(operands, [](auto a) { return a.isSplat(); });
    if (operands.empty() || !mayFold(type, splat, options))
      return failure();
    // The element kind of the operands decides the arithmetic.
    Type element = getElementTypeOrSelf(operands.front().getType());
    if (isa<FloatType>(element) &&
        (!options.foldFloat || !isFoldableFloat(element)))
      return failure();
    DenseElementsAttr result;
    if (isa<IntegerType>(element) && folder.onInt) {
      bool isUnsigned = isUnsignedElement(element);
      result = mapElements<APInt>(type, operands, [&](ArrayRef<APInt> args) {
        return folder.onInt(args, isUnsigned);
      });
    } else if (isa<FloatType>(element) && folder.onFloat) {
      result = mapElements<APFloat>(type, operands, folder.onFloat);
    }
    if (!result)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(op, result);
    return success();
  }

private:
  ElementwiseFolder folder;
  FoldOptions options;
};

//===--- The element-wise functions ---------------------------------------===//

// IEEE arithmetic, correctly rounded; an invalid operation gives the NaN the
// spec's IEEE semantics give.
template <typename Method> FloatFn ieee(Method method) {
  return [method](ArrayRef<APFloat> a) -> std::optional<APFloat> {
    APFloat r = a[0];
    (r.*method)(a[1], APFloat::rmNearestTiesToEven);
    return r;
  };
}

ElementwiseFolder addFolder() {
  return {[](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            if (a[0].getBitWidth() == 1) // booleans: logical or
              return a[0] | a[1];
            return a[0] + a[1];
          },
          ieee(&APFloat::add)};
}

ElementwiseFolder subtractFolder() {
  return {[](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            return a[0] - a[1];
          },
          ieee(&APFloat::subtract)};
}

ElementwiseFolder multiplyFolder() {
  return {[](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            return a[0] * a[1]; // booleans: logical and
          },
          ieee(&APFloat::multiply)};
}

// Integer division truncates; by zero, or INT_MIN / -1, XLA's answer is
// implementation-defined in the spec: left for run time.
ElementwiseFolder divideFolder() {
  return {[](ArrayRef<APInt> a, bool isUnsigned) -> std::optional<APInt> {
            if (a[1].isZero() ||
                (!isUnsigned && a[0].isMinSignedValue() && a[1].isAllOnes()))
              return std::nullopt;
            return isUnsigned ? a[0].udiv(a[1]) : a[0].sdiv(a[1]);
          },
          ieee(&APFloat::divide)};
}

ElementwiseFolder remainderFolder() {
  return {[](ArrayRef<APInt> a, bool isUnsigned) -> std::optional<APInt> {
            if (a[1].isZero() ||
                (!isUnsigned && a[0].isMinSignedValue() && a[1].isAllOnes()))
              return std::nullopt;
            return isUnsigned ? a[0].urem(a[1]) : a[0].srem(a[1]);
          },
          [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
            APFloat r = a[0];
            if (r.mod(a[1]) != APFloat::opOK) // fmod is exact when valid
              return std::nullopt;
            return r;
          }};
}

// max/min: integers by value; floats by value, NaN when either is NaN (the
// spec's IEEE maximum/minimum propagate it), -0.0 below +0.0 (as the
// interpreter orders them).
ElementwiseFolder extremumFolder(bool isMax) {
  return {[isMax](ArrayRef<APInt> a, bool isUnsigned) -> std::optional<APInt> {
            bool firstLess = isUnsigned ? a[0].ult(a[1]) : a[0].slt(a[1]);
            return firstLess == isMax ? a[1] : a[0];
          },
          [isMax](ArrayRef<APFloat> a) -> std::optional<APFloat> {
            if (a[0].isNaN() || a[1].isNaN())
              return a[0].isNaN() ? a[0] : a[1];
            bool firstLess = a[0].isZero() && a[1].isZero()
                                 ? a[0].isNegative() && !a[1].isNegative()
                                 : a[0] < a[1];
            return firstLess == isMax ? a[1] : a[0];
          }};
}

// clamp(min, operand, max) = min(max(operand, min), max), NaN propagating.
ElementwiseFolder clampFolder() {
  ElementwiseFolder max = extremumFolder(/*isMax=*/true),
                    min = extremumFolder(/*isMax=*/false);
  return {[max, min](ArrayRef<APInt> a, bool isUnsigned) {
            return min.onInt({*max.onInt({a[1], a[0]}, isUnsigned), a[2]},
                             isUnsigned);
          },
          [max, min](ArrayRef<APFloat> a) {
            return min.onFloat({*max.onFloat({a[1], a[0]}), a[2]});
          }};
}

ElementwiseFolder bitwiseFolder(std::function<APInt(APInt, APInt)> fn) {
  return {[fn](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            return fn(a[0], a[1]);
          },
          nullptr};
}

// Shifts by a count outside [0, bit width) are left for run time.
ElementwiseFolder shiftFolder(int kind) {
  return {[kind](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            unsigned width = a[0].getBitWidth();
            if (a[1].uge(width))
              return std::nullopt;
            unsigned count = a[1].getZExtValue();
            switch (kind) {
            case 0:
              return a[0].shl(count);
            case 1:
              return a[0].ashr(count);
            default:
              return a[0].lshr(count);
            }
          },
          nullptr};
}

ElementwiseFolder negateFolder() {
  return {[](ArrayRef<APInt> a, bool) -> std::optional<APInt> {
            return -a[0]; // wraps, as two's complement negation does
          },
          [](ArrayRef<APFloat> a) -> std::optional<APFloat> { return -a[0]; }};
}

ElementwiseFolder absFolder() {
  return {
      [](ArrayRef<APInt> a, bool isUnsigned) -> std::optional<APInt> {
        return isUnsigned ? a[0] : a[0].abs(); // abs(INT_MIN) wraps
      },
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> { return abs(a[0]); }};
}

// Unary float functions (the transcendental ones, sqrt, rsqrt, the
// roundings): computed in double and rounded to the element type, as upstream's folder does (their
// accuracy is implementation-defined in the spec; a double result rounded
// once is within half an ulp plus libm's error). NaN operands and operands
// outside the function's domain (`fn` returns nullopt) are left for run time.
ElementwiseFolder unaryFloatFolder(
    std::function<std::optional<double>(double)> fn) {
  return {nullptr, [fn](ArrayRef<APFloat> a) -> std::optional<APFloat> {
            if (a[0].isNaN())
              return std::nullopt;
            bool lost;
            APFloat wide = a[0];
            wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                         &lost);
            std::optional<double> value = fn(wide.convertToDouble());
            if (!value || std::isnan(*value))
              return std::nullopt;
            APFloat result(*value);
            result.convert(a[0].getSemantics(), APFloat::rmNearestTiesToEven,
                           &lost);
            return result;
          }};
}

std::optional<double> positiveOnly(double x, double (*fn)(double)) {
  if (x <= 0)
    return std::nullopt;
  return fn(x);
}

// sign: -1, 0 or 1 (a float zero keeps its sign); NaN left for run time.
ElementwiseFolder signFolder() {
  return {[](ArrayRef<APInt> a, bool isUnsigned) -> std::optional<APInt> {
            unsigned width = a[0].getBitWidth();
            if (a[0].isZero())
              return a[0];
            if (!isUnsigned && a[0].isNegative())
              return APInt::getAllOnes(width);
            return APInt(width, 1);
          },
          [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
            if (a[0].isNaN())
              return std::nullopt;
            if (a[0].isZero())
              return a[0];
            APFloat one = APFloat::getOne(a[0].getSemantics(), a[0].isNegative());
            return one;
          }};
}

ElementwiseFolder notFolder() {
  return {[](ArrayRef<APInt> a, bool) -> std::optional<APInt> { return ~a[0]; },
          nullptr};
}

// compare: the direction on values read as the element type says, as the
// interpreter reads them (a compare_type that does not fit the element type is
// a spec deviation upstream accepts: docs/decisions.md); TOTALORDER is left for
// run time. A float comparison with NaN is
// unordered: only NE holds.
bool comparisonHolds(ComparisonDirection direction, bool less, bool equal,
                     bool unordered) {
  bool greater = !less && !equal && !unordered;
  switch (direction) {
  case ComparisonDirection::EQ:
    return equal;
  case ComparisonDirection::NE:
    return !equal;
  case ComparisonDirection::GE:
    return greater || equal;
  case ComparisonDirection::GT:
    return greater;
  case ComparisonDirection::LE:
    return less || equal;
  case ComparisonDirection::LT:
    return less;
  }
  return false;
}

class FoldCompare : public OpRewritePattern<CompareOp> {
public:
  FoldCompare(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr lhs = constantOf(op.getLhs()),
                      rhs = constantOf(op.getRhs());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!lhs || !rhs || !mayFold(type, lhs.isSplat() && rhs.isSplat(), options))
      return failure();
    std::optional<ComparisonType> compareType = op.getCompareType();
    if (compareType == ComparisonType::TOTALORDER)
      return failure();
    Type element = lhs.getElementType();
    ComparisonDirection direction = op.getComparisonDirection();
    SmallVector<bool> results;
    bool splat = lhs.isSplat() && rhs.isSplat();
    int64_t count = splat ? 1 : type.getNumElements();
    if (auto integer = dyn_cast<IntegerType>(element)) {
      bool isUnsigned = isUnsignedElement(integer);
      auto a = lhs.getValues<APInt>(), b = rhs.getValues<APInt>();
      for (int64_t i = 0; i < count; ++i) {
        bool less = isUnsigned ? a[i].ult(b[i]) : a[i].slt(b[i]);
        results.push_back(
            comparisonHolds(direction, less, a[i] == b[i], false));
      }
    } else if (isFoldableFloat(element) && options.foldFloat) {
      auto a = lhs.getValues<APFloat>(), b = rhs.getValues<APFloat>();
      for (int64_t i = 0; i < count; ++i) {
        APFloat::cmpResult order = a[i].compare(b[i]);
        results.push_back(comparisonHolds(
            direction, order == APFloat::cmpLessThan,
            order == APFloat::cmpEqual, order == APFloat::cmpUnordered));
      }
    } else {
      return failure();
    }
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, results));
    return success();
  }

private:
  FoldOptions options;
};

// select with a constant predicate: a splat picks one operand whole (any
// size, when the types agree); otherwise, with constant operands, element by
// element.
class FoldSelect : public OpRewritePattern<SelectOp> {
public:
  FoldSelect(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr pred = constantOf(op.getPred());
    if (!pred)
      return failure();
    if (pred.isSplat()) {
      Value chosen =
          pred.getSplatValue<bool>() ? op.getOnTrue() : op.getOnFalse();
      if (chosen.getType() != op.getType())
        return failure();
      rewriter.replaceOp(op, chosen);
      return success();
    }
    DenseElementsAttr onTrue = constantOf(op.getOnTrue()),
                      onFalse = constantOf(op.getOnFalse());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!onTrue || !onFalse || !mayFold(type, false, options) ||
        pred.getNumElements() != type.getNumElements())
      return failure();
    SmallVector<Attribute> values;
    auto p = pred.getValues<bool>();
    auto t = onTrue.getValues<Attribute>(), f = onFalse.getValues<Attribute>();
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
      values.push_back(p[i] ? t[i] : f[i]);
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, values));
    return success();
  }

private:
  FoldOptions options;
};

// convert between integer and float types. Integer to integer wraps (keeps
// the low bits, sign- or zero-extending as the source reads); float to float
// rounds to nearest even; integer to float rounds; float to integer is
// folded only when the truncated value fits (NaN and overflow are the
// interpreter's); to or from booleans: nonzero is true.
class FoldConvert : public OpRewritePattern<ConvertOp> {
public:
  FoldConvert(MLIRContext *context, const FoldOptions &options)
      : OpRewritePattern(context), options(options) {}

  LogicalResult matchAndRewrite(ConvertOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr operand = constantOf(op.getOperand());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!operand || !mayFold(type, operand.isSplat(), options))
      return failure();
    Type from = operand.getElementType(), to = type.getElementType();
    if (!isa<IntegerType, FloatType>(from) ||
        (isa<FloatType>(from) &&
         (!options.foldFloat || !isFoldableFloat(from))))
      return failure();
    bool fromUnsigned = isUnsignedElement(from);
    auto toInt = dyn_cast<IntegerType>(to);
    auto toFloat = dyn_cast<FloatType>(to);
    bool splat = operand.isSplat();
    int64_t count = splat ? 1 : type.getNumElements();
    if (toInt) {
      unsigned width = toInt.getWidth();
      bool toUnsigned = isUnsignedElement(toInt);
      SmallVector<APInt> values;
      for (int64_t i = 0; i < count; ++i) {
        if (isa<IntegerType>(from)) {
          APInt v = operand.getValues<APInt>()[i];
          if (width == 1)
            values.push_back(APInt(1, !v.isZero()));
          else
            values.push_back(fromUnsigned ? v.zextOrTrunc(width)
                                          : v.sextOrTrunc(width));
          continue;
        }
        APFloat v = operand.getValues<APFloat>()[i];
        if (width == 1) {
          if (v.isNaN())
            return failure();
          values.push_back(APInt(1, !v.isZero()));
          continue;
        }
        // -0.0 is declined as upstream's folder declines it (exact as 0,
        // but upstream leaves it for run time; docs/decisions.md).
        if (v.isNegZero())
          return failure();
        APSInt result(width, toUnsigned);
        bool isExact = false;
        if (v.convertToInteger(result, APFloat::rmTowardZero, &isExact) &
            APFloat::opInvalidOp)
          return failure(); // NaN or out of range
        values.push_back(result);
      }
      rewriter.replaceOpWithNewOp<ConstantOp>(
          op, DenseElementsAttr::get(type, values));
      return success();
    }
    if (!toFloat || !options.foldFloat)
      return failure();
    const llvm::fltSemantics &semantics = toFloat.getFloatSemantics();
    SmallVector<APFloat> values;
    for (int64_t i = 0; i < count; ++i) {
      APFloat result(semantics);
      if (auto fromInt = dyn_cast<IntegerType>(from)) {
        APInt v = operand.getValues<APInt>()[i];
        if (fromInt.getWidth() == 1)
          v = v.zext(2); // true is 1, not -1
        result.convertFromAPInt(v, !fromUnsigned, APFloat::rmNearestTiesToEven);
      } else {
        result = operand.getValues<APFloat>()[i];
        bool losesInfo = false;
        result.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
      }
      values.push_back(result);
    }
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, values));
    return success();
  }

private:
  FoldOptions options;
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
    std::optional<ElementwiseFolder> folder =
        integer ? combinerOf(op, element, isUnsigned, identity) : std::nullopt;
    if (!folder || !identity || init.getSplatValue<APInt>() != *identity ||
        !mayFold(type, input.isSplat(), options) ||
        (!input.isSplat() && input.getNumElements() > options.elementLimit))
      return failure();
    bool ok = true;
    auto combine = [&](const APInt &a, const APInt &b) {
      std::optional<APInt> r = folder->onInt({a, b}, isUnsigned);
      ok &= r.has_value();
      return r ? *r : a;
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
  static std::optional<ElementwiseFolder>
  combinerOf(ReduceOp op, Type element, bool isUnsigned,
             std::optional<APInt> &identity) {
    Block &body = op.getBody().front();
    if (body.getNumArguments() != 2 ||
        !llvm::hasSingleElement(body.without_terminator()))
      return std::nullopt;
    auto scalar = RankedTensorType::get({}, element);
    for (BlockArgument arg : body.getArguments())
      if (arg.getType() != scalar)
        return std::nullopt;
    Operation &combiner = body.front();
    Operation *terminator = body.getTerminator();
    if (terminator->getNumOperands() != 1 || combiner.getNumResults() != 1 ||
        terminator->getOperand(0) != combiner.getResult(0) ||
        combiner.getResult(0).getType() != scalar ||
        combiner.getNumOperands() != 2)
      return std::nullopt;
    Value a = combiner.getOperand(0), b = combiner.getOperand(1);
    Value x = body.getArgument(0), y = body.getArgument(1);
    if (!((a == x && b == y) || (a == y && b == x)))
      return std::nullopt;
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
    if (isa<AddOp>(combiner))
      return addFolder();
    if (isa<MulOp>(combiner))
      return multiplyFolder();
    if (isa<MaxOp>(combiner))
      return extremumFolder(/*isMax=*/true);
    if (isa<MinOp>(combiner))
      return extremumFolder(/*isMax=*/false);
    if (isa<AndOp>(combiner))
      return bitwiseFolder([](APInt p, APInt q) { return p & q; });
    if (isa<OrOp>(combiner))
      return bitwiseFolder([](APInt p, APInt q) { return p | q; });
    if (isa<XorOp>(combiner))
      return bitwiseFolder([](APInt p, APInt q) { return p ^ q; });
    return std::nullopt;
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

// Whether some op of `region` (nested ones included) has memory effects.
bool hasEffects(Region &region) {
  for (Block &block : region)
    for (Operation &op : block)
      if (!isMemoryEffectFree(&op))
        return true;
  return false;
}

// A case whose index is a constant runs one branch (an index out of range
// runs the last, case's semantics): its ops move before the case and its
// results replace the case's. When another branch has effects the case
// stays, as upstream's folder keeps it, its taken branch now returning
// placeholders; otherwise it goes.
class FoldCaseConstantIndex : public OpRewritePattern<CaseOp> {
public:
  using OpRewritePattern::OpRewritePattern;

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
      keep |= i != chosen && hasEffects(branches[i]);
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
};

// A while whose condition is the constant false, computed without effects:
// the body never runs and the results are the initial values.
class FoldWhileFalse : public OpRewritePattern<WhileOp> {
public:
  using OpRewritePattern::OpRewritePattern;

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
    if (hasEffects(op.getCond()))
      return failure();
    rewriter.replaceOp(op, op.getOperands());
    return success();
  }
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
  auto elementwise = [&](StringRef name, ElementwiseFolder folder) {
    patterns.add<FoldElementwise>(context, name, std::move(folder), options);
  };
  elementwise(AddOp::getOperationName(), addFolder());
  elementwise(SubtractOp::getOperationName(), subtractFolder());
  elementwise(MulOp::getOperationName(), multiplyFolder());
  elementwise(DivOp::getOperationName(), divideFolder());
  elementwise(RemOp::getOperationName(), remainderFolder());
  elementwise(MaxOp::getOperationName(), extremumFolder(/*isMax=*/true));
  elementwise(MinOp::getOperationName(), extremumFolder(/*isMax=*/false));
  elementwise(AndOp::getOperationName(),
              bitwiseFolder([](APInt a, APInt b) { return a & b; }));
  elementwise(OrOp::getOperationName(),
              bitwiseFolder([](APInt a, APInt b) { return a | b; }));
  elementwise(XorOp::getOperationName(),
              bitwiseFolder([](APInt a, APInt b) { return a ^ b; }));
  elementwise(ShiftLeftOp::getOperationName(), shiftFolder(0));
  elementwise(ShiftRightArithmeticOp::getOperationName(), shiftFolder(1));
  elementwise(ShiftRightLogicalOp::getOperationName(), shiftFolder(2));
  elementwise(NegOp::getOperationName(), negateFolder());
  elementwise(AbsOp::getOperationName(), absFolder());
  elementwise(NotOp::getOperationName(), notFolder());
  auto unary = [&](StringRef name, double (*fn)(double)) {
    elementwise(name, unaryFloatFolder(
                          [fn](double x) -> std::optional<double> { return fn(x); }));
  };
  unary(CosineOp::getOperationName(), std::cos);
  unary(SineOp::getOperationName(), std::sin);
  unary(TanOp::getOperationName(), std::tan);
  unary(TanhOp::getOperationName(), std::tanh);
  unary(ExpOp::getOperationName(), std::exp);
  unary(chlo::ErfOp::getOperationName(), std::erf);
  elementwise(LogisticOp::getOperationName(),
              unaryFloatFolder([](double x) -> std::optional<double> {
                return 1 / (1 + std::exp(-x));
              }));
  elementwise(LogOp::getOperationName(),
              unaryFloatFolder([](double x) {
                return positiveOnly(x, [](double y) { return std::log(y); });
              }));
  elementwise(SqrtOp::getOperationName(),
              unaryFloatFolder([](double x) -> std::optional<double> {
                if (x < 0)
                  return std::nullopt;
                return std::sqrt(x); // sqrt(-0) is -0
              }));
  elementwise(RsqrtOp::getOperationName(),
              unaryFloatFolder([](double x) {
                return positiveOnly(x, [](double y) { return 1 / std::sqrt(y); });
              }));
  // The roundings are exact through double too: every value of every
  // foldable type is a double, and the integer result a value of the type.
  // (Not APFloat::roundToIntegral: it stops the process on f8 types without
  // infinities, where its rounding constant overflows.)
  unary(RoundOp::getOperationName(), std::round);
  unary(RoundNearestEvenOp::getOperationName(),
        std::nearbyint); // ties to even in the default rounding mode
  elementwise(SignOp::getOperationName(), signFolder());
  elementwise(ClampOp::getOperationName(), clampFolder());
  patterns.add<FoldCompare, FoldSelect, FoldConvert, FoldConcatenate, FoldIota,
               FoldConcatenateSplats, FoldDynamicSliceSplat, FoldReduce>(
      context, options);
  patterns.add<FoldSetDimensionSize, FoldWhileFalse, FoldCaseConstantIndex>(
      context);
  populateStaticDimensionPatterns(patterns);
  patterns.add<FoldDataMovement<ReshapeOp>>(context, options, foldReshape);
  patterns.add<FoldDataMovement<BroadcastInDimOp>>(context, options,
                                                   foldBroadcastInDim);
  patterns.add<FoldDataMovement<TransposeOp>>(context, options, foldTranspose);
  patterns.add<FoldDataMovement<SliceOp>>(context, options, foldSlice);
  patterns.add<FoldDataMovement<ReverseOp>>(context, options, foldReverse);
}

} // namespace mlir::stablehlo
