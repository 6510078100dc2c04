// The types of the vhlo dialect: one per builtin or StableHLO type a portable
// program may hold (lib/Vhlo/VhloTypes.cpp converts them both ways). Their
// bytecode codes are listed with their encoding in lib/Vhlo/VhloBytecode.cpp.
#ifndef STABLEHLO_PY_VHLO_TYPES_TD
#define STABLEHLO_PY_VHLO_TYPES_TD

include "vhlo/VhloBase.td"
include "mlir/IR/AttrTypeBase.td"

class VHLO_TypeDef<string cppName, string mnemonicName, string minVersion>
    : TypeDef<Vhlo_Dialect, cppName, [VHLO_VersionedTypeInterface]> {
  let mnemonic = mnemonicName;
  let extraClassDeclaration = [{
    ::mlir::vhlo::Version getMinVersion();
    ::mlir::vhlo::Version getMaxVersion();
  }];
  let extraClassDefinition = VHLO_VersionBody<minVersion, "current">.body;
}

// A double, as quantization scales are.
def VHLO_APFloat : AttrOrTypeParameter<"::llvm::APFloat", "a double"> {
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
  let printer = "$_printer.printFloat($_self)";
  let parser = "::mlir::vhlo::parseDouble($_parser)";
}
def VHLO_APFloats : ArrayRefParameter<"::llvm::APFloat", "doubles"> {
  let comparator = "::mlir::vhlo::bitwiseEqual($_lhs, $_rhs)";
  let printer = "::mlir::vhlo::printDoubles($_printer, $_self)";
  let parser = "::mlir::vhlo::parseDoubles($_parser)";
}
// `[1, ?]`, as upstream prints dimension lists in attributes.
def VHLO_Dims : ArrayRefParameter<"int64_t", "dimension sizes"> {
  let printer = "::mlir::vhlo::printDims($_printer, $_self)";
  let parser = "::mlir::vhlo::parseDims($_parser)";
}

// Types with no parameters.
class VHLO_ScalarType<string cppName, string mnemonicName, string minVersion>
    : VHLO_TypeDef<cppName, mnemonicName, minVersion>;

def VHLO_BooleanV1 : VHLO_ScalarType<"BooleanV1", "bool_v1", "0.9.0">;
def VHLO_FloatBF16V1 : VHLO_ScalarType<"FloatBF16V1", "bf16_v1", "0.9.0">;
def VHLO_FloatF16V1 : VHLO_ScalarType<"FloatF16V1", "f16_v1", "0.9.0">;
def VHLO_FloatF32V1 : VHLO_ScalarType<"FloatF32V1", "f32_v1", "0.9.0">;
def VHLO_FloatF64V1 : VHLO_ScalarType<"FloatF64V1", "f64_v1", "0.9.0">;
def VHLO_FloatF4E2M1FNV1 : VHLO_ScalarType<"FloatF4E2M1FNV1", "f4E2M1FN_v1", "1.8.0">;
def VHLO_FloatF6E2M3FNV1 : VHLO_ScalarType<"FloatF6E2M3FNV1", "f6E2M3FN_v1", "1.8.0">;
def VHLO_FloatF6E3M2FNV1 : VHLO_ScalarType<"FloatF6E3M2FNV1", "f6E3M2FN_v1", "1.8.0">;
def VHLO_FloatF8E3M4V1 : VHLO_ScalarType<"FloatF8E3M4V1", "f8E3M4_v1", "1.7.0">;
def VHLO_FloatF8E4M3V1 : VHLO_ScalarType<"FloatF8E4M3V1", "f8E4M3_v1", "1.7.0">;
def VHLO_FloatF8E4M3FNV1 : VHLO_ScalarType<"FloatF8E4M3FNV1", "f8E4M3FN_v1", "0.9.0">;
def VHLO_FloatF8E5M2V1 : VHLO_ScalarType<"FloatF8E5M2V1", "f8E5M2_v1", "0.9.0">;
def VHLO_FloatF8E4M3FNUZV1 : VHLO_ScalarType<"FloatF8E4M3FNUZV1", "f8E4M3FNUZ_v1", "0.10.0">;
def VHLO_FloatF8E4M3B11FNUZV1 : VHLO_ScalarType<"FloatF8E4M3B11FNUZV1", "f8E4M3B11FNUZ_v1", "0.11.0">;
def VHLO_FloatF8E5M2FNUZV1 : VHLO_ScalarType<"FloatF8E5M2FNUZV1", "f8E5M2FNUZ_v1", "0.10.0">;
def VHLO_FloatF8E8M0FNUV1 : VHLO_ScalarType<"FloatF8E8M0FNUV1", "f8E8M0FNU_v1", "1.8.0">;
// Upstream spells tf32 `tf31_v1`; the name is part of the format.
def VHLO_FloatTF32V1 : VHLO_ScalarType<"FloatTF32V1", "tf31_v1", "1.6.0">;
def VHLO_IndexV1 : VHLO_ScalarType<"IndexV1", "index_v1", "0.9.0">;
def VHLO_IntegerSI2V1 : VHLO_ScalarType<"IntegerSI2V1", "i2_v1", "1.2.0">;
def VHLO_IntegerSI4V1 : VHLO_ScalarType<"IntegerSI4V1", "i4_v1", "0.9.0">;
def VHLO_IntegerSI8V1 : VHLO_ScalarType<"IntegerSI8V1", "i8_v1", "0.9.0">;
def VHLO_IntegerSI16V1 : VHLO_ScalarType<"IntegerSI16V1", "i16_v1", "0.9.0">;
def VHLO_IntegerSI32V1 : VHLO_ScalarType<"IntegerSI32V1", "i32_v1", "0.9.0">;
def VHLO_IntegerSI64V1 : VHLO_ScalarType<"IntegerSI64V1", "i64_v1", "0.9.0">;
def VHLO_IntegerUI2V1 : VHLO_ScalarType<"IntegerUI2V1", "ui2_v1", "1.2.0">;
def VHLO_IntegerUI4V1 : VHLO_ScalarType<"IntegerUI4V1", "ui4_v1", "0.9.0">;
def VHLO_IntegerUI8V1 : VHLO_ScalarType<"IntegerUI8V1", "ui8_v1", "0.9.0">;
def VHLO_IntegerUI16V1 : VHLO_ScalarType<"IntegerUI16V1", "ui16_v1", "0.9.0">;
def VHLO_IntegerUI32V1 : VHLO_ScalarType<"IntegerUI32V1", "ui32_v1", "0.9.0">;
def VHLO_IntegerUI64V1 : VHLO_ScalarType<"IntegerUI64V1", "ui64_v1", "0.9.0">;
def VHLO_NoneV1 : VHLO_ScalarType<"NoneV1", "none_v1", "1.6.0">;
def VHLO_TokenV1 : VHLO_ScalarType<"TokenV1", "token_v1", "0.9.0">;
def VHLO_WitnessV1 : VHLO_ScalarType<"WitnessV1", "witness_v1", "0.9.0">;

def VHLO_ComplexV1 : VHLO_TypeDef<"ComplexV1", "complex_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

// `<(inputs) -> outputs>`: an empty list prints as `()`, several outputs
// without parentheses, as upstream prints them.
def VHLO_FunctionV1 : VHLO_TypeDef<"FunctionV1", "func_v1", "0.9.0"> {
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$inputs,
                        ArrayRefParameter<"::mlir::Type">:$outputs);
  let assemblyFormat =
      "`<` `(` custom<TypeArray>($inputs) `)` `->` custom<TypeArray>($outputs) `>`";
}

def VHLO_RankedTensorV1 : VHLO_TypeDef<"RankedTensorV1", "tensor_v1", "0.9.0"> {
  let parameters = (ins VHLO_Dims:$shape, "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let assemblyFormat =
      "`<` custom<Shape>($shape) `` $elementType `` custom<Encoding>($encoding) `>`";
}

def VHLO_RankedBufferV1 : VHLO_TypeDef<"RankedBufferV1", "buffer_v1", "1.13.0"> {
  let parameters = (ins VHLO_Dims:$shape, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` custom<Shape>($shape) `` $elementType `>`";
}

def VHLO_UnrankedTensorV1
    : VHLO_TypeDef<"UnrankedTensorV1", "unranked_tensor_v1", "0.9.0"> {
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def VHLO_TupleV1 : VHLO_TypeDef<"TupleV1", "tuple_v1", "0.9.0"> {
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
}

def VHLO_FutureV1 : VHLO_TypeDef<"FutureV1", "future_v1", "1.15.0"> {
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let assemblyFormat = "`<` $types `>`";
}

// flags: quant::QuantizationFlags (1 = signed storage).
def VHLO_UniformQuantizedV1
    : VHLO_TypeDef<"UniformQuantizedV1", "quant_v1", "0.9.0"> {
  let parameters = (ins "unsigned":$flags, "::mlir::Type":$storageType,
                        "::mlir::Type":$expressedType, VHLO_APFloat:$scale,
                        "int64_t":$zeroPoint, "int64_t":$storageTypeMin,
                        "int64_t":$storageTypeMax);
  let assemblyFormat = "`<` $storageType `` `:` `` $expressedType `,` $scale "
      "`` `:` `` $zeroPoint `,` $storageTypeMin `` `:` `` $storageTypeMax `,` "
      "$flags `>`";
}

def VHLO_UniformQuantizedPerAxisV1
    : VHLO_TypeDef<"UniformQuantizedPerAxisV1", "quant_per_axis_v1", "0.18.0"> {
  let parameters = (ins "unsigned":$flags, "::mlir::Type":$storageType,
                        "::mlir::Type":$expressedType,
                        "int32_t":$quantizedDimension, VHLO_APFloats:$scales,
                        ArrayRefParameter<"int64_t">:$zeroPoints,
                        "int64_t":$storageTypeMin, "int64_t":$storageTypeMax);
  let assemblyFormat = "`<` $storageType `` `:` `` $expressedType `,` "
      "$quantizedDimension `,` $scales `,` `[` $zeroPoints `]` `,` "
      "$storageTypeMin `` `:` `` $storageTypeMax `,` $flags `>`";
}

#endif // STABLEHLO_PY_VHLO_TYPES_TD
