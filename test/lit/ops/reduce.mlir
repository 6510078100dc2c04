// Round trip of stablehlo.reduce and stablehlo.return: the CHECK lines are
// upstream StableHLO's pretty form (checked with jaxlib), except for the
// quantized case, which upstream's Python bindings cannot parse.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The compact form: one commutative binary op on the two block arguments.
// CHECK-LABEL:  func.func @reduce_compact(%arg0: tensor<2x4xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %2 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @reduce_compact(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0 : tensor<4xf32>
}

// A body written out in full that has the compact shape prints compactly.
// CHECK-LABEL:  func.func @reduce_long_to_compact(%arg0: tensor<2x4xi32>, %arg1: tensor<i32>) -> tensor<2xi32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x4xi32>, tensor<i32>) -> tensor<2xi32>
// CHECK-NEXT:    return %0 : tensor<2xi32>
// CHECK-NEXT:  }
func.func @reduce_long_to_compact(%input: tensor<2x4xi32>, %init: tensor<i32>) -> tensor<2xi32> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [1] : (tensor<2x4xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%acc: tensor<i32>, %x: tensor<i32>)  {
    %1 = stablehlo.add %acc, %x : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }
  return %0 : tensor<2xi32>
}

// A body that is not a single binary op prints with its region.
// CHECK-LABEL:  func.func @reduce_region(%arg0: tensor<2x4xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT:      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      %3 = stablehlo.add %2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %3 : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT:      stablehlo.return %arg3 : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @reduce_region(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %1 = stablehlo.add %a, %b : tensor<f32>
    %2 = stablehlo.add %1, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }
  %3 = stablehlo.reduce(%input init: %init) across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %b : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// Several inputs: the reducer pairs each input's two block arguments.
// CHECK-LABEL:  func.func @reduce_variadic(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
// CHECK-NEXT:    %0:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT:     reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT:      %1 = stablehlo.add %arg4, %arg6 : tensor<f32>
// CHECK-NEXT:      %2 = stablehlo.add %arg5, %arg7 : tensor<i32>
// CHECK-NEXT:      stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
// CHECK-NEXT:  }
func.func @reduce_variadic(%x: tensor<2x4xf32>, %i: tensor<2x4xi32>, %fx: tensor<f32>, %fi: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0:2 = stablehlo.reduce(%x init: %fx), (%i init: %fi) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %1 = stablehlo.add %a, %c : tensor<f32>
    %2 = stablehlo.add %b, %d : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// The body's element type may be wider than the input's (C6, C8).
// CHECK-LABEL:  func.func @reduce_promoted(%arg0: tensor<4xbf16>, %arg1: tensor<bf16>) -> tensor<f32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xbf16>, tensor<bf16>) -> tensor<f32>
// CHECK-NEXT:     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<f32>
// CHECK-NEXT:  }
func.func @reduce_promoted(%input: tensor<4xbf16>, %init: tensor<bf16>) -> tensor<f32> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xbf16>, tensor<bf16>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// The generic form.
// CHECK-LABEL:  func.func @reduce_generic(%arg0: tensor<3xi1>, %arg1: tensor<i1>) -> tensor<i1> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
// CHECK-NEXT:    return %0 : tensor<i1>
// CHECK-NEXT:  }
func.func @reduce_generic(%input: tensor<3xi1>, %init: tensor<i1>) -> tensor<i1> {
  %0 = "stablehlo.reduce"(%input, %init) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %1 = "stablehlo.add"(%a, %b) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "stablehlo.return"(%1) : (tensor<i1>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
}

// Dynamic and bounded inputs keep their other dimensions (C7).
// CHECK-LABEL:  func.func @reduce_dynamic(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xf32, #stablehlo.bounds<8, ?>>, %arg2: tensor<f32>) -> tensor<?xf32> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg2) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce(%arg1 init: %arg2) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32, #stablehlo.bounds<8, ?>>, tensor<f32>) -> tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    return %0 : tensor<?xf32>
// CHECK-NEXT:  }
func.func @reduce_dynamic(%input: tensor<?x4xf32>, %b: tensor<?x4xf32, #stablehlo.bounds<8, ?>>, %init: tensor<f32>) -> tensor<?xf32> {
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.reduce(%b init: %init) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32, #stablehlo.bounds<8, ?>>, tensor<f32>) -> tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32>
}

// As JAX emits it (jnp.sum, and the argmax reducer).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<2xi32> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<2x4xi32>
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %1:2 = stablehlo.reduce(%arg0 init: %cst_0), (%c init: %c_1) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT:     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
// CHECK-NEXT:      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT:      %4 = stablehlo.select %2, %arg1, %arg3 : tensor<i1>, tensor<f32>
// CHECK-NEXT:      %5 = stablehlo.select %3, %arg2, %arg4 : tensor<i1>, tensor<i32>
// CHECK-NEXT:      stablehlo.return %4, %5 : tensor<f32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0, %1#1 : tensor<4xf32>, tensor<2xi32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<2xi32> {jax.result_info = "result[1]"}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
  %c = stablehlo.constant dense<0> : tensor<2x4xi32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c_1 = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%arg0 init: %cst_0), (%c init: %c_1) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.select %2, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %5 = stablehlo.select %3, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %4, %5 : tensor<f32>, tensor<i32>
  }
  return %0, %1#1 : tensor<4xf32>, tensor<2xi32>
}

// Quantized input (not checked against upstream: no quant dialect in jaxlib),
// reduced in a wider storage type (C6).
// CHECK-LABEL:  func.func @reduce_quantized(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, %arg1: tensor<!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<!quant.uniform<i32:f32, 5.000000e-01>> {
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<!quant.uniform<i32:f32, 5.000000e-01>>
// CHECK-NEXT:     reducer(%arg2: tensor<!quant.uniform<i32:f32, 5.000000e-01>>, %arg3: tensor<!quant.uniform<i32:f32, 5.000000e-01>>)  {
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<!quant.uniform<i32:f32, 5.000000e-01>>
// CHECK-NEXT:      stablehlo.return %1 : tensor<!quant.uniform<i32:f32, 5.000000e-01>>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : tensor<!quant.uniform<i32:f32, 5.000000e-01>>
// CHECK-NEXT:  }
func.func @reduce_quantized(%input: tensor<4x!quant.uniform<i8:f32, 0.5>>, %init: tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i32:f32, 0.5>> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i32:f32, 0.5>>
   reducer(%a: tensor<!quant.uniform<i32:f32, 0.5>>, %b: tensor<!quant.uniform<i32:f32, 0.5>>)  {
    %1 = stablehlo.add %a, %b : tensor<!quant.uniform<i32:f32, 0.5>>
    stablehlo.return %1 : tensor<!quant.uniform<i32:f32, 0.5>>
  }
  return %0 : tensor<!quant.uniform<i32:f32, 0.5>>
}
