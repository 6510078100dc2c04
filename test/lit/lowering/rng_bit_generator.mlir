// RUN: stablehlo-opt %s --warn-spec-deviations --stablehlo-legalize-to-linalg=enable-runtime-calls --split-input-file --verify-diagnostics | FileCheck %s

// rng_bit_generator lowers natively (LowerRng.cpp): a linalg.generic over the
// draws computes each draw's words from its counter with arith ops, the words
// are interleaved into the output by strided insert_slices and cropped, and
// the new state is scalar arith. No runtime call is left.

// PHILOX, a 3-word state: the 128-bit counter (state[1], state[2]) plus the
// block index, with its carry; 10 rounds of mului_extended; 4 words per block,
// interleaved with stride 4 and cropped to 5; the counter advances by 2 blocks.
// CHECK-LABEL: func.func @philox_u32(%arg0: tensor<3xi64>) -> (tensor<3xi64>, tensor<5xi32>)
// CHECK-NOT: __stablehlo_py_runtime
// CHECK-DAG: %[[KEY:[a-z0-9_]+]] = tensor.extract %arg0[%c0] : tensor<3xi64>
// CHECK-DAG: %[[LOW:[a-z0-9_]+]] = tensor.extract %arg0[%c1] : tensor<3xi64>
// CHECK-DAG: %[[HIGH:[a-z0-9_]+]] = tensor.extract %arg0[%c2] : tensor<3xi64>
// CHECK: %[[NEXT:[a-z0-9_]+]] = arith.addi %[[LOW]], %c2_i64 : i64
// CHECK: %[[WRAP:[a-z0-9_]+]] = arith.cmpi ult, %[[NEXT]], %[[LOW]] : i64
// CHECK: %[[CARRY:[a-z0-9_]+]] = arith.extui %[[WRAP]] : i1 to i64
// CHECK: %[[NEXTHIGH:[a-z0-9_]+]] = arith.addi %[[HIGH]], %[[CARRY]] : i64
// CHECK: %[[G:[a-z0-9_]+]]:4 = linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}}outs({{.*}} : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
// CHECK: linalg.index 0 : index
// CHECK: arith.cmpi ult
// CHECK-COUNT-20: arith.mului_extended
// CHECK: linalg.yield {{.*}} : i32, i32, i32, i32
// CHECK: %[[S0:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#0 into %{{.*}}[0] [2] [4] : tensor<2xi32> into tensor<8xi32>
// CHECK: %[[S1:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#1 into %[[S0]][1] [2] [4]
// CHECK: %[[S2:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#2 into %[[S1]][2] [2] [4]
// CHECK: %[[S3:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#3 into %[[S2]][3] [2] [4]
// CHECK: %[[BITS:[a-z0-9_]+]] = tensor.extract_slice %[[S3]][0] [5] [1] : tensor<8xi32> to tensor<5xi32>
// CHECK: %[[STATE:[a-z0-9_]+]] = tensor.from_elements %[[KEY]], %[[NEXT]], %[[NEXTHIGH]] : tensor<3xi64>
// CHECK: return %[[STATE]], %[[BITS]] : tensor<3xi64>, tensor<5xi32>
func.func @philox_u32(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<5xui32>
}

// -----

// DEFAULT is PHILOX; a 2-word state counts from (state[1], state[0]) and keeps
// the key: 64-bit draws join two words, 2 per block, bitcast to f64, then the
// flat draws take the output's shape.
// CHECK-LABEL: func.func @default_f64(%arg0: tensor<2xi64>) -> (tensor<2xi64>, tensor<2x3xf64>)
// CHECK-NOT: __stablehlo_py_runtime
// CHECK: %[[G:[a-z0-9_]+]]:2 = linalg.generic {{.*}}outs({{.*}} : tensor<3xf64>, tensor<3xf64>)
// CHECK-COUNT-20: arith.mului_extended
// CHECK: arith.shli %{{.*}}, %c32_i64{{.*}} : i64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK: linalg.yield {{.*}} : f64, f64
// CHECK: tensor.insert_slice %[[G]]#0 into %{{.*}}[0] [3] [2] : tensor<3xf64> into tensor<6xf64>
// CHECK: %[[ALL:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#1 into %{{.*}}[1] [3] [2]
// CHECK: %[[BITS:[a-z0-9_]+]] = tensor.expand_shape %[[ALL]] {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf64> into tensor<2x3xf64>
// CHECK: %[[STATE:[a-z0-9_]+]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi64>
// CHECK: return %[[STATE]], %[[BITS]]
func.func @default_f64(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf64>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xf64>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<2x3xf64>
}

// -----

// THREE_FRY, 32-bit draws narrowed to i16: each draw's two words pair along
// the first dimension of even size, else the largest (here 5 -> 3 pairs);
// the counter is the row-major index over the halved shape; rotations are
// shift pairs; the counter advances by the 9 draws.
// CHECK-LABEL: func.func @threefry_i16(%arg0: tensor<2xi64>) -> (tensor<2xi64>, tensor<3x5xi16>)
// CHECK-NOT: __stablehlo_py_runtime
// CHECK: %[[COUNTER:[a-z0-9_]+]] = tensor.extract %arg0[%c1] : tensor<2xi64>
// CHECK: %[[NEXT:[a-z0-9_]+]] = arith.addi %[[COUNTER]], %c9_i64 : i64
// CHECK: %[[G:[a-z0-9_]+]]:2 = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}}outs({{.*}} : tensor<3x3xi16>, tensor<3x3xi16>)
// CHECK: %[[I:[a-z0-9_]+]] = linalg.index 0 : index
// CHECK: %[[J:[a-z0-9_]+]] = linalg.index 1 : index
// CHECK: %[[ROW:[a-z0-9_]+]] = arith.muli %[[I]], %c3 : index
// CHECK: %[[K:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK: %[[K64:[a-z0-9_]+]] = arith.index_castui %[[K]] : index to i64
// CHECK: arith.addi %[[COUNTER]], %[[K64]] : i64
// CHECK: arith.shli %{{.*}}, %c13_i32 : i32
// CHECK: arith.shrui %{{.*}}, %c19_i32 : i32
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: linalg.yield {{.*}} : i16, i16
// CHECK: %[[S0:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#0 into %{{.*}}[0, 0] [3, 3] [1, 2] : tensor<3x3xi16> into tensor<3x6xi16>
// CHECK: %[[S1:[a-z0-9_]+]] = tensor.insert_slice %[[G]]#1 into %[[S0]][0, 1] [3, 3] [1, 2]
// CHECK: %[[BITS:[a-z0-9_]+]] = tensor.extract_slice %[[S1]][0, 0] [3, 5] [1, 1] : tensor<3x6xi16> to tensor<3x5xi16>
// CHECK: %[[STATE:[a-z0-9_]+]] = tensor.from_elements %{{.*}}, %[[NEXT]] : tensor<2xi64>
// CHECK: return %[[STATE]], %[[BITS]]
func.func @threefry_i16(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi16>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi16>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<3x5xi16>
}

// -----

// A sub-byte output keeps the low bits of a 32-bit draw, one per byte; a
// rank-0 THREE_FRY output is the first word of one draw.
// CHECK-LABEL: func.func @threefry_i4_scalar(%arg0: tensor<2xi64>) -> (tensor<2xi64>, tensor<i8>)
// CHECK-NOT: __stablehlo_py_runtime
// CHECK: linalg.generic {{.*}}outs({{.*}} : tensor<1xi8>)
// CHECK: %[[LOW:[a-z0-9_]+]] = arith.trunci %{{.*}} : i32 to i4
// CHECK: %[[BYTE:[a-z0-9_]+]] = arith.extui %[[LOW]] : i4 to i8
// CHECK: linalg.yield %[[BYTE]] : i8
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1xi8> into tensor<i8>
func.func @threefry_i4_scalar(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<i4>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<i4>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<i4>
}

// -----

// No draws: an empty output, and the counter does not move.
// CHECK-LABEL: func.func @empty(%arg0: tensor<3xi64>) -> (tensor<3xi64>, tensor<0x4xi32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[BITS:[a-z0-9_]+]] = tensor.empty() : tensor<0x4xi32>
// CHECK: return %{{.*}}, %[[BITS]]
func.func @empty(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<0x4xi32>) {
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<0x4xi32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<0x4xi32>
}

// -----

// A state the interpreter does not run (THREE_FRY takes 2 words) stays a
// runtime call, which reports it when it runs.
// CHECK-LABEL: func.func private @__stablehlo_py_runtime_0
// CHECK-SAME: stablehlo_py.runtime_op = {{.*}}stablehlo.rng_bit_generator
// CHECK-LABEL: func.func @three_fry_three_words
// CHECK: call @__stablehlo_py_runtime_0
func.func @three_fry_three_words(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
  // expected-warning @+1 {{C2: THREE_FRY needs an initial_state of 2 elements}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
}
