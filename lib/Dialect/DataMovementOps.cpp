// Verifiers of the data-movement ops. Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "DataMovementOps.cpp.inc"

namespace mlir::stablehlo {

// Element types agree; per-axis quantization parameters may differ (C1 of
// broadcast_in_dim and reshape).
static bool sameElementTypeUpToAxis(Type operand, Type result) {
  if (getElementTypeOrSelf(operand) == getElementTypeOrSelf(result))
    return true;
  return isPerAxisQuantized(operand) && isPerAxisQuantized(result) &&
         haveSameQuantizedBase(getQuantizedElementType(operand),
                               getQuantizedElementType(result));
}

static quant::UniformQuantizedPerAxisType perAxisType(Type type) {
  return cast<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

static int64_t quantizationAxis(Type type) {
  return perAxisType(type).getQuantizedDimension();
}

//===--- broadcast_in_dim --------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (!sameElementTypeUpToAxis(operand, result)) // C1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != operand.getRank()) // C2
    return emitOpError() << "C2: broadcast_dimensions " << formatDims(dims)
                         << " must have one entry per operand dimension (rank "
                         << operand.getRank() << ")";
  for (int64_t dim : dims)
    if (dim < 0 || dim >= result.getRank()) // C3
      return emitOpError() << "C3: broadcast_dimensions " << formatDims(dims)
                           << " must be in [0, " << result.getRank() << ")";
  if (!isUnique(dims)) // C4
    return emitOpError() << "C4: broadcast_dimensions " << formatDims(dims)
                         << " must be unique";
  for (auto [d, resultDim] : llvm::enumerate(dims)) {
    int64_t size = operand.getDimSize(d),
            resultSize = result.getDimSize(resultDim);
    if (size == 1 || ShapedType::isDynamic(size) ||
        ShapedType::isDynamic(resultSize))
      continue;
    if (size != resultSize) // C5
      return emitOpError() << "C5: operand dimension " << d << " of size "
                           << size << " must be 1 or equal result dimension "
                           << resultDim << " of size " << resultSize;
  }
  if (isPerAxisQuantized(result)) {
    if (!isPerAxisQuantized(operand) ||
        quantizationAxis(result) != dims[quantizationAxis(operand)]) // C6
      return emitOpError() << "C6: quantization_dimension of the result must "
                              "be broadcast_dimensions[quantization_dimension "
                              "of the operand]";
    auto from = perAxisType(operand), to = perAxisType(result);
    if (operand.getDimSize(from.getQuantizedDimension()) == 1 &&
        (llvm::any_of(to.getScales(),
                      [&](double s) { return s != from.getScales()[0]; }) ||
         llvm::any_of(to.getZeroPoints(), [&](int64_t z) {
           return z != from.getZeroPoints()[0];
         }))) // C6
      return emitOpError() << "C6: a quantization dimension of size 1 "
                              "broadcasts its scale and zero point, so every "
                              "result scale and zero point must equal them";
  }
  return success();
}

//===--- reshape -----------------------------------------------------------===//

// Product of the static sizes of dims [from, to), or nullopt if any is dynamic.
static std::optional<int64_t> product(RankedTensorType type, int64_t from,
                                      int64_t to) {
  int64_t total = 1;
  for (int64_t d = from; d < to; ++d) {
    if (type.isDynamicDim(d))
      return std::nullopt;
    total *= type.getDimSize(d);
  }
  return total;
}

LogicalResult ReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (!sameElementTypeUpToAxis(operand, result)) // C1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (isPerAxisQuantized(operand) && isPerAxisQuantized(result) &&
      (perAxisType(operand).getScales() != perAxisType(result).getScales() ||
       perAxisType(operand).getZeroPoints() !=
           perAxisType(result).getZeroPoints())) // C1
    return emitOpError() << "C1: only the quantization_dimension may change; "
                            "scales and zero points must be the operand's";
  auto operandSize = product(operand, 0, operand.getRank());
  auto resultSize = product(result, 0, result.getRank());
  if (operandSize && resultSize && *operandSize != *resultSize) // C2
    return emitOpError() << "C2: operand " << operand << " has "
                         << *operandSize << " elements but result " << result
                         << " has " << *resultSize;
  if (isPerAxisQuantized(operand) && isPerAxisQuantized(result)) {
    int64_t a = quantizationAxis(operand), b = quantizationAxis(result);
    auto before = [&](RankedTensorType t, int64_t axis) {
      return product(t, 0, axis);
    };
    auto after = [&](RankedTensorType t, int64_t axis) {
      return product(t, axis + 1, t.getRank());
    };
    // Unknown sizes are checked at run time (dynamism RFC).
    auto differ = [](std::optional<int64_t> x, std::optional<int64_t> y) {
      return x && y && *x != *y;
    };
    if (a < operand.getRank() && b < result.getRank() &&
        (differ(before(operand, a), before(result, b)) ||
         differ(product(operand, a, a + 1), product(result, b, b + 1)) ||
         differ(after(operand, a), after(result, b)))) // C3
      return emitOpError() << "C3: reshape must keep the quantization "
                              "dimension and the sizes before and after it";
  }
  return success();
}

} // namespace mlir::stablehlo
