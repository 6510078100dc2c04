// The chlo dialect: the client ops JAX and other frameworks emit next to
// StableHLO (broadcasting binary ops, special functions, top_k, ragged_dot,
// scan). Syntax as upstream prints it; verifiers and shape functions:
// lib/Dialect/ChloOps.cpp; constraints: docs/chlo.md.
#ifndef STABLEHLO_PY_CHLO_OPS_TD
#define STABLEHLO_PY_CHLO_OPS_TD

include "StablehloAttrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpAsmInterface.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::stablehlo::chlo";
  let summary = "client ops lowered to StableHLO (broadcasting, special functions)";
  let dependentDialects = ["::mlir::stablehlo::StablehloDialect"];
  let useDefaultAttributePrinterParser = 1;
}

//===--- Attributes ----------------------------------------------------------===//

// The spec's enumerations, printed `#chlo<comparison_direction LT>`. The
// enums are stablehlo's; the attributes, and so their builders, are chlo's.
class Chlo_EnumAttr<EnumAttrInfo info, string mnemonic, string cppName>
    : EnumAttr<Chlo_Dialect, info, mnemonic> {
  let constBuilderCall =
      "::mlir::stablehlo::chlo::" # cppName # "::get($_builder.getContext(), $0)";
}
def Chlo_ComparisonDirectionAttr : Chlo_EnumAttr<StableHLO_ComparisonDirection,
    "comparison_direction", "ComparisonDirectionAttr">;
def Chlo_ComparisonTypeAttr : Chlo_EnumAttr<StableHLO_ComparisonType,
    "comparison_type", "ComparisonTypeAttr">;
def Chlo_PrecisionAttr : Chlo_EnumAttr<StableHLO_Precision, "precision",
                                       "PrecisionAttr">;
def Chlo_PrecisionConfigAttr : TypedArrayAttrBase<Chlo_PrecisionAttr,
    "precision config">;

// #chlo.ragged_dot<...>: dot_general's dimension numbers plus the lhs ragged
// dimension and the rhs group dimension.
def Chlo_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "ragged_dot dimension numbers";
  let hasCustomAssemblyFormat = 1;
  let parameters = (ins HLO_DimsParameter:$lhsBatchingDimensions,
                        HLO_DimsParameter:$rhsBatchingDimensions,
                        HLO_DimsParameter:$lhsContractingDimensions,
                        HLO_DimsParameter:$rhsContractingDimensions,
                        HLO_DimsParameter:$lhsRaggedDimensions,
                        HLO_DimsParameter:$rhsGroupDimensions);
  let extraClassDeclaration = [{
    ::mlir::DictionaryAttr toFields() const;
    static ::mlir::Attribute fromFields(::mlir::DictionaryAttr fields);
  }];
}

//===--- Op classes ----------------------------------------------------------===//

// Element types, as upstream's CHLO constrains them.
defvar Chlo_Fp = [HLO_Float];
defvar Chlo_FpOrComplex = [HLO_Float, HLO_Complex];
defvar Chlo_Any = [HLO_Pred, HLO_Int, HLO_Float, HLO_Complex];
defvar Chlo_IntFpOrComplex = [HLO_Int, HLO_Float, HLO_Complex];
defvar Chlo_PredOrInt = [HLO_Pred, HLO_Int];

// Result types are inferred; as in stablehlo, any declared result passes the
// interface's comparison and the verifier checks it, citing the constraint.
class Chlo_BaseOp<string mnemonic, list<Trait> traits = []>
    : Op<Chlo_Dialect, mnemonic, traits> {
  let hasVerifier = 1;
}
class Chlo_InferringOp<string mnemonic, list<Trait> traits = []>
    : Chlo_BaseOp<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return l.size() == r.size();
    }
  }];
}
class Chlo_Op<string mnemonic, list<Trait> traits = []>
    : Chlo_InferringOp<mnemonic, !listconcat(traits, [Pure])>;

// `chlo.op %x : T -> R`: an element-wise function; the result has the
// operand's type (<op>_c1, <op>_c2 in docs/chlo.md).
class Chlo_UnaryOp<string mnemonic, list<Type> elements, string summaryText>
    : Chlo_Op<mnemonic> {
  let summary = summaryText;
  let arguments = (ins RankedTensorOf<elements>:$operand);
  let results = (outs RankedTensorOf<elements>:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}

// `chlo.op %x, %y : T, T -> R`: an element-wise function of two operands of
// one type.
class Chlo_BinaryOp<string mnemonic, list<Type> elements, string summaryText,
                    string lhsName = "lhs", string rhsName = "rhs">
    : Chlo_Op<mnemonic> {
  let summary = summaryText;
  let arguments = !dag(ins, [RankedTensorOf<elements>, RankedTensorOf<elements>],
                       [lhsName, rhsName]);
  let results = (outs RankedTensorOf<elements>:$result);
  let assemblyFormat = "$" # lhsName # " `,` $" # rhsName #
      " attr-dict `:` type($" # lhsName # ") `,` type($" # rhsName #
      ") `->` type($result)";
}

// `chlo.broadcast_op %lhs, %rhs {broadcast_dimensions = ...} : (L, R) -> T`:
// the stablehlo op on operands broadcast to a common shape. The result's
// element type is the operands' (Same), i1 (Predicate) or complex<E>
// (Complex): ChloBroadcastResult in lib/Dialect/ChloOps.cpp.
class Chlo_BroadcastBinaryOp<string mnemonic, list<Type> elements,
                             string summaryText, string resultKind = "Same",
                             list<Type> resultElements = elements>
    : Chlo_Op<"broadcast_" # mnemonic> {
  let summary = summaryText;
  let arguments = (ins RankedTensorOf<elements>:$lhs,
                       RankedTensorOf<elements>:$rhs,
                       OptionalAttr<HLO_Dims>:$broadcast_dimensions);
  let results = (outs RankedTensorOf<resultElements>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, ::std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferred) {
      auto props = propertiesOf<$cppClass>(attributes, properties);
      ::std::optional<::llvm::ArrayRef<int64_t>> dims;
      if (props.broadcast_dimensions)
        dims = props.broadcast_dimensions.asArrayRef();
      return inferBroadcastBinaryType(location, getOperationName(), operands,
          dims, ChloBroadcastResult::}] # resultKind # [{, inferred);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyBroadcastBinaryOp(*this, getBroadcastDimensions(),
                                     ChloBroadcastResult::}] # resultKind # [{);
    }
  }];
}

//===--- Broadcasting binary ops ---------------------------------------------===//

def Chlo_BroadcastAddOp : Chlo_BroadcastBinaryOp<"add", Chlo_Any,
    "addition with broadcasting">;
def Chlo_BroadcastAndOp : Chlo_BroadcastBinaryOp<"and", Chlo_PredOrInt,
    "logical or bitwise AND with broadcasting">;
def Chlo_BroadcastAtan2Op : Chlo_BroadcastBinaryOp<"atan2", Chlo_FpOrComplex,
    "two-argument arctangent with broadcasting">;
def Chlo_BroadcastComplexOp : Chlo_BroadcastBinaryOp<"complex",
    [F32, F64], "complex number from real and imaginary parts, with broadcasting",
    "Complex", [HLO_Complex]>;
def Chlo_BroadcastDivOp : Chlo_BroadcastBinaryOp<"divide", Chlo_IntFpOrComplex,
    "division with broadcasting">;
def Chlo_BroadcastMaxOp : Chlo_BroadcastBinaryOp<"maximum", Chlo_Any,
    "maximum with broadcasting">;
def Chlo_BroadcastMinOp : Chlo_BroadcastBinaryOp<"minimum", Chlo_Any,
    "minimum with broadcasting">;
def Chlo_BroadcastMulOp : Chlo_BroadcastBinaryOp<"multiply", Chlo_Any,
    "multiplication with broadcasting">;
def Chlo_BroadcastNextAfterOp : Chlo_BroadcastBinaryOp<"next_after", Chlo_Fp,
    "next representable value towards rhs, with broadcasting">;
def Chlo_BroadcastOrOp : Chlo_BroadcastBinaryOp<"or", Chlo_PredOrInt,
    "logical or bitwise OR with broadcasting">;
def Chlo_BroadcastPolygammaOp : Chlo_BroadcastBinaryOp<"polygamma", Chlo_Fp,
    "polygamma(n, x) with broadcasting">;
def Chlo_BroadcastPowOp : Chlo_BroadcastBinaryOp<"power", Chlo_IntFpOrComplex,
    "exponentiation with broadcasting">;
def Chlo_BroadcastRemOp : Chlo_BroadcastBinaryOp<"remainder",
    Chlo_IntFpOrComplex, "remainder with broadcasting">;
def Chlo_BroadcastShiftLeftOp : Chlo_BroadcastBinaryOp<"shift_left",
    [HLO_Int], "left shift with broadcasting">;
def Chlo_BroadcastShiftRightArithmeticOp : Chlo_BroadcastBinaryOp<
    "shift_right_arithmetic", [HLO_Int],
    "arithmetic right shift with broadcasting">;
def Chlo_BroadcastShiftRightLogicalOp : Chlo_BroadcastBinaryOp<
    "shift_right_logical", [HLO_Int], "logical right shift with broadcasting">;
def Chlo_BroadcastSubOp : Chlo_BroadcastBinaryOp<"subtract",
    Chlo_IntFpOrComplex, "subtraction with broadcasting">;
def Chlo_BroadcastXorOp : Chlo_BroadcastBinaryOp<"xor", Chlo_PredOrInt,
    "logical or bitwise XOR with broadcasting">;
def Chlo_BroadcastZetaOp : Chlo_BroadcastBinaryOp<"zeta", Chlo_Fp,
    "Hurwitz zeta(x, q) with broadcasting">;

def Chlo_BroadcastCompareOp : Chlo_Op<"broadcast_compare"> {
  let summary = "comparison with broadcasting";
  let arguments = (ins RankedTensorOf<Chlo_Any>:$lhs,
                       RankedTensorOf<Chlo_Any>:$rhs,
                       OptionalAttr<HLO_Dims>:$broadcast_dimensions,
                       Chlo_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<Chlo_ComparisonTypeAttr>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// Broadcasts numpy-style: shapes aligned at their last dimension.
def Chlo_BroadcastSelectOp : Chlo_Op<"broadcast_select"> {
  let summary = "choice between two tensors by a predicate, with broadcasting";
  let arguments = (ins HLO_PredTensor:$pred, RankedTensorOf<Chlo_Any>:$on_true,
                       RankedTensorOf<Chlo_Any>:$on_false);
  let results = (outs RankedTensorOf<Chlo_Any>:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
      functional-type(operands, results)
  }];
}

//===--- Element-wise math ---------------------------------------------------===//

def Chlo_AcosOp : Chlo_UnaryOp<"acos", Chlo_FpOrComplex, "arccosine">;
def Chlo_AcoshOp : Chlo_UnaryOp<"acosh", Chlo_FpOrComplex,
                                "inverse hyperbolic cosine">;
def Chlo_AsinOp : Chlo_UnaryOp<"asin", Chlo_FpOrComplex, "arcsine">;
def Chlo_AsinhOp : Chlo_UnaryOp<"asinh", Chlo_FpOrComplex,
                                "inverse hyperbolic sine">;
def Chlo_AtanOp : Chlo_UnaryOp<"atan", Chlo_FpOrComplex, "arctangent">;
def Chlo_AtanhOp : Chlo_UnaryOp<"atanh", Chlo_FpOrComplex,
                                "inverse hyperbolic tangent">;
def Chlo_CoshOp : Chlo_UnaryOp<"cosh", Chlo_FpOrComplex, "hyperbolic cosine">;
def Chlo_SinhOp : Chlo_UnaryOp<"sinh", Chlo_FpOrComplex, "hyperbolic sine">;
def Chlo_TanOp : Chlo_UnaryOp<"tan", Chlo_FpOrComplex, "tangent">;
def Chlo_ConjOp : Chlo_UnaryOp<"conj", Chlo_FpOrComplex,
    "complex conjugate (the identity on floats)">;
def Chlo_SquareOp : Chlo_UnaryOp<"square", Chlo_FpOrComplex, "x * x">;
// w = _asin_acos_kernel(z) gives asin, acos, asinh and acosh of complex z
// (see docs/chlo.md); an intermediate of upstream's decompositions.
def Chlo_AsinAcosKernelOp : Chlo_UnaryOp<"_asin_acos_kernel", Chlo_FpOrComplex,
    "the kernel shared by complex asin, acos, asinh and acosh">;

def Chlo_BesselI1eOp : Chlo_UnaryOp<"bessel_i1e", Chlo_Fp,
    "exponentially scaled modified Bessel function of order 1">;
def Chlo_DigammaOp : Chlo_UnaryOp<"digamma", Chlo_Fp,
    "logarithmic derivative of the gamma function">;
def Chlo_ErfOp : Chlo_UnaryOp<"erf", Chlo_Fp, "error function">;
def Chlo_ErfcOp : Chlo_UnaryOp<"erfc", Chlo_Fp,
                               "complementary error function">;
def Chlo_ErfInvOp : Chlo_UnaryOp<"erf_inv", Chlo_Fp,
                                 "inverse error function">;
def Chlo_LgammaOp : Chlo_UnaryOp<"lgamma", Chlo_Fp,
    "natural logarithm of the absolute value of the gamma function">;

// `chlo.is_inf %x : T -> tensor<...xi1>`.
class Chlo_InfinityTestOp<string mnemonic, string summaryText>
    : Chlo_Op<mnemonic> {
  let summary = summaryText;
  let arguments = (ins RankedTensorOf<Chlo_Fp>:$operand);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
}
def Chlo_IsInfOp : Chlo_InfinityTestOp<"is_inf", "x is +inf or -inf">;
def Chlo_IsNegInfOp : Chlo_InfinityTestOp<"is_neg_inf", "x is -inf">;
def Chlo_IsPosInfOp : Chlo_InfinityTestOp<"is_pos_inf", "x is +inf">;

def Chlo_NextAfterOp : Chlo_BinaryOp<"next_after", Chlo_Fp,
    "the next representable value after x towards y", "x", "y">;
def Chlo_PolygammaOp : Chlo_BinaryOp<"polygamma", Chlo_Fp,
    "the n-th derivative of digamma at x", "n", "x">;
def Chlo_ZetaOp : Chlo_BinaryOp<"zeta", Chlo_Fp, "Hurwitz zeta(x, q)",
                                "x", "q">;
def Chlo_MulhiOp : Chlo_BinaryOp<"mulhi", [HLO_Int],
    "the high half of the double-width product">;

//===--- Constants -----------------------------------------------------------===//

def Chlo_ConstantOp : Chlo_Op<"constant", [ConstantLike]> {
  let summary = "a tensor constant";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

// A splat of the scalar `value` with the operand's shape (upstream prints it
// in the generic form).
def Chlo_ConstantLikeOp : Chlo_Op<"constant_like"> {
  let summary = "a splat constant of the operand's shape";
  let arguments = (ins TypedAttrInterface:$value, HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
}

//===--- top_k, ragged_dot, scan ---------------------------------------------===//

def Chlo_TopKOp : Chlo_Op<"top_k",
    [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "the k largest entries along the last dimension, and their indices";
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k);
  let results = (outs HLO_Tensor:$values, RankedTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:`
      type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
}

// The result's element type is the caller's choice (an accumulation type), so
// the builder takes the result type.
def Chlo_RaggedDotOp : Chlo_BaseOp<"ragged_dot", [Pure]> {
  let summary = "dot_general with one ragged dimension split into groups";
  let arguments = (ins RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>:$lhs,
                       RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>:$rhs,
                       RankedTensorOf<[HLO_Int]>:$group_sizes,
                       Chlo_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<Chlo_PrecisionConfigAttr>:$precision_config);
  let results = (outs RankedTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>:$result);
}

def Chlo_ScanOp : Chlo_InferringOp<"scan", [AttrSizedOperandSegments,
    AttrSizedResultSegments, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
                              ["getAsmBlockArgumentNames"]>]> {
  let summary = "a body applied along a dimension, carrying values between steps";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, Variadic<HLO_Tensor>:$inits,
                       I64Attr:$dimension,
                       OptionalAttr<BoolAttr>:$is_reverse,
                       OptionalAttr<BoolAttr>:$is_associative);
  let results = (outs Variadic<HLO_Tensor>:$outputs,
                      Variadic<HLO_Tensor>:$carries);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

#endif // STABLEHLO_PY_CHLO_OPS_TD
