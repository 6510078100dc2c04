// Verifier errors of interpreter.run_parallel, one case per constraint (RP1-RP5,
// docs/distributed.md, "The interpreter dialect").
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// RP1: programs has at least one row (replica).
func.func @rp1_no_rows() {
  // expected-error @+1 {{'interpreter.run_parallel' op programs must have at least one row (replica)}}
  "interpreter.run_parallel"() {programs = []} : () -> ()
  return
}

// -----

func.func @f() {
  return
}
// RP1: every row holds the same number of functions.
func.func @rp1_ragged() {
  // expected-error @+1 {{'interpreter.run_parallel' op every row of programs must hold the same number of functions (partitions); row 1 holds 1, row 0 holds 2}}
  "interpreter.run_parallel"() {programs = [[@f, @f], [@f]]} : () -> ()
  return
}

// -----

func.func @f() {
  return
}
// RP1: rows are not empty.
func.func @rp1_empty_row() {
  // expected-error @+1 {{'interpreter.run_parallel' op every row of programs must hold at least one function (partition); row 1 is empty}}
  "interpreter.run_parallel"() {programs = [[@f], []]} : () -> ()
  return
}

// -----

func.func @f() {
  return
}
// RP2: every program is a function of the module.
func.func @rp2() {
  // expected-error @+1 {{'interpreter.run_parallel' op program @missing is not a function of the module}}
  "interpreter.run_parallel"() {programs = [[@f, @missing]]} : () -> ()
  return
}

// -----

func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
// RP3: the inputs are the programs' arguments, process after process.
func.func @rp3(%a: tensor<2xi32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op inputs must be the programs' arguments in flattened process order: expected 2 of types ('tensor<2xi32>', 'tensor<2xi32>'), got ('tensor<2xi32>', 'tensor<2xf32>')}}
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@f]]} : (tensor<2xi32>, tensor<2xf32>) -> (tensor<2xi32>, tensor<2xi32>)
  return
}

// -----

func.func @f(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
// RP4: the results are the programs' results, process after process.
func.func @rp4(%a: tensor<2xi32>) {
  // expected-error @+1 {{'interpreter.run_parallel' op results must be the programs' results in flattened process order: expected 2 of types ('tensor<2xi32>', 'tensor<2xi32>'), got ('tensor<2xi32>')}}
  %r = "interpreter.run_parallel"(%a, %a) {programs = [[@f, @f]]} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f() {
  return
}
func.func @item(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
// RP5: infeed names functions of the module without arguments.
func.func @rp5_arguments() {
  // expected-error @+1 {{'interpreter.run_parallel' op infeed @item must be a function of the module without arguments}}
  "interpreter.run_parallel"() {programs = [[@f]], infeed = [@item]} : () -> ()
  return
}

// -----

func.func @f() {
  return
}
// RP5: an infeed function that does not exist.
func.func @rp5_missing() {
  // expected-error @+1 {{'interpreter.run_parallel' op infeed @nowhere must be a function of the module without arguments}}
  "interpreter.run_parallel"() {programs = [[@f]], infeed = [@nowhere]} : () -> ()
  return
}
