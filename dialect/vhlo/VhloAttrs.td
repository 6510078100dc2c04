// The attributes of the vhlo dialect: builtin attributes (array, bool,
// dictionary, float, integer, string, dense elements, type) and StableHLO's
// own, each versioned. Integers and tensors print through their builtin form
// (`#vhlo.integer_v1<1 : i64>`, `#vhlo.tensor_v1<dense<...> : tensor<2xi64>>`)
// as upstream prints them.
#ifndef STABLEHLO_PY_VHLO_ATTRS_TD
#define STABLEHLO_PY_VHLO_ATTRS_TD

include "vhlo/VhloBase.td"
include "vhlo/VhloTypes.td"
include "mlir/IR/AttrTypeBase.td"

class VHLO_AttrDef<string cppName, string mnemonicName, string minVersion>
    : AttrDef<Vhlo_Dialect, cppName, [VHLO_VersionedAttrInterface]> {
  let mnemonic = mnemonicName;
  let extraClassDeclaration = [{
    ::mlir::vhlo::Version getMinVersion();
    ::mlir::vhlo::Version getMaxVersion();
  }];
  let extraClassDefinition = VHLO_VersionBody<minVersion, "current">.body;
}

def VHLO_ArrayV1Attr : VHLO_AttrDef<"ArrayV1", "array_v1", "0.9.0"> {
  let parameters = (ins ArrayRefParameter<"::mlir::Attribute">:$value);
  let assemblyFormat = "`<` custom<AttributeArray>($value) `>`";
}

def VHLO_BooleanV1Attr : VHLO_AttrDef<"BooleanV1", "bool_v1", "0.9.0"> {
  let parameters = (ins "bool":$value);
  let assemblyFormat = "`<` $value `>`";
}

def VHLO_DictionaryV1Attr : VHLO_AttrDef<"DictionaryV1", "dict_v1", "0.9.0"> {
  let parameters = (ins ArrayRefParameter<
      "std::pair<::mlir::Attribute, ::mlir::Attribute>", "">:$value);
  let assemblyFormat = "`<` custom<AttributeDictionary>($value) `>`";
}

def VHLO_FloatV1Attr : VHLO_AttrDef<"FloatV1", "float_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$type, VHLO_APFloat:$value);
  let hasCustomAssemblyFormat = 1;
}

def VHLO_IntegerV1Attr : VHLO_AttrDef<"IntegerV1", "integer_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$type, APIntParameter<"">:$value);
  let hasCustomAssemblyFormat = 1;
}

def VHLO_OutputOperandAliasV1Attr
    : VHLO_AttrDef<"OutputOperandAliasV1", "output_operand_alias_v1", "0.9.0"> {
  let parameters = (ins VHLO_Dims:$outputTupleIndices, "int64_t":$operandIndex,
                        VHLO_Dims:$operandTupleIndices);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_StringV1Attr : VHLO_AttrDef<"StringV1", "string_v1", "0.9.0"> {
  let parameters = (ins StringRefParameter<"">:$value);
  let assemblyFormat = "`<` custom<EscapedString>($value) `>`";
}

// The raw data of a dense elements attribute (getRawData's layout: a splat is
// one element, i1 one byte per element) of a tensor_v1 type.
def VHLO_TensorV1Attr : VHLO_AttrDef<"TensorV1", "tensor_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$type,
                        StringRefParameter<"raw data">:$data);
  let hasCustomAssemblyFormat = 1;
}

def VHLO_TypeV1Attr : VHLO_AttrDef<"TypeV1", "type_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$value);
  let assemblyFormat = "`<` $value `>`";
}

def VHLO_TypeExtensionsV1Attr
    : VHLO_AttrDef<"TypeExtensionsV1", "type_extensions_v1", "0.9.0"> {
  let parameters = (ins VHLO_Dims:$bounds);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_ResultAccuracyV1Attr
    : VHLO_AttrDef<"ResultAccuracyV1", "result_accuracy_v1", "1.9.0"> {
  let parameters = (ins VHLO_APFloat:$atol, VHLO_APFloat:$rtol,
                        "int64_t":$ulps, "::mlir::Attribute":$mode);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_SubAxisInfoV1Attr
    : VHLO_AttrDef<"SubAxisInfoV1", "sub_axis_info_v1", "1.16.0"> {
  let parameters = (ins "int64_t":$pre_size, "int64_t":$size);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_AxisRefV1Attr : VHLO_AttrDef<"AxisRefV1", "axis_ref_v1", "1.16.0"> {
  let parameters = (ins "::mlir::Attribute":$name,
                        OptionalParameter<"::mlir::Attribute">:$sub_axis_info);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_ReplicaGroupMeshAxesV1Attr : VHLO_AttrDef<"ReplicaGroupMeshAxesV1",
    "replica_group_mesh_axes_v1", "1.16.0"> {
  let parameters = (ins "::mlir::Attribute":$mesh, "::mlir::Attribute":$axes);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_MeshAxisV1Attr : VHLO_AttrDef<"MeshAxisV1", "mesh_axis_v1", "1.16.0"> {
  let parameters = (ins "::mlir::Attribute":$name, "int64_t":$size);
  let assemblyFormat = "`<` struct(params) `>`";
}

def VHLO_MeshV1Attr : VHLO_AttrDef<"MeshV1", "mesh_v1", "1.16.0"> {
  let parameters = (ins "::mlir::Attribute":$axes,
                        OptionalParameter<"::mlir::Attribute">:$device_ids);
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // STABLEHLO_PY_VHLO_ATTRS_TD
