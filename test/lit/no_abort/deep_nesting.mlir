// Nesting deeper than 1000 levels (brackets, regions, types) is a parse error
// at the level past the limit: MLIR's recursive parser overflowed its stack
// (SIGSEGV) on ~10000 nested brackets. The input is generated.
// RUN: python -c "print('func.func @f() attributes {x = ' + '[' * 20000 + ']' * 20000 + '} {\n  return\n}')" > %t
// RUN: not stablehlo-opt %t 2>&1 | FileCheck %s
// CHECK: :1:1031: error: nesting deeper than 1000 levels (brackets, regions, types) would overflow the parser's stack
// CHECK-NOT: Stack dump
