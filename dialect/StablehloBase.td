// The stablehlo dialect, its types and the type constraints every op family
// shares. Op families live in ops/*.td and include this file only.
#ifndef STABLEHLO_PY_BASE_TD
#define STABLEHLO_PY_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Stablehlo_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::stablehlo";
  let summary = "StableHLO: the portable operation set for ML programs.";
  let dependentDialects = ["::mlir::quant::QuantDialect"];
  let useDefaultTypePrinterParser = 1;
  // No canonicalization patterns of its own, as upstream: folding and
  // simplification are their passes' (lib/Transforms/), which depend on the
  // dialect, never the other way round.
  // Custom so that `#stablehlo.type_extensions<...>` parses as bounds too.
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

    // Strict spec checking (per context): programs upstream StableHLO accepts
    // but the spec rejects are errors instead of warnings
    // (reportSpecDeviation in lib/Dialect/Verification.h).
    bool isStrictSpec() const { return strictSpec; }
    void setStrictSpec(bool strict) { strictSpec = strict; }
    // Whether such programs verify with a warning (the default; the Python
    // API's SpecDeviationWarning) or silently, as upstream's do (the opt
    // tools without --warn-spec-deviations).
    bool warnsSpecDeviations() const { return warnSpecDeviations; }
    void setWarnSpecDeviations(bool warn) { warnSpecDeviations = warn; }
    // Whether this op (at its location) has not yet been warned about for
    // this constraint; remembers it. Verification runs after parsing and
    // again after passes, and each deviation is worth one warning. (A new op
    // at a freed op's address and location may go unwarned: a lost warning,
    // never a wrong answer.)
    bool firstSpecDeviation(::mlir::Operation *op, ::llvm::StringRef constraint);

  private:
    bool strictSpec = false;
    bool warnSpecDeviations = true;
    ::llvm::sys::SmartMutex<true> deviationsMutex;
    std::set<std::tuple<::mlir::Operation *, const void *, std::string>>
        reportedDeviations;

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Types owned by the dialect.
//===----------------------------------------------------------------------===//

def StableHLO_Token : TypeDef<Stablehlo_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "token: an opaque value that orders side effects";
}

// FutureType ::= 'future' '<' TensorType {',' TensorType} '>' (upstream's
// current spec): the values of an async_start, available at its async_done.
// Also the future of no tensors, `!stablehlo.future<>`, which upstream's
// verifier and Python API (FutureType.get([])) build and its printer prints.
def StableHLO_Future : TypeDef<Stablehlo_Dialect, "Future"> {
  let mnemonic = "future";
  let summary = "future: the tensors an asynchronous op will produce";
  let parameters = (ins ArrayRefParameter<"::mlir::Type">:$types);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Element type families of the spec ("Types" section).
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "bool">;
def HLO_SInt : SignlessIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_UInt : UnsignedIntOfWidths<[2, 4, 8, 16, 32, 64]>;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "integer">;
def HLO_Float : AnyTypeOf<[F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3,
                           F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                           F8E5M2FNUZ, F8E8M0FNU, BF16, F16, F32, F64],
                          "floating-point">;
def HLO_Complex : Complex<AnyTypeOf<[F32, F64]>>;

// Quantized element types: !quant.uniform with an integer storage type and a
// floating-point expressed type, per tensor or per axis. Their constraints
// (quantized_type_c1-c13) are checked by VerifyQuantizedTypes below.
def HLO_QuantizedInt : Type<
    CPred<"::mlir::stablehlo::isValidQuantizedElementType($_self)">,
    "quantized integer">;

def HLO_ElementType : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_QuantizedInt]>;

def HLO_Tensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                                 HLO_QuantizedInt]>;
def HLO_NonQuantizedTensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float,
                                             HLO_Complex]>;
// Tensors or per-tensor quantized tensors (spec: compare, select, reduce,
// dot_general's lhs).
def HLO_PerTensorQuantizedInt : Type<
    And<[HLO_QuantizedInt.predicate,
         CPred<"!::llvm::isa<::mlir::quant::UniformQuantizedPerAxisType>($_self)">]>,
    "per-tensor quantized integer">;
def HLO_PerTensorTensor : RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float,
                                          HLO_Complex, HLO_PerTensorQuantizedInt]>;
// Results whose shape is load-bearing (dynamism RFC, P4: broadcast_in_dim,
// reshape): statically shaped, or with a single dynamic dimension that has a
// bound.
def HLO_StaticOrBoundedTensor : Type<
    And<[HLO_Tensor.predicate,
         CPred<"::mlir::stablehlo::isStaticOrSingleBoundedDimension($_self)">]>,
    "statically shaped or single bounded dimension ranked tensor",
    "::mlir::RankedTensorType">;
def HLO_PredTensor : RankedTensorOf<[HLO_Pred]>;
def HLO_FpOrComplexTensor : RankedTensorOf<[HLO_Float, HLO_Complex]>;
// Buffers (upstream's current spec, "Buffer types"): made and read by
// custom_call (CreateBuffer, Pin, Unpin, and targets aliasing them), carried
// by tuples, while, return and function arguments; no other op takes one.
def HLO_Buffer : MemRefOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                           HLO_QuantizedInt]>;
def HLO_Tuple : NestedTupleOf<[HLO_Tensor, HLO_Buffer, StableHLO_Token]>;
def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, StableHLO_Token]>;
def HLO_TensorOrTokenOrBuffer : AnyTypeOf<[HLO_Tensor, StableHLO_Token,
                                           HLO_Buffer]>;
def HLO_TensorOrTokenOrTuple : AnyTypeOf<[HLO_Tensor, StableHLO_Token,
                                          HLO_Tuple]>;
def HLO_TensorOrTokenOrTupleOrBuffer : AnyTypeOf<[HLO_Tensor, StableHLO_Token,
                                                  HLO_Tuple, HLO_Buffer]>;
// custom_call's operands and results: those, unranked tensors, which
// upstream accepts there and nowhere else (its shape refinement wraps an
// unranked function argument in a custom_call of unranked result), and
// futures (upstream since VHLO 1.17.0).
def HLO_CustomCallValue : AnyTypeOf<[HLO_Tensor,
    UnrankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float, HLO_Complex,
                      HLO_QuantizedInt]>,
    StableHLO_Token, HLO_Tuple, HLO_Buffer, StableHLO_Future]>;

// Shape operands of the dynamic ops (dynamism RFC P4: sizes may be run-time
// values, axes stay attributes): a statically shaped 1-D tensor of integers
// or index (its length is a rank, which stays static, as upstream has it).
def HLO_DimensionTensor : RankedTensorOf<[Index, HLO_Int],
    [HasStaticShapePred, HasAnyRankOfPred<[1]>],
    "statically shaped 1-dimensional tensor">;

// Integer arrays of dimension numbers are DenseI64ArrayAttr.
def HLO_Dims : DenseArrayAttrBase<"DenseI64ArrayAttr", "int64_t", "i64"> {
  let returnType = "::llvm::ArrayRef<int64_t>";
}

//===----------------------------------------------------------------------===//
// Op base class: every stablehlo op verifies the quantized types it carries.
//===----------------------------------------------------------------------===//

def VerifyQuantizedTypes : NativeOpTrait<"VerifyQuantizedTypes"> {
  let cppNamespace = "::mlir::stablehlo::OpTrait";
}

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<Stablehlo_Dialect, mnemonic, !listconcat(traits,
                                                  [VerifyQuantizedTypes])>;

// Ops whose result types are inferred. Any declared result type passes the
// interface's comparison: the op's verifier checks it against the spec and
// cites the constraint, so each problem gets one error naming it.
class StableHLO_InferringOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                        ::mlir::TypeRange r) {
      return l.size() == r.size();
    }
  }];
}

#endif // STABLEHLO_PY_BASE_TD
