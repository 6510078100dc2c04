// RUN: stablehlo-opt %s --stablehlo-convert-to-signless --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-convert-to-signless --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// Signatures, operands, results and constants: the bits stay (255 : ui8 is -1 : i8).
// CHECK-LABEL: func.func @signature_and_constants(%arg0: tensor<3xi8>, %arg1: tensor<i32>) -> (tensor<3xi8>, tensor<i32>)
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[0, 1, -1]> : tensor<3xi8>
// CHECK-NEXT: %[[S:.*]] = stablehlo.constant dense<-1> : tensor<i32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[C]] : tensor<3xi8>
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %arg1, %[[S]] : tensor<i32>
// CHECK-NEXT: return %[[A]], %[[M]] : tensor<3xi8>, tensor<i32>
func.func @signature_and_constants(%arg0: tensor<3xui8>, %arg1: tensor<ui32>) -> (tensor<3xui8>, tensor<ui32>) {
  %c = stablehlo.constant dense<[0, 1, 255]> : tensor<3xui8>
  %s = stablehlo.constant dense<4294967295> : tensor<ui32>
  %0 = stablehlo.add %arg0, %c : tensor<3xui8>
  %1 = stablehlo.multiply %arg1, %s : tensor<ui32>
  return %0, %1 : tensor<3xui8>, tensor<ui32>
}

// -----

// Regions: the reducer's block arguments convert with the op.
// CHECK-LABEL: func.func @reduce_region
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) across dimensions = [0] : (tensor<4xi16>, tensor<i16>) -> tensor<i16>
// CHECK-NEXT: reducer(%[[L:.*]]: tensor<i16>, %[[R:.*]]: tensor<i16>)
// CHECK-NEXT: stablehlo.multiply %[[L]], %[[R]] : tensor<i16>
// CHECK-NOT: ui16
func.func @reduce_region(%arg0: tensor<4xui16>) -> tensor<ui16> {
  %zero = stablehlo.constant dense<0> : tensor<ui16>
  %0 = stablehlo.reduce(%arg0 init: %zero) across dimensions = [0] : (tensor<4xui16>, tensor<ui16>) -> tensor<ui16>
   reducer(%a: tensor<ui16>, %b: tensor<ui16>) {
    %1 = stablehlo.multiply %a, %b : tensor<ui16>
    %2 = stablehlo.add %1, %b : tensor<ui16>
    stablehlo.return %2 : tensor<ui16>
  }
  return %0 : tensor<ui16>
}

// -----

// Mixed with other types: convert to f32 and a bounded dynamic shape keep theirs.
// CHECK-LABEL: func.func @mixed(%arg0: tensor<?xi64, #stablehlo.bounds<8>>, %arg1: tensor<2xi4>) -> (tensor<?xf32, #stablehlo.bounds<8>>, tensor<2xi8>)
// CHECK-NEXT: stablehlo.convert %arg0 : (tensor<?xi64, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT: stablehlo.convert %arg1 : (tensor<2xi4>) -> tensor<2xi8>
func.func @mixed(%arg0: tensor<?xui64, #stablehlo.bounds<8>>, %arg1: tensor<2xui4>) -> (tensor<?xf32, #stablehlo.bounds<8>>, tensor<2xi8>) {
  %0 = stablehlo.convert %arg0 : (tensor<?xui64, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<8>>
  %1 = stablehlo.convert %arg1 : (tensor<2xui4>) -> tensor<2xi8>
  return %0, %1 : tensor<?xf32, #stablehlo.bounds<8>>, tensor<2xi8>
}

// -----

// Quantized storage types are not integer types: they stay as they are.
// CHECK-LABEL: func.func @quantized(%arg0: tensor<2x!quant.uniform<u8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<u8:f32, 5.000000e-01:3>>
func.func @quantized(%arg0: tensor<2x!quant.uniform<u8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<u8:f32, 0.5:3>> {
  return %arg0 : tensor<2x!quant.uniform<u8:f32, 0.5:3>>
}

// -----

// Other dialects' ops convert too (arith constants, buffers); casts between
// types that became equal fold away under canonicalize.
// CHECK-LABEL: func.func @other_dialects(%arg0: memref<*xi16>) -> (memref<i16>, tensor<2xi32>)
// CHECK: arith.constant dense<[7, -1]> : tensor<2xi32>
// CANON-LABEL: func.func @other_dialects(%arg0: memref<*xi16>) -> (memref<i16>, tensor<2xi32>)
// CANON-NOT: unrealized_conversion_cast
// CANON: %[[CAST:.*]] = memref.cast %arg0 : memref<*xi16> to memref<i16>
// CANON: return %[[CAST]], %{{.*}} : memref<i16>, tensor<2xi32>
func.func @other_dialects(%arg0: memref<*xui16>) -> (memref<ui16>, tensor<2xui32>) {
  %0 = builtin.unrealized_conversion_cast %arg0 : memref<*xui16> to memref<*xi16>
  %1 = memref.cast %0 : memref<*xi16> to memref<i16>
  %2 = builtin.unrealized_conversion_cast %1 : memref<i16> to memref<ui16>
  %3 = arith.constant dense<[7, 4294967295]> : tensor<2xui32>
  return %2, %3 : memref<ui16>, tensor<2xui32>
}
