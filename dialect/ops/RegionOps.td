// Ops that carry regions or calls (spec: reduce, return, custom_call, if,
// case, while, ...).
// Verifiers and shape functions: lib/Dialect/RegionOps.cpp.
#ifndef STABLEHLO_PY_REGION_OPS_TD
#define STABLEHLO_PY_REGION_OPS_TD

include "StablehloAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

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
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$results);
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
    Variadic<HLO_TensorOrTokenOrTuple>:$inputs,
    StrAttr:$call_target_name,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
    OptionalAttr<AnyAttrOf<[StrAttr, DictionaryAttr]>>:$backend_config,
    DefaultValuedOptionalAttr<StableHLO_CustomCallApiVersionAttr,
        "::mlir::stablehlo::CustomCallApiVersion::API_VERSION_ORIGINAL">:$api_version,
    DefaultValuedOptionalAttr<HLO_CalledComputationsAttr, "{}">:$called_computations,
    OptionalAttr<HLO_LayoutsAttr>:$operand_layouts,
    OptionalAttr<HLO_LayoutsAttr>:$result_layouts,
    DefaultValuedOptionalAttr<HLO_OutputOperandAliasesAttr, "{}">:$output_operand_aliases);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>);
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
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
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
  let arguments = (ins Variadic<HLO_TensorOrToken>:$operand);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  // `stablehlo.while(%iterArg = %init, ...) : T, ... cond {...} do {...}`.
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

#endif // STABLEHLO_PY_REGION_OPS_TD
