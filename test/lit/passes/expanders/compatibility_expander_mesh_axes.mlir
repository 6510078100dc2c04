// RUN: stablehlo-opt %s --stablehlo-compatibility-expander=target=1.15.0 --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-compatibility-expander=target=1.16.0 --split-input-file | FileCheck %s --check-prefix=KEPT

// Below 1.16.0, replica groups named by mesh axes become the groups they name. A device sits at
// row-major coordinates of the mesh (a=2, b=3): device = 3a + b. Each group runs along the named
// axes (the last fastest); the groups follow the other coordinates.
// CHECK-LABEL: func.func @inline_mesh
// CHECK: "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>}>
// CHECK: "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<{{\[\[}}0, 3], [1, 4], [2, 5]]> : tensor<3x2xi64>}>
// CHECK: "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<{{\[\[}}0, 3, 1, 4, 2, 5]]> : tensor<1x6xi64>}>
// KEPT-LABEL: func.func @inline_mesh
// KEPT-COUNT-3: #stablehlo.replica_group_mesh_axes
func.func @inline_mesh(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<4xf32>, tensor<2xf32>) {
  %0 = "stablehlo.all_reduce"(%arg0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "a", size = 2>, #stablehlo.mesh_axis<name = "b", size = 3>]>, axes = [#stablehlo.axis_ref<name = "b">]>} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "stablehlo.all_gather"(%arg0) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "a", size = 2>, #stablehlo.mesh_axis<name = "b", size = 3>]>, axes = [#stablehlo.axis_ref<name = "a">]>} : (tensor<2xf32>) -> tensor<4xf32>
  %2 = "stablehlo.all_reduce"(%arg0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "a", size = 2>, #stablehlo.mesh_axis<name = "b", size = 3>]>, axes = [#stablehlo.axis_ref<name = "b">, #stablehlo.axis_ref<name = "a">]>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<4xf32>, tensor<2xf32>
}

// -----

// A mesh held by a symbol as a dictionary, with its own device order: the sub-axis (2)2 of p=4
// is p's middle factor (p = 2 * pre + sub), so groups pair the ids at positions 0,1 and 2,3.
// CHECK-LABEL: func.func @symbol_mesh
// CHECK: replica_groups = dense<{{\[\[}}3, 2], [1, 0]]> : tensor<2x2xi64>
// KEPT-LABEL: func.func @symbol_mesh
// KEPT: #stablehlo.replica_group_mesh_axes<mesh = @reversed
func.func private @reversed() attributes {stablehlo.mesh = {axes = [{name = "p", size = 4 : i64}], device_ids = dense<[3, 2, 1, 0]> : tensor<4xi64>}}
func.func @symbol_mesh(%arg0: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.all_reduce"(%arg0) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @reversed, axes = [#stablehlo.axis_ref<name = "p", sub_axis_info = (2)2>]>} : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

