// The Fourier transform (spec: fft). Verifier and shape function:
// lib/Dialect/FftOps.cpp.
#ifndef STABLEHLO_PY_FFT_OPS_TD
#define STABLEHLO_PY_FFT_OPS_TD

include "StablehloAttrs.td"

def StableHLO_FftOp : StableHLO_InferringOp<"fft", [Pure]> {
  let summary = "forward and inverse Fourier transforms over trailing dims";
  let arguments = (ins HLO_FpOrComplexTensor:$operand,
                       StableHLO_FftTypeAttr:$fft_type,
                       HLO_Dims:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` custom<EnumKeyword>($fft_type) `,`
      `length` `=` custom<Dims>($fft_length) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_FFT_OPS_TD
