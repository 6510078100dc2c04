// RUN: stablehlo-opt %s --stablehlo-aggressive-folder=assume-no-undeclared-side-effects=true | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-aggressive-folder | FileCheck %s --check-prefix=DEFAULT

// A while whose condition is the constant false but calls a function: func.call declares no memory
// effects, so by default the folder keeps the loop (the call might have some); with
// assume-no-undeclared-side-effects the call has none and the loop is its initial value.
func.func private @lt(%a: tensor<i64>, %b: tensor<i64>) -> tensor<i1> {
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
  return %0 : tensor<i1>
}

// CHECK-LABEL: func.func @false_condition_with_call
// CHECK-NOT: stablehlo.while
// CHECK: return %arg0
// DEFAULT-LABEL: func.func @false_condition_with_call
// DEFAULT: stablehlo.while
func.func @false_condition_with_call(%x: tensor<i64>) -> tensor<i64> {
  %f = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.while(%i = %x) : tensor<i64>
    cond {
    %c = func.call @lt(%i, %i) : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i64>
  }
  return %0 : tensor<i64>
}
