// Round trip of stablehlo.cross-replica-sum (XLA's CrossReplicaSum; not in the
// spec, kept by upstream): it prints in the generic form, as upstream prints it
// (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic > /dev/null

// CHECK-LABEL:  func.func @cross_replica_sum(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
// CHECK-NEXT:    %0 = "stablehlo.cross-replica-sum"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>}> : (tensor<2x3xi32>) -> tensor<2x3xi32>
func.func @cross_replica_sum(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "stablehlo.cross-replica-sum"(%arg0) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
