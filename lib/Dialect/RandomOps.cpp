// Verifiers of rng_bit_generator and rng. Each check cites its spec
// constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "RandomOps.cpp.inc"

void mlir::stablehlo::registerRandomOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "RandomOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

LogicalResult RngBitGeneratorOp::verify() {
  auto initial = cast<RankedTensorType>(getInitialState().getType());
  Type output = getOutputState().getType();
  auto describeC1 = [&](InFlightDiagnostic &diag) {
    diag << "output_state must have the type of initial_state, " << initial
         << ", got " << output;
  };
  if (!isCompatibleShape(initial, output)) { // rng_bit_generator_c1
    InFlightDiagnostic error = emitOpError() << "C1: ";
    describeC1(error);
    return error;
  }
  // Upstream checks the shapes only.
  if (!isCompatibleType(initial, output) &&
      failed(reportSpecDeviation(*this, "C1", describeC1))) // rng_bit_generator_c1
    return failure();
  if (initial.getRank() != 1 || !initial.getElementType().isUnsignedInteger(64)) // rng_bit_generator_i2
    return reportSpecDeviation(*this, "I2", [&](InFlightDiagnostic &diag) {
      diag << "initial_state must be a 1-dimensional tensor of ui64, got "
           << initial;
    });
  int64_t size = initial.getDimSize(0);
  RngAlgorithm algorithm = getRngAlgorithm();
  if (ShapedType::isDynamic(size) || algorithm == RngAlgorithm::DEFAULT)
    return success(); // rng_bit_generator_c2: the size for DEFAULT is implementation-defined
  // Upstream does not check the size (C2) either.
  if (algorithm == RngAlgorithm::THREE_FRY && size != 2) // rng_bit_generator_c2
    return reportSpecDeviation(*this, "C2", [&](InFlightDiagnostic &diag) {
      diag << "THREE_FRY needs an initial_state of 2 elements, got "
           << initial;
    });
  if (algorithm == RngAlgorithm::PHILOX && size != 2 && size != 3) // rng_bit_generator_c2
    return reportSpecDeviation(*this, "C2", [&](InFlightDiagnostic &diag) {
      diag << "PHILOX needs an initial_state of 2 or 3 elements, got "
           << initial;
    });
  return success();
}

// rng_c1, rng_c3: a's element type and the sizes a constant `shape` holds,
// dynamic sizes otherwise (as upstream infers them). Sizes that are no shape
// (negative, or not one per dimension) give dynamic sizes, a shape of unknown
// length an unranked placeholder: the verifier reports what is wrong.
LogicalResult RngOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> location,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange,
                                      SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<RngOp>(location, operands, 3);
  if (failed(ranked))
    return failure();
  Type element = (*ranked)[0].getElementType();
  int64_t rank = shapeOperandSize(operands[2]);
  constexpr int64_t kMaxRank = 1 << 16; // no tensor has more dimensions
  if (ShapedType::isDynamic(rank) || rank > kMaxRank) {
    inferred.push_back(UnrankedTensorType::get(element));
    return success();
  }
  SmallVector<int64_t> dims(rank, ShapedType::kDynamic);
  std::optional<SmallVector<int64_t>> known = constantDims(operands[2]);
  if (known && known->size() == dims.size() &&
      llvm::none_of(*known, [](int64_t d) { return d < 0; }))
    dims = *known;
  inferred.push_back(RankedTensorType::get(dims, element));
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
  if (!shapeType.getElementType().isSignlessInteger(64) &&
      failed(reportSpecDeviation(*this, "I3", [&](InFlightDiagnostic &diag) {
        diag << "shape must be a tensor of si64, got " << shapeType;
      }))) // rng_i3
    return failure();
  if (!shapeType.isDynamicDim(0) &&
      shapeType.getDimSize(0) != result.getRank()) // rng_c3
    return emitOpError() << "C3: shape has " << shapeType.getDimSize(0)
                         << " entries but the result " << result
                         << " has rank " << result.getRank();
  if (std::optional<SmallVector<int64_t>> known = constantDims(getShape())) {
    SmallVector<int64_t> &dims = *known;
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
