// Stock mlir-opt lowers a StableHLO program to the LLVM dialect with our plugin's conversion
// and MLIR's own passes after it (the pipeline of stablehlo_py.lowering.pipeline()).
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-legalize-to-linalg, canonicalize, inline, stablehlo-py-scalarize-rank-zero, canonicalize, func.func(linalg-fuse-elementwise-ops), one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops}, buffer-results-to-out-params{modify-public-functions}, stablehlo-py-results-in-place, buffer-deallocation-pipeline, stablehlo-py-widen-bool-buffers, stablehlo-py-strided-copies-to-linalg, stablehlo-py-blocked-elementwise, func.func(scf-forall-to-parallel), func.func(convert-linalg-to-loops), expand-strided-metadata, lower-affine, convert-scf-to-cf, finalize-memref-to-llvm, convert-complex-to-standard, convert-math-to-libm, convert-math-to-llvm, convert-complex-to-llvm, convert-arith-to-llvm, convert-index-to-llvm, convert-func-to-llvm, convert-cf-to-llvm, reconcile-unrealized-casts)' | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-legalize-to-linalg)' | FileCheck %s --check-prefix=LINALG

// CHECK-NOT: stablehlo.
// CHECK: llvm.func @main(
// CHECK: llvm.fmul
// CHECK: llvm.fadd
// CHECK: llvm.fcmp
// LINALG: linalg.generic
// LINALG: arith.mulf
func.func @main(%x: tensor<4x3xf32>, %w: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x2xf32>
  %r = stablehlo.maximum %d, %z : tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// A function returning one value twice, called in a loop (a JAX scan's shape): MLIR's
// buffer-results-to-out-params with hoist-static-allocs crashed on it; the pipeline does not hoist
// (stablehlo-py-results-in-place writes the first result in place, copies it into the second).
// CHECK-LABEL: llvm.func @twice
func.func @twice(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = stablehlo.add %x, %x : tensor<2xf32>
  return %0, %0 : tensor<2xf32>, tensor<2xf32>
}
