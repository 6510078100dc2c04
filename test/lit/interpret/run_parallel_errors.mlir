// Failures in the interpreter dialect's ops: each names the op, its location, and the
// process (and program) or probe at fault.
// RUN: not stablehlo-py run %s --split-input-file 2>&1 | FileCheck %s

// A program failing on one process of the grid names that process and its function.
// CHECK: error: check.expect_eq_const at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 6]]:3): process (0, 1) (@picky): check.expect_eq_const failed: 1 of 1 element differ
// CHECK-NEXT:   at [0]: actual 1, expected 2
func.func @easy(%x: tensor<1xi32>) -> tensor<1xi32> {
  return %x : tensor<1xi32>
}
func.func @picky(%x: tensor<1xi32>) -> tensor<1xi32> {
  check.expect_eq_const %x, dense<2> : tensor<1xi32>
  return %x : tensor<1xi32>
}
func.func @main() {
  %x = stablehlo.constant dense<1> : tensor<1xi32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@easy, @picky]]} : (tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>)
  return
}

// -----
// An infeed function whose results do not fit the infeed op.
// CHECK: error: stablehlo.infeed at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 7]]:10): process (0, 0) (@reader): infeed gave 1 value, expected 2 (tensor<2xi32>, tensor<i1>)
func.func @item() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @reader() -> tensor<2xi32> {
  %t = stablehlo.create_token : !stablehlo.token
  %a:3 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, tensor<i1>, !stablehlo.token)
  return %a#0 : tensor<2xi32>
}
func.func @main() {
  %r = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@item]} : () -> tensor<2xi32>
  return
}

// -----
// More infeed ops than infeed functions.
// CHECK: error: stablehlo.infeed at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 8]]:10): process (0, 0) (@reader): infeed request 2, but the run_parallel's infeed lists only 1 function (@item)
func.func @item() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @reader() -> tensor<2xi32> {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  %b:2 = "stablehlo.infeed"(%a#1) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %b#0 : tensor<2xi32>
}
func.func @main() {
  %r = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@item]} : () -> tensor<2xi32>
  return
}

// -----
// A probe that never ran.
// CHECK: error: check.expect_serialized_eq at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 4]]:3): no value was probed as 'y' in this run (probes that ran: 'x')
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %p = interpreter.probe %a, probe_id = "x" : tensor<f32>
  check.expect_serialized_eq %p, probe_id = "y" : tensor<f32>
  return
}

// -----
// An iteration the probe did not reach.
// CHECK: error: check.expect_serialized_eq at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 4]]:3): probe 'x' ran once (iter 0), so it has no iter 1
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %p = interpreter.probe %a, probe_id = "x" : tensor<f32>
  check.expect_serialized_eq %p, probe_id = "x", iter = 1 : tensor<f32>
  return
}

// -----
// A value that differs from the probed one.
// CHECK: error: check.expect_serialized_eq at loc("{{.*}}run_parallel_errors.mlir":[[# @LINE + 6]]:3): check.expect_serialized_eq (probe 'x', iter 0) failed: 1 of 2 elements differ
// CHECK-NEXT:   at [1]: actual -0.0, expected 0.0
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %p = interpreter.probe %a, probe_id = "x" : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xf32>
  check.expect_serialized_eq %b, probe_id = "x" : tensor<2xf32>
  return
}
// CHECK: stablehlo-py run: 6 of 6 modules failed
