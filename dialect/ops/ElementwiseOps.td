// Elementwise, conversion and generator ops (spec: constant, add, compare,
// select, convert, ...). Verifiers and shape functions: lib/Dialect/ElementwiseOps.cpp.
#ifndef STABLEHLO_PY_ELEMENTWISE_OPS_TD
#define STABLEHLO_PY_ELEMENTWISE_OPS_TD

include "StablehloAttrs.td"

def StableHLO_ConstantOp : StableHLO_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "a tensor constant";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r);
  }];
}

def StableHLO_AddOp : StableHLO_Op<"add", [Pure, Commutative,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "elementwise addition";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r);
  }];
}

def StableHLO_CompareOp : StableHLO_Op<"compare", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "elementwise comparison";
  let arguments = (ins HLO_PerTensorTensor:$lhs, HLO_PerTensorTensor:$rhs,
                       StableHLO_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_direction) `,` $lhs `,` $rhs
      (`,` custom<EnumKeyword>($compare_type)^)? attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r);
  }];
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "elementwise choice between two tensors by a predicate";
  let arguments = (ins HLO_PredTensor:$pred, HLO_PerTensorTensor:$on_true,
                       HLO_PerTensorTensor:$on_false);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` custom<SelectOpType>(type($pred), type($on_true),
                                                type($on_false), type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l, ::mlir::TypeRange r);
  }];
}

def StableHLO_ConvertOp : StableHLO_Op<"convert", [Pure]> {
  let summary = "elementwise conversion to another element type";
  let arguments = (ins HLO_NonQuantizedTensor:$operand);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_ELEMENTWISE_OPS_TD
