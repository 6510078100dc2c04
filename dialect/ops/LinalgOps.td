// Linear algebra ops (spec: dot_general, convolution; the legacy dot).
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

def HLO_FpComplexOrPerTensorQuantizedTensor
    : RankedTensorOf<[HLO_Float, HLO_Complex, HLO_PerTensorQuantizedInt]>;

def StableHLO_CholeskyOp : StableHLO_InferringOp<"cholesky", [Pure]> {
  let summary = "Cholesky factor of each matrix in a batch";
  let arguments = (ins HLO_FpComplexOrPerTensorQuantizedTensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs HLO_FpComplexOrPerTensorQuantizedTensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict
      `:` custom<SameOperandsAndResultType>(type($a), type($result))
  }];
  let hasVerifier = 1;
}

// Upstream prints triangular_solve in the generic form.
def StableHLO_TriangularSolveOp
    : StableHLO_InferringOp<"triangular_solve", [Pure]> {
  let summary = "solve batches of triangular linear systems";
  let arguments = (ins HLO_FpComplexOrPerTensorQuantizedTensor:$a,
                       HLO_FpComplexOrPerTensorQuantizedTensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       StableHLO_TransposeAttr:$transpose_a);
  let results = (outs HLO_FpComplexOrPerTensorQuantizedTensor:$result);
  let hasVerifier = 1;
}

// einsum and unary_einsum: not in the spec (legacy ops kept by upstream; XLA's
// Einsum). `config` is "lhs,rhs->result" or "operand->result" with one letter
// per dimension; LinalgOps.cpp checks it against the types (upstream does not).
def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "Einstein summation of two tensors (legacy)";
  let arguments = (ins HLO_NonQuantizedTensor:$lhs, HLO_NonQuantizedTensor:$rhs,
                       StrAttr:$einsum_config);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UnaryEinsumOp : StableHLO_Op<"unary_einsum", [Pure]> {
  let summary = "Einstein summation of one tensor (legacy)";
  let arguments = (ins HLO_NonQuantizedTensor:$operand, StrAttr:$einsum_config);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `config` `=` $einsum_config attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// dot: not in the spec (a legacy op kept by upstream StableHLO). It denotes
// dot_general with contracting_dims = [rank(lhs) - 1] x [0] and no batching
// dims, on operands of rank 1 or 2 (XLA's Dot); LinalgOps.cpp verifies it with
// the dot_general constraints it implies.
def StableHLO_DotOp : StableHLO_Op<"dot", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>]> {
  let summary = "legacy matrix/vector product of rank-1 and rank-2 tensors";
  let arguments = (ins HLO_PerTensorTensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `precision` `=` custom<PrecisionList>($precision_config)^)?
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// Window fields absent from the attribute dictionary take the spec's
// defaults (strides/dilations 1, padding 0, no reversal); the pretty form
// prints exactly the fields present, as upstream.
def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>]> {
  let summary = "windowed dot products of lhs with the kernel rhs";
  let arguments = (ins HLO_PerTensorTensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<HLO_Dims>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding,
                       OptionalAttr<HLO_Dims>:$lhs_dilation,
                       OptionalAttr<HLO_Dims>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       StableHLO_ConvDimensionNumbers:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    `(` operands `)`
      `dim_numbers` `=` custom<ConvolutionDimensions>($dimension_numbers) `,`
      `window` `=` custom<WindowAttributes>($window_strides, $padding,
                                             $lhs_dilation, $rhs_dilation,
                                             $window_reversal)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// convolution with padding as an operand of shape [rank - 2, 2] (dynamism
// RFC P4). Printed in the generic form, as upstream does.
def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with padding given as an operand";
  let arguments = (ins HLO_PerTensorTensor:$lhs, HLO_Tensor:$rhs,
                       StaticShapeTensorOf<[HLO_Int]>:$padding,
                       OptionalAttr<HLO_Dims>:$window_strides,
                       OptionalAttr<HLO_Dims>:$lhs_dilation,
                       OptionalAttr<HLO_Dims>:$rhs_dilation,
                       OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
                       StableHLO_ConvDimensionNumbers:$dimension_numbers,
                       I64Attr:$feature_group_count,
                       I64Attr:$batch_group_count,
                       OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_LINALG_OPS_TD
