// Verifiers of rng_bit_generator and rng. Each check cites its spec
// constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "RandomOps.cpp.inc"

namespace mlir::stablehlo {

LogicalResult RngBitGeneratorOp::verify() {
  auto initial = cast<RankedTensorType>(getInitialState().getType());
  if (!isCompatibleType(initial, getOutputState().getType())) // rng_bit_generator_c1
    return emitOpError() << "C1: output_state must have the type of "
                            "initial_state, "
                         << initial << ", got " << getOutputState().getType();
  int64_t size = initial.getDimSize(0);
  RngAlgorithm algorithm = getRngAlgorithm();
  if (ShapedType::isDynamic(size) || algorithm == RngAlgorithm::DEFAULT)
    return success(); // rng_bit_generator_c2: the size for DEFAULT is implementation-defined
  if (algorithm == RngAlgorithm::THREE_FRY && size != 2) // rng_bit_generator_c2
    return emitOpError() << "C2: THREE_FRY needs an initial_state of 2 "
                            "elements, got "
                         << initial;
  if (algorithm == RngAlgorithm::PHILOX && size != 2 && size != 3) // rng_bit_generator_c2
    return emitOpError() << "C2: PHILOX needs an initial_state of 2 or 3 "
                            "elements, got "
                         << initial;
  return success();
}

LogicalResult RngOp::verify() {
  Type element = getA().getType().getElementType();
  auto result = cast<RankedTensorType>(getType());
  if (getB().getType().getElementType() != element ||
      result.getElementType() != element) // rng_c1
    return emitOpError() << "C1: a, b and result must have the same element "
                            "type, got "
                         << getA().getType() << ", " << getB().getType()
                         << " and " << result;
  if (getRngDistribution() == RngDistribution::NORMAL &&
      !isa<FloatType>(element)) // rng_c2
    return emitOpError() << "C2: a NORMAL distribution needs floating-point "
                            "values, got "
                         << element;
  auto shapeType = cast<RankedTensorType>(getShape().getType());
  if (!shapeType.isDynamicDim(0) &&
      shapeType.getDimSize(0) != result.getRank()) // rng_c3
    return emitOpError() << "C3: shape has " << shapeType.getDimSize(0)
                         << " entries but the result " << result
                         << " has rank " << result.getRank();
  DenseIntElementsAttr shape;
  if (matchPattern(getShape(), m_Constant(&shape))) {
    SmallVector<int64_t> dims;
    for (const APInt &d : shape.getValues<APInt>())
      dims.push_back(d.getSExtValue());
    // A negative size is no shape (and RankedTensorType::get asserts on it).
    if (llvm::any_of(dims, [](int64_t d) { return d < 0; })) // rng_c3
      return emitOpError() << "C3: shape " << formatDims(dims)
                           << " must not have negative sizes";
    if (!isCompatibleShape(RankedTensorType::get(dims, element), result)) // rng_c3
      return emitOpError() << "C3: result shape must be shape "
                           << formatDims(dims) << ", got " << result;
  }
  return success();
}

} // namespace mlir::stablehlo
