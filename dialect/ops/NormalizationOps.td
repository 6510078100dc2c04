// Batch normalization (spec: batch_norm_inference, batch_norm_training,
// batch_norm_grad). Verifiers and shape functions:
// lib/Dialect/NormalizationOps.cpp. Upstream prints these ops in the generic
// form; MLIR names the results of the multi-result ones after their outputs.
#ifndef STABLEHLO_PY_NORMALIZATION_OPS_TD
#define STABLEHLO_PY_NORMALIZATION_OPS_TD

include "StablehloAttrs.td"

def HLO_FloatOrPerTensorQuantizedTensor
    : RankedTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>;
def HLO_1DFloatOrPerTensorQuantizedTensor
    : 1DTensorOf<[HLO_Float, HLO_PerTensorQuantizedInt]>;

class HLO_BatchNormOp<string mnemonic>
    : StableHLO_InferringOp<mnemonic, [Pure]> {
  let hasVerifier = 1;
}

def StableHLO_BatchNormInferenceOp
    : HLO_BatchNormOp<"batch_norm_inference"> {
  let summary = "normalize with a given mean and variance per feature";
  let arguments = (ins HLO_FloatOrPerTensorQuantizedTensor:$operand,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$scale,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$offset,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$mean,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$variance,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrPerTensorQuantizedTensor:$result);
}

def StableHLO_BatchNormTrainingOp : HLO_BatchNormOp<"batch_norm_training"> {
  let summary = "normalize with the batch's own mean and variance per feature";
  let arguments = (ins HLO_FloatOrPerTensorQuantizedTensor:$operand,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$scale,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$offset,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrPerTensorQuantizedTensor:$output,
                      HLO_1DFloatOrPerTensorQuantizedTensor:$batch_mean,
                      HLO_1DFloatOrPerTensorQuantizedTensor:$batch_var);
}

def StableHLO_BatchNormGradOp : HLO_BatchNormOp<"batch_norm_grad"> {
  let summary = "gradients of batch_norm_training";
  let arguments = (ins HLO_FloatOrPerTensorQuantizedTensor:$operand,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$scale,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$mean,
                       HLO_1DFloatOrPerTensorQuantizedTensor:$variance,
                       HLO_FloatOrPerTensorQuantizedTensor:$grad_output,
                       F32Attr:$epsilon, I64Attr:$feature_index);
  let results = (outs HLO_FloatOrPerTensorQuantizedTensor:$grad_operand,
                      HLO_1DFloatOrPerTensorQuantizedTensor:$grad_scale,
                      HLO_1DFloatOrPerTensorQuantizedTensor:$grad_offset);
}

#endif // STABLEHLO_PY_NORMALIZATION_OPS_TD
