// The error for a literal MLIR's parser would abort on is an ordinary
// diagnostic in MLIR's style, at the literal's line and column, and
// stablehlo-opt exits with status 1.
// RUN: not stablehlo-opt %s 2>&1 | FileCheck %s -DFILE=%s

// CHECK: [[FILE]]:10:27: error: dense literal has complex (re, im) elements but its element type f64 (of tensor<2xf64>) is not complex
// CHECK-NOT: Assertion
func.func @main(%a: tensor<2xf64>) {
  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf64>
  %0 = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xf64>
  return
}
