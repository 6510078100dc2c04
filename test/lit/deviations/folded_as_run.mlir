// The folder reads a compare whose compare_type does not fit the element type
// as the interpreter runs it: by the element type (docs/decisions.md).
// RUN: stablehlo-opt %s --stablehlo-aggressive-folder 2>/dev/null | FileCheck %s

// CHECK-LABEL: func.func @unsigned_read_as_unsigned
// CHECK: %[[C:.*]] = stablehlo.constant dense<[false, true]> : tensor<2xi1>
// CHECK: return %[[C]]
func.func @unsigned_read_as_unsigned() -> tensor<2xi1> {
  %a = stablehlo.constant dense<[4294967295, 1]> : tensor<2xui32>
  %b = stablehlo.constant dense<[1, 4294967295]> : tensor<2xui32>
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// CHECK-LABEL: func.func @signed_read_as_signed
// CHECK: %[[C:.*]] = stablehlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK: return %[[C]]
func.func @signed_read_as_signed() -> tensor<2xi1> {
  %a = stablehlo.constant dense<[-1, 1]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1, -1]> : tensor<2xi32>
  %0 = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}
