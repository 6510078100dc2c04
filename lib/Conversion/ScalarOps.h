// The scalar semantics of the element-wise stablehlo ops, as arith, math,
// complex and scf ops: one table, shared by every lowering that computes
// elements (stablehlo-legalize-to-linalg's element-wise ops, reduce bodies,
// iota). Results equal the interpreter's (python/stablehlo_py/interpreter/
// kernels/elementwise.py, numerics/conversion.py) bit for bit, except where
// ScalarOps.cpp says otherwise.
#ifndef STABLEHLO_PY_CONVERSION_SCALAROPS_H
#define STABLEHLO_PY_CONVERSION_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace mlir::stablehlo {

// The signless type the lowering computes an element type in: unsigned and
// signed integers become signless integers of their width (ui8 -> i8,
// si8 -> i8); small floats their bits (f8E4M3FN -> i8, f4E2M1FN -> i4);
// other types are unchanged.
Type computeType(Type element);

// The floats of at most 8 bits the lowering takes (the f8, f6 and f4 types):
// LLVM has none, so they are held as their bits and computed in f32, each
// result rounded once as ml_dtypes rounds (ScalarOps.cpp).
bool isSmallFloat(Type element);

// A small float's bits (of computeType(element)) as f32, exactly; and an f32
// rounded to nearest even into those bits, as ml_dtypes' astype rounds. Null
// when `element` is not a small float or the value's type is not the one
// expected; then nothing has been created.
Value emitSmallFloatToF32(OpBuilder &b, Location loc, Value bits, Type element);
Value emitF32ToSmallFloat(OpBuilder &b, Location loc, Value value,
                          Type element);

// A unit attribute on the math ops that must stay the C library's function
// (numpy's complex formulas call it: complex expm1's exp, expm1, sin and cos),
// which library-math then leaves alone when it hands the real math functions
// to numpy's loops (LowerLibraryMath.cpp).
inline constexpr llvm::StringLiteral kCLibraryFunction =
    "stablehlo_py.c_library";

// The scalar computation of the elementwise stablehlo op `op` (its name and
// attributes, e.g. compare's comparison_direction and compare_type,
// reduce_precision's exponent_bits/mantissa_bits) on scalar `args` (values of
// computeType of each operand's element type). `operandTypes` and
// `resultType` are the op's ORIGINAL element types (ui8 stays ui8, so
// signedness is known). Returns a null Value when the op or the types are not
// supported; then nothing has been created.
Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                   ArrayRef<Type> operandTypes, Type resultType);

// stablehlo.convert's semantics on one scalar of original element type `from`
// (value in computeType(from)) to original element type `to` (result in
// computeType(to)). Null if unsupported; then nothing has been created.
Value emitConvert(OpBuilder &b, Location loc, Value value, Type from, Type to);

// The table evaluated on constants (the folder's: Transforms/Folding.cpp).
// `emit` builds scalar IR once (emitScalarOp, emitConvert, ...), in a
// detached block, on arguments of `argTypes` (compute types); `evaluate` then
// runs it on constants, each emitted op folded by its own folder
// (Operation::fold: arith's on APInt/APFloat, math's through the host libm).
// No IR outside the block is touched.
class ScalarFolder {
public:
  using Emit = function_ref<Value(OpBuilder &, Location, ValueRange)>;
  // Whether the dialects the table emits are loaded in `context` (building
  // an op of an unloaded dialect stops the process).
  static bool canFold(MLIRContext *context);
  ScalarFolder(MLIRContext *context, ArrayRef<Type> argTypes, Emit emit);
  ~ScalarFolder();
  // Whether the table has IR for the computation (emit's result not null).
  explicit operator bool() const { return bool(scalar.result); }
  // The result for `args` (one IntegerAttr or FloatAttr per argument, of its
  // type), of the type `emit` returned; null when some emitted op does not
  // fold on them (a math op without a folder for its type, an op with a
  // region, ...).
  Attribute evaluate(ArrayRef<Attribute> args);
  // The same on whole operands at once (1-D, of equal length, elements of
  // the argument types): the IR cloned on tensors, each op folded once on
  // all elements. Null when that IR does not fold (an op that is not
  // element-wise, a guarded operation that fails on some element the
  // guard does not pick, ...): `evaluate` then decides element by element.
  DenseElementsAttr evaluateAll(ArrayRef<DenseElementsAttr> args);

  // The IR in a detached block, its values numbered.
  struct Graph {
    std::unique_ptr<Block> block;
    DenseMap<Value, unsigned> slots;
    SmallVector<Attribute> constants, known; // by slot: folded once; per call
    Value result;
  };

private:
  MLIRContext *context;
  Graph scalar, tensor;
};

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_CONVERSION_SCALAROPS_H
