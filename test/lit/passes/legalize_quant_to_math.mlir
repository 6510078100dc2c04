// RUN: stablehlo-py opt %s --pipeline stablehlo-py-legalize-quant-to-exact-math --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline stablehlo-py-legalize-quant-to-exact-math --split-input-file | FileCheck %s --check-prefix=NOQUANT

// NOQUANT-NOT: !quant
// NOQUANT-NOT: uniform_quantize
// NOQUANT-NOT: uniform_dequantize

// quantize: round_nearest_even(x / scale) in the expressed type, clamped to
// [storage_min - zp, storage_max - zp] before the conversion to i32, NaN -> storage_min - zp,
// plus zp, to the storage type.
// CHECK-LABEL: func.func @quantize(%arg0: tensor<4xf32>) -> tensor<4xi8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.divide %arg0, %[[S]] : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.round_nearest_even %[[D]] : tensor<4xf32>
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<-1.250000e+02> : tensor<4xf32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<1.300000e+02> : tensor<4xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[R]], %[[HI]] : tensor<4xf32>
// CHECK-NEXT: %[[I:.*]] = stablehlo.convert %[[C]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %[[NAN:.*]] = stablehlo.compare NE, %[[R]], %[[R]], FLOAT
// CHECK-NEXT: %[[L:.*]] = stablehlo.constant dense<-125> : tensor<4xi32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.select %[[NAN]], %[[L]], %[[I]]
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<-3> : tensor<4xi32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %[[N]], %[[ZP]] : tensor<4xi32>
// CHECK-NEXT: %[[Q:.*]] = stablehlo.convert %[[A]] : (tensor<4xi32>) -> tensor<4xi8>
// CHECK-NEXT: return %[[Q]] : tensor<4xi8>
func.func @quantize(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// dequantize per axis: (q - zp) exact in i32, converted, times the scales (constants of the
// expressed type), both broadcast along the quantization dimension. u8 storage is ui8.
// CHECK-LABEL: func.func @dequantize_per_axis(%arg0: tensor<2x3xui8>) -> tensor<2x3xbf16>
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %arg0 : (tensor<2x3xui8>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<[7, 0, 200]> : tensor<3xi32>
// CHECK-NEXT: %[[ZPS:.*]] = stablehlo.broadcast_in_dim %[[ZP]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[D:.*]] = stablehlo.subtract %[[W]], %[[ZPS]] : tensor<2x3xi32>
// CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[D]] : (tensor<2x3xi32>) -> tensor<2x3xbf16>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<[1.000980e-01, 2.500000e-01, 2.000000e+00]> : tensor<3xbf16>
// CHECK-NEXT: %[[SS:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<3xbf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %[[F]], %[[SS]] : tensor<2x3xbf16>
// CHECK-NEXT: return %[[R]]
func.func @dequantize_per_axis(%q: tensor<2x3x!quant.uniform<u8:bf16:1, {0.1:7, 0.25:0, 2.0:200}>>) -> tensor<2x3xbf16> {
  %0 = stablehlo.uniform_dequantize %q : (tensor<2x3x!quant.uniform<u8:bf16:1, {0.1:7, 0.25:0, 2.0:200}>>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// Bounds f32 cannot hold (2147482647 and -2147484648): the clamp uses the nearest f32 values inside
// the range, and a rounded value beyond them (a whole number, or ±inf) takes the bound itself.
// CHECK-LABEL: func.func @inexact_bounds(%arg0: tensor<4xf32>) -> tensor<4xi32>
// CHECK: %[[N:.*]] = stablehlo.round_nearest_even
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<-2.14748442E+9> : tensor<4xf32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<2.14748262E+9> : tensor<4xf32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.clamp %[[LO]], %[[N]], %[[HI]] : tensor<4xf32>
// CHECK-NEXT: %[[I:.*]] = stablehlo.convert %[[C]] : (tensor<4xf32>) -> tensor<4xi64>
// CHECK-NEXT: %[[ABOVE:.*]] = stablehlo.compare GT, %[[N]], %[[HI]], FLOAT
// CHECK-NEXT: %[[H:.*]] = stablehlo.constant dense<2147482647> : tensor<4xi64>
// CHECK-NEXT: %[[I2:.*]] = stablehlo.select %[[ABOVE]], %[[H]], %[[I]]
// CHECK-NEXT: %[[BELOW:.*]] = stablehlo.compare LT, %[[N]], %[[LO]], FLOAT
// CHECK-NEXT: %[[L:.*]] = stablehlo.constant dense<-2147484648> : tensor<4xi64>
// CHECK-NEXT: %[[I3:.*]] = stablehlo.select %[[BELOW]], %[[L]], %[[I2]]
// CHECK-NEXT: %[[NAN:.*]] = stablehlo.compare NE, %[[N]], %[[N]], FLOAT
// CHECK-NEXT: %[[I4:.*]] = stablehlo.select %[[NAN]], %[[L]], %[[I3]]
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<1000> : tensor<4xi64>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %[[I4]], %[[ZP]]
// CHECK-NEXT: stablehlo.convert %[[A]] : (tensor<4xi64>) -> tensor<4xi32>
func.func @inexact_bounds(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i32:f32, 0.01:1000>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i32:f32, 0.01:1000>>
  return %0 : tensor<4x!quant.uniform<i32:f32, 0.01:1000>>
}

// -----

// An expressed type narrower than f32: the quotient is rounded to it, rint and the clamp run in
// f32 (which holds every value of it, and the bounds of i16 storage exactly).
// CHECK-LABEL: func.func @narrow_expressed_type(%arg0: tensor<4xbf16>) -> tensor<4xi16>
// CHECK: %[[Q:.*]] = stablehlo.divide %arg0, %{{.*}} : tensor<4xbf16>
// CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[Q]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.round_nearest_even %[[F]] : tensor<4xf32>
// CHECK-NEXT: %[[LO:.*]] = stablehlo.constant dense<-3.376800e+04> : tensor<4xf32>
// CHECK-NEXT: %[[HI:.*]] = stablehlo.constant dense<3.176700e+04> : tensor<4xf32>
// CHECK-NEXT: stablehlo.clamp %[[LO]], %[[N]], %[[HI]] : tensor<4xf32>
// CHECK-NOT: compare GT
func.func @narrow_expressed_type(%x: tensor<4xbf16>) -> tensor<4x!quant.uniform<i16:bf16, 0.01:1000>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<4xbf16>) -> tensor<4x!quant.uniform<i16:bf16, 0.01:1000>>
  return %0 : tensor<4x!quant.uniform<i16:bf16, 0.01:1000>>
}

// -----

// Requantization: dequantize (32-bit storage: q - zp in i64), then quantize; a zero point of 0
// adds nothing.
// CHECK-LABEL: func.func @requantize(%arg0: tensor<4xi32>) -> tensor<4xi4>
// CHECK-NEXT: %[[W:.*]] = stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xi64>
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<100> : tensor<4xi64>
// CHECK-NEXT: %[[D:.*]] = stablehlo.subtract %[[W]], %[[ZP]] : tensor<4xi64>
// CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[D]] : (tensor<4xi64>) -> tensor<4xf64>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<2.500000e-01> : tensor<4xf64>
// CHECK-NEXT: %[[X:.*]] = stablehlo.multiply %[[F]], %[[S]] : tensor<4xf64>
// CHECK-NEXT: %[[S2:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<4xf64>
// CHECK-NEXT: stablehlo.divide %[[X]], %[[S2]] : tensor<4xf64>
// CHECK: stablehlo.constant dense<-8.000000e+00> : tensor<4xf64>
// CHECK-NEXT: stablehlo.constant dense<7.000000e+00> : tensor<4xf64>
// CHECK-NEXT: stablehlo.clamp
// CHECK-NEXT: stablehlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xi32>
// CHECK-NEXT: stablehlo.compare NE
// CHECK-NEXT: stablehlo.constant dense<-8> : tensor<4xi32>
// CHECK-NEXT: %[[I:.*]] = stablehlo.select
// CHECK-NEXT: %[[Q:.*]] = stablehlo.convert %[[I]] : (tensor<4xi32>) -> tensor<4xi4>
// CHECK-NEXT: return %[[Q]]
func.func @requantize(%q: tensor<4x!quant.uniform<i32:f64, 0.25:100>>) -> tensor<4x!quant.uniform<i4:f64, 0.5>> {
  %0 = stablehlo.uniform_quantize %q : (tensor<4x!quant.uniform<i32:f64, 0.25:100>>) -> tensor<4x!quant.uniform<i4:f64, 0.5>>
  return %0 : tensor<4x!quant.uniform<i4:f64, 0.5>>
}

// -----

// dot_general of two quantized operands: an exact integer dot of (lhs - zp) and (rhs - zp), scaled
// in f64 by scale_lhs * scale_rhs (per slice of the rhs quantization dimension), rounded to the
// expressed type and quantized.
// CHECK-LABEL: func.func @dot_general(%arg0: tensor<2x3xi8>, %arg1: tensor<3x2xi8>) -> tensor<2x2xi8>
// CHECK-NEXT: %[[L:.*]] = stablehlo.convert %arg0 : (tensor<2x3xi8>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[ZP:.*]] = stablehlo.constant dense<-3> : tensor<2x3xi32>
// CHECK-NEXT: %[[LO:.*]] = stablehlo.subtract %[[L]], %[[ZP]] : tensor<2x3xi32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.convert %arg1 : (tensor<3x2xi8>) -> tensor<3x2xi32>
// CHECK-NEXT: %[[ACC:.*]] = stablehlo.dot_general %[[LO]], %[[R]], contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
// CHECK-NEXT: %[[F:.*]] = stablehlo.convert %[[ACC]] : (tensor<2x2xi32>) -> tensor<2x2xf64>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<[0.010000000298023226, 0.020000000596046452]> : tensor<2xf64>
// CHECK-NEXT: %[[SS:.*]] = stablehlo.broadcast_in_dim %[[S]], dims = [1] : (tensor<2xf64>) -> tensor<2x2xf64>
// CHECK-NEXT: %[[P:.*]] = stablehlo.multiply %[[F]], %[[SS]] : tensor<2x2xf64>
// CHECK-NEXT: %[[E:.*]] = stablehlo.convert %[[P]] : (tensor<2x2xf64>) -> tensor<2x2xf32>
// CHECK-NEXT: stablehlo.constant dense<5.000000e-01> : tensor<2x2xf32>
// CHECK-NEXT: stablehlo.divide %[[E]]
// CHECK: stablehlo.convert %{{.*}} : (tensor<2x2xi32>) -> tensor<2x2xi8>
func.func @dot_general(%l: tensor<2x3x!quant.uniform<i8:f32, 0.1:-3>>, %r: tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>> {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.1:-3>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 0.5:1>>
}

// -----

// Data movement, constants, block arguments and signatures take the storage types; a quantized
// constant of unsigned storage has its signless integers reinterpreted; is_finite is true.
// CHECK-LABEL: func.func @storage_types(%arg0: tensor<3xui8>, %arg1: tensor<i8>) -> (tensor<3xui8>, tensor<3xi1>, tensor<i8>)
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1, 200, 255]> : tensor<3xui8>
// CHECK-NEXT: %[[T:.*]] = stablehlo.concatenate %arg0, %[[C]], dim = 0 : (tensor<3xui8>, tensor<3xui8>) -> tensor<6xui8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.slice %[[T]] [2:5] : (tensor<6xui8>) -> tensor<3xui8>
// CHECK-NEXT: %[[F:.*]] = stablehlo.compare EQ, %[[S]], %[[S]] : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
// CHECK-NEXT: %[[W:.*]]:2 = stablehlo.while(%[[X:.*]] = %arg1, %[[K:.*]] = %arg1) : tensor<i8>, tensor<i8>
// CHECK: stablehlo.convert %[[X]] : (tensor<i8>) -> tensor<f32>
// CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK: stablehlo.return %[[X]], %[[K]] : tensor<i8>, tensor<i8>
// CHECK: return %[[S]], %[[F]], %[[W]]#0 : tensor<3xui8>, tensor<3xi1>, tensor<i8>
func.func @storage_types(%a: tensor<3x!quant.uniform<u8:f32, 0.5:3>>, %i: tensor<!quant.uniform<i8:f32, 0.5>>) -> (tensor<3x!quant.uniform<u8:f32, 0.5:3>>, tensor<3xi1>, tensor<!quant.uniform<i8:f32, 0.5>>) {
  %c = stablehlo.constant() {value = dense<[1, -56, -1]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<u8:f32, 0.5:3>>
  %t = stablehlo.concatenate %a, %c, dim = 0 : (tensor<3x!quant.uniform<u8:f32, 0.5:3>>, tensor<3x!quant.uniform<u8:f32, 0.5:3>>) -> tensor<6x!quant.uniform<u8:f32, 0.5:3>>
  %s = stablehlo.slice %t [2:5] : (tensor<6x!quant.uniform<u8:f32, 0.5:3>>) -> tensor<3x!quant.uniform<u8:f32, 0.5:3>>
  %f = stablehlo.is_finite %s : (tensor<3x!quant.uniform<u8:f32, 0.5:3>>) -> tensor<3xi1>
  %w:2 = stablehlo.while(%x = %i, %k = %i) : tensor<!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>
  cond {
    %p = stablehlo.compare LT, %x, %k : (tensor<!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %x, %k : tensor<!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>
  }
  return %s, %f, %w#0 : tensor<3x!quant.uniform<u8:f32, 0.5:3>>, tensor<3xi1>, tensor<!quant.uniform<i8:f32, 0.5>>
}

// -----

// Dynamic sizes: the constants are broadcast to the operand's run-time shape.
// CHECK-LABEL: func.func @dynamic(%arg0: tensor<?x3xf32>) -> tensor<?x3xi8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<[1.000000e-01, 2.000000e-01, 4.000000e-01]> : tensor<3xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK: %[[SHAPE:.*]] = stablehlo.concatenate
// CHECK-NEXT: %[[SS:.*]] = stablehlo.dynamic_broadcast_in_dim %[[S]], %[[SHAPE]], dims = [1] : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x3xf32>
// CHECK-NEXT: stablehlo.divide %arg0, %[[SS]] : tensor<?x3xf32>
// CHECK: stablehlo.convert %{{.*}} : (tensor<?x3xi32>) -> tensor<?x3xi8>
func.func @dynamic(%x: tensor<?x3xf32>) -> tensor<?x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.4:3}>> {
  %0 = stablehlo.uniform_quantize %x : (tensor<?x3xf32>) -> tensor<?x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.4:3}>>
  return %0 : tensor<?x3x!quant.uniform<i8:f32:1, {0.1:1, 0.2:2, 0.4:3}>>
}

// -----

// An op that calls another function: both signatures change.
// CHECK-LABEL: func.func @caller(%arg0: tensor<2xi8>) -> tensor<2xi8>
// CHECK-NEXT: %[[R:.*]] = call @callee(%arg0) : (tensor<2xi8>) -> tensor<2xi8>
// CHECK-LABEL: func.func private @callee(%arg0: tensor<2xi8>) -> tensor<2xi8>
// CHECK: stablehlo.tanh %{{.*}} : tensor<2xf32>
func.func @caller(%a: tensor<2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x!quant.uniform<i8:f32, 0.1>> {
  %0 = func.call @callee(%a) : (tensor<2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x!quant.uniform<i8:f32, 0.1>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.1>>
}
func.func private @callee(%a: tensor<2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x!quant.uniform<i8:f32, 0.1>> {
  %0 = stablehlo.tanh %a : tensor<2x!quant.uniform<i8:f32, 0.1>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.1>>
}
