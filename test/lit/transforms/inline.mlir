// --inline inlines func.calls into stablehlo code (the dialect's inliner
// interface: every stablehlo op may be inlined, region ops included), and the
// folder and the simplifier then simplify the result (--inline's own default
// pipeline is canonicalize: INLINE turns it off to see the inlined ops).
// RUN: stablehlo-opt %s --inline=default-pipeline= | FileCheck %s --check-prefix=INLINE
// RUN: stablehlo-opt %s --inline --stablehlo-aggressive-folder --stablehlo-aggressive-simplification | FileCheck %s --check-prefix=CANON

// INLINE-LABEL: func.func @main
// INLINE-NOT: call
// INLINE: stablehlo.multiply
// INLINE: stablehlo.while
// INLINE: return
// INLINE-NOT: func.func private @scale
// CANON-LABEL: func.func @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>) {
// CANON-NEXT: %[[C:.*]] = stablehlo.constant dense<10> : tensor<i32>
// CANON-NOT: stablehlo.multiply
// CANON: %[[W:.*]]:2 = stablehlo.while
// CANON: return %[[W]]#1, %[[C]] : tensor<4xf32>, tensor<i32>
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>) {
  %0 = func.call @scale(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @loop(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %2 = func.call @affine(%c2, %c3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %1, %2 : tensor<4xf32>, tensor<i32>
}

func.func private @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %one : tensor<4xf32>
  %1 = stablehlo.transpose %0, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// 2 * 3 + 4 = 10 once inlined with constant arguments.
func.func private @affine(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %four = stablehlo.constant dense<4> : tensor<i32>
  %0 = stablehlo.multiply %a, %b : tensor<i32>
  %1 = stablehlo.add %0, %four : tensor<i32>
  return %1 : tensor<i32>
}

func.func private @loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %i, %one : tensor<i32>
      %w = stablehlo.add %v, %v : tensor<4xf32>
      stablehlo.return %next, %w : tensor<i32>, tensor<4xf32>
    }
  return %0#1 : tensor<4xf32>
}
