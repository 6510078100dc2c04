// Verifiers and shape functions of batch_norm_inference, batch_norm_training
// and batch_norm_grad. Each check cites its spec constraint; the three ops
// share the constraint kinds (feature_index in range, one baseline element
// type, per-feature sizes, operand-shaped results) under different ids.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "NormalizationOps.cpp.inc"

void mlir::stablehlo::registerNormalizationOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "NormalizationOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {
namespace {

// The per-feature vector type: rank 1, dim(operand, feature_index) long (or
// dynamic when the index is out of range, for the verifier to report).
Type featureVectorType(Type operandType, int64_t featureIndex) {
  auto operand = cast<RankedTensorType>(operandType);
  int64_t size = featureIndex >= 0 && featureIndex < operand.getRank()
                     ? operand.getDimSize(featureIndex)
                     : ShapedType::kDynamic;
  return RankedTensorType::get({size}, operand.getElementType());
}

struct Named {
  const char *name;
  Type type;
};

// Checks of one batch-norm op, reported as "'stablehlo.X' op Cn: ...".
class BatchNormChecks {
public:
  BatchNormChecks(Operation *op, Value operand, int64_t featureIndex)
      : op(op), operand(cast<RankedTensorType>(operand.getType())),
        featureIndex(featureIndex) {}

  // 0 <= feature_index < rank(operand).
  LogicalResult featureIndexInRange(const char *id) {
    if (featureIndex >= 0 && featureIndex < operand.getRank())
      return success();
    return op->emitOpError()
           << id << ": feature_index " << featureIndex << " must be in [0, "
           << operand.getRank() << ") for operand " << operand;
  }

  // All of `values` have the operand's baseline element type.
  LogicalResult sameBaselineElementType(const char *id, const char *names,
                                        ArrayRef<Named> values) {
    for (const Named &value : values)
      if (!haveSameBaselineElementType(operand, value.type))
        return op->emitOpError()
               << id << ": " << names
               << " must have the same baseline element type; operand is "
               << operand << " but " << value.name << " is " << value.type;
    return success();
  }

  // size(value) = dim(operand, feature_index) (when both are known): the
  // size of the shape functions' per-feature vector (featureVectorType).
  LogicalResult featureSized(const char *id, Named value) {
    auto type = cast<RankedTensorType>(value.type);
    int64_t size = type.getDimSize(0),
            features = cast<RankedTensorType>(
                           featureVectorType(operand, featureIndex))
                           .getDimSize(0);
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(features) ||
        size == features)
      return success();
    return op->emitOpError()
           << id << ": size(" << value.name << ") = " << size
           << " must be dim(operand, feature_index) = " << features;
  }

  // `value` has the operand's baseline type (shape and element type).
  LogicalResult operandTyped(const char *id, Named value) {
    if (haveSameBaselineType(operand, value.type))
      return success();
    return op->emitOpError() << id << ": " << value.name
                             << " must have the operand's baseline type "
                             << operand << ", got " << value.type;
  }

  // `values` have the same shape (batch_norm_grad_c4).
  LogicalResult sameShape(const char *id, const char *names,
                          ArrayRef<Named> values) {
    for (const Named &value : values.drop_front())
      if (!isCompatibleShape(values.front().type, value.type))
        return op->emitOpError()
               << id << ": " << names << " must have the same shape; "
               << values.front().name << " is " << values.front().type
               << " but " << value.name << " is " << value.type;
    return success();
  }

private:
  Operation *op;
  RankedTensorType operand;
  int64_t featureIndex;
};

} // namespace

//===--- batch_norm_inference ----------------------------------------------===//

LogicalResult BatchNormInferenceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<BatchNormInferenceOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  inferred.push_back((*ranked)[0]); // batch_norm_inference_c7
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  BatchNormChecks check(*this, getOperand(), getFeatureIndex());
  Named scale{"scale", getScale().getType()},
      offset{"offset", getOffset().getType()},
      mean{"mean", getMean().getType()},
      variance{"variance", getVariance().getType()},
      result{"result", getType()};
  return success(
      succeeded(check.featureIndexInRange("C1")) &&
      succeeded(check.sameBaselineElementType(
          "C2", "operand, scale, offset, mean, variance and result",
          {scale, offset, mean, variance, result})) &&
      succeeded(check.featureSized("C3", scale)) &&
      succeeded(check.featureSized("C4", offset)) &&
      succeeded(check.featureSized("C5", mean)) &&
      succeeded(check.featureSized("C6", variance)) &&
      succeeded(check.operandTyped("C7", result)));
}

//===--- batch_norm_training -----------------------------------------------===//

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<BatchNormTrainingOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto featureIndex =
      propertiesOf<BatchNormTrainingOp>(attributes, properties).feature_index;
  Type operand = (*ranked)[0];
  Type features = featureVectorType(
      operand, featureIndex ? featureIndex.getInt() : -1); // batch_norm_training_c5, batch_norm_training_c6
  inferred.append({operand, features, features});          // batch_norm_training_c7
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  BatchNormChecks check(*this, getOperand(), getFeatureIndex());
  Named scale{"scale", getScale().getType()},
      offset{"offset", getOffset().getType()},
      output{"output", getOutput().getType()},
      mean{"batch_mean", getBatchMean().getType()},
      var{"batch_var", getBatchVar().getType()};
  return success(
      succeeded(check.featureIndexInRange("C1")) &&
      succeeded(check.sameBaselineElementType(
          "C2", "operand, scale, offset, batch_mean, batch_var and output",
          {scale, offset, mean, var, output})) &&
      succeeded(check.featureSized("C3", scale)) &&
      succeeded(check.featureSized("C4", offset)) &&
      succeeded(check.featureSized("C5", mean)) &&
      succeeded(check.featureSized("C6", var)) &&
      succeeded(check.operandTyped("C7", output)));
}

//===--- batch_norm_grad ---------------------------------------------------===//

LogicalResult BatchNormGradOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<BatchNormGradOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto featureIndex =
      propertiesOf<BatchNormGradOp>(attributes, properties).feature_index;
  Type operand = (*ranked)[0];
  Type features = featureVectorType(
      operand, featureIndex ? featureIndex.getInt() : -1); // batch_norm_grad_c4, batch_norm_grad_c5
  inferred.append({operand, features, features});          // batch_norm_grad_c3
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  BatchNormChecks check(*this, getOperand(), getFeatureIndex());
  Named scale{"scale", getScale().getType()},
      mean{"mean", getMean().getType()},
      variance{"variance", getVariance().getType()},
      gradOutput{"grad_output", getGradOutput().getType()},
      gradOperand{"grad_operand", getGradOperand().getType()},
      gradScale{"grad_scale", getGradScale().getType()},
      gradOffset{"grad_offset", getGradOffset().getType()};
  return success(
      succeeded(check.featureIndexInRange("C1")) &&
      succeeded(check.sameBaselineElementType(
          "C2",
          "operand, scale, mean, variance, grad_output, grad_operand, "
          "grad_scale and grad_offset",
          {scale, mean, variance, gradOutput, gradOperand, gradScale,
           gradOffset})) &&
      succeeded(check.operandTyped("C3", gradOutput)) &&
      succeeded(check.operandTyped("C3", gradOperand)) &&
      succeeded(check.sameShape(
          "C4", "scale, mean, variance, grad_scale and grad_offset",
          {scale, mean, variance, gradScale, gradOffset})) &&
      succeeded(check.featureSized("C5", scale)));
}

} // namespace mlir::stablehlo
