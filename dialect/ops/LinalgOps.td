// Linear algebra ops (spec: dot_general, ...).
// Verifiers and shape functions: lib/Dialect/LinalgOps.cpp.
#ifndef STABLEHLO_PY_LINALG_OPS_TD
#define STABLEHLO_PY_LINALG_OPS_TD

include "StablehloAttrs.td"

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>]> {
  let summary = "generalised dot product with batching and contracting dims";
  let arguments = (ins HLO_PerTensorTensor:$lhs, HLO_Tensor:$rhs,
                       StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config,
                       OptionalAttr<StableHLO_DotAlgorithm>:$algorithm);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers,
                                                 $precision_config, $algorithm)
      attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_LINALG_OPS_TD
