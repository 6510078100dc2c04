// The real math functions whose f32 definition is the project's own, as
// arith code on f32/f64 scalars that is the interpreter's numerics modules op
// for op (bit for bit by construction: the ops carry no fastmath flags, so
// LLVM neither contracts them into FMA nor reorders them), and the pieces
// they share. Each function's comment names its numerics module, whose
// docstring gives the algorithm.
#ifndef STABLEHLO_PY_CONVERSION_SCALARMATH_H
#define STABLEHLO_PY_CONVERSION_SCALARMATH_H

#include "Conversion/ScalarBuilder.h"

namespace mlir::stablehlo {

// c[0] + z (c[1] + z (c[2] + ...)), innermost first, in z's type.
Value horner(Scalar &s, ArrayRef<double> c, Value z);

// f32 `y`, or NaN `x32` with its quiet bit set.
Value quietNaNOrF32(Scalar &s, Value x32, Value y);

// f64 `y` rounded to f32; NaN `x32` quiet (quietNaNOrF32).
Value quietNaNOr(Scalar &s, Value x32, Value y);

// x above `high` as `high`, then below `low` as `low`; NaN stays.
Value clamped(Scalar &s, Value x, double low, double high);

// Cody-Waite: a = t / ln 2 + rounder (its low bits hold n = rint(t / ln 2)),
// then t - n ln2Hi (exact) and n ln2Lo, in t's type.
struct LnTwoReduction {
  Value a, rHi, nLo;
};
LnTwoReduction reduceByLn2(Scalar &s, Value t, double invLn2, double rounder,
                           double ln2Hi, double ln2Lo);

// On f32 `x` (f16, bf16 and the small floats compute through f32):
// log_plus_one (numerics/log1p_expm1.py, in f32 operations),
// exponential_minus_one (the same module, in f64 operations) and exponential
// (numerics/exponential.py, in f32 operations).
Value log1pF32(Scalar &s, Value x);
Value expm1F32(Scalar &s, Value x);
Value expF32(Scalar &s, Value x);
// tanh (numerics/tanh.py, f32 operations).
Value tanhF32(Scalar &s, Value x);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_CONVERSION_SCALARMATH_H
