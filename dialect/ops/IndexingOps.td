// Ops that read or write a tensor at computed indices (spec: gather, scatter,
// dynamic_slice, dynamic_update_slice; legacy: torch_index_select).
// Verifiers and shape functions: lib/Dialect/IndexingOps.cpp.
#ifndef STABLEHLO_PY_INDEXING_OPS_TD
#define STABLEHLO_PY_INDEXING_OPS_TD

include "StablehloAttrs.td"

//===--- Reads: gather, dynamic_slice, torch_index_select ---------------===//

// Index operands: tensors of integers (spec: gather's start_indices), and
// their scalar form (dynamic_slice's and dynamic_update_slice's).
def HLO_IndexTensor : RankedTensorOf<[HLO_Int]>;
def HLO_ScalarIndexTensor : 0DTensorOf<[HLO_Int]>;

// Printed in the generic form, as upstream does.
def StableHLO_GatherOp : StableHLO_InferringOp<"gather", [Pure]> {
  let summary = "gather slices of a tensor at computed start indices";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_IndexTensor:$start_indices,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       HLO_Dims:$slice_sizes,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_PerTensorTensor:$result);
  let hasVerifier = 1;
}

// gather with slice_sizes as an operand (dynamism RFC P4). Printed in the
// generic form, as upstream does. The result type is inferred as gather's,
// with dynamic offset sizes where slice_sizes is not a constant (as upstream).
def StableHLO_DynamicGatherOp : StableHLO_InferringOp<"dynamic_gather", [Pure]> {
  let summary = "gather with slice sizes given as an operand";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_IndexTensor:$start_indices,
                       RankedTensorOf<[HLO_Int], [HasStaticShapePred,
                           HasAnyRankOfPred<[1]>]>:$slice_sizes,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_PerTensorTensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_InferringOp<"dynamic_slice", [Pure]> {
  let summary = "extract a slice at run-time (clamped) start indices";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       Variadic<HLO_ScalarIndexTensor>:$start_indices,
                       HLO_Dims:$slice_sizes);
  let results = (outs HLO_PerTensorTensor:$result);
  // `%operand, %i, %j, sizes = [2, 2]`.
  let assemblyFormat = [{
    custom<OperandsWithTrailingComma>($operand, $start_indices)
      `sizes` `=` custom<Dims>($slice_sizes) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

// torch_index_select: not in the spec (a legacy op kept by upstream
// StableHLO). result = operand with dimension `dim` indexed by `index`, the
// first `batch_dims` dimensions shared by operand and index (XLA's
// TorchIndexSelect); negative `dim`/`batch_dims` count from the end. Like
// upstream, only the operand types are verified; the interpreter checks the
// rest when it prepares the op.
def StableHLO_TorchIndexSelectOp : StableHLO_Op<"torch_index_select", [Pure]> {
  let summary = "legacy index_select along one dimension with batch dims";
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs HLO_Tensor:$result);
}


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//

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
