// Enumerations of the spec, printed as `#stablehlo<mnemonic VALUE>` and as a
// bare keyword inside an op's pretty form.
#ifndef STABLEHLO_PY_ENUMS_TD
#define STABLEHLO_PY_ENUMS_TD

include "StablehloBase.td"

class StableHLO_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}

def StableHLO_ComparisonDirection : StableHLO_Enum<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]>;
def StableHLO_ComparisonDirectionAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : StableHLO_Enum<"ComparisonType",
    "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]>;
def StableHLO_ComparisonTypeAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : StableHLO_Enum<"Precision", "operand precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]>;
def StableHLO_PrecisionAttr : EnumAttr<Stablehlo_Dialect, StableHLO_Precision,
                                       "precision">;
def StableHLO_PrecisionConfigAttr : TypedArrayAttrBase<StableHLO_PrecisionAttr,
    "precision config">;

def StableHLO_FftType : StableHLO_Enum<"FftType", "FFT type", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]>;
def StableHLO_FftTypeAttr : EnumAttr<Stablehlo_Dialect, StableHLO_FftType,
                                     "fft_type">;

def StableHLO_RngDistribution : StableHLO_Enum<"RngDistribution",
    "random number distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]>;
def StableHLO_RngDistributionAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_RngAlgorithm : StableHLO_Enum<"RngAlgorithm",
    "random bit generation algorithm", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]>;
def StableHLO_RngAlgorithmAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_Transpose : StableHLO_Enum<"Transpose",
    "triangular_solve transpose mode", [
      I32EnumAttrCase<"TRANSPOSE_INVALID", 0>,
      I32EnumAttrCase<"NO_TRANSPOSE", 1>, I32EnumAttrCase<"TRANSPOSE", 2>,
      I32EnumAttrCase<"ADJOINT", 3>]>;
def StableHLO_TransposeAttr : EnumAttr<Stablehlo_Dialect, StableHLO_Transpose,
                                       "transpose">;

// Printed as #stablehlo.result_accuracy_mode<MODE> (its own mnemonic form).
def StableHLO_ResultAccuracyMode : StableHLO_Enum<"ResultAccuracyMode",
    "accuracy mode of transcendental ops", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]>;
def StableHLO_ResultAccuracyModeAttr : EnumAttr<Stablehlo_Dialect,
    StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// custom_call's api_version is a plain i32 attribute (`api_version = 4 : i32`).
def StableHLO_CustomCallApiVersionAttr : I32EnumAttr<"CustomCallApiVersion",
    "custom call API version", [
      I32EnumAttrCase<"API_VERSION_UNSPECIFIED", 0>,
      I32EnumAttrCase<"API_VERSION_ORIGINAL", 1>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING", 2>,
      I32EnumAttrCase<"API_VERSION_STATUS_RETURNING_UNIFIED", 3>,
      I32EnumAttrCase<"API_VERSION_TYPED_FFI", 4>]> {
  let cppNamespace = "::mlir::stablehlo";
}

#endif // STABLEHLO_PY_ENUMS_TD
