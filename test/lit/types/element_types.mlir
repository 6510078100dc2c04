// Tensor element types of the spec ("Types"): boolean, signed (signless in
// MLIR) and unsigned integers, the floating-point types and complex types.
// The CHECK lines are upstream StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @integers(%arg0: tensor<i1>, %arg1: tensor<i2>, %arg2: tensor<i4>, %arg3: tensor<i8>, %arg4: tensor<i16>, %arg5: tensor<i32>, %arg6: tensor<i64>, %arg7: tensor<ui2>, %arg8: tensor<ui4>, %arg9: tensor<ui8>, %arg10: tensor<ui16>, %arg11: tensor<ui32>, %arg12: tensor<ui64>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<i1>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<i2>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<i4>
// CHECK-NEXT:    %3 = stablehlo.add %arg3, %arg3 : tensor<i8>
// CHECK-NEXT:    %4 = stablehlo.add %arg4, %arg4 : tensor<i16>
// CHECK-NEXT:    %5 = stablehlo.add %arg5, %arg5 : tensor<i32>
// CHECK-NEXT:    %6 = stablehlo.add %arg6, %arg6 : tensor<i64>
// CHECK-NEXT:    %7 = stablehlo.add %arg7, %arg7 : tensor<ui2>
// CHECK-NEXT:    %8 = stablehlo.add %arg8, %arg8 : tensor<ui4>
// CHECK-NEXT:    %9 = stablehlo.add %arg9, %arg9 : tensor<ui8>
// CHECK-NEXT:    %10 = stablehlo.add %arg10, %arg10 : tensor<ui16>
// CHECK-NEXT:    %11 = stablehlo.add %arg11, %arg11 : tensor<ui32>
// CHECK-NEXT:    %12 = stablehlo.add %arg12, %arg12 : tensor<ui64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @integers(%b: tensor<i1>, %i2: tensor<i2>, %i4: tensor<i4>, %i8: tensor<i8>, %i16: tensor<i16>, %i32: tensor<i32>, %i64: tensor<i64>,
                    %u2: tensor<ui2>, %u4: tensor<ui4>, %u8: tensor<ui8>, %u16: tensor<ui16>, %u32: tensor<ui32>, %u64: tensor<ui64>) {
  %0 = stablehlo.add %b, %b : tensor<i1>
  %1 = stablehlo.add %i2, %i2 : tensor<i2>
  %2 = stablehlo.add %i4, %i4 : tensor<i4>
  %3 = stablehlo.add %i8, %i8 : tensor<i8>
  %4 = stablehlo.add %i16, %i16 : tensor<i16>
  %5 = stablehlo.add %i32, %i32 : tensor<i32>
  %6 = stablehlo.add %i64, %i64 : tensor<i64>
  %7 = stablehlo.add %u2, %u2 : tensor<ui2>
  %8 = stablehlo.add %u4, %u4 : tensor<ui4>
  %9 = stablehlo.add %u8, %u8 : tensor<ui8>
  %10 = stablehlo.add %u16, %u16 : tensor<ui16>
  %11 = stablehlo.add %u32, %u32 : tensor<ui32>
  %12 = stablehlo.add %u64, %u64 : tensor<ui64>
  return
}

// CHECK-LABEL:  func.func @floats(%arg0: tensor<f4E2M1FN>, %arg1: tensor<f6E2M3FN>, %arg2: tensor<f6E3M2FN>, %arg3: tensor<f8E3M4>, %arg4: tensor<f8E4M3>, %arg5: tensor<f8E4M3FN>, %arg6: tensor<f8E4M3FNUZ>, %arg7: tensor<f8E4M3B11FNUZ>, %arg8: tensor<f8E5M2>, %arg9: tensor<f8E5M2FNUZ>, %arg10: tensor<f8E8M0FNU>, %arg11: tensor<bf16>, %arg12: tensor<f16>, %arg13: tensor<f32>, %arg14: tensor<f64>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<f4E2M1FN>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<f6E2M3FN>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<f6E3M2FN>
// CHECK-NEXT:    %3 = stablehlo.add %arg3, %arg3 : tensor<f8E3M4>
// CHECK-NEXT:    %4 = stablehlo.add %arg4, %arg4 : tensor<f8E4M3>
// CHECK-NEXT:    %5 = stablehlo.add %arg5, %arg5 : tensor<f8E4M3FN>
// CHECK-NEXT:    %6 = stablehlo.add %arg6, %arg6 : tensor<f8E4M3FNUZ>
// CHECK-NEXT:    %7 = stablehlo.add %arg7, %arg7 : tensor<f8E4M3B11FNUZ>
// CHECK-NEXT:    %8 = stablehlo.add %arg8, %arg8 : tensor<f8E5M2>
// CHECK-NEXT:    %9 = stablehlo.add %arg9, %arg9 : tensor<f8E5M2FNUZ>
// CHECK-NEXT:    %10 = stablehlo.add %arg10, %arg10 : tensor<f8E8M0FNU>
// CHECK-NEXT:    %11 = stablehlo.add %arg11, %arg11 : tensor<bf16>
// CHECK-NEXT:    %12 = stablehlo.add %arg12, %arg12 : tensor<f16>
// CHECK-NEXT:    %13 = stablehlo.add %arg13, %arg13 : tensor<f32>
// CHECK-NEXT:    %14 = stablehlo.add %arg14, %arg14 : tensor<f64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @floats(%a: tensor<f4E2M1FN>, %b: tensor<f6E2M3FN>, %c: tensor<f6E3M2FN>, %d: tensor<f8E3M4>, %e: tensor<f8E4M3>,
                  %f: tensor<f8E4M3FN>, %g: tensor<f8E4M3FNUZ>, %h: tensor<f8E4M3B11FNUZ>, %i: tensor<f8E5M2>, %j: tensor<f8E5M2FNUZ>,
                  %k: tensor<f8E8M0FNU>, %l: tensor<bf16>, %m: tensor<f16>, %n: tensor<f32>, %o: tensor<f64>) {
  %0 = stablehlo.add %a, %a : tensor<f4E2M1FN>
  %1 = stablehlo.add %b, %b : tensor<f6E2M3FN>
  %2 = stablehlo.add %c, %c : tensor<f6E3M2FN>
  %3 = stablehlo.add %d, %d : tensor<f8E3M4>
  %4 = stablehlo.add %e, %e : tensor<f8E4M3>
  %5 = stablehlo.add %f, %f : tensor<f8E4M3FN>
  %6 = stablehlo.add %g, %g : tensor<f8E4M3FNUZ>
  %7 = stablehlo.add %h, %h : tensor<f8E4M3B11FNUZ>
  %8 = stablehlo.add %i, %i : tensor<f8E5M2>
  %9 = stablehlo.add %j, %j : tensor<f8E5M2FNUZ>
  %10 = stablehlo.add %k, %k : tensor<f8E8M0FNU>
  %11 = stablehlo.add %l, %l : tensor<bf16>
  %12 = stablehlo.add %m, %m : tensor<f16>
  %13 = stablehlo.add %n, %n : tensor<f32>
  %14 = stablehlo.add %o, %o : tensor<f64>
  return
}

// CHECK-LABEL:  func.func @complex(%arg0: tensor<complex<f32>>, %arg1: tensor<complex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<complex<f32>>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<complex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @complex(%a: tensor<complex<f32>>, %b: tensor<complex<f64>>) {
  %0 = stablehlo.add %a, %a : tensor<complex<f32>>
  %1 = stablehlo.add %b, %b : tensor<complex<f64>>
  return
}
