// Verifier errors of the sdy dialect, one case per constraint of
// docs/shardy.md (M: meshes, S: shardings, MC: manual computations) and for
// attribute text that cannot be read.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// M1: mesh axis names are unique.
// expected-error @+1 {{'sdy.mesh' op mesh axis "x" is repeated}}
sdy.mesh @m1 = <["x"=2, "x"=2]>

// -----

// M2: mesh axis sizes are at least 1.
// expected-error @+1 {{'sdy.mesh' op mesh axis "y" has size 0, expected at least 1}}
sdy.mesh @m2 = <["x"=2, "y"=0]>

// -----

// M3: device_ids name as many devices as the mesh has.
// expected-error @+1 {{'sdy.mesh' op mesh has 4 devices but 3 device_ids}}
sdy.mesh @m3 = <["x"=2, "y"=2], device_ids=[0, 1, 2]>

// -----

// M3: a mesh past INT64_MAX devices cannot list them.
// expected-error @+1 {{'sdy.mesh' op mesh has more than 9223372036854775807 devices but 1 device_ids}}
sdy.mesh @m3_overflow = <["x"=4294967296, "y"=4294967296], device_ids=[0]>

// -----

// M4: device_ids are a permutation of [0, devices).
// expected-error @+1 {{'sdy.mesh' op device_ids must be a permutation of [0, 4)}}
sdy.mesh @m4 = <["x"=4], device_ids=[0, 1, 1, 3]>

// -----

// M4: ids below zero, also on a maximal mesh.
// expected-error @+1 {{'sdy.mesh' op device_ids must be a permutation of [0, 1)}}
sdy.mesh @m4_maximal = <[], device_ids=[-1]>

// -----

// M2 on an inline mesh of a sharding.
func.func @m2_inline(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op mesh axis "a" has size -2, expected at least 1}}
  %0 = sdy.sharding_constraint %a <mesh<["a"=-2]>, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S1: a sharding names an sdy.mesh of the module.
func.func @s1(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: no sdy.mesh named @nowhere}}
  %0 = sdy.sharding_constraint %a <@nowhere, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S2: one dimension sharding per dimension of the tensor.
sdy.mesh @mesh = <["x"=4]>
func.func @s2(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.reshard' op sharding: 1 dimension shardings for a tensor of rank 2}}
  %0 = sdy.reshard %a <@mesh, [{"x"}]> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// S2: a sharding on a maximal mesh has no dimension shardings.
sdy.mesh @maximal = <[], device_ids=[2]>
func.func @s2_maximal(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: a sharding on a maximal mesh has no dimension shardings and no replicated or unreduced axes}}
  %0 = sdy.sharding_constraint %a <@maximal, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S3: every axis a sharding names is an axis of its mesh.
sdy.mesh @mesh = <["x"=4]>
func.func @s3(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: axis "y" is not in the mesh}}
  %0 = sdy.sharding_constraint %a <@mesh, [{}], replicated={"y"}> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S3: a sub-axis refers to an axis of the mesh.
sdy.mesh @mesh = <["x"=4]>
func.func @s3_sub_axis(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: axis "z" is not in the mesh}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"z":(1)2}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S4: no axis is used twice in one sharding.
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @s4(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: axis "x" is used twice}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}, {}], unreduced={"x"}> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// S1 on a function argument's sdy.sharding.
// expected-error @+1 {{'func.func' op arg 0 sharding: no sdy.mesh named @nowhere}}
func.func @s1_argument(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@nowhere, [{}]>}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// S2 on a function result's sdy.sharding.
sdy.mesh @mesh = <["x"=4]>
// expected-error @+1 {{'func.func' op result 0 sharding: 2 dimension shardings for a tensor of rank 1}}
func.func @s2_result(%a: tensor<4xf32>) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  return %a : tensor<4xf32>
}

// -----

// S3 on an op's sdy.sharding.
sdy.mesh @mesh = <["x"=4]>
func.func @s3_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op result 0 sharding: axis "y" is not in the mesh}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S5: sdy.sharding on an op holds one sharding per result.
sdy.mesh @mesh = <["x"=4]>
func.func @s5_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op 2 shardings in sdy.sharding for 1 results}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S5: sdy.sharding on an op is a sharding_per_value.
sdy.mesh @mesh = <["x"=4]>
func.func @s5_op_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op its sdy.sharding must be a #sdy.sharding_per_value attribute, got #sdy.sharding<@mesh, [{"x"}]>}}
  %0 = stablehlo.add %a, %a {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// S5: sdy.sharding on a function argument is a sharding.
// expected-error @+1 {{'func.func' op arg 0 sdy.sharding must be a #sdy.sharding attribute, got "x"}}
func.func @s5_argument_kind(%a: tensor<4xf32> {sdy.sharding = "x"}) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// MC1: one in_sharding per operand.
sdy.mesh @mesh = <["x"=4]>
func.func @mc1(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op 2 in_shardings for 1 operands}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC2: one out_sharding per result.
sdy.mesh @mesh = <["x"=4]>
func.func @mc2(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op 0 out_shardings for 1 results}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC3: each in and out sharding is a valid sharding of its value.
sdy.mesh @mesh = <["x"=4]>
func.func @mc3(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: 2 dimension shardings for a tensor of rank 1}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC4: the manual axes are axes of the mesh.
sdy.mesh @mesh = <["x"=4]>
func.func @mc4(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "y" is not in the mesh}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x", "y"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC5: every in and out sharding uses the same mesh.
sdy.mesh @mesh = <["x"=4]>
sdy.mesh @other = <["x"=4]>
func.func @mc5(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0 uses another mesh than the first}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@other, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC6: the body has one argument per operand.
sdy.mesh @mesh = <["x"=4]>
func.func @mc6_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body has 2 arguments for 1 operands}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>, %m: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC6: each body argument has the per-device type of its operand.
sdy.mesh @mesh = <["x"=4]>
func.func @mc6_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: expected the per-device type 'tensor<1xf32>', got 'tensor<4xf32>'}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%l: tensor<4xf32>) {
    sdy.return %l : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC7: the body ends with sdy.return.
sdy.mesh @mesh = <["x"=4]>
func.func @mc7_terminator(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body must end with sdy.return}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    %1 = stablehlo.add %l, %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC7: an empty body has no sdy.return either.
sdy.mesh @mesh = <["x"=4]>
func.func @mc7_empty(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body must end with sdy.return}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC7: sdy.return returns one value per result.
sdy.mesh @mesh = <["x"=4]>
func.func @mc7_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns 2 values for 1 results}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l, %l : tensor<1xf32>, tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC7: each returned value has the per-device type of its result.
sdy.mesh @mesh = <["x"=4]>
func.func @mc7_type(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: expected the per-device type 'tensor<2xf32>', got 'tensor<1xf32>'}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// MC8: manual axes shard dimensions whole, not as sub-axes.
sdy.mesh @mesh = <["x"=4]>
func.func @mc8(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: manual sub-axis "x:(1)2" is not supported}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x":(1)2}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<2xf32>) {
    sdy.return %l : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC9: in a dimension, manual axes come before the free ones.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @mc9(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: manual axis "x" must come before the free axes of dimension 0}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"y", "x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%l: tensor<2xf32>) {
    sdy.return %l : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// MC10: a dimension splits evenly over the devices of its manual axes.
sdy.mesh @mesh = <["x"=4]>
func.func @mc10(%a: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0 of size 6 does not split evenly over 4 devices}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%l: tensor<2xf32>) {
    sdy.return %l : tensor<2xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// MC10: axes whose sizes multiply past INT64_MAX split no dimension.
sdy.mesh @mesh = <["a"=4294967296, "b"=4294967296]>
func.func @mc10_overflow(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0 of size 4 does not split evenly over more than 9223372036854775807 devices}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"a", "b"}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"a", "b"} (%l: tensor<1xf32>) {
    sdy.return %l : tensor<1xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Unreadable text: a mesh axis without a size.
// expected-error @+1 {{'sdy.mesh' op cannot read the mesh mesh<["x"=]>: expected an integer at ']>'}}
sdy.mesh @unreadable = <["x"=]>

// -----

// Unreadable text: a sharding whose dimensions are not in braces.
sdy.mesh @mesh = <["x"=4]>
func.func @unreadable_sharding(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op cannot read the sharding sharding<@mesh, ["x"]>: expected '{' at '"x"]>'}}
  %0 = sdy.sharding_constraint %a <@mesh, ["x"]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Unreadable text: manual axes that are not quoted names.
sdy.mesh @mesh = <["x"=4]>
func.func @unreadable_manual_axes(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op cannot read the manual axes manual_axes{x}: expected a quoted axis name at 'x}'}}
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={x} (%l: tensor<4xf32>) {
    sdy.return %l : tensor<4xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Unreadable text: the generic form with a body-less attribute.
sdy.mesh @mesh = <["x"=4]>
func.func @unreadable_generic(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op cannot read the shardings sharding_per_value: expected '<' at ''}}
  %0 = "sdy.manual_computation"(%a) <{in_shardings = #sdy.sharding_per_value, out_shardings = #sdy.sharding_per_value<[<@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{}>}> ({
  ^bb0(%l: tensor<4xf32>):
    "sdy.return"(%l) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Unreadable text: a token no Shardy attribute holds.
sdy.mesh @mesh = <["x"=4]>
func.func @unreadable_token(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unexpected token in a Shardy attribute}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"} + ]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
