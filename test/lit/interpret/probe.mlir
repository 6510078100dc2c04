// interpreter.probe records its operand; check.expect_serialized_eq compares a value with
// what a probe recorded on its iter-th run (0-based) in the same run. Without --probe-dir the
// values stay in memory; with it each is written as DIR/<probe_id sanitized>_<n>.npy and
// listed in DIR/index.csv, numbered across the modules of the file.
// RUN: stablehlo-py run %s --split-input-file 2>&1 | FileCheck %s
// RUN: rm -rf %t && stablehlo-py run %s --split-input-file --probe-dir %t 2>&1 | FileCheck %s
// RUN: %python -c "import csv, numpy as np, ml_dtypes, os, sys; d = sys.argv[1]; rows = list(csv.reader(open(os.path.join(d, 'index.csv')))); names = [os.path.basename(r[2]) for r in rows]; assert names == ['flag_1.npy', 'sum_1.npy', 'sum_2.npy', 'sum_3.npy', 'layer_0_1.npy', 'left_1.npy', 'right_1.npy', 'half_1.npy'] or names == ['flag_1.npy', 'sum_1.npy', 'sum_2.npy', 'sum_3.npy', 'layer_0_1.npy', 'right_1.npy', 'left_1.npy', 'half_1.npy'], names; assert [r[0] for r in rows][:5] == ['flag', 'sum', 'sum', 'sum', 'layer/0'], rows; assert rows[0][1] == 'tensor<3x1xi1>' and rows[7][1] == 'tensor<3xbf16>', rows; v = lambda n: np.load(os.path.join(d, n)); assert v('flag_1.npy').tolist() == [[True], [False], [True]]; assert [int(v(f'sum_{k}.npy')) for k in (1, 2, 3)] == [5, 10, 15]; assert v('layer_0_1.npy').dtype == np.uint64 and v('layer_0_1.npy').tolist() == [2, 4]; assert v('left_1.npy').tolist() == [1.5] and v('right_1.npy').tolist() == [-1.5]; assert v('half_1.npy').view(ml_dtypes.bfloat16).astype(float).tolist() == [0.5, -2.0, 3.0]; print('probe files ok')" %t | FileCheck %s --check-prefix=FILES
// FILES: probe files ok
// CHECK-NOT: error

// CHECK: // module 0
func.func @main() {
  %a = stablehlo.constant dense<[[true], [false], [false]]> : tensor<3x1xi1>
  %b = stablehlo.constant dense<[[false], [false], [true]]> : tensor<3x1xi1>
  %c = stablehlo.or %a, %b : tensor<3x1xi1>
  %p = interpreter.probe %c, probe_id = "flag" : tensor<3x1xi1>
  check.expect_serialized_eq %p, probe_id = "flag" : tensor<3x1xi1>
  %e = stablehlo.constant dense<[[true], [false], [true]]> : tensor<3x1xi1>
  check.expect_serialized_eq %e, probe_id = "flag", iter = 0 : tensor<3x1xi1>
  return
}

// -----
// CHECK: // module 1
// A probe in a loop records once per iteration.
func.func @main() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %five = stablehlo.constant dense<5> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %three = stablehlo.constant dense<3> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %sum = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = stablehlo.add %sum, %five : tensor<i64>
    %probed = interpreter.probe %s, probe_id = "sum" : tensor<i64>
    %n = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %n, %probed : tensor<i64>, tensor<i64>
  }
  %ten = stablehlo.constant dense<10> : tensor<i64>
  check.expect_serialized_eq %five, probe_id = "sum" : tensor<i64>
  check.expect_serialized_eq %ten, probe_id = "sum", iter = 1 : tensor<i64>
  check.expect_serialized_eq %r#1, probe_id = "sum", iter = 2 : tensor<i64>
  return
}

// -----
// CHECK: // module 2
// Characters other than letters, digits, _ and - become _ in file names.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %b = stablehlo.add %a, %a : tensor<2xui64>
  %p = interpreter.probe %b, probe_id = "layer/0" : tensor<2xui64>
  check.expect_serialized_eq %p, probe_id = "layer/0" : tensor<2xui64>
  return
}

// -----
// CHECK: // module 3
// Probes in the processes of a run_parallel record into the run's store.
func.func @left(%x: tensor<1xf32>) -> tensor<1xf32> {
  %p = interpreter.probe %x, probe_id = "left" : tensor<1xf32>
  return %p : tensor<1xf32>
}
func.func @right(%x: tensor<1xf32>) -> tensor<1xf32> {
  %y = stablehlo.negate %x : tensor<1xf32>
  %p = interpreter.probe %y, probe_id = "right" : tensor<1xf32>
  return %p : tensor<1xf32>
}
func.func @main() {
  %x = stablehlo.constant dense<[1.5]> : tensor<1xf32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@left, @right]]} : (tensor<1xf32>, tensor<1xf32>) -> (tensor<1xf32>, tensor<1xf32>)
  check.expect_serialized_eq %r#0, probe_id = "left" : tensor<1xf32>
  check.expect_serialized_eq %r#1, probe_id = "right" : tensor<1xf32>
  return
}

// -----
// CHECK: // module 4
func.func @main() {
  %a = stablehlo.constant dense<[0.5, -2.0, 3.0]> : tensor<3xbf16>
  %p = interpreter.probe %a, probe_id = "half" : tensor<3xbf16>
  check.expect_serialized_eq %p, probe_id = "half" : tensor<3xbf16>
  return
}
