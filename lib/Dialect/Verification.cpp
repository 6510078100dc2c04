#include "Dialect/Verification.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::stablehlo {

std::optional<int64_t> windowCount(int64_t size, int64_t baseDilation,
                                   int64_t padLow, int64_t padHigh,
                                   int64_t window, int64_t windowDilation,
                                   int64_t stride) {
  // (n - 1) * spacing + 1: the extent of n elements `spacing` apart
  auto extent = [](int64_t n, int64_t spacing) -> std::optional<int64_t> {
    if (n == 0)
      return 0;
    std::optional<int64_t> product = llvm::checkedMul<int64_t>(n - 1, spacing);
    return product ? llvm::checkedAdd<int64_t>(*product, 1) : std::nullopt;
  };
  std::optional<int64_t> dilated = extent(size, baseDilation);
  std::optional<int64_t> span = extent(window, windowDilation);
  std::optional<int64_t> padded =
      dilated ? llvm::checkedAdd<int64_t>(padLow, *dilated) : std::nullopt;
  if (padded)
    padded = llvm::checkedAdd<int64_t>(*padded, padHigh);
  if (!span || !padded)
    return std::nullopt;
  if (*padded <= 0 || *span > *padded)
    return 0;
  return (*padded - *span) / stride + 1;
}

LogicalResult checkWindowField(const ErrorSink &error, StringRef name,
                               ArrayRef<int64_t> values, int64_t rank,
                               StringRef dimensions, StringRef sizeId,
                               StringRef positiveId) {
  if (static_cast<int64_t>(values.size()) != rank)
    return error(sizeId, ": ", name, " ", formatDims(values), " must have ",
                 rank, " entries, one per ", dimensions,
                 dimensions.empty() ? "" : " ", "dimension");
  if (llvm::any_of(values, [](int64_t v) { return v <= 0; }))
    return error(positiveId, ": ", name, " ", formatDims(values),
                 " must be positive");
  return success();
}

LogicalResult checkWindowPadding(const ErrorSink &error,
                                 ArrayRef<int64_t> paddingShape, int64_t rank,
                                 StringRef id) {
  if (paddingShape.size() != 2 || paddingShape[0] != rank ||
      paddingShape[1] != 2)
    return error(id, ": padding must have shape [", rank, ", 2], got ",
                 formatDims(paddingShape));
  return success();
}

FailureOr<int64_t> checkedWindowCount(const ErrorSink &error, StringRef id,
                                      StringRef dimensions, int64_t d,
                                      int64_t size, int64_t baseDilation,
                                      int64_t padLow, int64_t padHigh,
                                      int64_t window, int64_t windowDilation,
                                      int64_t stride) {
  std::optional<int64_t> count = windowCount(
      size, baseDilation, padLow, padHigh, window, windowDilation, stride);
  if (!count)
    return error(id, ": the window of ", dimensions,
                 dimensions.empty() ? "" : " ", "dimension ", d,
                 " (its dilations and padding) does not fit in int64");
  return *count;
}

Operation *terminatorOf(Block &block) {
  return !block.empty() && block.back().hasTrait<mlir::OpTrait::IsTerminator>()
             ? &block.back()
             : nullptr;
}

bool hasBody(RegionRange regions, unsigned index) {
  return regions.size() > index && regions[index] && !regions[index]->empty();
}

SmallVector<Type> reducerResultElementTypes(ValueRange values,
                                            RegionRange regions) {
  SmallVector<Type> types;
  if (hasBody(regions, 0)) {
    Operation *terminator = terminatorOf(regions[0]->front());
    if (terminator && terminator->getNumOperands() == values.size()) {
      for (Type t : terminator->getOperandTypes())
        types.push_back(getElementTypeOrSelf(t));
      return types;
    }
  }
  for (Value value : values)
    types.push_back(getElementTypeOrSelf(value.getType()));
  return types;
}

LogicalResult inferShapeOfFirstOperand(
    ValueShapeRange operands, SmallVectorImpl<ShapedTypeComponents> &inferred) {
  if (operands.empty())
    return failure();
  auto operand = dyn_cast<RankedTensorType>(operands.getTypes().front());
  if (!operand)
    return failure();
  inferred.emplace_back(operand.getShape(), /*elementType=*/nullptr,
                        operand.getEncoding());
  return success();
}

bool isCompatibleShape(Type lhs, Type rhs) {
  if (failed(verifyCompatibleShape(lhs, rhs)))
    return false;
  // A static size must fit the bound of a bounded dynamic dimension
  // (dynamism RFC).
  auto l = dyn_cast<RankedTensorType>(lhs), r = dyn_cast<RankedTensorType>(rhs);
  if (!l || !r)
    return true;
  auto fits = [](RankedTensorType bounded, RankedTensorType other) {
    ArrayRef<int64_t> bounds = getBounds(bounded);
    for (auto [d, bound] : llvm::enumerate(bounds))
      if (!ShapedType::isDynamic(bound) && !other.isDynamicDim(d) &&
          other.getDimSize(d) > bound)
        return false;
    return true;
  };
  return fits(l, r) && fits(r, l);
}

bool isCompatibleType(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  auto l = dyn_cast<RankedTensorType>(lhs), r = dyn_cast<RankedTensorType>(rhs);
  if (l && r)
    return l.getElementType() == r.getElementType() && isCompatibleShape(l, r);
  auto lt = dyn_cast<TupleType>(lhs), rt = dyn_cast<TupleType>(rhs);
  return lt && rt && areCompatibleTypes(lt.getTypes(), rt.getTypes());
}

bool areCompatibleTypes(TypeRange lhs, TypeRange rhs) {
  return lhs.size() == rhs.size() &&
         llvm::all_of(llvm::zip(lhs, rhs), [](auto pair) {
           return isCompatibleType(std::get<0>(pair), std::get<1>(pair));
         });
}

quant::QuantizedType getQuantizedElementType(Type type) {
  return dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
}

bool isPerAxisQuantized(Type type) {
  return isa<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

bool haveSameQuantizedBase(quant::QuantizedType lhs,
                           quant::QuantizedType rhs) {
  return lhs.getStorageType() == rhs.getStorageType() &&
         lhs.isSigned() == rhs.isSigned() &&
         lhs.getExpressedType() == rhs.getExpressedType() &&
         lhs.getStorageTypeMin() == rhs.getStorageTypeMin() &&
         lhs.getStorageTypeMax() == rhs.getStorageTypeMax();
}

bool haveSameBaselineElementType(Type lhs, Type rhs) {
  Type l = getElementTypeOrSelf(lhs), r = getElementTypeOrSelf(rhs);
  if (l == r)
    return true;
  auto ql = dyn_cast<quant::QuantizedType>(l);
  auto qr = dyn_cast<quant::QuantizedType>(r);
  if (!ql || !qr || !haveSameQuantizedBase(ql, qr))
    return false;
  // The baseline resets scales and zero points and keeps the kind of
  // quantization and the quantization_dimension.
  auto al = dyn_cast<quant::UniformQuantizedPerAxisType>(l);
  auto ar = dyn_cast<quant::UniformQuantizedPerAxisType>(r);
  if (!al || !ar)
    return !al && !ar;
  return al.getQuantizedDimension() == ar.getQuantizedDimension();
}

bool haveSameBaselineType(Type lhs, Type rhs) {
  return isCompatibleShape(lhs, rhs) && haveSameBaselineElementType(lhs, rhs);
}

ArrayRef<int64_t> getBounds(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  // A bounds list of another length (a builder may make one) is ignored, so
  // callers may index it by dimension.
  if (auto ext = dyn_cast_or_null<TypeExtensionsAttr>(tensor.getEncoding()))
    if (static_cast<int64_t>(ext.getBounds().size()) == tensor.getRank())
      return ext.getBounds();
  return {};
}

int64_t boundOf(RankedTensorType type, int64_t d) {
  ArrayRef<int64_t> bounds = getBounds(type);
  return bounds.empty() ? ShapedType::kDynamic : bounds[d];
}

int64_t sizeOrBound(RankedTensorType type, int64_t d) {
  return type.isDynamicDim(d) ? boundOf(type, d) : type.getDimSize(d);
}

bool isStaticOrSingleBoundedDimension(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return false;
  ArrayRef<int64_t> bounds = getBounds(type);
  int64_t dynamic = 0;
  for (int64_t d = 0; d < tensor.getRank(); ++d) {
    if (!tensor.isDynamicDim(d))
      continue;
    if (bounds.empty() || ShapedType::isDynamic(bounds[d]))
      return false;
    ++dynamic;
  }
  return dynamic <= 1;
}

RankedTensorType getTensorType(ArrayRef<int64_t> shape, Type elementType,
                               ArrayRef<int64_t> bounds) {
  Attribute encoding;
  if (llvm::any_of(bounds, [](int64_t b) { return !ShapedType::isDynamic(b); }))
    encoding = TypeExtensionsAttr::get(elementType.getContext(), bounds);
  return RankedTensorType::get(shape, elementType, encoding);
}

RankedTensorType mostSpecificType(RankedTensorType lhs, RankedTensorType rhs) {
  if (lhs.getRank() != rhs.getRank())
    return lhs;
  ArrayRef<int64_t> lb = getBounds(lhs), rb = getBounds(rhs);
  SmallVector<int64_t> shape, bounds;
  for (int64_t d = 0; d < lhs.getRank(); ++d) {
    int64_t l = lhs.getDimSize(d), r = rhs.getDimSize(d);
    shape.push_back(ShapedType::isDynamic(l) ? r : l);
    int64_t lbound = lb.empty() ? ShapedType::kDynamic : lb[d];
    int64_t rbound = rb.empty() ? ShapedType::kDynamic : rb[d];
    int64_t bound = ShapedType::isDynamic(lbound)   ? rbound
                    : ShapedType::isDynamic(rbound) ? lbound
                                                    : std::min(lbound, rbound);
    bounds.push_back(ShapedType::isDynamic(shape.back()) ? bound
                                                         : ShapedType::kDynamic);
  }
  return getTensorType(shape, lhs.getElementType(), bounds);
}

LogicalResult checkRankedTensorOperands(std::optional<Location> location,
                                        StringRef opName, TypeRange types,
                                        int64_t count) {
  size_t needed = count < 0 ? types.size() : static_cast<size_t>(count);
  if (types.size() < needed)
    return builderError(location, opName, "needs ", needed, " operands, got ",
                        types.size());
  for (auto [i, type] : llvm::enumerate(types.take_front(needed)))
    if (!isa<RankedTensorType>(type))
      return builderError(location, opName, "operand #", i,
                          " must be a ranked tensor, got ", type);
  return success();
}

bool isUnique(ArrayRef<int64_t> dims) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims)
    if (!seen.insert(d).second)
      return false;
  return true;
}

std::string formatDims(ArrayRef<int64_t> dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printDimList(os, dims);
  return text;
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os, [&](int64_t d) {
    if (ShapedType::isDynamic(d))
      os << '?';
    else
      os << d;
  });
  os << ']';
  return text;
}

// is_promotable(from, to): same kind of element type (boolean, integer of
// either signedness, float, complex, quantized with the same expressed type),
// `to` at least as wide.
bool isPromotable(Type from, Type to) {
  if (from == to)
    return true;
  auto qf = dyn_cast<quant::QuantizedType>(from);
  auto qt = dyn_cast<quant::QuantizedType>(to);
  if (qf || qt)
    return qf && qt && qf.getExpressedType() == qt.getExpressedType() &&
           qf.getStorageTypeIntegralWidth() <= qt.getStorageTypeIntegralWidth();
  if (from.isInteger(1) || to.isInteger(1))
    return false; // booleans promote to booleans only (from == to above)
  auto intFrom = dyn_cast<IntegerType>(from), intTo = dyn_cast<IntegerType>(to);
  if (intFrom && intTo)
    return intFrom.getWidth() <= intTo.getWidth();
  auto floatFrom = dyn_cast<FloatType>(from), floatTo = dyn_cast<FloatType>(to);
  if (floatFrom && floatTo)
    return floatFrom.getWidth() <= floatTo.getWidth();
  auto complexFrom = dyn_cast<ComplexType>(from);
  auto complexTo = dyn_cast<ComplexType>(to);
  return complexFrom && complexTo &&
         isPromotable(complexFrom.getElementType(), complexTo.getElementType());
}

bool isPromotableAsUpstream(Type from, Type to) {
  // Quantized types (which the oracle cannot parse) stay as the spec has
  // them: isPromotable, without deviations.
  if (isa<quant::QuantizedType>(from) || isa<quant::QuantizedType>(to))
    return isPromotable(from, to);
  auto intFrom = dyn_cast<IntegerType>(from), intTo = dyn_cast<IntegerType>(to);
  if (intFrom && intTo)
    return intFrom.getWidth() <= intTo.getWidth();
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return true;
  auto complexFrom = dyn_cast<ComplexType>(from);
  auto complexTo = dyn_cast<ComplexType>(to);
  if (complexFrom && complexTo)
    return isPromotable(complexFrom.getElementType(),
                        complexTo.getElementType());
  return from == to;
}

Type reducerResultElement(Block &body, unsigned i) {
  Operation *terminator = terminatorOf(body);
  if (!terminator || i >= terminator->getNumOperands())
    return {};
  auto scalar = dyn_cast<RankedTensorType>(terminator->getOperand(i).getType());
  if (!scalar || scalar.getRank() != 0)
    return {};
  return scalar.getElementType();
}

LogicalResult verifyElementAsUpstream(
    Operation *op, Type element, Type expected, Type accumulator,
    StringRef constraint,
    llvm::function_ref<void(InFlightDiagnostic &)> describe) {
  if (element == expected)
    return success();
  bool quantized = isa<quant::QuantizedType>(element) ||
                   isa<quant::QuantizedType>(expected);
  if (accumulator && !quantized &&
      isPromotableAsUpstream(element, accumulator))
    return reportSpecDeviation(op, constraint, describe);
  InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
  describe(error);
  return error;
}

LogicalResult verifyReducerBody(Operation *op, Block &body,
                                TypeRange inputElementTypes,
                                StringRef constraint, StringRef regionName,
                                bool asUpstream) {
  size_t n = inputElementTypes.size();
  auto describe = [&](InFlightDiagnostic &diag) -> InFlightDiagnostic & {
    return diag << regionName
                << " must have type (tensor<E0>, ..., tensor<E" << n - 1
                << ">, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei "
                   "promotable from the input element type; ";
  };
  auto bodyError = [&]() {
    InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
    describe(error);
    return error;
  };
  if (body.getNumArguments() != 2 * n)
    return bodyError() << "got " << body.getNumArguments() << " arguments";
  Operation *terminator = terminatorOf(body);
  if (!terminator || terminator->getNumOperands() != n)
    return bodyError() << "its return must yield " << n << " values";
  for (size_t i = 0; i < n; ++i) {
    Type expected = terminator->getOperand(i).getType();
    auto scalar = dyn_cast<RankedTensorType>(expected);
    if (!scalar || scalar.getRank() != 0)
      return bodyError() << "result " << i << " is " << expected;
    Type argument = body.getArgument(n + i).getType();
    if (body.getArgument(i).getType() != expected)
      return bodyError() << "arguments " << i << " and " << n + i
                         << " must have type " << expected;
    if (argument != expected) {
      // Upstream compares argument N+i with the result ignoring the
      // precision of floats.
      auto scalarArgument = dyn_cast<RankedTensorType>(argument);
      if (!asUpstream || !scalarArgument || scalarArgument.getRank() != 0 ||
          !isa<FloatType>(scalarArgument.getElementType()) ||
          !isa<FloatType>(scalar.getElementType()))
        return bodyError() << "arguments " << i << " and " << n + i
                           << " must have type " << expected;
      if (failed(reportSpecDeviation(op, constraint, [&](InFlightDiagnostic &d) {
            describe(d) << "arguments " << i << " and " << n + i
                        << " must have type " << expected << ", got "
                        << argument;
          })))
        return failure();
    }
    Type element = scalar.getElementType();
    if (!isPromotable(inputElementTypes[i], element)) {
      auto describePromotion = [&](InFlightDiagnostic &d) {
        describe(d) << element << " is not promotable from "
                    << inputElementTypes[i];
      };
      if (!asUpstream ||
          !isPromotableAsUpstream(inputElementTypes[i], element)) {
        InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
        describePromotion(error);
        return error;
      }
      if (failed(reportSpecDeviation(op, constraint, describePromotion)))
        return failure();
    }
  }
  return success();
}

std::optional<SmallVector<int64_t>> constantDims(Value value) {
  DenseIntElementsAttr attr;
  // A shape operand has one entry per dimension: a constant of more entries
  // is not read (its length is reported by the caller, not copied).
  constexpr int64_t kMaxEntries = 1 << 16;
  if (!value || !matchPattern(value, m_Constant(&attr)) ||
      attr.getNumElements() > kMaxEntries)
    return std::nullopt;
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  SmallVector<int64_t> dims;
  for (const APInt &v : attr.getValues<APInt>()) {
    // A value past 64 bits (an i128 constant reaching a builder's inference
    // before ODS rejects its type) is not read: APInt's getters assert.
    if (isUnsigned ? v.getActiveBits() > 64 : v.getSignificantBits() > 64)
      return std::nullopt;
    dims.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue())
                              : v.getSExtValue());
  }
  return dims;
}

int64_t shapeOperandSize(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() == 1 ? type.getDimSize(0)
                                     : ShapedType::kDynamic;
}

LogicalResult verifyResultShapeOperand(Operation *op, Value shape,
                                       StringRef name, RankedTensorType result,
                                       StringRef id,
                                       bool countIsDeviation) {
  int64_t size = shapeOperandSize(shape);
  if (!ShapedType::isDynamic(size) && size != result.getRank() &&
      countIsDeviation)
    return reportSpecDeviation(op, id, [&](InFlightDiagnostic &diag) {
      diag << name << " must have one entry per result dimension (rank "
           << result.getRank() << "), got " << size;
    });
  if (!ShapedType::isDynamic(size) && size != result.getRank())
    return op->emitOpError()
           << id << ": " << name << " must have one entry per result "
           << "dimension (rank " << result.getRank() << "), got " << size;
  std::optional<SmallVector<int64_t>> sizes = constantDims(shape);
  if (!sizes)
    return success();
  for (auto [d, value] : llvm::enumerate(*sizes)) {
    int64_t declared = result.getDimSize(d);
    if (value < 0 || (!ShapedType::isDynamic(declared) && declared != value))
      return op->emitOpError()
             << id << ": " << name << " " << formatDims(*sizes)
             << " must be non-negative and agree with result " << result
             << " in dimension " << d;
  }
  return success();
}

LogicalResult
reportSpecDeviation(Operation *op, StringRef constraint,
                    llvm::function_ref<void(InFlightDiagnostic &)> message) {
  auto *dialect = op->getContext()->getLoadedDialect<StablehloDialect>();
  if (dialect && dialect->isStrictSpec()) {
    InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
    message(error);
    return error;
  }
  if (dialect && (!dialect->warnsSpecDeviations() ||
                  !dialect->firstSpecDeviation(op, constraint)))
    return success();
  // Not op->emitWarning(): its note prints the op in its custom form, which
  // verifies it first, which warns again.
  InFlightDiagnostic warning = mlir::emitWarning(op->getLoc());
  warning << "'" << op->getName() << "' op " << constraint << ": ";
  message(warning);
  warning << " (accepted, as upstream StableHLO accepts it; an error under "
             "strict spec checking)";
  return success();
}

bool isAllowedComparisonType(Type element, ComparisonType type) {
  if (element.isInteger(1) || element.isUnsignedInteger())
    return type == ComparisonType::UNSIGNED;
  if (isa<IntegerType>(element))
    return type == ComparisonType::SIGNED;
  if (isa<FloatType>(element))
    return type == ComparisonType::FLOAT || type == ComparisonType::TOTALORDER;
  if (isa<ComplexType>(element))
    return type == ComparisonType::FLOAT;
  return false;
}

} // namespace mlir::stablehlo
