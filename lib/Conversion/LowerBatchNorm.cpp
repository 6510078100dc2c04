// stablehlo-legalize-to-linalg, batch_norm_inference: the spec's
// decomposition into element-wise StableHLO ops, which their own patterns
// then lower. The steps and their types are the interpreter's
// (kernels/reductions.py): the operand and the per-feature vectors in f32
// (f64 stays f64), stddev = sqrt(variance + epsilon) per feature,
// (x - mean) / stddev, then scale * that + offset, converted back. Each step
// is one correctly rounded op, so the results are the interpreter's bits.
//
// batch_norm_training and batch_norm_grad stay runtime calls: their means
// and sums are numpy's pairwise sums in the interpreter, an order the lowered
// reduce does not follow.
#include "Conversion/LoweringCommon.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

struct BatchNormInferenceToElementwise
    : OpConversionPattern<BatchNormInferenceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BatchNormInferenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = op.getType();
    auto element = dyn_cast<FloatType>(type.getElementType());
    int64_t axis = static_cast<int64_t>(op.getFeatureIndex());
    if (!element || !type.hasStaticShape() || axis >= type.getRank())
      return rewriter.notifyMatchFailure(op, "expected static float tensors");
    FloatType compute = isa<Float32Type, Float64Type>(element)
                            ? element
                            : FloatType(rewriter.getF32Type());
    Location loc = op.getLoc();
    auto inCompute = [&](Value value) -> Value {
      auto valueType = cast<RankedTensorType>(value.getType());
      if (valueType.getElementType() == compute)
        return value;
      return ConvertOp::create(rewriter, loc, valueType.clone(compute), value);
    };
    RankedTensorType full = type.clone(compute);
    auto perElement = [&](Value feature) -> Value {
      return BroadcastInDimOp::create(rewriter, loc, full, feature,
                                      ArrayRef<int64_t>{axis});
    };

    // epsilon is an f32 attribute: exact in f64.
    APFloat epsilon = op.getEpsilon();
    bool lost = false;
    epsilon.convert(compute.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
    auto featureType = RankedTensorType::get({type.getDimSize(axis)}, compute);
    Value epsilons = ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(featureType, epsilon));
    Value stddev = SqrtOp::create(
        rewriter, loc,
        AddOp::create(rewriter, loc, inCompute(adaptor.getVariance()),
                      epsilons));
    Value centered =
        SubtractOp::create(rewriter, loc, inCompute(adaptor.getOperand()),
                           perElement(inCompute(adaptor.getMean())));
    Value normalized =
        DivOp::create(rewriter, loc, centered, perElement(stddev));
    Value scaled = MulOp::create(rewriter, loc,
                                 perElement(inCompute(adaptor.getScale())),
                                 normalized);
    Value result = AddOp::create(rewriter, loc, scaled,
                                 perElement(inCompute(adaptor.getOffset())));
    if (compute != element)
      result = ConvertOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateBatchNormPatterns(const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<BatchNormInferenceToElementwise>(converter,
                                                patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
