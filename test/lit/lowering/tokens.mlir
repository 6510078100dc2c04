// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=enable-runtime-calls --split-input-file --verify-diagnostics | FileCheck %s
// RUN: not stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file 2>&1 | FileCheck %s --check-prefix=NO-RUNTIME

// Without enable-runtime-calls the ops on tokens are errors (printed first),
// tokens themselves still lower.
// NO-RUNTIME: error: failed to legalize operation 'stablehlo.infeed'

// A token carries no data: it becomes a placeholder byte (tensor<i8>), which
// create_token and after_all make and optimization_barrier forwards.
// CHECK-LABEL: func.func @make(%arg0: tensor<3xf32>, %arg1: tensor<i8>) -> (tensor<3xf32>, tensor<i8>)
// CHECK: arith.constant dense<0> : tensor<i8>
// CHECK: %[[T:.*]] = arith.constant dense<0> : tensor<i8>
// CHECK-NOT: stablehlo.
// CHECK: return %arg0, %[[T]] : tensor<3xf32>, tensor<i8>
// NO-RUNTIME-LABEL: func.func @make(%arg0: tensor<3xf32>, %arg1: tensor<i8>) -> (tensor<3xf32>, tensor<i8>)
func.func @make(%x: tensor<3xf32>, %t: !stablehlo.token) -> (tensor<3xf32>, !stablehlo.token) {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t : !stablehlo.token
  %0:2 = stablehlo.optimization_barrier %x, %t1 : tensor<3xf32>, !stablehlo.token
  return %0#0, %0#1 : tensor<3xf32>, !stablehlo.token
}

// -----

// Tokens through calls, while, if and case: the placeholder, carried as any value.
// CHECK-LABEL: func.func @flow(%arg0: tensor<i8>, %arg1: tensor<i32>, %arg2: tensor<i8>) -> tensor<i8>
// CHECK: %[[C:.*]] = call @pass(%arg2) : (tensor<i8>) -> tensor<i8>
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %arg1, %{{.*}} = %[[C]]) : (tensor<i32>, tensor<i8>) -> (tensor<i32>, tensor<i8>)
// CHECK: scf.if %{{.*}} -> (tensor<i8>)
// CHECK: scf.index_switch %{{.*}} -> tensor<i8>
// CHECK-LABEL: func.func private @pass(%arg0: tensor<i8>) -> tensor<i8>
func.func @flow(%p: tensor<i1>, %n: tensor<i32>, %t: !stablehlo.token) -> !stablehlo.token {
  %c = func.call @pass(%t) : (!stablehlo.token) -> !stablehlo.token
  %w:2 = stablehlo.while(%i = %n, %u = %c) : tensor<i32>, !stablehlo.token
    cond {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %q = stablehlo.compare GT, %i, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %m = stablehlo.subtract %i, %one : tensor<i32>
      %v = stablehlo.after_all %u : !stablehlo.token
      stablehlo.return %m, %v : tensor<i32>, !stablehlo.token
    }
  %f = "stablehlo.if"(%p) ({
    stablehlo.return %w#1 : !stablehlo.token
  }, {
    %k = stablehlo.create_token : !stablehlo.token
    stablehlo.return %k : !stablehlo.token
  }) : (tensor<i1>) -> !stablehlo.token
  %s = "stablehlo.case"(%n) ({
    stablehlo.return %f : !stablehlo.token
  }, {
    stablehlo.return %t : !stablehlo.token
  }) : (tensor<i32>) -> !stablehlo.token
  return %s : !stablehlo.token
}
func.func private @pass(%t: !stablehlo.token) -> !stablehlo.token {
  return %t : !stablehlo.token
}

// -----

// infeed, outfeed, send and recv call the runtime (the run's feeds and
// channels), in program order; a token is a placeholder buffer (memref<i8>).
// CHECK-DAG: func.func private @__stablehlo_py_runtime_[[IN:[0-9]]](memref<i8, strided<[], offset: ?>>, memref<2xf32, strided<[?], offset: ?>>, memref<i8, strided<[], offset: ?>>) attributes {{{.*}}stablehlo.infeed{{.*}}infeed_config = \22in\22
// CHECK-DAG: func.func private @__stablehlo_py_runtime_[[OUT:[0-9]]](memref<2xf32, strided<[?], offset: ?>>, memref<i8, strided<[], offset: ?>>, memref<i8, strided<[], offset: ?>>) attributes {{{.*}}stablehlo.outfeed{{.*}}outfeed_config = \22out\22
// CHECK-DAG: func.func private @__stablehlo_py_runtime_[[SEND:[0-9]]]({{.*}}) attributes {{{.*}}stablehlo.send
// CHECK-DAG: func.func private @__stablehlo_py_runtime_[[RECV:[0-9]]]({{.*}}) attributes {{{.*}}stablehlo.recv
// CHECK-LABEL: func.func @feeds
// CHECK: %[[T0:.*]] = arith.constant dense<0> : tensor<i8>
// CHECK: call @__stablehlo_py_runtime_[[IN]](
// CHECK: call @__stablehlo_py_runtime_[[OUT]](
// CHECK: call @__stablehlo_py_runtime_[[SEND]](
// CHECK: call @__stablehlo_py_runtime_[[RECV]](
// CHECK: return
func.func @feeds() -> tensor<2xf32> {
  %t0 = stablehlo.create_token : !stablehlo.token
  %in:2 = "stablehlo.infeed"(%t0) {infeed_config = "in"} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %t1 = "stablehlo.outfeed"(%in#0, %in#1) {outfeed_config = "out"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %t2 = "stablehlo.send"(%in#0, %t1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%t2) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %r#0 : tensor<2xf32>
}
