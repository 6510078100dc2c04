// Every form of Shardy's markup round-trips: meshes (empty, maximal, with
// device_ids), shardings (open dimensions, priorities, sub-axes, replicated
// and unreduced axes, inline meshes, scalars), sharding_per_value and
// op_sharding_rule attributes on other ops, argument and result shardings, and
// each sdy op. The printed text is what jaxlib's Shardy prints
// (test/python/dialect/test_sdy_parity.py checks it); the generic form prints as
// upstream's and parses back to the same module.
// RUN: stablehlo-opt %s | FileCheck %s
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s
// RUN: stablehlo-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=4, "y"=2]>, sym_name = "mesh"}> : () -> ()
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<[], device_ids=[3]>, sym_name = "maximal"}> : () -> ()
// GENERIC: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=4]>, sym_name = "annotated"}> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}} : () -> ()
// GENERIC: "sdy.sharding_constraint"(%{{.*}}) <{sharding = #sdy.sharding<@mesh, [{"x":(2)2}, {}], replicated={"y"}>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC: "sdy.sharding_constraint"(%{{.*}}) <{sharding = #sdy.sharding<mesh<["a"=2, "b"=4]>, [{"a"}, {"b"}]>}>
// GENERIC: "sdy.reshard"(%{{.*}}) <{sharding = #sdy.sharding<@permuted, [{"b", "a"}, {}]>}> {test.note = "kept"} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// GENERIC: "sdy.sharding_group"(%{{.*}}) <{group_id = 7 : i64}> : (tensor<8xf32>) -> ()
// GENERIC: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8} reduction={j}>
// GENERIC: "sdy.manual_computation"(%{{.*}}, %{{.*}}) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}], replicated={"x"}>]>}> ({
// GENERIC: "sdy.return"(%{{.*}}, %{{.*}}) : (tensor<2x4xf32>, tensor<4xf32>) -> ()
// GENERIC: manual_axes = #sdy<manual_axes{}>

// CHECK: module {
// CHECK-NEXT: sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-NEXT: sdy.mesh @empty = <[]>
sdy.mesh @empty = <[]>

// CHECK-NEXT: sdy.mesh @maximal = <[], device_ids=[3]>
sdy.mesh @maximal = <[], device_ids=[3]>

// CHECK-NEXT: sdy.mesh @permuted = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
sdy.mesh @permuted = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>

// CHECK-NEXT: sdy.mesh @annotated = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
sdy.mesh @annotated = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}

// CHECK-NEXT: sdy.mesh @trivial = <["one"=1]>
sdy.mesh @trivial = <["one"=1]>

// CHECK-NEXT: func.func @arg_and_result_shardings(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}, %arg1: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}p0, {"y"}p2]>}) {
// CHECK-NEXT:   return %arg0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @arg_and_result_shardings(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {?}]>}, %b: tensor<f32> {sdy.sharding = #sdy.sharding<@mesh, []>}) -> (tensor<8x8xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}p0, {"y"}p2]>}) {
  return %a : tensor<8x8xf32>
}

// CHECK-NEXT: func.func @sharding_constraint(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:   %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x":(2)2}, {}], replicated={"y"}> : tensor<8x8xf32>
// CHECK-NEXT:   %1 = sdy.sharding_constraint %0 <@mesh, [{"x":(1)2, "y"}, {"x":(2)2}]> : tensor<8x8xf32>
// CHECK-NEXT:   %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}], unreduced={"x"}> : tensor<8x8xf32>
// CHECK-NEXT:   %3 = sdy.sharding_constraint %2 <@mesh, [{}, {}], replicated={"y"}, unreduced={"x"}> : tensor<8x8xf32>
// CHECK-NEXT:   %4 = sdy.sharding_constraint %3 <@mesh, [{"y", ?}p1, {?}p0]> : tensor<8x8xf32>
// CHECK-NEXT:   %5 = sdy.sharding_constraint %4 <mesh<["a"=2, "b"=4]>, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK-NEXT:   %6 = sdy.sharding_constraint %5 <@maximal, []> : tensor<8x8xf32>
// CHECK-NEXT:   %7 = sdy.sharding_constraint %6 <@empty, [{}, {}]> : tensor<8x8xf32>
// CHECK-NEXT:   return %7 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @sharding_constraint(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %a <@mesh, [{"x":(2)2}, {}], replicated={"y"}> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"x":(1)2, "y"}, {"x":(2)2}]> : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{}, {}], unreduced={"x"}> : tensor<8x8xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {}], replicated={"y"}, unreduced={"x"}> : tensor<8x8xf32>
  %4 = sdy.sharding_constraint %3 <@mesh, [{"y", ?}p1, {?}p0]> : tensor<8x8xf32>
  %5 = sdy.sharding_constraint %4 <mesh<["a"=2, "b"=4]>, [{"a"}, {"b"}]> : tensor<8x8xf32>
  %6 = sdy.sharding_constraint %5 <@maximal, []> : tensor<8x8xf32>
  %7 = sdy.sharding_constraint %6 <@empty, [{}, {}]> : tensor<8x8xf32>
  return %7 : tensor<8x8xf32>
}

// CHECK-NEXT: func.func @reshard(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
// CHECK-NEXT:   %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]> : tensor<8x2xf32>
// CHECK-NEXT:   %1 = sdy.reshard %0 <@permuted, [{"b", "a"}, {}]> {test.note = "kept"} : tensor<8x2xf32>
// CHECK-NEXT:   return %1 : tensor<8x2xf32>
// CHECK-NEXT: }
func.func @reshard(%a: tensor<8x2xf32>) -> tensor<8x2xf32> {
  %0 = sdy.reshard %a <@mesh, [{"x"}, {"y"}]> : tensor<8x2xf32>
  %1 = sdy.reshard %0 <@permuted, [{"b", "a"}, {}]> {test.note = "kept"} : tensor<8x2xf32>
  return %1 : tensor<8x2xf32>
}

// CHECK-NEXT: func.func @sharding_group(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT:   sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
// CHECK-NEXT:   sdy.sharding_group %arg1 group_id=0 : tensor<8xf32>
// CHECK-NEXT:   sdy.sharding_group %arg1 group_id=7 : tensor<8xf32>
// CHECK-NEXT:   return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
func.func @sharding_group(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  sdy.sharding_group %a group_id=0 : tensor<8xf32>
  sdy.sharding_group %b group_id=0 : tensor<8xf32>
  sdy.sharding_group %b group_id=7 : tensor<8xf32>
  return %a : tensor<8xf32>
}

// CHECK-NEXT: func.func @op_attributes(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
// CHECK-NEXT:   %0 = stablehlo.custom_call @reduce_rows(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8} reduction={j}>} : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %1:2 = stablehlo.custom_call @two(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>, <@mesh, [{}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], [j]) {i=4, j=4}, custom>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:   %2 = stablehlo.custom_call @needs_replication(%1#0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4} need_replication={i}>} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %3 = stablehlo.custom_call @blocked(%2) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4} permutation={i} blocked_propagation={i}>} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %4 = stablehlo.custom_call @factors(%3) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=2}>} : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:   %5 = stablehlo.custom_call @scalar(%4) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([]) {i=2, j=2} reduction={i, j}>} : (tensor<2x2xf32>) -> tensor<f32>
// CHECK-NEXT:   %6 = stablehlo.add %1#1, %1#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}], replicated={"y"}>]>} : tensor<4xf32>
// CHECK-NEXT:   return %6 : tensor<4xf32>
// CHECK-NEXT: }
func.func @op_attributes(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @reduce_rows(%a) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8} reduction={j}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  %1:2 = stablehlo.custom_call @two(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>, <@mesh, [{}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i], [j]) {i=4, j=4}, custom>} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %2 = stablehlo.custom_call @needs_replication(%1#0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4} need_replication={i}>} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = stablehlo.custom_call @blocked(%2) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4} permutation={i} blocked_propagation={i}>} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = stablehlo.custom_call @factors(%3) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=2}>} : (tensor<4xf32>) -> tensor<2x2xf32>
  %5 = stablehlo.custom_call @scalar(%4) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([]) {i=2, j=2} reduction={i, j}>} : (tensor<2x2xf32>) -> tensor<f32>
  %6 = stablehlo.add %1#1, %1#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}], replicated={"y"}>]>} : tensor<4xf32>
  return %6 : tensor<4xf32>
}

// CHECK-NEXT: func.func @manual_computation(%arg0: tensor<8x4xf32>, %arg1: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>) {
// CHECK-NEXT:   %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}], replicated={"x"}>] manual_axes={"x"} (%arg2: tensor<2x4xf32>, %arg3: tensor<4xf32>) {
// CHECK-NEXT:     %1 = stablehlo.add %arg3, %arg3 : tensor<4xf32>
// CHECK-NEXT:     sdy.return %arg2, %1 : tensor<2x4xf32>, tensor<4xf32>
// CHECK-NEXT:   } : (tensor<8x4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>)
// CHECK-NEXT:   return %0#0, %0#1 : tensor<8x4xf32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @manual_computation(%a: tensor<8x4xf32>, %b: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>) {
  %0:2 = sdy.manual_computation(%a, %b) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}], replicated={"x"}>] manual_axes={"x"} (%la: tensor<2x4xf32>, %lb: tensor<4xf32>) {
    %1 = stablehlo.add %lb, %lb : tensor<4xf32>
    sdy.return %la, %1 : tensor<2x4xf32>, tensor<4xf32>
  } : (tensor<8x4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<4xf32>
}

// CHECK-NEXT: func.func @manual_two_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:   %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%arg1: tensor<1x8xf32>) {
// CHECK-NEXT:     %1 = stablehlo.reshape %arg1 : (tensor<1x8xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:     sdy.return %1 : tensor<4x2xf32>
// CHECK-NEXT:   } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT:   return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @manual_two_axes(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"y"}, {"x"}]>] manual_axes={"x", "y"} (%l: tensor<1x8xf32>) {
    %1 = stablehlo.reshape %l : (tensor<1x8xf32>) -> tensor<4x2xf32>
    sdy.return %1 : tensor<4x2xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-NEXT: func.func @manual_partial(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT:   %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {?}]>] out_shardings=[<@mesh, [{"x", ?}, {?}]>] manual_axes={"x"} (%arg1: tensor<2x8xf32>) {
// CHECK-NEXT:     %1 = sdy.sharding_constraint %arg1 <@mesh, [{"y"}, {}]> : tensor<2x8xf32>
// CHECK-NEXT:     sdy.return %1 : tensor<2x8xf32>
// CHECK-NEXT:   } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT:   return %0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @manual_partial(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x", "y"}, {?}]>] out_shardings=[<@mesh, [{"x", ?}, {?}]>] manual_axes={"x"} (%l: tensor<2x8xf32>) {
    %1 = sdy.sharding_constraint %l <@mesh, [{"y"}, {}]> : tensor<2x8xf32>
    sdy.return %1 : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-NEXT: func.func @manual_nothing() -> tensor<f32> {
// CHECK-NEXT:   %0 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, []>] manual_axes={} () {
// CHECK-NEXT:     %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:     sdy.return %cst : tensor<f32>
// CHECK-NEXT:   } : () -> tensor<f32>
// CHECK-NEXT:   return %0 : tensor<f32>
// CHECK-NEXT: }
func.func @manual_nothing() -> tensor<f32> {
  %0 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, []>] manual_axes={} () {
    %c = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    sdy.return %c : tensor<f32>
  } : () -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-NEXT: func.func @manual_no_results(%arg0: tensor<4xf32>) {
// CHECK-NEXT:   sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[] manual_axes={"x"} (%arg1: tensor<1xf32>) {
// CHECK-NEXT:     sdy.return
// CHECK-NEXT:   } : (tensor<4xf32>) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @manual_no_results(%a: tensor<4xf32>) {
  sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[] manual_axes={"x"} (%l: tensor<1xf32>) {
    sdy.return
  } : (tensor<4xf32>) -> ()
  return
}

// CHECK-NEXT: func.func @manual_inline_mesh(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:   %0 = sdy.manual_computation(%arg0) in_shardings=[<mesh<["z"=2]>, [{"z"}]>] out_shardings=[<mesh<["z"=2]>, [{"z"}]>] manual_axes={"z"} (%arg1: tensor<2xf32>) {
// CHECK-NEXT:     sdy.return %arg1 : tensor<2xf32>
// CHECK-NEXT:   } : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   return %0 : tensor<4xf32>
// CHECK-NEXT: }
func.func @manual_inline_mesh(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = sdy.manual_computation(%a) in_shardings=[<mesh<["z"=2]>, [{"z"}]>] out_shardings=[<mesh<["z"=2]>, [{"z"}]>] manual_axes={"z"} (%l: tensor<2xf32>) {
    sdy.return %l : tensor<2xf32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// An op without results carries one sharding: where it runs (a host callback).
// CHECK-NEXT: func.func @placed_callback(%arg0: tensor<4xf32>) {
// CHECK-NEXT:   stablehlo.custom_call @host(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>} : (tensor<4xf32>) -> ()
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @placed_callback(%a: tensor<4xf32>) {
  stablehlo.custom_call @host(%a) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>} : (tensor<4xf32>) -> ()
  return
}

// CHECK-NEXT: }
