// The sdy (Shardy) dialect: the sharding markup JAX writes into its exports
// (docs/shardy.md). Ops are real and verified; attributes keep Shardy's text
// as written (`SpecAttr`), so every form Shardy prints round-trips unchanged,
// and the interpreter reads meshes and shardings from that text.
#ifndef STABLEHLO_PY_SDY_OPS_TD
#define STABLEHLO_PY_SDY_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::mlir::stablehlo::sdy";
  let summary = "Shardy's sharding markup, kept as written";
  let usePropertiesForAttributes = 1;
  let useDefaultAttributePrinterParser = 0;
  // `sdy.sharding` on function arguments and results and on ops (S1-S5).
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
    void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  }];
}

// `#sdy.sharding<@mesh, [{"x"}, {}]>` holds `sharding<@mesh, [{"x"}, {}]>`.
def Sdy_SpecAttr : AttrDef<Sdy_Dialect, "Spec"> {
  let summary = "a Shardy attribute as text: its mnemonic and body";
  let attrName = "sdy.spec";
  let parameters = (ins StringRefParameter<"the text after `#sdy.`">:$spec);
  let extraClassDeclaration = [{
    // The mnemonic: `sharding`, `mesh`, `manual_axes`, ...
    StringRef getKind() const;
  }];
}

class Sdy_SpecOf<string kind> : Attr<
    And<[CPred<"::llvm::isa<::mlir::stablehlo::sdy::SpecAttr>($_self)">,
         CPred<"::llvm::cast<::mlir::stablehlo::sdy::SpecAttr>($_self)"
               ".getKind() == \"" # kind # "\"">]>,
    "#sdy." # kind # " attribute"> {
  let storageType = "::mlir::stablehlo::sdy::SpecAttr";
  let returnType = "::mlir::stablehlo::sdy::SpecAttr";
  let convertFromStorage = "$_self";
}

def Sdy_Mesh : Sdy_SpecOf<"mesh">;
def Sdy_Sharding : Sdy_SpecOf<"sharding">;
def Sdy_ShardingPerValue : Sdy_SpecOf<"sharding_per_value">;
def Sdy_ManualAxes : Sdy_SpecOf<"manual_axes">;

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

// sdy.mesh @mesh = <["x"=4, "y"=2]>
def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"ModuleOp">]> {
  let summary = "a named mesh of devices";
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_Mesh:$mesh);
  let assemblyFormat = [{
    $sym_name `=` custom<SpecBody>($mesh, "\"mesh\"") attr-dict
  }];
  let hasVerifier = 1;
}

// The value, with a sharding that places it; values are unchanged.
class Sdy_ShardingOp<string mnemonic, list<Trait> traits = []>
    : Sdy_Op<mnemonic, !listconcat(traits, [SameOperandsAndResultType])> {
  let arguments = (ins AnyRankedTensor:$input, Sdy_Sharding:$sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $input custom<SpecBody>($sharding, "\"sharding\"") attr-dict `:`
      type($result)
  }];
  let hasVerifier = 1;
}

def Sdy_ShardingConstraintOp : Sdy_ShardingOp<"sharding_constraint"> {
  let summary = "asks for a sharding of the value";
}

def Sdy_ReshardOp : Sdy_ShardingOp<"reshard", [Pure]> {
  let summary = "moves the value to another sharding";
}

def Sdy_ShardingGroupOp : Sdy_Op<"sharding_group"> {
  let summary = "puts the value in a group of values sharded alike";
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = [{
    $input `group_id` `` `=` `` $group_id attr-dict `:` type($input)
  }];
}

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, Terminator,
    ParentOneOf<["ManualComputationOp"]>]> {
  let summary = "the results of a Shardy region";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

// %r = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}]>]
//        out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"}
//        (%local: tensor<2xf32>) { ... sdy.return %v : tensor<2xf32> }
//        : (tensor<8xf32>) -> tensor<8xf32>
// The body runs on every device of the mesh, on the operands' shards along
// the manual axes.
def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [RecursiveMemoryEffects, IsolatedFromAbove]> {
  let summary = "per-device code with explicit collectives";
  let arguments = (ins Variadic<AnyRankedTensor>:$tensors,
                       Sdy_ShardingPerValue:$in_shardings,
                       Sdy_ShardingPerValue:$out_shardings,
                       Sdy_ManualAxes:$manual_axes);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_SDY_OPS_TD
