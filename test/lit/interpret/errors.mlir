// Interpreter errors are messages naming the op and its location, never tracebacks.
// RUN: not stablehlo-py run %s --split-input-file 2>&1 | FileCheck %s

// CHECK: error: builtin.unrealized_conversion_cast at loc("{{.*}}errors.mlir":7:8): op is not supported by the interpreter
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  %1 = builtin.unrealized_conversion_cast %0 : tensor<2xf32> to tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----
// CHECK: error: @main takes 1 argument (tensor<2xf32>), got 0
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----
// CHECK: error: stablehlo.custom_call at loc("{{.*}}errors.mlir":21:8): unsupported custom_call target @foo
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.custom_call @foo(%a) : (tensor<f32>) -> tensor<f32>
  return
}

// -----
// CHECK: error: func.call at loc("{{.*}}errors.mlir":28:8): call depth limit ({{[0-9]+}}) exceeded calling @main
func.func @main() -> tensor<i32> {
  %0 = func.call @main() : () -> tensor<i32>
  return %0 : tensor<i32>
}

// CHECK: stablehlo-py run: 4 of 4 modules failed
