// RUN: stablehlo-py opt %s --pipeline 'stablehlo-remove-dynamism{types=tensor<6x4xf32>}' | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-refine-arguments{types=tensor<6x4xf32>},stablehlo-remove-dynamism' | FileCheck %s
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-remove-dynamism{types=tensor<0x4xf32>}' 2>&1 | FileCheck %s --check-prefix=ZERO

// jax.export of f(x) = (reshape(x + sum(x, 1) + arange(b), -1), x[: b // 2]) for x: f32[b, 4].
// Refined for b = 6, every shape is static, the dynamic ops are gone, and so are the shape
// assertion and the helper functions computing b // 2.

// CHECK-LABEL: func.func public @main(%arg0: tensor<6x4xf32>) -> (tensor<24xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"})
// CHECK-NOT: ?
// CHECK-NOT: stablehlo.dynamic
// CHECK-NOT: shape_assertion
// CHECK-NOT: @divmod
// CHECK: stablehlo.reshape {{.*}} : (tensor<6x4xf32>) -> tensor<24xf32>
// CHECK: "stablehlo.gather"{{.*}}slice_sizes = array<i64: 3, 4>{{.*}} -> tensor<3x4xf32>
// CHECK-NOT: func.func

// ZERO: Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4). Obtained dimension variables: 'b' = 0 from specification 'b' for dimension args[0].shape[0] (= 0)
module @jit_f attributes {jax.uses_shape_polymorphism = true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x4xf32>) -> (tensor<?xf32> {jax.result_info = "result[0]"}, tensor<?x4xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32, error_message = "Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for dimension variable 'b'. Using the following polymorphic shapes specifications: args[0].shape = (b, 4). Obtained dimension variables: 'b' = {0} from specification 'b' for dimension args[0].shape[0] (= {0}), . Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %2:2 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> (tensor<?xf32>, tensor<?x4xf32>)
    return %2#0, %2#1 : tensor<?xf32>, tensor<?x4xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>) -> (tensor<?xf32> {jax.result_info = "result[0]"}, tensor<?x4xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<2> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %c_3 = stablehlo.constant dense<1> : tensor<1xi32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg1 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.concatenate %1, %c_3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %5 = stablehlo.concatenate %4, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %3, %5, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %7 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %8 = stablehlo.dynamic_iota %7, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
    %9 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %10 = stablehlo.dynamic_broadcast_in_dim %cst, %9, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %11 = stablehlo.multiply %10, %8 : tensor<?xf32>
    %12 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %13 = stablehlo.dynamic_broadcast_in_dim %cst_4, %12, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
    %14 = stablehlo.add %13, %11 : tensor<?xf32>
    %15 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %16 = stablehlo.concatenate %15, %c_3, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %17 = stablehlo.dynamic_broadcast_in_dim %14, %16, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x1xf32>
    %18 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
    %19 = stablehlo.concatenate %18, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %20 = stablehlo.dynamic_broadcast_in_dim %17, %19, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    %21 = stablehlo.add %6, %20 : tensor<?x4xf32>
    %22 = stablehlo.convert %arg0 : tensor<i32>
    %23 = stablehlo.multiply %22, %c_2 : tensor<i32>
    %24 = stablehlo.reshape %23 : (tensor<i32>) -> tensor<1xi32>
    %25 = stablehlo.dynamic_reshape %21, %24 : (tensor<?x4xf32>, tensor<1xi32>) -> tensor<?xf32>
    %26 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %27:2 = call @divmod(%arg0, %arg0, %c) : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %28 = stablehlo.reshape %27#0 : (tensor<i32>) -> tensor<1xi32>
    %29 = stablehlo.concatenate %28, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %30 = "stablehlo.dynamic_gather"(%arg1, %26, %29) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0]>, indices_are_sorted = true}> : (tensor<?x4xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<?x4xf32>
    return %25, %30 : tensor<?xf32>, tensor<?x4xf32>
  }
  func.func private @divmod(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = call @floor_divide(%arg0, %0, %arg2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = call @remainder(%arg0, %0, %arg2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %1, %2 : tensor<i32>, tensor<i32>
  }
  func.func private @floor_divide(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.divide %arg1, %arg2 : tensor<i32>
    %1 = stablehlo.sign %arg1 : tensor<i32>
    %2 = stablehlo.sign %arg2 : tensor<i32>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.remainder %arg1, %arg2 : tensor<i32>
    %5 = stablehlo.compare NE, %4, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %3, %5 : tensor<i1>
    %7 = stablehlo.subtract %0, %c : tensor<i32>
    %8 = call @_where(%arg0, %6, %7, %0) : (tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %8 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i1>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg1, %arg2, %arg3 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @remainder(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %1 = call @_where(%arg0, %0, %c, %arg2) : (tensor<i32>, tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = stablehlo.remainder %arg1, %1 : tensor<i32>
    %3 = stablehlo.compare NE, %2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.compare LT, %2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.compare LT, %1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %7 = stablehlo.and %6, %3 : tensor<i1>
    %8 = stablehlo.add %2, %1 : tensor<i32>
    %9 = stablehlo.select %7, %8, %2 : tensor<i1>, tensor<i32>
    return %9 : tensor<i32>
  }
}

