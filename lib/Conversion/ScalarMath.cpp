// The f32 math functions of ScalarMath.h.
#include "Conversion/ScalarMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

namespace mlir::stablehlo {

// f32 log_plus_one and exponential_minus_one are the project's own
// (numerics/log1p_expm1.py, whose docstring gives the algorithm): computed in
// f64 by IEEE basic operations and exact bit manipulation only, rounded once
// to f32. The op sequence here is the module's, op for op (keep the two in
// step), so the bits are the interpreter's by construction; the arith ops
// carry no fastmath flags, so LLVM neither contracts them into FMA nor
// reorders them, and the select-only code vectorizes.
constexpr uint64_t kSqrtHalfBits = 0x3FE6A09E667F3BCDull;
constexpr uint64_t kRounderBits = 0x4338000000000000ull; // 1.5 * 2^52
constexpr double kLn2Hi = 0x1.62e42fefa3800p-1;          // 42 bits
constexpr double kLn2Lo = 0x1.ef35793c76730p-45;
constexpr double kInvLn2 = 0x1.71547652b82fep+0;
constexpr double kRounder = 0x1.8p52;

Value horner(Scalar &s, ArrayRef<double> c, Value z) {
  Type type = z.getType();
  Value acc = s.real(type, c.back());
  for (double coefficient : llvm::reverse(c.drop_back())) {
    acc = s.mulf(acc, z);
    Value constant = s.real(type, coefficient);
    acc = s.addf(acc, constant);
  }
  return acc;
}

// f32 `y`, or NaN `x32` with its quiet bit set (by its bits: LLVM folds
// fptrunc(fpext(x)) to x, which would keep a signaling NaN).
Value quietNaNOrF32(Scalar &s, Value x32, Value y) {
  Value xb = s.bits(x32);
  Value quietBits = s.ori(xb, APInt(32, 0x00400000));
  Value quiet = s.fromBits(quietBits, x32.getType());
  Value isNaN = s.isNaN(x32);
  return s.select(isNaN, quiet, y);
}

Value quietNaNOr(Scalar &s, Value x32, Value y) {
  Value rounded = s.make<arith::TruncFOp>(x32.getType(), y);
  return quietNaNOrF32(s, x32, rounded);
}

// log1p_expm1._log1p_f64 on f32 `x32`, rounded to f32.
Value log1pF32(Scalar &s, Value x32) {
  Type f64 = s.b.getF64Type();
  Type i64 = s.b.getI64Type();
  Value x = s.make<arith::ExtFOp>(f64, x32);
  Value one = s.real(f64, 1.0);
  Value half = s.real(f64, 0.5);
  Value u = s.addf(one, x);
  // d = bits(u) - bits(sqrt(1/2)) + 2^62: k + 1024 = d >> 52, m = u / 2^k
  Value ub = s.bits(u);
  Value offset = s.integer(i64, int64_t((uint64_t(1) << 62) - kSqrtHalfBits));
  Value d = s.addi(ub, offset);
  Value biasedK = s.shrui(d, 52);
  Value kBits = s.ori(biasedK, APInt(64, 0x4330000000000000ull));
  Value kPlus = s.fromBits(kBits, f64);
  Value kOffset = s.real(f64, 0x1p52 + 1024.0);
  Value k = s.subf(kPlus, kOffset);
  Value mantissa = s.andi(d, APInt::getLowBitsSet(64, 52));
  Value sqrtHalf = s.integer(i64, int64_t(kSqrtHalfBits));
  Value mBits = s.addi(mantissa, sqrtHalf);
  Value m = s.fromBits(mBits, f64);
  Value f = s.subf(m, one);
  Value two = s.real(f64, 2.0);
  Value denominator = s.addf(two, f);
  Value q = s.divf(f, denominator);
  Value z = s.mulf(q, q);
  double c[10];
  for (int j = 1; j <= 10; ++j)
    c[j - 1] = 2.0 / double(2 * j + 1);
  Value series = horner(s, c, z);
  Value r = s.mulf(z, series);
  Value ff = s.mulf(f, f);
  Value h = s.mulf(ff, half);
  // k ln2_hi + (f - (h - (q (h + r) + k ln2_lo)))
  Value hr = s.addf(h, r);
  Value qhr = s.mulf(q, hr);
  Value ln2Lo = s.real(f64, kLn2Lo);
  Value kLo = s.mulf(k, ln2Lo);
  Value t1 = s.addf(qhr, kLo);
  Value t2 = s.subf(h, t1);
  Value t3 = s.subf(f, t2);
  Value ln2Hi = s.real(f64, kLn2Hi);
  Value kHi = s.mulf(k, ln2Hi);
  Value y = s.addf(kHi, t3);
  Value xx = s.mulf(x, x);
  Value xxHalf = s.mulf(xx, half);
  Value tiny = s.subf(x, xxHalf);
  Value below = s.cmpf(CmpF::OLT, x, 0x1p-29);
  Value above = s.cmpf(CmpF::OGT, x, -0x1p-29);
  Value isTiny = s.andi(below, above);
  y = s.select(isTiny, tiny, y);
  Value minusOne = s.cmpf(CmpF::OEQ, x, -1.0);
  Value minusInf = s.real(f64, -INFINITY);
  y = s.select(minusOne, minusInf, y);
  Value belowMinusOne = s.cmpf(CmpF::OLT, x, -1.0);
  Value nan = s.real(f64, NAN);
  y = s.select(belowMinusOne, nan, y);
  Value isInf = s.cmpf(CmpF::OEQ, x, INFINITY);
  Value inf = s.real(f64, INFINITY);
  y = s.select(isInf, inf, y);
  return quietNaNOr(s, x32, y);
}

Value clamped(Scalar &s, Value x, double low, double high) {
  Value highValue = s.real(x.getType(), high);
  Value lowValue = s.real(x.getType(), low);
  Value isHigh = s.cmpf(CmpF::OGT, x, high);
  Value t = s.select(isHigh, highValue, x);
  Value isLow = s.cmpf(CmpF::OLT, t, low);
  return s.select(isLow, lowValue, t);
}

LnTwoReduction reduceByLn2(Scalar &s, Value t, double invLn2, double rounder,
                           double ln2Hi, double ln2Lo) {
  Type type = t.getType();
  Value invLn2Value = s.real(type, invLn2);
  Value rounderValue = s.real(type, rounder);
  Value scaled = s.mulf(t, invLn2Value);
  Value a = s.addf(scaled, rounderValue);
  Value n = s.subf(a, rounderValue);
  Value ln2HiValue = s.real(type, ln2Hi);
  Value nHi = s.mulf(n, ln2HiValue);
  Value rHi = s.subf(t, nHi);
  Value ln2LoValue = s.real(type, ln2Lo);
  Value nLo = s.mulf(n, ln2LoValue);
  return {a, rHi, nLo};
}

// log1p_expm1._expm1_f64 on f32 `x32`, rounded to f32.
Value expm1F32(Scalar &s, Value x32) {
  Type f64 = s.b.getF64Type();
  Type i64 = s.b.getI64Type();
  Value x = s.make<arith::ExtFOp>(f64, x32);
  Value t = clamped(s, x, -40.0, 89.0);
  LnTwoReduction red = reduceByLn2(s, t, kInvLn2, kRounder, kLn2Hi, kLn2Lo);
  // 2^k: k + 1023 = bits(a) - bits(rounder) + 1023, into the exponent field
  Value ab = s.bits(red.a);
  Value bias = s.integer(i64, int64_t(kRounderBits - 1023));
  Value exponent = s.subi(ab, bias);
  Value scaleBits = s.shli(exponent, 52);
  Value scale = s.fromBits(scaleBits, f64);
  Value r = s.subf(red.rHi, red.nLo);
  double c[13];
  double factorial = 1.0;
  for (int n = 1; n <= 14; ++n) {
    factorial *= double(n); // exact: 14! < 2^53
    if (n >= 2)
      c[n - 2] = 1.0 / factorial;
  }
  Value series = horner(s, c, r);
  Value rr = s.mulf(r, r);
  Value tail = s.mulf(rr, series);
  Value p = s.addf(r, tail);
  Value scaledP = s.mulf(scale, p);
  Value one = s.real(f64, 1.0);
  Value scaleMinusOne = s.subf(scale, one);
  Value y = s.addf(scaledP, scaleMinusOne);
  Value isZero = s.cmpf(CmpF::OEQ, x, 0.0);
  y = s.select(isZero, x, y);
  return quietNaNOr(s, x32, y);
}

// f32 exponential is the project's own too (numerics/exponential.py, whose
// docstring gives the algorithm), but in f32 operations only, so it runs 8
// lanes wide: the module's operations in its order, op for op.
Value expF32(Scalar &s, Value x) {
  Type f32 = x.getType();
  Type i32 = s.b.getI32Type();
  Value t = clamped(s, x, -104.0, 89.0);
  // ln 2 to 16 bits: n ln2Hi exact
  LnTwoReduction red =
      reduceByLn2(s, t, 0x1.715476p+0, 0x1.8p23, 0x1.62e4p-1, 0x1.7f7d1cp-20);
  Value rHi = red.rHi, nLo = red.nLo;
  Value ab = s.bits(red.a);
  Value rounderBits = s.integer(i32, 0x4B400000);
  Value k = s.subi(ab, rounderBits); // n as an integer
  Value r = s.subf(rHi, nLo);
  static constexpr double c[] = {0x1p-1,          0x1.555556p-3,
                                 0x1.5554e4p-5,   0x1.111006p-7,
                                 0x1.6d52bcp-10,  0x1.a23ed6p-13};
  Value q = horner(s, c, r);
  Value rr = s.mulf(r, r);
  Value tail = s.mulf(q, rr); // r^2 Q(r)
  tail = s.subf(tail, nLo);
  // 1 + rHi = hi + e1 exactly (Fast2Sum), then hi + (e1 + tail)
  Value one = s.real(f32, 1.0);
  Value hi = s.addf(rHi, one);
  Value hiMinusOne = s.subf(hi, one);
  Value e1 = s.subf(rHi, hiMinusOne);
  Value lo = s.addf(e1, tail);
  Value y = s.addf(hi, lo);
  // 2^n in two normal halves: n >> 1, then n - (n >> 1)
  Value oneBit = s.integer(i32, 1);
  Value half = s.make<arith::ShRSIOp>(k, oneBit);
  Value rest = s.subi(k, half);
  Value bias = s.integer(i32, 127);
  Value halfBiased = s.addi(half, bias);
  Value halfBits = s.shli(halfBiased, 23);
  Value restBiased = s.addi(rest, bias);
  Value restBits = s.shli(restBiased, 23);
  Value halfScale = s.fromBits(halfBits, f32);
  y = s.mulf(y, halfScale);
  Value restScale = s.fromBits(restBits, f32);
  y = s.mulf(y, restScale);
  return quietNaNOrF32(s, x, y);
}

} // namespace mlir::stablehlo
