// Data-movement ops (spec: broadcast_in_dim, reshape, slice, transpose, pad,
// reverse, concatenate, ...).
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

// Tensors whose shape the spec fixes to rank 0 (pad's padding_value).
def HLO_PerTensorScalarTensor : 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float,
                                            HLO_Complex,
                                            HLO_PerTensorQuantizedInt]>;

// The ops below infer their result type (shape functions in
// DataMovementOps.cpp).
class HLO_InferredDataMovementOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_InferringOp<mnemonic, !listconcat([Pure], traits)> {
  let hasVerifier = 1;
}

def StableHLO_SliceOp : HLO_InferredDataMovementOp<"slice"> {
  let summary = "extract a strided slice with static start and limit indices";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_Dims:$start_indices, HLO_Dims:$limit_indices,
                       HLO_Dims:$strides);
  let results = (outs HLO_PerTensorTensor:$result);
  // `[start:limit:stride, ...]`, the stride omitted when 1.
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
      attr-dict `:` functional-type(operands, results)
  }];
}

def StableHLO_TransposeOp : HLO_InferredDataMovementOp<"transpose"> {
  let summary = "permute the dimensions of a tensor";
  let arguments = (ins HLO_Tensor:$operand, HLO_Dims:$permutation);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($permutation) attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_PadOp : HLO_InferredDataMovementOp<"pad"> {
  let summary = "pad a tensor at its edges and between its elements";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_PerTensorScalarTensor:$padding_value,
                       HLO_Dims:$edge_padding_low, HLO_Dims:$edge_padding_high,
                       HLO_Dims:$interior_padding);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` custom<Dims>($edge_padding_low)
      `,` `high` `=` custom<Dims>($edge_padding_high)
      `,` `interior` `=` custom<Dims>($interior_padding) attr-dict
      `:` functional-type(operands, results)
  }];
}

def StableHLO_ReverseOp : HLO_InferredDataMovementOp<"reverse"> {
  let summary = "reverse the order of elements along dimensions";
  let arguments = (ins HLO_PerTensorTensor:$operand, HLO_Dims:$dimensions);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` custom<Dims>($dimensions) attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def StableHLO_ConcatenateOp : HLO_InferredDataMovementOp<"concatenate"> {
  let summary = "concatenate tensors along a dimension";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       I64Attr:$dimension);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    custom<ConcatenateInputs>($inputs, $dimension) attr-dict
      `:` functional-type(operands, results)
  }];
}

//===--- Dynamic counterparts: sizes as operands (dynamism RFC P4) --------===//
// Verifiers and shape functions next to their static forms'; a shape operand
// defined by a constant is checked like the static form's attribute.

def StableHLO_DynamicBroadcastInDimOp
    : StableHLO_Op<"dynamic_broadcast_in_dim", [Pure]> {
  let summary = "broadcast_in_dim to a shape given as an operand";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_DimensionTensor:$output_dimensions,
                       HLO_Dims:$broadcast_dimensions,
                       OptionalAttr<HLO_Dims>:$known_expanding_dimensions,
                       OptionalAttr<HLO_Dims>:$known_nonexpanding_dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=`
      custom<Dims>($broadcast_dimensions) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to a shape given as an operand";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_DimensionTensor:$output_shape);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad with edge and interior paddings given as operands";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_PerTensorScalarTensor:$padding_value,
                       HLO_DimensionTensor:$edge_padding_low,
                       HLO_DimensionTensor:$edge_padding_high,
                       HLO_DimensionTensor:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_RealDynamicSliceOp : StableHLO_Op<"real_dynamic_slice", [Pure]> {
  let summary = "slice with start, limit and strides given as operands";
  let arguments = (ins HLO_Tensor:$operand,
                       HLO_DimensionTensor:$start_indices,
                       HLO_DimensionTensor:$limit_indices,
                       HLO_DimensionTensor:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

// XLA's SetDimensionSize: the result is the operand with dimension
// `dimension` of run-time size `size`, bounded by the operand's size there.
def StableHLO_SetDimensionSizeOp
    : StableHLO_InferringOp<"set_dimension_size", [Pure]> {
  let summary = "set the run-time size of one dimension";
  let arguments = (ins HLO_Tensor:$operand, 0DTensorOf<[I32]>:$size,
                       I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===--- Tuples, barriers, dimension sizes, legacy broadcast ---------------===//

def StableHLO_GetDimensionSizeOp
    : StableHLO_InferringOp<"get_dimension_size", [Pure]> {
  let summary = "the size of one dimension of a tensor, as a tensor<i32>";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs 0DTensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_TupleOp : StableHLO_InferringOp<"tuple", [Pure]> {
  let summary = "group values into a tuple";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTupleOrBuffer>:$val);
  let results = (outs HLO_Tuple:$result);
  // Only the tuple type is printed: the operand types are its elements.
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_GetTupleElementOp
    : StableHLO_InferringOp<"get_tuple_element", [Pure]> {
  let summary = "extract one element of a tuple";
  let arguments = (ins HLO_Tuple:$operand, I32Attr:$index);
  let results = (outs HLO_TensorOrTokenOrTupleOrBuffer:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_PerTensorTensorOrToken : AnyTypeOf<[HLO_PerTensorTensor,
                                            StableHLO_Token]>;

def StableHLO_OptimizationBarrierOp
    : StableHLO_InferringOp<"optimization_barrier", [Pure]> {
  let summary = "identity that compilers may not move operations across";
  let arguments = (ins Variadic<HLO_PerTensorTensorOrToken>:$operand);
  let results = (outs Variadic<HLO_PerTensorTensorOrToken>:$result);
  // `%a, %b : T0, T1` (result types are the operand types), or `()` when
  // there are no operands.
  let assemblyFormat = [{
    attr-dict ($operand^ `:`
      custom<PairwiseOpType>(type($operand), type($result))):(`(` `)`)?
  }];
  let hasVerifier = 1;
}

// Not in the spec: XLA's Broadcast, which upstream keeps. The result shape is
// broadcast_sizes followed by the operand's shape.
def StableHLO_BroadcastOp : StableHLO_InferringOp<"broadcast", [Pure]> {
  let summary = "broadcast a tensor by prepending dimensions (legacy)";
  let arguments = (ins HLO_Tensor:$operand, HLO_Dims:$broadcast_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` custom<Dims>($broadcast_sizes) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_DATA_MOVEMENT_OPS_TD
