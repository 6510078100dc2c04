// A resource blob whose alignment header is 0 made MLIR's parser abort the
// process (LLVM ERROR: out of memory); it is a parse error instead.
// RUN: not stablehlo-opt %s 2>&1 | FileCheck %s
// CHECK: error: expected hex string blob for key 'blob'

func.func @main() -> tensor<2xf32> {
  %0 = stablehlo.constant dense_resource<blob> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x000000000000803F0000803F"
    }
  }
#-}
