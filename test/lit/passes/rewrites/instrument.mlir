// RUN: stablehlo-py opt %s --pipeline stablehlo-instrument --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline interpreter-instrument-with-probe --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline 'interpreter-instrument-with-probe{useDebugInfo=true}' --split-input-file | FileCheck %s --check-prefix=DEBUG
// RUN: stablehlo-py opt %s --stablehlo-instrument=useDebugInfo=true --split-input-file | FileCheck %s --check-prefix=DEBUG
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-instrument{useDebugInfo=sometimes}' 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-instrument{probeIds=1}' 2>&1 | FileCheck %s --check-prefix=OPTION

// FLAG: useDebugInfo expects true or false, got 'sometimes'
// OPTION: no such option probeIds

// CHECK-LABEL: func.func @basic
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %arg1 : tensor<1x2xi32>
// CHECK-NEXT: %[[P:.*]] = interpreter.probe %[[A]], probe_id = "probe1" : tensor<1x2xi32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.multiply %[[P]], %[[P]] : tensor<1x2xi32>
// CHECK-NEXT: %[[Q:.*]] = interpreter.probe %[[B]], probe_id = "probe2" : tensor<1x2xi32>
// CHECK-NEXT: return %[[Q]]
// DEBUG-LABEL: func.func @basic
// DEBUG: interpreter.probe %{{.*}}, probe_id = "probe1"
// DEBUG: interpreter.probe %{{.*}}, probe_id = "mul.2"
func.func @basic(%arg0: tensor<1x2xi32>, %arg1: tensor<1x2xi32>) -> tensor<1x2xi32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<1x2xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<1x2xi32> loc("mul@model.py:12")
  func.return %1 : tensor<1x2xi32>
}

// -----

// Constants, tokens, tuples and dynamic shapes are not probed.
// CHECK-LABEL: func.func @skipped
// CHECK-NEXT: stablehlo.constant
// CHECK-NEXT: stablehlo.create_token
// CHECK-NEXT: stablehlo.tuple
// CHECK-NEXT: stablehlo.abs %arg1 : tensor<?xf32>
// CHECK-NEXT: %[[S:.*]] = stablehlo.add
// CHECK-NEXT: interpreter.probe %[[S]], probe_id = "probe1" : tensor<f32>
// CHECK-NEXT: return
func.func @skipped(%arg0: tensor<f32>, %arg1: tensor<?xf32>) -> (tensor<1xi64>, !stablehlo.token, tuple<tensor<f32>>, tensor<?xf32>, tensor<f32>) {
  %0 = stablehlo.constant dense<0> : tensor<1xi64>
  %1 = stablehlo.create_token : !stablehlo.token
  %2 = stablehlo.tuple %arg0 : tuple<tensor<f32>>
  %3 = stablehlo.abs %arg1 : tensor<?xf32>
  %4 = stablehlo.add %arg0, %arg0 : tensor<f32>
  func.return %0, %1, %2, %3, %4 : tensor<1xi64>, !stablehlo.token, tuple<tensor<f32>>, tensor<?xf32>, tensor<f32>
}

// -----

// Regions before their op; an op's probes in reverse order of its results.
// CHECK-LABEL: func.func @loop
// CHECK: %[[W:.*]]:2 = stablehlo.while
// CHECK: %[[C:.*]] = stablehlo.compare LT
// CHECK-NEXT: interpreter.probe %[[C]], probe_id = "probe1" : tensor<i1>
// CHECK: interpreter.probe %{{.*}}, probe_id = "probe2" : tensor<i64>
// CHECK: interpreter.probe %{{.*}}, probe_id = "probe3" : tensor<i64>
// CHECK: interpreter.probe %[[W]]#1, probe_id = "probe5"
// CHECK-NEXT: interpreter.probe %[[W]]#0, probe_id = "probe4"
// DEBUG-LABEL: func.func @loop
// DEBUG: probe_id = "probe1"
// DEBUG: probe_id = "add.2"
// DEBUG: probe_id = "add.3"
// DEBUG: probe_id = "probe5"
// DEBUG: probe_id = "probe4"
func.func @loop() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %sum = %zero) : tensor<i64>, tensor<i64>
  cond {
    %p = stablehlo.compare LT, %i, %two : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %s = stablehlo.add %sum, %one : tensor<i64> loc("add")
    %n = stablehlo.add %i, %one : tensor<i64> loc("add")
    stablehlo.return %n, %s : tensor<i64>, tensor<i64>
  }
  func.return %r#1 : tensor<i64>
}
