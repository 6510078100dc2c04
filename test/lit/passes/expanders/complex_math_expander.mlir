// RUN: stablehlo-py opt %s --pipeline "func.func(stablehlo-complex-math-expander)" --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --stablehlo-complex-math-expander --split-input-file | FileCheck %s

// sqrt: u = sqrt((|x| + hypot) / 2) and v = |y| / 2u on |x|, |y| scaled by 1/4 near the largest
// value or by 2^48 below 2^-102 (u scaled back by 2, 2^-24); (u, +-v) for x >= 0, else (v, +-u);
// the imaginary part takes y's sign bit. Constants go first.
// CHECK-LABEL: func.func @sqrt
// CHECK-DAG: %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HALF:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-DAG: %[[UP:.*]] = stablehlo.constant dense<2.81474977E+14> : tensor<4xf32>
// CHECK-DAG: %[[SMALL:.*]] = stablehlo.constant dense<1.97215226E-31> : tensor<4xf32>
// CHECK-DAG: %[[BIG:.*]] = stablehlo.constant dense<8.50705867E+37> : tensor<4xf32>
// CHECK: %[[X:.*]] = stablehlo.real %arg0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: %[[Y:.*]] = stablehlo.imag %arg0
// CHECK-NEXT: %[[AX:.*]] = stablehlo.abs %[[X]]
// CHECK-NEXT: %[[AY:.*]] = stablehlo.abs %[[Y]]
// CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[AX]], %[[AY]]
// CHECK-NEXT: %[[ISBIG:.*]] = stablehlo.compare GT, %[[M]], %[[BIG]]
// CHECK-NEXT: %[[ISSMALL:.*]] = stablehlo.compare LT, %[[M]], %[[SMALL]]
// CHECK-NEXT: stablehlo.select %[[ISSMALL]], %[[UP]], %{{.*}}
// CHECK: %[[SX:.*]] = stablehlo.multiply %[[AX]], %[[SCALE:.*]] :
// CHECK-NEXT: %[[SY:.*]] = stablehlo.multiply %[[AY]], %[[SCALE]] :
// CHECK: %[[ROOT:.*]] = stablehlo.sqrt %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[HYPOT:.*]] = stablehlo.multiply %{{.*}}, %[[ROOT]]
// CHECK-NEXT: %[[SUM:.*]] = stablehlo.add %[[SX]], %[[HYPOT]]
// CHECK-NEXT: %[[HALFSUM:.*]] = stablehlo.multiply %[[HALF]], %[[SUM]]
// CHECK-NEXT: %[[SQ:.*]] = stablehlo.sqrt %[[HALFSUM]]
// CHECK-NEXT: %[[U:.*]] = stablehlo.multiply %[[SQ]], %{{.*}}
// CHECK: %[[V:.*]] = stablehlo.divide %[[AY]], %{{.*}}
// CHECK-NEXT: %[[POS:.*]] = stablehlo.compare GE, %[[X]], %[[ZERO]]
// CHECK-NEXT: stablehlo.select %[[POS]], %[[U]], %[[V]]
// CHECK-NEXT: stablehlo.select %[[POS]], %[[V]], %[[U]]
// CHECK: %[[BITS:.*]] = stablehlo.bitcast_convert %[[Y]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %[[NEG:.*]] = stablehlo.compare LT, %[[BITS]], %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK: %[[R:.*]] = stablehlo.complex %{{.*}}, %{{.*}} : tensor<4xcomplex<f32>>
// CHECK-NEXT: return %[[R]]
func.func @sqrt(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.sqrt %z : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// log: x^2 and y^2 split exactly (Dekker, Veltkamp's constant 2^27 + 1 for f64), s = x^2 + y^2 - 1
// summed with 2Sum; log1p(s)/2 where |z|^2 >= 1/2, (log(1 + s_hi) + s_lo/(1 + s_hi))/2 below while
// max(|x|, |y|) >= 1/4, else log(max) + log1p((min/max)^2)/2; the imaginary part atan2(y, x).
// CHECK-LABEL: func.func @log
// CHECK-DAG: %[[SPLIT:.*]] = stablehlo.constant dense<0x41A0000002000000> : tensor<f64>
// CHECK-DAG: %[[MINUS1:.*]] = stablehlo.constant dense<-1.000000e+00> : tensor<f64>
// CHECK-DAG: %[[INF:.*]] = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
// CHECK: %[[X:.*]] = stablehlo.real %arg0
// CHECK-NEXT: %[[Y:.*]] = stablehlo.imag %arg0
// CHECK: stablehlo.multiply %[[X]], %[[X]]
// CHECK-NEXT: stablehlo.multiply %[[X]], %[[SPLIT]]
// CHECK: stablehlo.add %[[MINUS1]], %{{.*}}
// CHECK: %[[S:.*]] = stablehlo.log_plus_one %{{.*}} : tensor<f64>
// CHECK: stablehlo.log %{{.*}} : tensor<f64>
// CHECK: stablehlo.compare GE, %{{.*}}, %{{.*}} :
// CHECK: %[[HYP:.*]] = stablehlo.log_plus_one %{{.*}} : tensor<f64>
// CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<f64>
// CHECK-NEXT: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<f64>
// CHECK-NEXT: %[[REAL:.*]] = stablehlo.select %{{.*}}, %[[INF]], %{{.*}} : tensor<i1>, tensor<f64>
// CHECK-NEXT: %[[ANGLE:.*]] = stablehlo.atan2 %[[Y]], %[[X]] : tensor<f64>
// CHECK-NEXT: %[[R:.*]] = stablehlo.complex %[[REAL]], %[[ANGLE]] : tensor<complex<f64>>
// CHECK-NEXT: return %[[R]]
func.func @log(%z: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = stablehlo.log %z : tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// log_plus_one: the same on w = x + 1 with s = 2x + x^2 + y^2 (Veltkamp's 4097 for f32); s is not
// used where max(|x|, |y|) > sqrt(largest)/100; the imaginary part atan2(y, x + 1).
// CHECK-LABEL: func.func @log_plus_one
// CHECK-DAG: %[[FAR:.*]] = stablehlo.constant dense<1.84467437E+17> : tensor<2xf32>
// CHECK-DAG: %[[SPLIT:.*]] = stablehlo.constant dense<4.097000e+03> : tensor<2xf32>
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK: %[[X:.*]] = stablehlo.real %arg0
// CHECK-NEXT: %[[Y:.*]] = stablehlo.imag %arg0
// CHECK: %[[W:.*]] = stablehlo.add %[[X]], %[[ONE]] : tensor<2xf32>
// CHECK: stablehlo.multiply %[[X]], %[[SPLIT]]
// CHECK: %[[TWOX:.*]] = stablehlo.add %[[X]], %[[X]]
// CHECK: stablehlo.compare LE, %{{.*}}, %[[FAR]]
// CHECK: stablehlo.log_plus_one
// CHECK: %[[ANGLE:.*]] = stablehlo.atan2 %[[Y]], %[[W]] : tensor<2xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.complex %{{.*}}, %[[ANGLE]] : tensor<2xcomplex<f32>>
// CHECK-NEXT: return %[[R]]
func.func @log_plus_one(%z: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.log_plus_one %z : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// exponential on a dynamic shape: constants are chlo.constant_like of the real part, as upstream
// makes them. e^x cos y + i e^x sin y; where e^x overflows, e^(x - 512) cos y e^512.
// CHECK-LABEL: func.func @exponential
// CHECK-NEXT: %[[X:.*]] = stablehlo.real %arg0 : (tensor<?xcomplex<f64>>) -> tensor<?xf64>
// CHECK-NEXT: %[[Y:.*]] = stablehlo.imag %arg0
// CHECK-NEXT: %[[E:.*]] = stablehlo.exponential %[[X]] : tensor<?xf64>
// CHECK-NEXT: %[[INF:.*]] = "chlo.constant_like"(%[[X]]) <{value = 0x7FF0000000000000 : f64}>
// CHECK-NEXT: %[[OVER:.*]] = stablehlo.compare EQ, %[[E]], %[[INF]]
// CHECK-NEXT: %[[K:.*]] = "chlo.constant_like"(%[[X]]) <{value = 5.120000e+02 : f64}>
// CHECK-NEXT: %[[XK:.*]] = stablehlo.subtract %[[X]], %[[K]]
// CHECK-NEXT: %[[EK:.*]] = stablehlo.exponential %[[XK]]
// CHECK-NEXT: %[[COS:.*]] = stablehlo.cosine %[[Y]]
// CHECK-NEXT: %[[SIN:.*]] = stablehlo.sine %[[Y]]
// CHECK-NEXT: %[[A:.*]] = stablehlo.multiply %[[EK]], %[[COS]]
// CHECK-NEXT: %[[SCALE:.*]] = "chlo.constant_like"(%[[X]]) <{value = 2.2844135865397565E+222 : f64}>
// CHECK-NEXT: %[[BIG:.*]] = stablehlo.multiply %[[A]], %[[SCALE]]
// CHECK-NEXT: %[[SMALL:.*]] = stablehlo.multiply %[[E]], %[[COS]]
// CHECK-NEXT: %[[RE:.*]] = stablehlo.select %[[OVER]], %[[BIG]], %[[SMALL]] : tensor<?xi1>, tensor<?xf64>
// CHECK: %[[R:.*]] = stablehlo.complex %{{.*}}, %{{.*}} : tensor<?xcomplex<f64>>
// CHECK-NEXT: return %[[R]]
func.func @exponential(%z: tensor<?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %0 = stablehlo.exponential %z : tensor<?xcomplex<f64>>
  return %0 : tensor<?xcomplex<f64>>
}

// -----

// Inside a region: expanded there, its constants moved to the start of the function.
// CHECK-LABEL: func.func @in_region
// CHECK-COUNT-7: stablehlo.constant
// CHECK-NEXT: "stablehlo.if"(%arg1) ({
// CHECK-NEXT: stablehlo.real %arg0 : (tensor<complex<f32>>) -> tensor<f32>
// CHECK-NOT: stablehlo.constant
// CHECK: %[[R:.*]] = stablehlo.complex %{{.*}}, %{{.*}} : tensor<complex<f32>>
// CHECK-NEXT: stablehlo.return %[[R]]
func.func @in_region(%z: tensor<complex<f32>>, %p: tensor<i1>) -> tensor<complex<f32>> {
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.exponential %z : tensor<complex<f32>>
    stablehlo.return %1 : tensor<complex<f32>>
  }, {
    stablehlo.return %z : tensor<complex<f32>>
  }) : (tensor<i1>) -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// Real sqrt and log_plus_one, and the complex ops upstream leaves (rsqrt, exponential_minus_one), stay.
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT: %[[A:.*]] = stablehlo.sqrt %arg0 : tensor<3xf32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.log_plus_one %arg0 : tensor<3xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.rsqrt %arg1 : tensor<3xcomplex<f32>>
// CHECK-NEXT: %[[D:.*]] = stablehlo.exponential_minus_one %arg1 : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @untouched(%x: tensor<3xf32>, %z: tensor<3xcomplex<f32>>)
    -> (tensor<3xf32>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  %0 = stablehlo.sqrt %x : tensor<3xf32>
  %1 = stablehlo.log_plus_one %x : tensor<3xf32>
  %2 = stablehlo.rsqrt %z : tensor<3xcomplex<f32>>
  %3 = stablehlo.exponential_minus_one %z : tensor<3xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<3xf32>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
}
