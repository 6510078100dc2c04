// Stock mlir-opt (the SDK's) with our plugin: it parses, verifies, prints and
// transforms StableHLO with our dialects and C++ passes.
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(func.func(stablehlo-aggressive-folder))' | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin %s --mlir-print-op-generic | %mlir_opt --load-dialect-plugin=%stablehlo_plugin | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo)' | FileCheck %s --check-prefix=VHLO
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(func.func(stablehlo-aggressive-simplification), canonicalize, cse)' | FileCheck %s --check-prefix=MIXED

// CHECK-LABEL: func.func @main
// CHECK: %[[C:.*]] = stablehlo.constant dense<5.000000e+00> : tensor<4xf32>
// CHECK: stablehlo.add %arg0, %[[C]] : tensor<4xf32>
// ROUNDTRIP: stablehlo.add %arg0, %{{.*}} : tensor<4xf32>
// VHLO: vhlo.func_v1 @main
// VHLO: "vhlo.add_v1"
// MIXED-LABEL: func.func @main
// MIXED: stablehlo.add
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %d = stablehlo.constant dense<3.0> : tensor<4xf32>
  %e = stablehlo.add %c, %d : tensor<4xf32>
  %0 = stablehlo.add %arg0, %e : tensor<4xf32>
  return %0 : tensor<4xf32>
}
