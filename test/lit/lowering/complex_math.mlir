// RUN: not stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file 2>/dev/null | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=enable-runtime-calls --canonicalize --split-input-file | FileCheck %s --check-prefix=RUNTIME
// (Without runtime calls, the splits of ops only the runtime takes fail: hence `not`.)

// Math functions of complex numbers whose interpreter kernels are the C
// library's (numpy's complex exp, log, sqrt, sin, cos, tan and tanh call
// cexp, clog, ...; cexpf, ... for complex64) lower to direct calls of those
// functions, declared once per module; complex64 calls take the f suffix.
// CHECK-DAG: func.func private @cexp(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @clog(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @csqrt(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @csin(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @ccos(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @ctan(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @ctanh(complex<f64>) -> complex<f64>
// CHECK-DAG: func.func private @cexpf(
// CHECK-LABEL: func.func @direct
// CHECK: linalg.generic
// CHECK: func.call @cexp(%{{.*}}) : (complex<f64>) -> complex<f64>
// CHECK: func.call @clog(
// CHECK: func.call @csqrt(
// CHECK: func.call @csin(
// CHECK: func.call @ccos(
// CHECK: func.call @ctan(
// CHECK: func.call @ctanh(
// CHECK: func.call @cexpf(
// RUNTIME-LABEL: func.func @direct
// RUNTIME-NOT: __stablehlo_py_runtime
// RUNTIME: return
func.func @direct(%x: tensor<3xcomplex<f64>>, %y: tensor<3xcomplex<f32>>) -> (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f32>>) {
  %0 = stablehlo.exponential %x : tensor<3xcomplex<f64>>
  %1 = stablehlo.log %x : tensor<3xcomplex<f64>>
  %2 = stablehlo.sqrt %x : tensor<3xcomplex<f64>>
  %3 = stablehlo.sine %x : tensor<3xcomplex<f64>>
  %4 = stablehlo.cosine %x : tensor<3xcomplex<f64>>
  %5 = stablehlo.tan %x : tensor<3xcomplex<f64>>
  %6 = stablehlo.tanh %x : tensor<3xcomplex<f64>>
  %7 = stablehlo.exponential %y : tensor<3xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f32>>
}

// -----

// rsqrt and logistic: the calls, then numpy's complex division (Smith's) of
// 1 + 0i, as the interpreter's 1 / sqrt(x) and 1 / (1 + exp(-x)); expm1:
// numpy's formula on the real functions, expm1(x) cos(y) - 2 sin(y/2)^2 +
// i exp(x) sin(y).
// CHECK-LABEL: func.func @composed
// CHECK: func.call @csqrt(
// CHECK: arith.divf
// CHECK: complex.neg
// CHECK: func.call @cexp(
// CHECK: complex.add
// CHECK: arith.divf
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.expm1
// CHECK: math.sin
// CHECK: math.exp
// CHECK: return
func.func @composed(%x: tensor<3xcomplex<f64>>) -> (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) {
  %0 = stablehlo.rsqrt %x : tensor<3xcomplex<f64>>
  %1 = stablehlo.logistic %x : tensor<3xcomplex<f64>>
  %2 = stablehlo.exponential_minus_one %x : tensor<3xcomplex<f64>>
  return %0, %1, %2 : tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
}

// -----

// Calls, not complex.exp and complex.log: canonicalize would fold
// log(exp(x)) to x, which exp's overflow (log(exp(1000)) = inf) tells apart.
// RUNTIME-LABEL: func.func @log_of_exp
// RUNTIME: call @cexp(
// RUNTIME: call @clog(
func.func @log_of_exp(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = stablehlo.exponential %x : tensor<3xcomplex<f64>>
  %1 = stablehlo.log %0 : tensor<3xcomplex<f64>>
  return %1 : tensor<3xcomplex<f64>>
}

// -----

// The rest are numpy's own algorithms (abs and sign: its SIMD hypot; power,
// log1p, cbrt, atan2): the runtime runs the interpreter's kernel.
// RUNTIME-LABEL: func.func @left_to_the_runtime
// RUNTIME-COUNT-6: call @__stablehlo_py_runtime_
// RUNTIME-NOT: call @c
func.func @left_to_the_runtime(%x: tensor<3xcomplex<f32>>) -> (tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  %0 = stablehlo.abs %x : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %1 = stablehlo.sign %x : tensor<3xcomplex<f32>>
  %2 = stablehlo.power %x, %x : tensor<3xcomplex<f32>>
  %3 = stablehlo.log_plus_one %x : tensor<3xcomplex<f32>>
  %4 = stablehlo.cbrt %x : tensor<3xcomplex<f32>>
  %5 = stablehlo.atan2 %x, %x : tensor<3xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
}

// -----

// A symbol of the module already named like the C function, of another
// type, is not redeclared: the op calls the runtime.
// RUNTIME-LABEL: func.func @cexp(%arg0: tensor<3xf64>)
// RUNTIME-LABEL: func.func @shadowed
// RUNTIME: call @__stablehlo_py_runtime_
func.func @cexp(%x: tensor<3xf64>) -> tensor<3xf64> {
  return %x : tensor<3xf64>
}
func.func @shadowed(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %0 = stablehlo.exponential %x : tensor<3xcomplex<f64>>
  return %0 : tensor<3xcomplex<f64>>
}
