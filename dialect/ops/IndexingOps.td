// Ops that read or write a tensor at computed indices (spec: gather, scatter,
// dynamic_slice, dynamic_update_slice; legacy: torch_index_select).
// Verifiers and shape functions: lib/Dialect/IndexingOps.cpp.
#ifndef STABLEHLO_PY_INDEXING_OPS_TD
#define STABLEHLO_PY_INDEXING_OPS_TD

include "StablehloAttrs.td"

//===--- Reads: gather, dynamic_slice, torch_index_select ---------------===//


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//

def HLO_IndexTensor : RankedTensorOf<[HLO_Int]>;
def HLO_ScalarIndexTensor : 0DTensorOf<[HLO_Int]>;

// Printed in the generic form, as upstream does.
def StableHLO_ScatterOp : StableHLO_InferringOp<"scatter", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "update slices of tensors at computed indices with a body";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       HLO_IndexTensor:$scatter_indices,
                       Variadic<HLO_PerTensorTensor>:$updates,
                       StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp
    : StableHLO_InferringOp<"dynamic_update_slice", [Pure]> {
  let summary = "overwrite a slice at run-time (clamped) start indices";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_PerTensorTensor:$update,
                       Variadic<HLO_ScalarIndexTensor>:$start_indices);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}


#endif // STABLEHLO_PY_INDEXING_OPS_TD
