// Round trip of stablehlo.while: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib), except where noted. Block arguments print
// as %iterArg, %iterArg_0, ...
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec example: cond has type (T0, T1) -> tensor<i1> (C1), body
// (T0, T1) -> (T0, T1) (C2), results (T0, T1) (C3).
// CHECK-LABEL:  func.func @while(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
// CHECK-NEXT:    %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i64>, tensor<i64>
// CHECK-NEXT:    cond {
// CHECK-NEXT:      %1 = stablehlo.compare LT, %iterArg, %arg3 : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT:      stablehlo.return %1 : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = stablehlo.add %iterArg_0, %arg2 : tensor<i64>
// CHECK-NEXT:      %2 = stablehlo.add %iterArg, %arg2 : tensor<i64>
// CHECK-NEXT:      stablehlo.return %2, %1 : tensor<i64>, tensor<i64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0, %0#1 : tensor<i64>, tensor<i64>
// CHECK-NEXT:  }
func.func @while(%init_i: tensor<i64>, %init_sum: tensor<i64>, %one: tensor<i64>, %ten: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  %results0, %results1 = "stablehlo.while"(%init_i, %init_sum) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %cond = "stablehlo.compare"(%arg0, %ten) {
      comparison_direction = #stablehlo<comparison_direction LT>
    } : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %cond : tensor<i1>
  }, {
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %new_sum = stablehlo.add %arg1, %one : tensor<i64>
    %new_i = stablehlo.add %arg0, %one : tensor<i64>
    stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
  }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  return %results0, %results1 : tensor<i64>, tensor<i64>
}

// The pretty form, nested loops, tokens, attributes, no operands.
// CHECK-LABEL:  func.func @while_pretty(%arg0: tensor<f32>, %arg1: tensor<i1>, %arg2: !stablehlo.token) -> tensor<f32> {
// CHECK-NEXT:    %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg2) : tensor<f32>, !stablehlo.token attributes {mhlo.frontend_attributes = {a = "b"}}
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = stablehlo.while(%iterArg_1 = %iterArg) : tensor<f32>
// CHECK-NEXT:      cond {
// CHECK-NEXT:        stablehlo.return %arg1 : tensor<i1>
// CHECK-NEXT:      } do {
// CHECK-NEXT:        stablehlo.return %iterArg_1 : tensor<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      stablehlo.return %1, %iterArg_0 : tensor<f32>, !stablehlo.token
// CHECK-NEXT:    }
// CHECK-NEXT:    stablehlo.while()
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      stablehlo.return 
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0 : tensor<f32>
// CHECK-NEXT:  }
func.func @while_pretty(%x: tensor<f32>, %p: tensor<i1>, %t: !stablehlo.token) -> tensor<f32> {
  %0:2 = stablehlo.while(%a = %x, %b = %t) : tensor<f32>, !stablehlo.token attributes {mhlo.frontend_attributes = {a = "b"}}
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    %1 = stablehlo.while(%c = %a) : tensor<f32>
    cond {
      stablehlo.return %p : tensor<i1>
    } do {
      stablehlo.return %c : tensor<f32>
    }
    stablehlo.return %1, %b : tensor<f32>, !stablehlo.token
  }
  stablehlo.while()
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return
  }
  return %0#0 : tensor<f32>
}

// Types that agree only up to dynamic dimensions (C1-C3): the pretty form has
// room for one list of types, so the op prints in the generic form after its
// name (upstream prints the pretty form with the operand types and loses the
// others; not checked against upstream).
// CHECK-LABEL:  func.func @while_dynamic(%arg0: tensor<2xf32>, %arg1: tensor<i1>) -> tensor<?xf32> {
// CHECK-NEXT:    %0 = stablehlo.while(%arg0) ({
// CHECK-NEXT:    ^bb0(%iterArg: tensor<?xf32>):
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<i1>
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%iterArg: tensor<?xf32>):
// CHECK-NEXT:      stablehlo.return %iterArg : tensor<?xf32>
// CHECK-NEXT:    }) : (tensor<2xf32>) -> tensor<?xf32>
// CHECK-NEXT:    return %0 : tensor<?xf32>
// CHECK-NEXT:  }
func.func @while_dynamic(%x: tensor<2xf32>, %p: tensor<i1>) -> tensor<?xf32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<?xf32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<?xf32>):
    stablehlo.return %a : tensor<?xf32>
  }) : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
