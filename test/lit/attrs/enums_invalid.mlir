// Malformed enumeration attributes.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// An unknown value.
// expected-error @+2 {{expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
// expected-error @+1 {{failed to parse StableHLO_ComparisonDirectionAttr parameter 'value'}}
func.func @unknown_value() attributes {a = #stablehlo<comparison_direction LESS>} {
  return
}

// -----

// Values are upper case.
// expected-error @+2 {{expected ::mlir::stablehlo::Precision to be one of: DEFAULT, HIGH, HIGHEST}}
// expected-error @+1 {{failed to parse StableHLO_PrecisionAttr parameter 'value'}}
func.func @lower_case() attributes {a = #stablehlo<precision default>} {
  return
}

// -----

// An unknown enumeration.
// expected-error @+1 {{unknown stablehlo attribute 'comparison_kind'}}
func.func @unknown_enum() attributes {a = #stablehlo<comparison_kind EQ>} {
  return
}

// -----

// result_accuracy_mode has its own mnemonic form.
// expected-error @+2 {{expected ::mlir::stablehlo::ResultAccuracyMode to be one of: DEFAULT, HIGHEST, TOLERANCE}}
// expected-error @+1 {{failed to parse StableHLO_ResultAccuracyModeAttr parameter 'value'}}
func.func @result_accuracy_mode() attributes {a = #stablehlo.result_accuracy_mode<FAST>} {
  return
}

// -----

// An enum inside an op: compare's keyword form.
func.func @compare_keyword(%a: tensor<f32>) -> tensor<i1> {
  // expected-error @+1 {{custom op 'stablehlo.compare' unknown comparison_direction 'LESS'}}
  %0 = stablehlo.compare LESS, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
