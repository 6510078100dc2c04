// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo,canonicalize,cse --split-input-file | FileCheck %s

// chlo-legalize-to-stablehlo (upstream's name) gives upstream's special functions (chlo_upstream.py);
// stablehlo-py-chlo-legalize-to-stablehlo keeps ours. Their values: test/python/passes/test_chlo_upstream.py.

// erf of f32: x alpha(x^2) / beta(x^2) on x clamped to [-4, 4] (7 and 5 coefficients), the result
// clamped to [-1, 1].
// CHECK-LABEL: func.func @erf_f32
// CHECK-DAG: %[[LO:.*]] = stablehlo.constant dense<-4.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[HI:.*]] = stablehlo.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[MONE:.*]] = stablehlo.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[A0:.*]] = stablehlo.constant dense<-2.72614237E-10> : tensor<4xf32>
// CHECK-DAG: %[[B0:.*]] = stablehlo.constant dense<-1.45660715E-5> : tensor<4xf32>
// CHECK: %[[X:.*]] = stablehlo.clamp %[[LO]], %arg0, %[[HI]]
// CHECK: %[[XX:.*]] = stablehlo.multiply %[[X]], %[[X]]
// CHECK: stablehlo.multiply %[[XX]], %[[A0]]
// CHECK-COUNT-6: stablehlo.add
// CHECK: stablehlo.multiply %[[XX]], %[[B0]]
// CHECK-COUNT-4: stablehlo.add
// CHECK: %[[NUM:.*]] = stablehlo.multiply %[[X]], %{{.*}}
// CHECK: %[[Q:.*]] = stablehlo.divide %[[NUM]], %{{.*}}
// CHECK: %[[R:.*]] = stablehlo.clamp %[[MONE]], %[[Q]], %[[ONE]]
// CHECK: return %[[R]]
func.func @erf_f32(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf %arg0 : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// erf of bf16: converted to f32, the f32 form, converted back.
// CHECK-LABEL: func.func @erf_bf16
// CHECK: stablehlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: stablehlo.clamp
// CHECK: %[[R:.*]] = stablehlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: return %[[R]]
func.func @erf_bf16(%arg0: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.erf %arg0 : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// lgamma of f64: Lanczos with g = 7 (8 terms c_k / (z + k) added to 0.99999999999980993),
// log t = log(7.5) + log1p(z / 7.5), (z + 1/2 - t / log t) log t + log(2 pi) / 2 + log A(z);
// below 1/2 the reflection log(pi) - log(sin(pi frac)) - lgamma(1 - x), and +inf at +-inf.
// CHECK-LABEL: func.func @lgamma_f64
// CHECK-DAG: %[[INF:.*]] = stablehlo.constant dense<0x7FF0000000000000> : tensor<4xf64>
// CHECK-DAG: %[[LOGPI:.*]] = stablehlo.constant dense<1.1447298858494002> : tensor<4xf64>
// CHECK-DAG: %[[PI:.*]] = stablehlo.constant dense<3.1415926535897931> : tensor<4xf64>
// CHECK-DAG: %[[HALFLOG2PI:.*]] = stablehlo.constant dense<0.91893853320467266> : tensor<4xf64>
// CHECK-DAG: %[[LOG75:.*]] = stablehlo.constant dense<2.0149030205422647> : tensor<4xf64>
// CHECK-DAG: %[[G:.*]] = stablehlo.constant dense<7.500000e+00> : tensor<4xf64>
// CHECK-DAG: %[[C0:.*]] = stablehlo.constant dense<0.99999999999980993> : tensor<4xf64>
// CHECK-DAG: %[[C1:.*]] = stablehlo.constant dense<676.5203681218851> : tensor<4xf64>
// CHECK-DAG: %[[HALF:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf64>
// CHECK: %[[REFLECT:.*]] = stablehlo.compare LT, %arg0, %[[HALF]]
// CHECK: %[[Z:.*]] = stablehlo.select %[[REFLECT]]
// CHECK: stablehlo.divide %[[C1]], %{{.*}}
// CHECK: stablehlo.add %{{.*}}, %[[C0]]
// CHECK-COUNT-7: stablehlo.divide
// CHECK: stablehlo.divide %[[Z]], %[[G]]
// CHECK: %[[L:.*]] = stablehlo.log_plus_one
// CHECK: stablehlo.add %[[L]], %[[LOG75]]
// CHECK: stablehlo.add %{{.*}}, %[[HALFLOG2PI]]
// CHECK: stablehlo.multiply %{{.*}}, %[[PI]]
// CHECK: stablehlo.sine
// CHECK: %[[LS:.*]] = stablehlo.log
// CHECK: stablehlo.subtract %[[LOGPI]], %[[LS]]
// CHECK: stablehlo.is_finite %[[LS]]
// CHECK: %[[ISINF:.*]] = stablehlo.compare EQ, %{{.*}}, %[[INF]]
// CHECK: %[[R:.*]] = stablehlo.select %[[ISINF]], %[[INF]]
// CHECK: return %[[R]]
func.func @lgamma_f64(%arg0: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.lgamma %arg0 : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

