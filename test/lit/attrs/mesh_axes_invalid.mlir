// Malformed and invalid replica groups by mesh axes, and their parts. The
// verifier's messages are upstream's, word for word (jaxlib, StableHLO 1.17):
// the mesh must be a symbol or a #stablehlo.mesh, the axes axis_refs, an axis
// of an inline mesh must be one of its axes, and a mesh named by a symbol must
// exist where the op is. As upstream, the axes of a mesh named by a symbol are
// not checked here (their sizes, sub-axes and the device_ids are checked where
// the interpreter computes the groups: test_mesh_axes.py). Syntax errors say
// what is wrong in this parser's words; upstream's generated parser rejects
// the same texts with its own.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// The mesh is a string.
// expected-error @+1 {{mesh must be a FlatSymbolRefAttr or MeshAttr}}
func.func @mesh_string() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = "mesh", axes = []>} {
  return
}

// -----

// The mesh is a nested symbol reference.
// expected-error @+1 {{mesh must be a FlatSymbolRefAttr or MeshAttr}}
func.func @mesh_nested_symbol() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @outer::@mesh, axes = []>} {
  return
}

// -----

// The mesh is another stablehlo attribute.
// expected-error @+1 {{mesh must be a FlatSymbolRefAttr or MeshAttr}}
func.func @mesh_axis_ref() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.axis_ref<name = "x">, axes = []>} {
  return
}

// -----

// No mesh at all (upstream's parser wants both fields: "expected ','").
// expected-error @+1 {{mesh must be a FlatSymbolRefAttr or MeshAttr}}
func.func @mesh_missing() attributes {a = #stablehlo.replica_group_mesh_axes<axes = []>} {
  return
}

// -----

// An axis given by its name only, with an inline mesh.
// expected-error @+1 {{expected AxisRefAttr in axes list}}
func.func @axes_string() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>, axes = ["x"]>} {
  return
}

// -----

// A mesh axis where an axis_ref belongs.
// expected-error @+1 {{expected AxisRefAttr in axes list}}
func.func @axes_mesh_axis() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>, axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>} {
  return
}

// -----

// No axes at all (upstream: "expected ','").
// expected-error @+1 {{expected AxisRefAttr in axes list}}
func.func @axes_missing() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>>} {
  return
}

// -----

// The axes are not a list.
// expected-error @+1 {{invalid kind of attribute specified}}
func.func @axes_not_a_list() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = 3>} {
  return
}

// -----

// An axis the inline mesh does not have.
// expected-error @+1 {{axis 'z' not found in mesh definition}}
func.func @axis_not_in_mesh() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>, <name = "y", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "z">]>} {
  return
}

// -----

// The same, with a sub-axis, as an op's replica_groups.
func.func @sub_axis_not_in_mesh(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{axis 'X' not found in mesh definition}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64,
    replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 4>]>, axes = [#stablehlo.axis_ref<name = "X", sub_axis_info = (1)2>]>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A mesh named by a symbol that does not exist: each of the six collectives.
func.func @all_gather(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.all_gather' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @all_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_scatter(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_scatter' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @all_to_all(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.all_to_all' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_broadcast(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.collective_broadcast' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = []>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.collective_reduce' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The symbol is looked up in the nearest symbol table: a mesh outside the
// nested module is not found.
func.func private @mesh()
module @inner {
  func.func @f(%a: tensor<4xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{'stablehlo.all_gather' op replica_groups: mesh symbol 'mesh' not found}}
    %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}

// -----

// Any attribute of any op naming a mesh by a symbol, not only replica_groups:
// the symbol must exist (upstream checks every attribute an op holds, with
// the same message). A function's attribute.
// expected-error @+1 {{'func.func' op replica_groups: mesh symbol 'nomesh' not found}}
func.func @function_attribute() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} {
  return
}

// -----

// A discardable attribute of a stablehlo op.
func.func @discardable(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.abs' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = stablehlo.abs %a {a = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Of a custom_call (where producers put what XLA reads).
func.func @custom_call_attribute(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op replica_groups: mesh symbol 'nomesh' not found}}
  %0 = stablehlo.custom_call @foo(%a) {mhlo.groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Of a module: looked up in the module itself.
// expected-error @+1 {{'builtin.module' op replica_groups: mesh symbol 'nomesh' not found}}
module attributes {mhlo.groups = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} {
  func.func private @mesh()
}

// -----

// Looked up in the nearest symbol table, as for the collectives.
func.func private @nomesh()
module @inner {
  // expected-error @+1 {{'func.func' op replica_groups: mesh symbol 'nomesh' not found}}
  func.func @f() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} {
    return
  }
}

// -----

// Accepted, as upstream accepts them: any symbol of that name (it is read as
// a mesh only when the interpreter computes groups from it); the attribute
// inside a dictionary or an array, or as an argument's or a result's
// attribute (upstream looks at the attributes an op holds, not inside them
// nor at function arguments).
func.func private @nomesh()
func.func @existing_symbol() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>} {
  return
}

// -----

func.func @inside(%a: tensor<4xf32> {mhlo.a = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>}) -> (tensor<4xf32> {mhlo.b = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>}) {
  %0 = stablehlo.abs %a {a = {b = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>}, c = [#stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>]} : tensor<4xf32>
  %1 = stablehlo.custom_call @foo(%0) {api_version = 4 : i32, backend_config = {b = #stablehlo.replica_group_mesh_axes<mesh = @nomesh, axes = [#stablehlo.axis_ref<name = "x">]>}} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Mesh axes are replica groups only: source_target_pairs stay dense.
func.func @collective_permute(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.collective_permute' op attribute 'source_target_pairs' failed to satisfy constraint: 64-bit signless integer elements attribute}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>, axes = []>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// use_global_device_ids still needs a channel (upstream: "channel_id must be
// positive when useGlobalDeviceIds is set but got: 0").
func.func @global_ids_without_channel(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.all_reduce' op C4: use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = #stablehlo.replica_group_mesh_axes<mesh = #stablehlo.mesh<axes = [<name = "x", size = 2>]>, axes = [#stablehlo.axis_ref<name = "x">]>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Syntax. axis_ref: no name.
// expected-error @+1 {{axis_ref needs a name}}
func.func @axis_ref_no_name() attributes {a = #stablehlo.axis_ref<sub_axis_info = (1)2>} {
  return
}

// -----

// axis_ref: empty.
// expected-error @+1 {{axis_ref needs a name}}
func.func @axis_ref_empty() attributes {a = #stablehlo.axis_ref<>} {
  return
}

// -----

// axis_ref: the name is not a string.
// expected-error @+1 {{expected string}}
func.func @axis_ref_bare_name() attributes {a = #stablehlo.axis_ref<name = x>} {
  return
}

// -----

// axis_ref: an unknown field.
// expected-error @+1 {{unknown field 'foo'}}
func.func @axis_ref_unknown_field() attributes {a = #stablehlo.axis_ref<name = "x", foo = 1>} {
  return
}

// -----

// axis_ref: a field given twice.
// expected-error @+1 {{duplicate field 'name'}}
func.func @axis_ref_duplicate_field() attributes {a = #stablehlo.axis_ref<name = "x", name = "y">} {
  return
}

// -----

// sub_axis_info: a bare number.
// expected-error @+1 {{expected '('}}
func.func @sub_axis_number() attributes {a = #stablehlo.axis_ref<name = "x", sub_axis_info = 2>} {
  return
}

// -----

// sub_axis_info: no size after the pre_size.
// expected-error @+1 {{expected integer value}}
func.func @sub_axis_no_size() attributes {a = #stablehlo.axis_ref<name = "x", sub_axis_info = (1)>} {
  return
}

// -----

// sub_axis_info: both numbers inside the parentheses.
// expected-error @+1 {{expected ')'}}
func.func @sub_axis_in_parens() attributes {a = #stablehlo.axis_ref<name = "x", sub_axis_info = (1 2)>} {
  return
}

// -----

// sub_axis_info: written as a struct (VHLO's form).
// expected-error @+1 {{expected '('}}
func.func @sub_axis_struct() attributes {a = #stablehlo.axis_ref<name = "x", sub_axis_info = <pre_size = 1, size = 2>>} {
  return
}

// -----

// sub_axis_info alone takes no angle brackets (the printer writes
// #stablehlo<sub_axis_info(1)2>).
// expected-error @+1 {{expected '('}}
func.func @sub_axis_alone_in_brackets() attributes {a = #stablehlo.sub_axis_info<(1)2>} {
  return
}

// -----

// mesh_axis: no size.
// expected-error @+1 {{mesh_axis needs a name and a size}}
func.func @mesh_axis_no_size() attributes {a = #stablehlo.mesh_axis<name = "x">} {
  return
}

// -----

// mesh_axis: no name.
// expected-error @+1 {{mesh_axis needs a name and a size}}
func.func @mesh_axis_no_name() attributes {a = #stablehlo.mesh_axis<size = 2>} {
  return
}

// -----

// mesh_axis: a field given twice.
// expected-error @+1 {{duplicate field 'size'}}
func.func @mesh_axis_duplicate_size() attributes {a = #stablehlo.mesh_axis<name = "x", size = 2, size = 3>} {
  return
}

// -----

// mesh_axis: the size is not an integer.
// expected-error @+1 {{expected integer value}}
func.func @mesh_axis_size_string() attributes {a = #stablehlo.mesh_axis<name = "x", size = "2">} {
  return
}

// -----

// mesh: device_ids of floats.
// expected-error @+1 {{device_ids must be dense integers}}
func.func @device_ids_floats() attributes {a = #stablehlo.mesh<axes = [<name = "x", size = 2>], device_ids = dense<[0.0, 1.0]> : tensor<2xf32>>} {
  return
}

// -----

// mesh: device_ids as a list.
// expected-error @+1 {{device_ids must be dense integers}}
func.func @device_ids_list() attributes {a = #stablehlo.mesh<axes = [<name = "x", size = 2>], device_ids = [0, 1]>} {
  return
}

// -----

// mesh: device_ids as a dense array.
// expected-error @+1 {{device_ids must be dense integers}}
func.func @device_ids_array() attributes {a = #stablehlo.mesh<axes = [<name = "x", size = 2>], device_ids = array<i64: 0, 1>>} {
  return
}

// -----

// mesh: device_ids given twice.
// expected-error @+1 {{duplicate field 'device_ids'}}
func.func @device_ids_twice() attributes {a = #stablehlo.mesh<axes = [<name = "x", size = 2>], device_ids = dense<[0, 1]> : tensor<2xi64>, device_ids = dense<[1, 0]> : tensor<2xi64>>} {
  return
}

// -----

// mesh: an axis_ref among the axes.
// expected-error @+1 {{expected a mesh_axis in the mesh's axes}}
func.func @mesh_axes_axis_ref() attributes {a = #stablehlo.mesh<axes = [#stablehlo.axis_ref<name = "x">]>} {
  return
}

// -----

// mesh: axes by name only.
// expected-error @+1 {{expected a mesh_axis in the mesh's axes}}
func.func @mesh_axes_names() attributes {a = #stablehlo.mesh<axes = ["x"]>} {
  return
}

// -----

// mesh: an unknown field.
// expected-error @+1 {{unknown field 'bogus'}}
func.func @mesh_unknown_field() attributes {a = #stablehlo.mesh<axes = [<name = "x", size = 2>], bogus = 1>} {
  return
}

// -----

// mesh: a malformed axis inside it (reported, then the axis it is not).
// expected-error @+2 {{mesh_axis needs a name and a size}}
// expected-error @+1 {{expected a mesh_axis in the mesh's axes}}
func.func @mesh_bad_axis() attributes {a = #stablehlo.mesh<axes = [<name = "x">]>} {
  return
}

// -----

// replica_group_mesh_axes: an unknown field.
// expected-error @+1 {{unknown field 'extra'}}
func.func @groups_unknown_field() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [], extra = 1>} {
  return
}

// -----

// replica_group_mesh_axes: the mesh given twice.
// expected-error @+1 {{duplicate field 'mesh'}}
func.func @groups_duplicate_mesh() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [], mesh = @n>} {
  return
}

// -----

// replica_group_mesh_axes: a malformed axis_ref inside it.
// expected-error @+1 {{axis_ref needs a name}}
func.func @groups_bad_axis_ref() attributes {a = #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [#stablehlo.axis_ref<sub_axis_info = (1)2>]>} {
  return
}
