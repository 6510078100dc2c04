// Ops that carry regions or calls (spec: reduce, return, custom_call, if,
// case, while, sort, map, reduce_window, select_and_scatter, after_all,
// composite; legacy: create_token).
// Verifiers and shape functions: lib/Dialect/RegionOps.cpp.
#ifndef STABLEHLO_PY_REGION_OPS_TD
#define STABLEHLO_PY_REGION_OPS_TD

include "StablehloAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"

def StableHLO_ReduceOp : StableHLO_InferringOp<"reduce", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce tensors along dimensions with a body computation";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       Variadic<HLO_PerTensorTensor>:$init_values,
                       HLO_Dims:$dimensions);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "return values from the region of a stablehlo op";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTupleOrBuffer>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

def HLO_LayoutsAttr : TypedArrayAttrBase<IndexElementsAttr, "array of layouts">;
def HLO_CalledComputationsAttr
    : TypedArrayAttrBase<FlatSymbolRefAttr, "called computations"> {
  let constBuilderCall = "::mlir::ArrayAttr::get($_builder.getContext(), $0)";
}
def HLO_OutputOperandAliasesAttr
    : TypedArrayAttrBase<StableHLO_OutputOperandAlias, "output operand aliases"> {
  let constBuilderCall = "::mlir::ArrayAttr::get($_builder.getContext(), $0)";
}

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "an implementation-defined call";
  let arguments = (ins
    Variadic<HLO_CustomCallValue>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    DefaultValuedOptionalAttr<StableHLO_CustomCallApiVersionAttr,
        "::mlir::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
    DefaultValuedOptionalAttr<HLO_CalledComputationsAttr, "{}">:$called_computations,
    OptionalAttr<HLO_LayoutsAttr>:$operand_layouts,
    OptionalAttr<HLO_LayoutsAttr>:$result_layouts,
    DefaultValuedOptionalAttr<HLO_OutputOperandAliasesAttr, "{}">:$output_operand_aliases);
  let results = (outs Variadic<HLO_CustomCallValue>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_CompositeOp : StableHLO_Op<"composite",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "an op whose meaning is its decomposition function";
  let arguments = (ins
    Variadic<HLO_TensorOrTokenOrTuple>:$inputs,
    StrAttr:$name,
    DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
    FlatSymbolRefAttr:$decomposition,
    DefaultValuedOptionalAttr<I32Attr, "0">:$version);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
  // Regions (upstream since 1.14.0, not in the spec): kept and printed, not
  // run; the op means its decomposition.
  let regions = (region VariadicRegion<AnyRegion>:$composite_regions);
  let assemblyFormat = [{
    $name $inputs (` ` `(` $composite_regions^ `)`)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow: if, case, while. Their regions are functions without
// captures of their own: each ends with stablehlo.return, whose operand types
// are the region's output types. RegionOps.cpp verifies the region
// signatures against the spec.
//===----------------------------------------------------------------------===//

def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "run one of two regions depending on a predicate";
  let arguments = (ins 0DTensorOf<[HLO_Pred]>:$pred);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  // Printed in the generic form, as upstream does.
  let hasRegionVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "run one of several regions selected by an index";
  let arguments = (ins 0DTensorOf<[I32]>:$index);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  // Printed in the generic form, as upstream does.
  let hasRegionVerifier = 1;
}

def StableHLO_WhileOp : StableHLO_InferringOp<"while", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "run a body region while a condition region returns true";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrBuffer>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrBuffer>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  // `stablehlo.while(%iterArg = %init, ...) : T, ... cond {...} do {...}`.
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Ops applying a region to elements or windows: sort, map, reduce_window,
// select_and_scatter. Printed in the generic form, as upstream does.
//===----------------------------------------------------------------------===//

def StableHLO_SortOp : StableHLO_InferringOp<"sort", [RecursiveMemoryEffects]> {
  let summary = "sort slices of tensors together along a dimension";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_InferringOp<"map", [RecursiveMemoryEffects]> {
  let summary = "apply a computation to the elements of tensors";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       HLO_Dims:$dimensions);
  let results = (outs HLO_PerTensorTensor);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_InferringOp<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduce windows of tensors with a body computation";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$inputs,
                       Variadic<HLO_PerTensorTensor>:$init_values,
                       HLO_Dims:$window_dimensions,
                       OptionalAttr<HLO_Dims>:$window_strides,
                       OptionalAttr<HLO_Dims>:$base_dilations,
                       OptionalAttr<HLO_Dims>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_InferringOp<"select_and_scatter",
    [RecursiveMemoryEffects]> {
  let summary = "scatter source values to the elements a window reduction selects";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       HLO_PerTensorTensor:$source,
                       HLO_PerTensorTensor:$init_value,
                       OptionalAttr<HLO_Dims>:$window_dimensions,
                       OptionalAttr<HLO_Dims>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs HLO_PerTensorTensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous ops (upstream's current spec): the body's one op runs
// asynchronously; its results arrive as a future.
//===----------------------------------------------------------------------===//

def StableHLO_AsyncStartOp : StableHLO_InferringOp<"async_start", [
    IsolatedFromAbove, RecursiveMemoryEffects]> {
  let summary = "start the one op of its body, giving a future of its results";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands);
  let results = (outs StableHLO_Future:$result);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

// One result, as the spec's outputs and upstream: it awaits a future of one
// tensor.
def StableHLO_AsyncDoneOp : StableHLO_InferringOp<"async_done"> {
  let summary = "wait for a future and give its tensor";
  let arguments = (ins StableHLO_Future:$operand);
  let results = (outs HLO_PerTensorTensor:$result);
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_REGION_OPS_TD
