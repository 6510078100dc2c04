// RUN: stablehlo-py opt %s --pipeline stablehlo-legalize-composite-to-call --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'func.func(stablehlo-legalize-composite-to-call)' --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-legalize-composite-to-call{except=ns.keep,ns.other}' --split-input-file | FileCheck %s --check-prefix=EXCEPT
// RUN: stablehlo-py opt %s --stablehlo-legalize-composite-to-call=except=ns.keep --split-input-file | FileCheck %s --check-prefix=EXCEPT
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-legalize-composite-to-call{exclude=ns.keep}' 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: no such option exclude

// A composite becomes a call of its decomposition with its operands and result types; its name,
// version and composite_attributes go. Composites named in `except` stay.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[A:.*]] = call @add_impl(%arg0, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[K:.*]] = call @add_impl(%[[A]], %arg1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[P:.*]]:2 = call @pair_impl(%[[K]]) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
// CHECK-NEXT: return %[[P]]#1, %[[P]]#0
// CHECK-NOT: stablehlo.composite
// EXCEPT-LABEL: func.func @main
// EXCEPT-NEXT: %[[A:.*]] = call @add_impl(%arg0, %arg1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// EXCEPT-NEXT: %[[K:.*]] = stablehlo.composite "ns.keep" %[[A]], %arg1 {decomposition = @add_impl} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// EXCEPT-NEXT: call @pair_impl(%[[K]])
func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = stablehlo.composite "ns.add" %arg0, %arg1 {composite_attributes = {alpha = 2.0 : f32}, decomposition = @add_impl, version = 3 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.composite "ns.keep" %0, %arg1 {decomposition = @add_impl} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2:2 = stablehlo.composite "ns.pair" %1 {decomposition = @pair_impl} : (tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %2#1, %2#0 : tensor<3xf32>, tensor<3xf32>
}
func.func private @add_impl(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @pair_impl(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  return %arg0, %arg0 : tensor<3xf32>, tensor<3xf32>
}

// -----

// Composites in regions too.
// CHECK-LABEL: func.func @nested
// CHECK: stablehlo.while
// CHECK: call @body_impl(%{{.*}}) : (tensor<i32>) -> tensor<i32>
// EXCEPT-LABEL: func.func @nested
// EXCEPT: call @body_impl
func.func @nested(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%i = %arg0) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.composite "ns.step" %i {decomposition = @body_impl} : (tensor<i32>) -> tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  return %0 : tensor<i32>
}
func.func private @body_impl(%arg0: tensor<i32>) -> tensor<i32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.add %arg0, %c : tensor<i32>
  return %0 : tensor<i32>
}
