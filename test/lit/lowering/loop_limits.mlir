// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=loop-limits --split-input-file --verify-diagnostics | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=NO-LIMITS

// loop-limits: each while loop carries its iteration count and the count at
// which the runtime's check is due (1: the first iteration of each execution).
// Its condition, when true, counts one more iteration and, when that one is
// due (expected not to be), calls the check with the loop's site, which gives
// the next due count, or a negative one to end the loop as if its condition
// were false. The declaration lists each site's op and location, for the
// runtime's errors.
// CHECK-LABEL: func.func private @__stablehlo_py_loop_check(i64, i64) -> i64
// CHECK-SAME: attributes {llvm.emit_c_interface, stablehlo_py.loop_sites = {{\[\[}}"stablehlo.while", "loc(\22{{.*}}loop_limits.mlir\22:[[#@LINE+31]]:8)"]]}
// CHECK-LABEL: func.func @count
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[NO:.*]] = arith.constant false
// CHECK-DAG: %[[YES:.*]] = arith.constant true
// CHECK: %[[LOOP:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}, %[[COUNT:.*]] = %[[ZERO]], %[[DUE:.*]] = %[[ONE]]) : (tensor<i32>, i64, i64) -> (tensor<i32>, i64, i64)
// CHECK: %[[P:.*]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: %[[COUNTED:.*]] = arith.addi %[[COUNT]], %[[ONE]] : i64
// CHECK: %[[NEXT:.*]]:2 = scf.if %[[P]] -> (i64, i1) {
// CHECK:   %[[REACHED:.*]] = arith.cmpi sge, %[[COUNTED]], %[[DUE]] : i64
// CHECK:   %[[RARELY:.*]] = llvm.intr.expect %[[REACHED]], %[[NO]] : i1
// CHECK:   %[[CHECKED:.*]]:2 = scf.if %[[RARELY]] -> (i64, i1) {
// CHECK:     %[[CALLED:.*]] = func.call @__stablehlo_py_loop_check(%{{.*}}, %[[COUNTED]]) : (i64, i64) -> i64
// CHECK:     %[[ALLOWED:.*]] = arith.cmpi sge, %[[CALLED]], %[[ZERO]] : i64
// CHECK:     scf.yield %[[CALLED]], %[[ALLOWED]] : i64, i1
// CHECK:   } else {
// CHECK:     scf.yield %[[DUE]], %[[YES]] : i64, i1
// CHECK:   scf.yield %[[CHECKED]]#0, %[[CHECKED]]#1 : i64, i1
// CHECK: } else {
// CHECK:   scf.yield %[[DUE]], %[[NO]] : i64, i1
// CHECK: scf.condition(%[[NEXT]]#1) %[[I]], %[[COUNTED]], %[[NEXT]]#0 : tensor<i32>, i64, i64
// CHECK: } do {
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %[[C:.*]]: i64, %[[D:.*]]: i64):
// CHECK: scf.yield %{{.*}}, %[[C]], %[[D]] : tensor<i32>, i64, i64
// CHECK: return %[[LOOP]]#0 : tensor<i32>
// Without the option, the loop is as it was.
// NO-LIMITS-NOT: __stablehlo_py_loop_check
// NO-LIMITS: scf.while (%{{.*}} = %{{.*}}) : (tensor<i32>) -> tensor<i32>
func.func @count(%n: tensor<i32>) -> tensor<i32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.while(%i = %z) : tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j : tensor<i32>
    }
  return %0 : tensor<i32>
}

// -----

// Nested loops: sites numbered in the module's order, outer first; the inner
// loop's count starts afresh at each execution (its count and due carries
// start in the outer loop's body).
// CHECK-LABEL: func.func private @__stablehlo_py_loop_check
// CHECK-SAME: stablehlo_py.loop_sites = {{\[\[}}"stablehlo.while", "loc({{.*}}:[[#@LINE+17]]:8)"], ["stablehlo.while", "loc({{.*}}:[[#@LINE+24]]:12)"]]
// CHECK-LABEL: func.func @nested
// CHECK: arith.constant 1 : i64
// CHECK-NEXT: %[[OUTER_SITE:.*]] = arith.constant 0 : i64
// CHECK-NEXT: arith.constant false
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: scf.while
// CHECK: func.call @__stablehlo_py_loop_check(%[[OUTER_SITE]], {{.*}})
// CHECK: } do {
// CHECK: arith.constant 1 : i64
// CHECK-NEXT: %[[INNER_SITE:.*]] = arith.constant 1 : i64
// CHECK-NEXT: arith.constant false
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: scf.while
// CHECK: func.call @__stablehlo_py_loop_check(%[[INNER_SITE]], {{.*}})
func.func @nested(%n: tensor<i32>) -> tensor<i32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.while(%i = %z) : tensor<i32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      %1 = stablehlo.while(%k = %z) : tensor<i32>
        cond {
          %q = stablehlo.compare LT, %k, %j : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %q : tensor<i1>
        } do {
          %l = stablehlo.add %k, %one : tensor<i32>
          stablehlo.return %l : tensor<i32>
        }
      stablehlo.return %1 : tensor<i32>
    }
  return %0 : tensor<i32>
}

// -----

// The runtime's names are reserved (with or without loop-limits).
// expected-error@+2 {{the compiled backend reserves symbol names beginning with '__stablehlo_py_' for its runtime}}
module {
  func.func private @__stablehlo_py_loop_check(i64, i64) -> i64
  func.func @taken(%n: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.while(%i = %n) : tensor<i32>
      cond {
        %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %p : tensor<i1>
      } do {
        stablehlo.return %i : tensor<i32>
      }
    return %0 : tensor<i32>
  }
}
