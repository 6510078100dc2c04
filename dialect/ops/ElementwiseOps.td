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

def StableHLO_AddOp : StableHLO_InferringOp<"add", [Pure, Commutative]> {
  let summary = "elementwise addition";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_CompareOp : StableHLO_InferringOp<"compare", [Pure]> {
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
}

def StableHLO_SelectOp : StableHLO_InferringOp<"select", [Pure]> {
  let summary = "elementwise choice between two tensors by a predicate";
  let arguments = (ins HLO_PredTensor:$pred, HLO_PerTensorTensor:$on_true,
                       HLO_PerTensorTensor:$on_false);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` custom<SelectOpType>(type($pred), type($on_true),
                                                type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ConvertOp : StableHLO_Op<"convert", [Pure,
    DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                              ["inferReturnTypeComponents"]>]> {
  let summary = "elementwise conversion to another element type";
  let arguments = (ins HLO_NonQuantizedTensor:$operand);
  let results = (outs HLO_NonQuantizedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// The rest of the elementwise family. Shared classes first: each op names the
// operand type family of the spec's Inputs table and how its result type
// follows; verifiers and the shared shape function are in
// lib/Dialect/ElementwiseOps.cpp.
//===----------------------------------------------------------------------===//

// Type families of the Inputs/Outputs tables.
defvar EW_Any = [HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                 HLO_PerTensorQuantizedInt];
defvar EW_PredOrInt = [HLO_Pred, HLO_Int];
defvar EW_Int = [HLO_Int];
defvar EW_IntFpComplexOrQuant = [HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_PerTensorQuantizedInt];
defvar EW_SIntFpComplexOrQuant = [HLO_SInt, HLO_Float, HLO_Complex,
                                  HLO_PerTensorQuantizedInt];
defvar EW_FpComplexOrQuant = [HLO_Float, HLO_Complex, HLO_PerTensorQuantizedInt];
defvar EW_FpOrQuant = [HLO_Float, HLO_PerTensorQuantizedInt];

// How <op>_c1 relates the types (ElementwiseRule in C++): `type(operands...) =
// type(result)` (Exact) or `baseline_type(operands...) = baseline_type(result)`
// (Baseline). Ops with other constraints say Custom and define verify().
defvar EW_Exact = "Exact";
defvar EW_Baseline = "Baseline";
defvar EW_Custom = "Custom";

// How the result type follows from the operands' (ElementwiseResult in C++,
// the shared shape function inferElementwiseType): the operand's type (the
// more static of lhs and rhs) with as element type the operand's (Same), the
// part type of a complex operand (Part), i1 (Predicate) or complex<E> of the
// operands' E (Complex).
class StableHLO_ElementwiseOp<string mnemonic, list<Trait> traits,
                              string c1, string resultKind>
    : StableHLO_InferringOp<mnemonic, !listconcat([Pure], traits)> {
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, ::std::optional<::mlir::Location>,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr,
        ::mlir::OpaqueProperties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      return inferElementwiseType(operands, ElementwiseResult::}] #
        resultKind # [{, inferred);
    }
  }] # !if(!eq(c1, EW_Custom), "", [{
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyElementwiseTypes(*this, ElementwiseRule::}] # c1 # [{);
    }
  }]);
}

// `stablehlo.op %x : T`, or `(T) -> R` when the types differ.
class StableHLO_UnaryElementwiseOp<string mnemonic, list<Type> operand,
                                   string c1 = EW_Baseline,
                                   list<Type> result = operand,
                                   string resultKind = "Same",
                                   list<Trait> traits = []>
    : StableHLO_ElementwiseOp<mnemonic, traits, c1, resultKind> {
  let arguments = (ins RankedTensorOf<operand>:$operand);
  let results = (outs RankedTensorOf<result>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

// An optional attribute whose default `val` is a C++ expression building it.
class EW_OptionalAttrWithDefault<Attr attr, string val>
    : DefaultValuedOptionalAttr<attr, val> {
  let constBuilderCall = "$0";
}

// Transcendental ops carry an optional requested accuracy; its default (zero
// tolerances, mode DEFAULT) is elided from the attribute dictionary, as
// upstream prints it.
class StableHLO_TranscendentalOp<string mnemonic>
    : StableHLO_UnaryElementwiseOp<mnemonic, EW_FpComplexOrQuant> {
  let arguments = (ins RankedTensorOf<EW_FpComplexOrQuant>:$operand,
      EW_OptionalAttrWithDefault<StableHLO_ResultAccuracy, [{
        ::mlir::stablehlo::ResultAccuracyAttr::get($_builder.getContext(),
            ::llvm::APFloat(0.0), ::llvm::APFloat(0.0), 0,
            ::mlir::stablehlo::ResultAccuracyModeAttr::get(
                $_builder.getContext(),
                ::mlir::stablehlo::ResultAccuracyMode::DEFAULT))
      }]>:$result_accuracy);
}

// `stablehlo.op %lhs, %rhs : T`, or `(L, R) -> T` when the types differ.
class StableHLO_BinaryElementwiseOp<string mnemonic, list<Type> operand,
                                    string c1 = EW_Baseline,
                                    list<Trait> traits = []>
    : StableHLO_ElementwiseOp<mnemonic, traits, c1, "Same"> {
  let arguments = (ins RankedTensorOf<operand>:$lhs,
                       RankedTensorOf<operand>:$rhs);
  let results = (outs RankedTensorOf<operand>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

//===--- Unary ops ---------------------------------------------------------===//

def StableHLO_AbsOp : StableHLO_UnaryElementwiseOp<"abs",
    EW_SIntFpComplexOrQuant, EW_Custom,
    [HLO_SInt, HLO_Float, HLO_PerTensorQuantizedInt], "Part"> {
  let summary = "elementwise absolute value (modulus of complex numbers)";
}
def StableHLO_CbrtOp : StableHLO_TranscendentalOp<"cbrt"> {
  let summary = "elementwise cubic root";
}
def StableHLO_CeilOp : StableHLO_UnaryElementwiseOp<"ceil", EW_FpOrQuant> {
  let summary = "elementwise rounding toward positive infinity";
}
def StableHLO_ClzOp : StableHLO_UnaryElementwiseOp<"count_leading_zeros",
    EW_Int, EW_Exact> {
  let summary = "elementwise count of leading zero bits";
}
def StableHLO_CosineOp : StableHLO_TranscendentalOp<"cosine"> {
  let summary = "elementwise cosine";
}
def StableHLO_ExpOp : StableHLO_TranscendentalOp<"exponential"> {
  let summary = "elementwise exponential";
}
def StableHLO_Expm1Op : StableHLO_TranscendentalOp<"exponential_minus_one"> {
  let summary = "elementwise exponential minus one";
}
def StableHLO_FloorOp : StableHLO_UnaryElementwiseOp<"floor", EW_FpOrQuant> {
  let summary = "elementwise rounding toward negative infinity";
}
def StableHLO_ImagOp : StableHLO_UnaryElementwiseOp<"imag",
    [HLO_Float, HLO_Complex], EW_Custom, [HLO_Float], "Part"> {
  let summary = "elementwise imaginary part";
}
def StableHLO_IsFiniteOp : StableHLO_UnaryElementwiseOp<"is_finite",
    EW_FpOrQuant, EW_Custom, [HLO_Pred], "Predicate"> {
  let summary = "elementwise test for finite values";
  let arguments = (ins RankedTensorOf<EW_FpOrQuant>:$x);
  let results = (outs HLO_PredTensor:$y);
  let assemblyFormat = "$x attr-dict `:` functional-type(operands, results)";
}
def StableHLO_LogOp : StableHLO_TranscendentalOp<"log"> {
  let summary = "elementwise natural logarithm";
}
def StableHLO_Log1pOp : StableHLO_TranscendentalOp<"log_plus_one"> {
  let summary = "elementwise logarithm of one plus the operand";
}
def StableHLO_LogisticOp : StableHLO_TranscendentalOp<"logistic"> {
  let summary = "elementwise logistic function";
}
def StableHLO_NegOp : StableHLO_UnaryElementwiseOp<"negate",
    EW_IntFpComplexOrQuant> {
  let summary = "elementwise negation";
}
def StableHLO_NotOp : StableHLO_UnaryElementwiseOp<"not", EW_PredOrInt,
    EW_Exact> {
  let summary = "elementwise logical or bitwise NOT";
}
def StableHLO_PopulationCountOp : StableHLO_UnaryElementwiseOp<"popcnt",
    EW_Int, EW_Exact> {
  let summary = "elementwise count of set bits";
}
def StableHLO_RealOp : StableHLO_UnaryElementwiseOp<"real",
    [HLO_Float, HLO_Complex], EW_Custom, [HLO_Float], "Part"> {
  let summary = "elementwise real part";
}
def StableHLO_ReducePrecisionOp : StableHLO_UnaryElementwiseOp<
    "reduce_precision", EW_FpOrQuant, EW_Custom> {
  let summary = "elementwise rounding to a narrower floating-point format";
  let arguments = (ins RankedTensorOf<EW_FpOrQuant>:$operand,
                       I32Attr:$exponent_bits, I32Attr:$mantissa_bits);
  let results = (outs RankedTensorOf<EW_FpOrQuant>:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=`
      custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict `:`
      custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
}
def StableHLO_RoundOp : StableHLO_UnaryElementwiseOp<"round_nearest_afz",
    EW_FpOrQuant> {
  let summary = "elementwise rounding to nearest, ties away from zero";
}
def StableHLO_RoundNearestEvenOp : StableHLO_UnaryElementwiseOp<
    "round_nearest_even", EW_FpOrQuant> {
  let summary = "elementwise rounding to nearest, ties to even";
}
def StableHLO_RsqrtOp : StableHLO_TranscendentalOp<"rsqrt"> {
  let summary = "elementwise reciprocal square root";
}
def StableHLO_SignOp : StableHLO_UnaryElementwiseOp<"sign",
    EW_SIntFpComplexOrQuant> {
  let summary = "elementwise sign";
}
def StableHLO_SineOp : StableHLO_TranscendentalOp<"sine"> {
  let summary = "elementwise sine";
}
def StableHLO_SqrtOp : StableHLO_TranscendentalOp<"sqrt"> {
  let summary = "elementwise square root";
}
// Not in the spec's op list; defined as upstream StableHLO defines it, with
// the rules of the other transcendental ops.
def StableHLO_TanOp : StableHLO_TranscendentalOp<"tan"> {
  let summary = "elementwise tangent";
}
def StableHLO_TanhOp : StableHLO_TranscendentalOp<"tanh"> {
  let summary = "elementwise hyperbolic tangent";
}

//===--- Binary ops --------------------------------------------------------===//

def StableHLO_AndOp : StableHLO_BinaryElementwiseOp<"and", EW_PredOrInt,
    EW_Exact, [Commutative]> {
  let summary = "elementwise logical or bitwise AND";
}
def StableHLO_Atan2Op : StableHLO_BinaryElementwiseOp<"atan2",
    EW_FpComplexOrQuant> {
  let summary = "elementwise two-argument arctangent";
}
def StableHLO_DivOp : StableHLO_BinaryElementwiseOp<"divide",
    EW_IntFpComplexOrQuant> {
  let summary = "elementwise division";
}
def StableHLO_MaxOp : StableHLO_BinaryElementwiseOp<"maximum", EW_Any,
    EW_Baseline, [Commutative]> {
  let summary = "elementwise maximum";
}
def StableHLO_MinOp : StableHLO_BinaryElementwiseOp<"minimum", EW_Any,
    EW_Baseline, [Commutative]> {
  let summary = "elementwise minimum";
}
def StableHLO_MulOp : StableHLO_BinaryElementwiseOp<"multiply", EW_Any,
    EW_Baseline, [Commutative]> {
  let summary = "elementwise multiplication";
}
def StableHLO_OrOp : StableHLO_BinaryElementwiseOp<"or", EW_PredOrInt,
    EW_Exact, [Commutative]> {
  let summary = "elementwise logical or bitwise OR";
}
def StableHLO_PowOp : StableHLO_BinaryElementwiseOp<"power",
    EW_IntFpComplexOrQuant> {
  let summary = "elementwise exponentiation";
}
def StableHLO_RemOp : StableHLO_BinaryElementwiseOp<"remainder",
    EW_IntFpComplexOrQuant> {
  let summary = "elementwise remainder of division";
}
def StableHLO_ShiftLeftOp : StableHLO_BinaryElementwiseOp<"shift_left",
    EW_Int, EW_Exact> {
  let summary = "elementwise left shift";
}
def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryElementwiseOp<
    "shift_right_arithmetic", EW_Int, EW_Exact> {
  let summary = "elementwise arithmetic right shift";
}
def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryElementwiseOp<
    "shift_right_logical", EW_Int, EW_Exact> {
  let summary = "elementwise logical right shift";
}
def StableHLO_SubtractOp : StableHLO_BinaryElementwiseOp<"subtract",
    EW_IntFpComplexOrQuant> {
  let summary = "elementwise subtraction";
}
def StableHLO_XorOp : StableHLO_BinaryElementwiseOp<"xor", EW_PredOrInt,
    EW_Exact, [Commutative]> {
  let summary = "elementwise logical or bitwise XOR";
}

// `stablehlo.complex %lhs, %rhs : tensor<...xcomplex<E>>` when lhs and rhs
// have the result's shape and element type E, else a function type.
def StableHLO_ComplexOp : StableHLO_ElementwiseOp<"complex", [], EW_Custom,
    "Complex"> {
  let summary = "elementwise complex number from real and imaginary parts";
  let arguments = (ins RankedTensorOf<[F32, F64]>:$lhs,
                       RankedTensorOf<[F32, F64]>:$rhs);
  let results = (outs RankedTensorOf<[HLO_Complex]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
      custom<ComplexOpType>(type($lhs), type($rhs), type($result))
  }];
}

//===--- Other elementwise ops ---------------------------------------------===//

// `stablehlo.clamp %min, %operand, %max : T` when all types agree, else a
// function type.
def StableHLO_ClampOp : StableHLO_InferringOp<"clamp", [Pure]> {
  let summary = "elementwise clamp between a minimum and a maximum";
  let arguments = (ins HLO_PerTensorTensor:$min, HLO_PerTensorTensor:$operand,
                       HLO_PerTensorTensor:$max);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
      custom<ClampOpType>(type($min), type($operand), type($max),
                          type($result))
  }];
  let hasVerifier = 1;
}

// The output shape is load-bearing (dynamism RFC P4): statically shaped, as
// upstream requires.
def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "a tensor counting up from zero along one dimension";
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs StaticShapeTensorOf<[HLO_Int, HLO_Float, HLO_Complex,
                                           HLO_PerTensorQuantizedInt]>:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

// iota of a shape given as an operand (dynamism RFC P4). The result also
// admits booleans, as upstream's does: the verifier reports them as a spec
// deviation (the spec's result type is iota's).
def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of a shape given as an operand";
  let arguments = (ins HLO_DimensionTensor:$output_shape,
                       I64Attr:$iota_dimension);
  let results = (outs HLO_PerTensorTensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "reinterpret the bits of a tensor as another element type";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_ELEMENTWISE_OPS_TD
