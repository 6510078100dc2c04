// Verifiers and shape function of uniform_quantize and uniform_dequantize.
// Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "QuantizationOps.cpp.inc"

void mlir::stablehlo::registerQuantizationOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "QuantizationOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

// uniform_quantize_c1 and uniform_dequantize_c1: shape(operand) =
// shape(result).
static LogicalResult verifySameShape(Operation *op, RankedTensorType operand,
                                     RankedTensorType result) {
  if (isCompatibleShape(operand, result))
    return success();
  return op->emitOpError() << "C1: result shape "
                           << formatShape(result.getShape())
                           << " must equal the operand shape "
                           << formatShape(operand.getShape());
}

LogicalResult UniformQuantizeOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location>, ValueShapeRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  return inferShapeOfFirstOperand(operands, inferred); // uniform_quantize_c1
}

LogicalResult UniformQuantizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifySameShape(*this, operand, result))) // uniform_quantize_c1
    return failure();
  auto resultQuantized = getQuantizedElementType(result);
  auto operandQuantized = getQuantizedElementType(operand);
  Type expressed = operandQuantized ? operandQuantized.getExpressedType()
                                    : operand.getElementType();
  if (resultQuantized.getExpressedType() != expressed) // uniform_quantize_c2
    return emitOpError() << "C2: the expressed type of the result "
                         << resultQuantized.getExpressedType() << " must be "
                         << (operandQuantized ? "the expressed type"
                                              : "the element type")
                         << " of the operand, " << expressed;
  return success();
}

LogicalResult UniformDequantizeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<UniformDequantizeOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  RankedTensorType operand = (*ranked)[0];
  auto quantized = getQuantizedElementType(operand);
  Type element = quantized ? quantized.getExpressedType()
                           : operand.getElementType(); // the verifier's (I1)
  inferred.push_back(
      getTensorType(operand.getShape(), element, getBounds(operand))); // uniform_dequantize_c1, uniform_dequantize_c2
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifySameShape(*this, operand, result))) // uniform_dequantize_c1
    return failure();
  Type expressed = getQuantizedElementType(operand).getExpressedType();
  if (result.getElementType() != expressed) // uniform_dequantize_c2
    return emitOpError() << "C2: the result element type "
                         << result.getElementType()
                         << " must be the expressed type of the operand, "
                         << expressed;
  return success();
}

} // namespace mlir::stablehlo
