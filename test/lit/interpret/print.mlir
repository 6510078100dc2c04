// interpreter.print writes its operand to stdout in upstream's format and returns it.
// RUN: stablehlo-py run %s --split-input-file | FileCheck %s

// CHECK-LABEL: // module 0
// CHECK-NEXT:  tensor<3xi16> {
// CHECK-NEXT:    [7, -1, 300]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<2xbf16> {
// CHECK-NEXT:    [1.500000e+00, -2.000000e+00]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<4xf32> {
// CHECK-NEXT:    [0.333333343, 0x7FC00001, 0xFF800000, -0.000000e+00]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<3xi1> {
// CHECK-NEXT:    [false, true, true]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<i64> {-9}
// CHECK-NEXT:  tensor<0x2xui8> {
// CHECK-NEXT:    []
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<2x0xui8> {
// CHECK-NEXT:    [
// CHECK-NEXT:      [],
// CHECK-NEXT:      []
// CHECK-NEXT:    ]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<2xcomplex<f64>> {
// CHECK-NEXT:    {{\[\[}}1.000000e+00, -2.500000e-01], [0.000000e+00, 3.000000e+00]]
// CHECK-NEXT:  }
// CHECK-NEXT:  tensor<2x1x3xui32> {
// CHECK-NEXT:    [
// CHECK-NEXT:      [
// CHECK-NEXT:        [1, 2, 4294967295]
// CHECK-NEXT:      ],
// CHECK-NEXT:      [
// CHECK-NEXT:        [4, 5, 6]
// CHECK-NEXT:      ]
// CHECK-NEXT:    ]
// CHECK-NEXT:  }
// The printed value is the op's result: the function returns it.
// CHECK-NEXT:  @main result 0: tensor<3xi16> shape=(3,) dtype=int16
func.func @main() -> tensor<3xi16> {
  %a = stablehlo.constant dense<[7, -1, 300]> : tensor<3xi16>
  %a1 = interpreter.print %a : tensor<3xi16>
  %b = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  %b1 = interpreter.print %b : tensor<2xbf16>
  %c = stablehlo.constant dense<[0x3EAAAAAB, 0x7FC00001, 0xFF800000, -0.0]> : tensor<4xf32>
  %c1 = interpreter.print %c : tensor<4xf32>
  %d = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
  %d1 = interpreter.print %d : tensor<3xi1>
  %e = stablehlo.constant dense<-9> : tensor<i64>
  %e1 = interpreter.print %e : tensor<i64>
  %f = stablehlo.constant dense<> : tensor<0x2xui8>
  %f1 = interpreter.print %f : tensor<0x2xui8>
  %g = stablehlo.constant dense<> : tensor<2x0xui8>
  %g1 = interpreter.print %g : tensor<2x0xui8>
  %h = stablehlo.constant dense<[(1.0, -0.25), (0.0, 3.0)]> : tensor<2xcomplex<f64>>
  %h1 = interpreter.print %h : tensor<2xcomplex<f64>>
  %i = stablehlo.constant dense<[[[1, 2, 4294967295]], [[4, 5, 6]]]> : tensor<2x1x3xui32>
  %i1 = interpreter.print %i : tensor<2x1x3xui32>
  return %a1 : tensor<3xi16>
}

// -----
// Each process of a run_parallel prints its own value (in whatever order they run).
// CHECK-LABEL: // module 1
// CHECK-DAG:   tensor<ui8> {10}
// CHECK-DAG:   tensor<ui8> {11}
// CHECK-DAG:   tensor<ui8> {12}
// CHECK-DAG:   tensor<ui8> {13}
// Inside a loop, once per iteration.
// CHECK:       tensor<i32> {0}
// CHECK-NEXT:  tensor<i32> {1}
// CHECK-NEXT:  tensor<i32> {2}
// CHECK-NOT:   tensor
func.func @show(%x: tensor<ui8>) -> tensor<ui8> {
  %id = stablehlo.replica_id : tensor<ui32>
  %id8 = stablehlo.convert %id : (tensor<ui32>) -> tensor<ui8>
  %y = stablehlo.add %x, %id8 : tensor<ui8>
  %p = interpreter.print %y : tensor<ui8>
  return %p : tensor<ui8>
}
func.func @main() {
  %ten = stablehlo.constant dense<10> : tensor<ui8>
  %r:4 = "interpreter.run_parallel"(%ten, %ten, %ten, %ten) {programs = [[@show], [@show], [@show], [@show]]} : (tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>) -> (tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>)
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %n = stablehlo.while(%i = %zero) : tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %shown = interpreter.print %i : tensor<i32>
    %next = stablehlo.add %shown, %one : tensor<i32>
    stablehlo.return %next : tensor<i32>
  }
  return
}
