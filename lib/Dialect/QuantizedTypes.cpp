// The quantized element types of the spec ("Quantized element types") and the
// VerifyQuantizedTypes trait every stablehlo op carries.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

bool mlir::stablehlo::isValidQuantizedElementType(Type type) {
  auto quantized = dyn_cast<quant::QuantizedType>(type);
  if (!isa_and_nonnull<quant::UniformQuantizedType,
                       quant::UniformQuantizedPerAxisType>(quantized))
    return false;
  auto storage = dyn_cast<IntegerType>(quantized.getStorageType());
  return storage && llvm::is_contained({2u, 4u, 8u, 16u, 32u, 64u},
                                       storage.getWidth()) &&
         isa<FloatType>(quantized.getExpressedType());
}

static LogicalResult verifyQuantizedType(Operation *op, Type type) {
  auto quantized = getQuantizedElementType(type);
  if (!quantized)
    return success();
  // `!quant.uniform<i8:...>` and `<u8:...>` store a signless integer (the
  // signedness is a flag of the type). As upstream, an unsigned type may also
  // store `ui8` (MLIR reads `<ui8:...>` so and prints it `<u8:...>`), but a
  // signed one must not store `si8` (MLIR prints `<si8:...>` as `<i8:...>`,
  // which would read back as a different, valid type).
  auto storage = cast<IntegerType>(quantized.getStorageType());
  bool unsignedStorage = storage.isUnsigned() && !quantized.isSigned();
  if (!storage.isSignless() && !unsignedStorage) // as upstream's type constraints
    return op->emitOpError()
           << "quantized type: the storage type must be written i"
           << storage.getWidth() << " or u" << storage.getWidth() << ", not "
           << (storage.isSigned() ? "si" : "ui") << storage.getWidth()
           << ", in " << type;
  int64_t min = quantized.getStorageTypeMin(),
          max = quantized.getStorageTypeMax();
  // quantized_type_c1, quantized_type_c2 (storage_min/max have the storage
  // type) and quantized_type_c4, quantized_type_c8 (scales and zero points have
  // the expressed and storage types) hold by construction of !quant.uniform.
  if (min >= max) // quantized_type_c3
    return op->emitOpError()
           << "quantized type C3: storage_min " << min
           << " must be less than storage_max " << max << " in " << type;
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  std::optional<int32_t> axis;
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(quantized)) {
    scales.push_back(perTensor.getScale());
    zeroPoints.push_back(perTensor.getZeroPoint());
  } else {
    auto perAxis = cast<quant::UniformQuantizedPerAxisType>(quantized);
    llvm::append_range(scales, perAxis.getScales());
    llvm::append_range(zeroPoints, perAxis.getZeroPoints());
    axis = perAxis.getQuantizedDimension();
  }
  for (double scale : scales) {
    if (!(scale > 0)) // quantized_type_c5
      return op->emitOpError() << "quantized type C5: scale " << scale
                               << " must be positive in " << type;
    if (!std::isfinite(scale)) // quantized_type_c6
      return op->emitOpError() << "quantized type C6: scale must be finite in "
                               << type;
  }
  for (int64_t zeroPoint : zeroPoints)
    if (zeroPoint < min || zeroPoint > max) // quantized_type_c7
      return op->emitOpError()
             << "quantized type C7: zero point " << zeroPoint
             << " must be within [" << min << ", " << max << "] in " << type;
  if (scales.size() != zeroPoints.size()) // quantized_type_c9
    return op->emitOpError() << "quantized type C9: as many scales as zero "
                                "points are required in "
                             << type;
  if (!axis)
    return success(); // quantized_type_c10: a per-tensor type has exactly one scale.
  if (*axis < 0) // quantized_type_c11
    return op->emitOpError() << "quantized type C11: quantization_dimension "
                             << *axis << " must be non-negative in " << type;
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (*axis >= tensor.getRank()) // quantized_type_c12
    return op->emitOpError() << "quantized type C12: quantization_dimension "
                             << *axis << " must be less than the rank "
                             << tensor.getRank() << " of " << type;
  int64_t dim = tensor.getDimSize(*axis);
  if (!ShapedType::isDynamic(dim) &&
      dim != static_cast<int64_t>(scales.size())) // quantized_type_c13
    return op->emitOpError()
           << "quantized type C13: dimension " << *axis << " of size " << dim
           << " must equal the number of scales " << scales.size() << " in "
           << type;
  return success();
}

LogicalResult mlir::stablehlo::verifyQuantizedTypesOf(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (failed(verifyQuantizedType(op, type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(verifyQuantizedType(op, type)))
      return failure();
  return success();
}
