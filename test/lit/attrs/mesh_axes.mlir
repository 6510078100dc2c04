// Replica groups by mesh axes (#stablehlo.replica_group_mesh_axes) and the
// attributes they are made of (sub_axis_info, axis_ref, mesh_axis, mesh)
// round-trip as upstream prints them: the mesh without spaces around `=` and
// its axes without the `#stablehlo.mesh_axis` prefix, sub_axis_info as
// `(pre_size)size` inside an axis_ref (alone: `#stablehlo<sub_axis_info(1)2>`);
// fields parse in any order, the mesh's axes in full or short form. The six
// collectives that take replica_groups take them, with a mesh written inline
// (with or without device_ids) or named by a symbol: a declaration (upstream's
// own tests), an sdy.mesh (what JAX writes), an op holding a #stablehlo.mesh.
// The CHECK lines are upstream StableHLO's output (jaxlib, StableHLO 1.17), but
// for @collective_reduce (newer than 1.17) and @empty_mesh (upstream 1.17
// prints `axes=[]` but its parser wants at least one axis).
// Errors: mesh_axes_invalid.mlir; VHLO: test/lit/vhlo; the groups they name:
// test/python/interpreter/communication/test_mesh_axes.py.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:module {
// Meshes named by symbols: a declaration, an sdy.mesh, a symbol holding a
// #stablehlo.mesh (its axes in full form).
// CHECK-NEXT:  func.func private @mesh()
// CHECK-NEXT:  sdy.mesh @sdy_mesh = <["x"=2, "y"=2]>
// CHECK-NEXT:  func.func private @held() attributes {stablehlo.mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>]>}
func.func private @mesh()
sdy.mesh @sdy_mesh = <["x"=2, "y"=2]>
func.func private @held() attributes {stablehlo.mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 4>]>}

// The attributes alone, in a dictionary (printed sorted by name): a
// sub_axis_info alone prints in the dialect's verbose form; axis_ref and
// mesh_axis fields in any order; a mesh in full form (spaces, prefixed axes),
// in the printed form, mixed, with device_ids of i64 or i32, of any shape;
// replica_group_mesh_axes with a symbol or an inline mesh, fields in any order;
// names with escaped characters.
// CHECK-LABEL:  func.func @attributes() attributes {a = #stablehlo<sub_axis_info(1)2>, b = #stablehlo.axis_ref<name = "x">, c = #stablehlo.axis_ref<name = "y", sub_axis_info = (2)4>, d = #stablehlo.mesh_axis<name = "x", size = 2>, e = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, f = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 3>], device_ids=dense<[5, 4, 3, 2, 1, 0]> : tensor<6xi64>>, g = #stablehlo.mesh<axes=[<name = "a", size = 1>, <name = "b", size = 2>], device_ids=dense<{{\[\[}}1, 0]]> : tensor<1x2xi32>>, h = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = []>, i = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>]>, axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>, #stablehlo.axis_ref<name = "x">]>, j = [#stablehlo<sub_axis_info(2)2>, #stablehlo.axis_ref<name = "x y\22z">]} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @attributes() attributes {
    a = #stablehlo<sub_axis_info(1)2>,
    b = #stablehlo.axis_ref<name = "x">,
    c = #stablehlo.axis_ref<sub_axis_info = (2)4, name = "y">,
    d = #stablehlo.mesh_axis<size = 2, name = "x">,
    e = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 4>]>,
    f = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 3>], device_ids=dense<[5, 4, 3, 2, 1, 0]> : tensor<6xi64>>,
    g = #stablehlo.mesh<axes = [<name = "a", size = 1>, #stablehlo.mesh_axis<name = "b", size = 2>], device_ids = dense<[[1, 0]]> : tensor<1x2xi32>>,
    h = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = []>,
    i = #stablehlo.replica_group_mesh_axes<axes = [#stablehlo.axis_ref<name = "y", sub_axis_info = (1)2>, #stablehlo.axis_ref<name = "x">], mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>, <name = "y", size = 4>]>>,
    j = [#stablehlo<sub_axis_info(2)2>, #stablehlo.axis_ref<name = "x y\22z">]} {
  return
}

// all_gather by two axes of a declared symbol (upstream's verifier test).
// CHECK-LABEL:  func.func @all_gather(%arg0: tensor<16x8xf32>) -> tensor<16x16xf32> {
// CHECK-NEXT:    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "foo">, #stablehlo.axis_ref<name = "bar">]>}> : (tensor<16x8xf32>) -> tensor<16x16xf32>
// CHECK-NEXT:    return %0 : tensor<16x16xf32>
// CHECK-NEXT:  }
func.func @all_gather(%a: tensor<16x8xf32>) -> tensor<16x16xf32> {
  %0 = "stablehlo.all_gather"(%a) {
    all_gather_dim = 1 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "foo">, #stablehlo.axis_ref<name = "bar">]>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
  } : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// all_reduce (variadic) over an inline mesh in full form, flattened ids.
// CHECK-LABEL:  func.func @all_reduce(%arg0: tensor<4xf32>, %arg1: tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
// CHECK-NEXT:    %0:2 = "stablehlo.all_reduce"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>, tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>)
// CHECK-NEXT:    return %0#0, %0#1 : tensor<4xf32>, tensor<2xf32>
// CHECK-NEXT:  }
func.func @all_reduce(%a: tensor<4xf32>, %b: tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
  %0:2 = "stablehlo.all_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>, #stablehlo.mesh_axis<name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>,
    channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>,
    use_global_device_ids
  } : (tensor<4xf32>, tensor<2xf32>) -> (tensor<4xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2xf32>
}

// reduce_scatter: an inline mesh with device_ids, the minor half of an axis.
// CHECK-LABEL:  func.func @reduce_scatter(%arg0: tensor<4xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>], device_ids=dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>, scatter_dimension = 0 : i64}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @reduce_scatter(%a: tensor<4xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "x", size = 4>], device_ids=dense<[3, 2, 1, 0]> : tensor<4xi64>>, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (2)2>]>
  } : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// all_to_all over an sdy.mesh.
// CHECK-LABEL:  func.func @all_to_all(%arg0: tensor<4x2xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.all_to_all"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, concat_dimension = 1 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @sdy_mesh, axes = [#stablehlo.axis_ref<name = "y">]>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x2xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
func.func @all_to_all(%a: tensor<4x2xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.all_to_all"(%a) {
    split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @sdy_mesh, axes = [#stablehlo.axis_ref<name = "y">]>,
    channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>
  } : (tensor<4x2xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// collective_broadcast over the major half of the axis of a symbol holding a mesh.
// CHECK-LABEL:  func.func @collective_broadcast(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @held, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>}> : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @collective_broadcast(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_broadcast"(%a) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @held, axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>]>
  } : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Inside a region: the symbol is found from the nearest symbol table.
// CHECK-LABEL:  func.func @nested(%arg0: tensor<4xf32>, %arg1: tensor<i1>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.if"(%arg1) ({
// CHECK-NEXT:      %1 = "stablehlo.all_reduce"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @sdy_mesh, axes = [#stablehlo.axis_ref<name = "y">, #stablehlo.axis_ref<name = "x">]>}> ({
// CHECK-NEXT:      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT:        %2 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
// CHECK-NEXT:        stablehlo.return %2 : tensor<f32>
// CHECK-NEXT:      }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<4xf32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:      stablehlo.return %arg0 : tensor<4xf32>
// CHECK-NEXT:    }) : (tensor<i1>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @nested(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %0 = "stablehlo.if"(%p) ({
    %1 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.maximum %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @sdy_mesh, axes = [#stablehlo.axis_ref<name = "y">, #stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }, {
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// collective_reduce: a sub-axis and an axis (upstream's foo/bar example).
// CHECK-LABEL:  func.func @collective_reduce(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[<name = "foo", size = 6>, <name = "bar", size = 5>]>, axes = [#stablehlo.axis_ref<name = "foo", sub_axis_info = (3)2>, #stablehlo.axis_ref<name = "bar">]>, use_global_device_ids}> ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT:      %1 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT:      stablehlo.return %1 : tensor<f32>
// CHECK-NEXT:    }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @collective_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "foo", size = 6>, <name = "bar", size = 5>]>, axes = [#stablehlo.axis_ref<name = "foo", sub_axis_info = (3)2>, #stablehlo.axis_ref<name = "bar">]>,
    channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>,
    use_global_device_ids
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A mesh of no axes (one device) and no communication axes.
// CHECK-LABEL:  func.func @empty_mesh(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes=[], device_ids=dense<0> : tensor<1xi64>>, axes = []>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
// CHECK-NEXT:  }
func.func @empty_mesh(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_broadcast"(%a) {
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [], device_ids = dense<0> : tensor<1xi64>>, axes = []>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-NEXT:}
