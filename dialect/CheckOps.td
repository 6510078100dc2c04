// The check dialect: assertions that conformance suites put in programs and
// the interpreter evaluates (ARCHITECTURE.md, "Check ops").
#ifndef STABLEHLO_PY_CHECK_OPS_TD
#define STABLEHLO_PY_CHECK_OPS_TD

include "StablehloBase.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::mlir::stablehlo::check";
  let summary = "assertions evaluated by the StableHLO interpreter";
}

// Checks have an effect so that DCE and CSE keep every one of them.
class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, !listconcat(traits, [MemoryEffects<[MemWrite]>])>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [SameTypeOperands]> {
  let summary = "the two tensors are exactly equal";
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "the tensor is exactly equal to a constant";
  let arguments = (ins HLO_Tensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict";
}

// Upstream's syntax: `check.expect_almost_eq %a, %b, tolerance = 0.1 : T`,
// with its default tolerance 1e-4 (elided when printed). The tolerance may
// also come in the attribute dictionary (`{tolerance = 0.1 : f64}`).
def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq", [SameTypeOperands]> {
  let summary = "the tensors are equal within an absolute tolerance";
  let arguments = (ins HLO_FpOrComplexTensor:$lhs, HLO_FpOrComplexTensor:$rhs,
                       DefaultValuedOptionalAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "the tensor equals a constant within an absolute tolerance";
  let arguments = (ins HLO_FpOrComplexTensor:$lhs, ElementsAttr:$value,
                       DefaultValuedOptionalAttr<F64Attr, "1.0e-4">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict
  }];
}

// Programs in the wild spell the bounds as ui64 attributes
// (`{max_ulp_difference = 3 : ui64}`); the difference must lie in [min, max].
def Check_ExpectCloseOp : Check_Op<"expect_close", [SameTypeOperands]> {
  let summary = "the tensors are between min and max ULPs apart";
  let arguments = (ins HLO_FpOrComplexTensor:$actual,
                       HLO_FpOrComplexTensor:$expected,
                       DefaultValuedAttr<UI64Attr, "3">:$max_ulp_difference,
                       DefaultValuedOptionalAttr<UI64Attr, "0">:$min_ulp_difference);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference
      (`,` `min_ulp_difference` `=` $min_ulp_difference^)?
      attr-dict `:` type($actual) `,` type($expected)
  }];
}

// Compares with what `interpreter.probe` recorded under probe_id on its
// `iter`-th run (0-based): `check.expect_serialized_eq %v, probe_id = "p",
// iter = 1 : T`.
def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "the tensor equals a probed value exactly";
  let arguments = (ins HLO_Tensor:$expected, StrAttr:$probe_id,
                       DefaultValuedOptionalAttr<UI32Attr, "0">:$iter);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iter^)? attr-dict
      `:` type($expected)
  }];
}

#endif // STABLEHLO_PY_CHECK_OPS_TD
