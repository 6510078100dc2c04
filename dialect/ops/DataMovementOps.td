// Data-movement ops (spec: broadcast_in_dim, reshape, ...).
// Verifiers and shape functions: lib/Dialect/DataMovementOps.cpp.
#ifndef STABLEHLO_PY_DATA_MOVEMENT_OPS_TD
#define STABLEHLO_PY_DATA_MOVEMENT_OPS_TD

include "StablehloAttrs.td"

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast a tensor into a larger shape along given dimensions";
  let arguments = (ins HLO_Tensor:$operand, HLO_Dims:$broadcast_dimensions);
  let results = (outs HLO_StaticOrBoundedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($broadcast_dimensions) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape", [Pure]> {
  let summary = "reshape a tensor keeping row-major element order";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_StaticOrBoundedTensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_DATA_MOVEMENT_OPS_TD
