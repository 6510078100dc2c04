// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=enable-runtime-calls --split-input-file --verify-diagnostics | FileCheck %s
// RUN: not stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file 2>&1 | FileCheck %s --check-prefix=NO-RUNTIME

// A library op becomes a call of a runtime function taking its operands and
// results as buffers of any layout (results allocated by the caller); the op
// itself, alone in a function, is the declaration's stablehlo_py.runtime_op.
// CHECK-LABEL: func.func private @__stablehlo_py_runtime_0(memref<4xf32, strided<[?], offset: ?>>, memref<3xcomplex<f32>, strided<[?], offset: ?>>)
// CHECK-SAME: attributes {llvm.emit_c_interface, stablehlo_py.runtime_op = "{{.*}}func.func @op(%arg0: tensor<4xf32>{{.*}}stablehlo.fft %arg0, type = RFFT, length = [4]
// CHECK-LABEL: func.func @fft(%arg0: tensor<4xf32>) -> tensor<3xcomplex<f32>>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<3xcomplex<f32>>
// CHECK: %[[CAST:.*]] = memref.cast %[[OUT]]
// CHECK: call @__stablehlo_py_runtime_0(%[[IN]], %[[CAST]])
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<3xcomplex<f32>> to tensor<3xcomplex<f32>>
// CHECK: return %[[R]]
// Without the option, the op is an error.
// NO-RUNTIME: error: failed to legalize operation 'stablehlo.fft'
func.func @fft(%x: tensor<4xf32>) -> tensor<3xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// Each op gets a function of its own, keeping the op's own types. A form no pattern takes (a math function
// of complex numbers the scalar table leaves) calls the runtime too.
// CHECK-DAG: func.func private @__stablehlo_py_runtime_0(memref<2x2xf32, strided<[?, ?], offset: ?>>, memref<2x2xf32, strided<[?, ?], offset: ?>>) attributes {{{.*}}stablehlo.cholesky
// CHECK-DAG: func.func private @__stablehlo_py_runtime_1(memref<2xcomplex<f32>, strided<[?], offset: ?>>, memref<2xcomplex<f32>, strided<[?], offset: ?>>) attributes {{{.*}}stablehlo.log_plus_one %arg0 : tensor<2xcomplex<f32>>
// CHECK-LABEL: func.func @two_calls
// CHECK: call @__stablehlo_py_runtime_0
// CHECK: call @__stablehlo_py_runtime_1
func.func @two_calls(%x: tensor<2x2xf32>, %p: tensor<2xcomplex<f32>>) -> (tensor<2x2xf32>, tensor<2xcomplex<f32>>) {
  %0 = "stablehlo.cholesky"(%x) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.log_plus_one %p : tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2x2xf32>, tensor<2xcomplex<f32>>
}

// -----

// A token is a placeholder byte (tokens.mlir): the runtime takes it as a buffer.
// CHECK-LABEL: func.func @token(%arg0: tensor<i8>) -> tensor<i8>
// CHECK: call @__stablehlo_py_runtime_0(%{{.*}}, %{{.*}}) : (memref<i8, strided<[], offset: ?>>, memref<i8, strided<[], offset: ?>>) -> ()
func.func @token(%t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.custom_call @foo(%t) : (!stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

// A custom call naming a function (called_computations) is not taken alone.
func.func @calls(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.custom_call'}}
  %0 = stablehlo.custom_call @foo(%x) {called_computations = [@callee]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @callee(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A body calling a function lowers neither natively nor as a one-op runtime
// program (which would not hold the function): an error naming the op. The
// compiled backend inlines calls first (lowering/pipeline.py).
func.func private @less(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %c : tensor<i1>
}
func.func @sort_calling(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.sort'}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = func.call @less(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A tuple crosses a runtime call as its elements (nested ones flattened), one
// buffer each in order; the one-op program keeps the op's tuple types.
// CHECK-LABEL: func.func private @__stablehlo_py_runtime_0(memref<2xf32, strided<[?], offset: ?>>, memref<i32, strided<[], offset: ?>>, memref<2xf32, strided<[?], offset: ?>>, memref<i32, strided<[], offset: ?>>)
// CHECK-SAME: stablehlo_py.runtime_op = "{{.*}}func.func @op(%arg0: tuple<tensor<2xf32>, tensor<i32>>{{.*}}-> tuple<tensor<2xf32>, tuple<tensor<i32>>>
// CHECK-LABEL: func.func @tuple_custom_call(%arg0: tensor<2xf32>, %arg1: tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
// CHECK-DAG: %[[X:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK-DAG: %[[N:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK: %[[OUT0:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[CAST0:.*]] = memref.cast %[[OUT0]]
// CHECK: %[[OUT1:.*]] = memref.alloc() : memref<i32>
// CHECK: %[[CAST1:.*]] = memref.cast %[[OUT1]]
// CHECK: call @__stablehlo_py_runtime_0(%[[X]], %[[N]], %[[CAST0]], %[[CAST1]])
// CHECK: %[[R0:.*]] = bufferization.to_tensor %[[OUT0]]
// CHECK: %[[R1:.*]] = bufferization.to_tensor %[[OUT1]]
// CHECK: return %[[R0]], %[[R1]]
func.func @tuple_custom_call(%x: tensor<2xf32>, %n: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %in = stablehlo.tuple %x, %n : tuple<tensor<2xf32>, tensor<i32>>
  %0 = stablehlo.custom_call @foo(%in) : (tuple<tensor<2xf32>, tensor<i32>>) -> tuple<tensor<2xf32>, tuple<tensor<i32>>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tensor<2xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tuple<tensor<i32>>>) -> tuple<tensor<i32>>
  %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<i32>>) -> tensor<i32>
  return %1, %3 : tensor<2xf32>, tensor<i32>
}
