// interpreter.run_parallel: programs run as the processes of a process grid inside a
// program, their collectives meeting on that grid; every module checks its results
// with check.expect_eq_const, so the run prints nothing but the module markers.
// RUN: stablehlo-py run %s --split-input-file 2>&1 | FileCheck %s
// CHECK-NOT: error

// CHECK: // module 0
// all_reduce across the replicas of a 2x1 grid (no channel: cross_replica).
func.func @sum_replicas(%x: tensor<4xi32>) -> tensor<4xi32> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %x1 = stablehlo.constant dense<[10, -20, 30, -40]> : tensor<4xi32>
  %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@sum_replicas], [@sum_replicas]]} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  check.expect_eq_const %r#0, dense<[11, -18, 33, -36]> : tensor<4xi32>
  check.expect_eq_const %r#1, dense<[11, -18, 33, -36]> : tensor<4xi32>
  return
}

// -----
// CHECK: // module 1
// all_gather across the partitions of a 1x2 grid (a channel: cross_replica_and_partition),
// each partition running a program of its own; all_reduce max with flattened ids.
func.func @gather_left(%x: tensor<1x2xf32>) -> (tensor<2x2xf32>, tensor<1x2xf32>) {
  %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<1x2xf32>) -> tensor<2x2xf32>
  %m = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<1x2xf32>) -> tensor<1x2xf32>
  return %g, %m : tensor<2x2xf32>, tensor<1x2xf32>
}
func.func @gather_right(%x: tensor<1x2xf32>) -> (tensor<2x2xf32>, tensor<1x2xf32>) {
  %y = stablehlo.negate %x : tensor<1x2xf32>
  %g = "stablehlo.all_gather"(%y) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<1x2xf32>) -> tensor<2x2xf32>
  %m = "stablehlo.all_reduce"(%y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, use_global_device_ids} : (tensor<1x2xf32>) -> tensor<1x2xf32>
  return %g, %m : tensor<2x2xf32>, tensor<1x2xf32>
}
func.func @main() {
  %a = stablehlo.constant dense<[[1.5, -2.0]]> : tensor<1x2xf32>
  %b = stablehlo.constant dense<[[-3.0, 4.25]]> : tensor<1x2xf32>
  %r:4 = "interpreter.run_parallel"(%a, %b) {programs = [[@gather_left, @gather_right]]} : (tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>)
  check.expect_eq_const %r#0, dense<[[1.5, -2.0], [3.0, -4.25]]> : tensor<2x2xf32>
  check.expect_eq_const %r#1, dense<[[3.0, -2.0]]> : tensor<1x2xf32>
  check.expect_eq_const %r#2, dense<[[1.5, -2.0], [3.0, -4.25]]> : tensor<2x2xf32>
  check.expect_eq_const %r#3, dense<[[3.0, -2.0]]> : tensor<1x2xf32>
  return
}

// -----
// CHECK: // module 2
// reduce_scatter across the replicas of a 2x2 grid (one group per partition), with each
// process's replica_id and partition_id.
func.func @scatter(%x: tensor<4xi64>) -> (tensor<2xi64>, tensor<ui32>, tensor<ui32>) {
  %r = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<2xi64>
  %rid = stablehlo.replica_id : tensor<ui32>
  %pid = stablehlo.partition_id : tensor<ui32>
  return %r, %rid, %pid : tensor<2xi64>, tensor<ui32>, tensor<ui32>
}
func.func @main() {
  %x00 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %x01 = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
  %x10 = stablehlo.constant dense<[100, 200, 300, 400]> : tensor<4xi64>
  %x11 = stablehlo.constant dense<[1000, 2000, 3000, 4000]> : tensor<4xi64>
  %r:12 = "interpreter.run_parallel"(%x00, %x01, %x10, %x11) {programs = [[@scatter, @scatter], [@scatter, @scatter]]} : (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> (tensor<2xi64>, tensor<ui32>, tensor<ui32>, tensor<2xi64>, tensor<ui32>, tensor<ui32>, tensor<2xi64>, tensor<ui32>, tensor<ui32>, tensor<2xi64>, tensor<ui32>, tensor<ui32>)
  check.expect_eq_const %r#0, dense<[101, 202]> : tensor<2xi64>
  check.expect_eq_const %r#1, dense<0> : tensor<ui32>
  check.expect_eq_const %r#2, dense<0> : tensor<ui32>
  check.expect_eq_const %r#3, dense<[1010, 2020]> : tensor<2xi64>
  check.expect_eq_const %r#4, dense<0> : tensor<ui32>
  check.expect_eq_const %r#5, dense<1> : tensor<ui32>
  check.expect_eq_const %r#6, dense<[303, 404]> : tensor<2xi64>
  check.expect_eq_const %r#7, dense<1> : tensor<ui32>
  check.expect_eq_const %r#8, dense<0> : tensor<ui32>
  check.expect_eq_const %r#9, dense<[3030, 4040]> : tensor<2xi64>
  check.expect_eq_const %r#10, dense<1> : tensor<ui32>
  check.expect_eq_const %r#11, dense<1> : tensor<ui32>
  return
}

// -----
// CHECK: // module 3
// all_to_all across the partitions of a 1x2 grid.
func.func @exchange(%x: tensor<4xi8>) -> tensor<4xi8> {
  %r = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<4xi8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %b = stablehlo.constant dense<[-5, -6, -7, -8]> : tensor<4xi8>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@exchange, @exchange]]} : (tensor<4xi8>, tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>)
  check.expect_eq_const %r#0, dense<[1, 2, -5, -6]> : tensor<4xi8>
  check.expect_eq_const %r#1, dense<[3, 4, -7, -8]> : tensor<4xi8>
  return
}

// -----
// CHECK: // module 4
// collective_permute along a chain of the 5 replicas of a 5x1 grid: replica 0, no
// target, gets zeros.
func.func @shift(%x: tensor<2xi32>) -> tensor<2xi32> {
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4]]> : tensor<4x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 10]> : tensor<2xi32>
  %x1 = stablehlo.constant dense<[2, 20]> : tensor<2xi32>
  %x2 = stablehlo.constant dense<[3, 30]> : tensor<2xi32>
  %x3 = stablehlo.constant dense<[4, 40]> : tensor<2xi32>
  %x4 = stablehlo.constant dense<[5, 50]> : tensor<2xi32>
  %r:5 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3, %x4) {programs = [[@shift], [@shift], [@shift], [@shift], [@shift]]} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[0, 0]> : tensor<2xi32>
  check.expect_eq_const %r#1, dense<[1, 10]> : tensor<2xi32>
  check.expect_eq_const %r#2, dense<[2, 20]> : tensor<2xi32>
  check.expect_eq_const %r#3, dense<[3, 30]> : tensor<2xi32>
  check.expect_eq_const %r#4, dense<[4, 40]> : tensor<2xi32>
  return
}

// -----
// CHECK: // module 5
// collective_broadcast within each replica of a 2x2 grid (a channel: cross_partition),
// partition 1 the source.
func.func @broadcast(%x: tensor<1xf64>) -> tensor<1xf64> {
  %r = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<1xf64>) -> tensor<1xf64>
  return %r : tensor<1xf64>
}
func.func @main() {
  %a = stablehlo.constant dense<[1.0]> : tensor<1xf64>
  %b = stablehlo.constant dense<[2.0]> : tensor<1xf64>
  %c = stablehlo.constant dense<[3.0]> : tensor<1xf64>
  %d = stablehlo.constant dense<[4.0]> : tensor<1xf64>
  %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@broadcast, @broadcast], [@broadcast, @broadcast]]} : (tensor<1xf64>, tensor<1xf64>, tensor<1xf64>, tensor<1xf64>) -> (tensor<1xf64>, tensor<1xf64>, tensor<1xf64>, tensor<1xf64>)
  check.expect_eq_const %r#0, dense<[2.0]> : tensor<1xf64>
  check.expect_eq_const %r#1, dense<[2.0]> : tensor<1xf64>
  check.expect_eq_const %r#2, dense<[4.0]> : tensor<1xf64>
  check.expect_eq_const %r#3, dense<[4.0]> : tensor<1xf64>
  return
}

// -----
// CHECK: // module 6
// send / recv on a device channel between the two processes of a 1x2 grid: partition 0
// sends, partition 1 receives and adds one.
func.func @sender(%x: tensor<3xi16>) -> tensor<3xi16> {
  %t = stablehlo.create_token : !stablehlo.token
  %s = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, is_host_transfer = false} : (tensor<3xi16>, !stablehlo.token) -> !stablehlo.token
  return %x : tensor<3xi16>
}
func.func @receiver() -> tensor<3xi16> {
  %t = stablehlo.create_token : !stablehlo.token
  %v:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<3xi16>, !stablehlo.token)
  %one = stablehlo.constant dense<1> : tensor<3xi16>
  %r = stablehlo.add %v#0, %one : tensor<3xi16>
  return %r : tensor<3xi16>
}
func.func @main() {
  %x = stablehlo.constant dense<[7, -8, 32767]> : tensor<3xi16>
  %r:2 = "interpreter.run_parallel"(%x) {programs = [[@sender, @receiver]]} : (tensor<3xi16>) -> (tensor<3xi16>, tensor<3xi16>)
  check.expect_eq_const %r#0, dense<[7, -8, 32767]> : tensor<3xi16>
  check.expect_eq_const %r#1, dense<[8, -7, -32768]> : tensor<3xi16>
  return
}

// -----
// CHECK: // module 7
// The infeed attribute: one process takes the items in order.
func.func @first() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @second() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[30, 40]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @reader() -> (tensor<2xi32>, tensor<2xi32>) {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  %b:2 = "stablehlo.infeed"(%a#1) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %a#0, %b#0 : tensor<2xi32>, tensor<2xi32>
}
func.func @main() {
  %r:2 = "interpreter.run_parallel"() {programs = [[@reader]], infeed = [@first, @second]} : () -> (tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %r#1, dense<[30, 40]> : tensor<2xi32>
  return
}

// -----
// CHECK: // module 8
// The infeed queue is shared: each process of a 2x1 grid takes one item (whichever
// comes first gets @first); their sum, through all_reduce, is the same either way.
func.func @first() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @second() -> tensor<2xi32> {
  %c = stablehlo.constant dense<[30, 40]> : tensor<2xi32>
  return %c : tensor<2xi32>
}
func.func @take_and_sum() -> tensor<2xi32> {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  %r = "stablehlo.all_reduce"(%a#0) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
func.func @main() {
  %r:2 = "interpreter.run_parallel"() {programs = [[@take_and_sum], [@take_and_sum]], infeed = [@first, @second]} : () -> (tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[31, 42]> : tensor<2xi32>
  check.expect_eq_const %r#1, dense<[31, 42]> : tensor<2xi32>
  return
}

// -----
// CHECK: // module 9
// run_parallel in a loop: a fresh grid per iteration, its collectives meeting once each.
func.func @double(%x: tensor<i32>) -> tensor<i32> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
  return %r : tensor<i32>
}
func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %one) : tensor<i32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %i, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %d:2 = "interpreter.run_parallel"(%v, %v) {programs = [[@double], [@double]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n, %d#1 : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %r#1, dense<16> : tensor<i32>
  return
}
