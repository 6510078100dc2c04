// Conversions between floating-point and quantized tensors (spec:
// uniform_quantize, uniform_dequantize). Verifiers and shape function:
// lib/Dialect/QuantizationOps.cpp.
#ifndef STABLEHLO_PY_QUANTIZATION_OPS_TD
#define STABLEHLO_PY_QUANTIZATION_OPS_TD

include "StablehloAttrs.td"

def HLO_QuantizedTensor : RankedTensorOf<[HLO_QuantizedInt]>;
def HLO_FloatTensor : RankedTensorOf<[HLO_Float]>;

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>]> {
  let summary = "quantize a float tensor, or requantize a quantized one";
  let arguments = (ins RankedTensorOf<[HLO_Float, HLO_QuantizedInt]>:$operand);
  let results = (outs HLO_QuantizedTensor:$result);
  // One type when requantizing to the same type, as upstream prints it.
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp
    : StableHLO_InferringOp<"uniform_dequantize", [Pure]> {
  let summary = "dequantize a quantized tensor to its expressed type";
  let arguments = (ins HLO_QuantizedTensor:$operand);
  let results = (outs HLO_FloatTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_QUANTIZATION_OPS_TD
