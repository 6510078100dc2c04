// vhlo-legalize-to-stablehlo builds each StableHLO op from a plain attribute
// list (lib/Vhlo/Legalize.cpp), and MLIR stores an inherent attribute of the
// wrong kind into the op's properties as nothing (setInherentAttr's
// dyn_cast_or_null): the legalization checks every attribute arrived, so a
// wrong kind is an error naming it, never an attribute silently lost.
//
// 1. has_dynamic_root (collective_broadcast_v2, 1.20.0), written as the spec
// writes it (`= true`), comes back as upstream writes it (a unit attribute);
// once lost, the op failed to verify ("C5: size(results) must be
// size(operands) = 2, got 1").
// RUN: split-file %s %t
// RUN: stablehlo-opt %t/dynamic_root.mlir --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo | FileCheck %t/dynamic_root.mlir --match-full-lines --strict-whitespace
//
// 2. Malformed VHLO: a sort_v1 whose dimension is a string is an error that
// names the attribute (it once came back as a sort along the last dimension;
// upstream's pass crashes, SIGSEGV, on this input).
// RUN: not stablehlo-opt %t/malformed.mlir --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %t/malformed.mlir --check-prefix=MALFORMED
//
// 3. collective_reduce_v1 (1.19.0): a has_dynamic_root that is no boolean, or a
// use_global_device_ids that is no boolean, is an error that names it.
// RUN: not stablehlo-opt %t/malformed_collective_reduce.mlir --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %t/malformed_collective_reduce.mlir --check-prefix=MALFORMED
// RUN: not stablehlo-opt %t/malformed_collective_reduce_ids.mlir --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %t/malformed_collective_reduce_ids.mlir --check-prefix=MALFORMED

//--- dynamic_root.mlir
// CHECK-LABEL:  func.func @dynamic_root(%arg0: tensor<2xf32>, %arg1: tensor<1xi32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = "stablehlo.collective_broadcast"(%arg0, %arg1) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @dynamic_root(%a: tensor<2xf32>, %roots: tensor<1xi32>) -> tensor<2xf32> {
  %0 = "stablehlo.collective_broadcast"(%a, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<2xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

//--- malformed.mlir
// MALFORMED: error: {{.*}}dimension
vhlo.func_v1 @sort(%arg0: !vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) {
  %0 = "vhlo.sort_v1"(%arg0) <{dimension = #vhlo.string_v1<"0">, is_stable = #vhlo.bool_v1<true>}> ({
  ^bb0(%a: !vhlo.tensor_v1<!vhlo.f32_v1>, %b: !vhlo.tensor_v1<!vhlo.f32_v1>):
    %c = "vhlo.compare_v1"(%a, %b) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 LT>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
    "vhlo.return_v1"(%c) : (!vhlo.tensor_v1<!vhlo.bool_v1>) -> ()
  }) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<3x5x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<3x5x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}

//--- malformed_collective_reduce.mlir
// MALFORMED: error: {{.*}}has_dynamic_root
vhlo.func_v1 @collective_reduce(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
  %0 = "vhlo.collective_reduce_v1"(%arg0) <{channel_id = #vhlo.integer_v1<0 : i64>, has_dynamic_root = #vhlo.string_v1<"yes">, replica_groups = #vhlo.tensor_v1<dense<[[0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.bool_v1<false>}> ({
  ^bb0(%a: !vhlo.tensor_v1<!vhlo.f32_v1>, %b: !vhlo.tensor_v1<!vhlo.f32_v1>):
    %1 = "vhlo.add_v1"(%a, %b) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}

//--- malformed_collective_reduce_ids.mlir
// MALFORMED: error: {{.*}}use_global_device_ids
vhlo.func_v1 @collective_reduce(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
  %0 = "vhlo.collective_reduce_v1"(%arg0) <{channel_id = #vhlo.integer_v1<1 : i64>, has_dynamic_root = #vhlo.bool_v1<false>, replica_groups = #vhlo.tensor_v1<dense<[[0, 1]]> : tensor<1x2xi64>>, use_global_device_ids = #vhlo.integer_v1<1 : i64>}> ({
  ^bb0(%a: !vhlo.tensor_v1<!vhlo.f32_v1>, %b: !vhlo.tensor_v1<!vhlo.f32_v1>):
    %1 = "vhlo.add_v1"(%a, %b) : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
    "vhlo.return_v1"(%1) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
