// The f32 math functions of ScalarMath.h.
#include "Conversion/ScalarMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

namespace mlir::stablehlo {

// f32 log_plus_one and exponential_minus_one are the project's own
// (numerics/log1p_expm1.py, whose docstring gives the algorithm): log1p in f32
// operations (8 lanes), expm1 computed in f64 and rounded once to f32, both by
// IEEE basic operations and exact bit manipulation only. The op sequence here
// is the module's, op for op (keep the two in step), so the bits are the
// interpreter's by construction; the arith ops carry no fastmath flags, so
// LLVM neither contracts them into FMA nor reorders them, and the select-only
// code vectorizes.
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

// log1p_expm1._log1p_core on f32 `x`, then the special values: -inf at -1,
// NaN below, +inf at +inf, a NaN quiet.
Value log1pF32(Scalar &s, Value x) {
  Type f32 = x.getType();
  Type i32 = s.b.getI32Type();
  Value one = s.real(f32, 1.0);
  Value u = s.addf(x, one);
  // -k for u = m 2^k, m in [sqrt(1/2), sqrt(2)), from the bits; 2^(2-k) too
  Value negKBits = s.integer(i32, 0x3F3504F3 + 0x7FFFFF);
  Value ub = s.bits(u);
  Value nkDiff = s.subi(negKBits, ub);
  Value shift = s.integer(i32, 23);
  Value nk = s.make<arith::ShRSIOp>(nkDiff, shift);
  Value bias = s.integer(i32, 129);
  Value biased = s.addi(nk, bias);
  Value scaleBits = s.shli(biased, 23);
  Value scale = s.fromBits(scaleBits, f32);
  // 4 (m - 1) = big + err exactly (err not 0 only where 1 <= k and x < 1/2)
  Value t = s.mulf(x, scale);
  Value four = s.real(f32, 4.0);
  Value b = s.subf(four, scale);
  Value big = s.subf(t, b);
  Value bigPlusB = s.addf(big, b);
  Value err = s.subf(t, bigPlusB);
  Value quarter = s.real(f32, 0.25);
  Value f = s.mulf(big, quarter);
  Value two = s.real(f32, 2.0);
  Value denominator = s.addf(f, two);
  Value q = s.divf(f, denominator);
  Value z = s.mulf(q, q);
  static constexpr double c[] = {0x1.55557ap-1, 0x1.995ed4p-2, 0x1.31e0d2p-2};
  Value r = horner(s, c, z);
  r = s.mulf(r, z);
  Value nkf = s.make<arith::SIToFPOp>(f32, nk);
  Value ln2Hi = s.real(f32, 0x1.62e4p-1); // exponential.py's LN2_HI, LN2_LO
  Value nkHi = s.mulf(nkf, ln2Hi);
  Value hi = s.subf(f, nkHi);
  Value hiBack = s.addf(hi, nkHi);
  Value e = s.subf(f, hiBack); // hi + e = k ln2_hi + f exactly
  Value half = s.real(f32, 0.5);
  Value h = s.mulf(f, half);
  h = s.mulf(h, f);
  Value y = s.subf(hi, h);
  Value hiMinusY = s.subf(hi, y);
  Value nEb = s.subf(h, hiMinusY); // y - nEb = hi - h exactly
  Value errScale = s.real(f32, 11.0 / 32.0);
  Value lo = s.mulf(err, errScale);
  lo = s.addf(lo, e);
  Value ln2Lo = s.real(f32, 0x1.7f7d1cp-20);
  Value nkLo = s.mulf(nkf, ln2Lo);
  lo = s.subf(lo, nkLo);
  lo = s.subf(lo, nEb);
  r = s.addf(r, h);
  r = s.mulf(r, q);
  r = s.addf(r, lo);
  y = s.addf(y, r);
  Value isMinusOne = s.cmpf(CmpF::OEQ, x, -1.0);
  Value minusInf = s.real(f32, -INFINITY);
  y = s.select(isMinusOne, minusInf, y);
  Value isInf = s.cmpf(CmpF::OEQ, x, INFINITY);
  y = s.select(isInf, x, y);
  Value belowMinusOne = s.cmpf(CmpF::OLT, x, -1.0);
  Value nan = s.real(f32, NAN);
  y = s.select(belowMinusOne, nan, y);
  return quietNaNOrF32(s, x, y);
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

// a + b (a - b if `subtract`) = sum + error exactly, for |a| >= |b|
// (Fast2Sum): tanh.py's _fast_two_sum.
static std::pair<Value, Value> fastTwoSum(Scalar &s, Value a, Value b,
                                          bool subtract = false) {
  Value sum = subtract ? s.subf(a, b) : s.addf(a, b);
  Value error = s.subf(a, sum);
  error = subtract ? s.subf(error, b) : s.addf(error, b);
  return {sum, error};
}

// f32 tanh is the project's own (numerics/tanh.py, whose docstring gives the
// algorithm), in f32 operations as expF32: the module's operations in its
// order, op for op. Odd: computed on |x|, x's sign or-ed back into the bits.
Value tanhF32(Scalar &s, Value x) {
  Type f32 = x.getType();
  Type i32 = s.b.getI32Type();
  Value xb = s.bits(x);
  Value aBits = s.andi(xb, APInt(32, 0x7FFFFFFF));
  Value a = s.fromBits(aBits, f32);
  // a < 0x1.193ea8p-1 (tanh 1/2): a + a^3 P(a^2)
  Value z = s.mulf(a, a);
  static constexpr double small[] = {-0x1.55554ap-2, 0x1.110ceep-3,
                                     -0x1.b91e7ep-5, 0x1.58e518p-6,
                                     -0x1.9921a0p-8};
  Value p = horner(s, small, z);
  Value cube = s.mulf(z, a);
  p = s.mulf(p, cube);
  Value tanhSmall = s.addf(p, a);
  // else 1 - 1 / D, D = (e^2a + 1) / 2 = A + B + C as dHi + dLo
  Value top = s.real(f32, 9.25); // tanh is 1 from a = 9.011 on
  Value isHigh = s.cmpf(CmpF::OGT, a, 9.25);
  Value clampedA = s.select(isHigh, top, a);
  Value t = s.addf(clampedA, clampedA);
  LnTwoReduction red =
      reduceByLn2(s, t, 0x1.715476p+0, 0x1.8p23, 0x1.62e4p-1, 0x1.7f7d1cp-20);
  Value rHi = red.rHi, nLo = red.nLo;
  Value r = s.subf(rHi, nLo);
  static constexpr double expTail[] = {0x1p-1, 0x1.55549ap-3, 0x1.555692p-5,
                                       0x1.1236dcp-7, 0x1.6b6fb0p-10};
  Value q = horner(s, expTail, r);
  Value rr = s.mulf(r, r);
  q = s.mulf(q, rr);
  q = s.subf(q, nLo); // e^r = 1 + rHi + q
  Value ab = s.bits(red.a);
  Value scaleBias = s.integer(i32, 0x4B400000 - 126); // n - 1 + 127
  Value k = s.subi(ab, scaleBias);
  Value scaleBits = s.shli(k, 23);
  Value scale = s.fromBits(scaleBits, f32); // 2^(n-1)
  Value b = s.mulf(rHi, scale);
  Value c = s.mulf(q, scale);
  Value half = s.real(f32, 0.5);
  Value sumA = s.addf(scale, half);
  auto [d, eAB] = fastTwoSum(s, sumA, b);
  auto [dHi, eC] = fastTwoSum(s, d, c);
  Value dLo = s.addf(eAB, eC);
  Value one = s.real(f32, 1.0);
  Value inv = s.divf(one, dHi);
  // 1 - inv = hi + lo, then hi + (lo + inv^2 dLo)
  auto [hi, lo] = fastTwoSum(s, one, inv, /*subtract=*/true);
  Value inv2 = s.mulf(inv, inv);
  Value correction = s.mulf(inv2, dLo);
  lo = s.addf(lo, correction);
  Value tanhLarge = s.addf(hi, lo);
  Value isSmall = s.cmpf(CmpF::OLT, a, 0x1.193ea8p-1);
  Value y = s.select(isSmall, tanhSmall, tanhLarge);
  Value yb = s.bits(y);
  Value sign = s.andi(xb, APInt(32, 0x80000000));
  Value signedBits = s.ori(yb, sign);
  y = s.fromBits(signedBits, f32);
  return quietNaNOrF32(s, x, y);
}

} // namespace mlir::stablehlo
