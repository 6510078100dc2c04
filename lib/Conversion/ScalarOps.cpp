// The scalar semantics of the element-wise stablehlo ops (ScalarOps.h). The
// reference is the interpreter: kernels/elementwise.py (its module docstring
// lists the rules), numerics/conversion.py (convert) and numerics/combiners.py
// (maximum, minimum, totalOrder); jit/native.py emits the same rules as MLIR
// text. In short:
//  * integers wrap; x / 0 = -1 (all ones), x % 0 = x, INT_MIN / -1 = INT_MIN,
//    INT_MIN % -1 = 0; shifts by >= the width (negative amounts read
//    unsigned) give 0, or the sign fill; guards run the arith op on a safe
//    operand and select, so no poison or trap is ever computed;
//  * i2 and i4 compute in their own width (the interpreter wraps an int8
//    result back, which gives the same bits);
//  * f16 and bf16 compute in f32 and round once (_via_f32, and numpy's and
//    ml_dtypes' own arithmetic); bf16 widens and rounds by its bits as
//    ml_dtypes does (a NaN result is the canonical quiet NaN of its sign);
//    f16 conversions move NaN payloads as numpy's do;
//  * sign-bit ops (negate, abs) and bit tests work on the integer view, so
//    NaN payloads and signs stay as numpy leaves them;
//  * the f8, f6 and f4 types are held as their bits, widened to f32 exactly
//    and rounded back once with integer ops, from their fltSemantics
//    (SmallFloat: ml_dtypes' values and roundings, checked on every type).
// Differences left (NaN bits and roundings, never other values): which NaN
// an op on two NaN operands returns, and the sign and payload of a NaN from a
// math function; pow, cbrt and atan2 round as the libm the lowering calls
// (within 2 ULP of numpy's), and so do exp, expm1, log, log1p, tanh, sin, cos
// and tan unless library-math hands them to numpy's own loops (then bit for
// bit; LowerLibraryMath.cpp). f32 expm1, log1p, exp and tanh (f16, bf16 and
// the small floats through f32) are the project's own: arith code in
// ScalarMath.cpp that is the interpreter's numerics modules op for op, bit
// for bit everywhere. Complex exp, log, sqrt, rsqrt, sin,
// cos, tan, tanh, logistic and expm1 call the C library's functions as numpy
// does (complexUnary): bit for bit. Unsupported (null): quantized types,
// integers wider than 64 bits, complex abs, sign, power, atan2, log1p and
// cbrt (numpy's own complex algorithms), bitcast_convert between widths (not
// element-wise).
//
// Only float math ops on f32/f64 are emitted: integer math ops (ctpop, ctlz,
// absi) are arith code here, since convert-math-to-libm rejects them, and
// convert-math-to-libm is the lowering that keeps expm1 and log1p accurate
// (convert-math-to-llvm expands them to exp(x) - 1 and log(1 + x)).
//
// Every builder call is a statement of its own: C++ leaves the order of
// argument evaluation open, and the IR's order must not depend on the
// compiler.
#include "Conversion/ScalarOps.h"
#include "Conversion/LoweringCommon.h"
#include "Conversion/ScalarMath.h"

#include "Dialect/StablehloOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cmath>
#include <utility>

namespace mlir::stablehlo {
namespace {

using llvm::TypeSwitch;

// A float of at most 8 bits (the f8, f6 and f4 types), as its fltSemantics
// lay it out: the sign on top (if any), the exponent field, `mantissa` bits.
// LLVM has no such types: values are held as their bits (computeType is the
// integer of their width, one per byte in memory as ml_dtypes holds them),
// widened to f32 exactly and rounded back once, with integer ops.
struct SmallFloat {
  // Where NaN lives: nowhere (f4, f6), IEEE's (all-ones exponent), the
  // all-ones magnitude (E4M3FN, E8M0FNU), or -0's pattern (the FNUZ types).
  enum class NaNs { None, Ieee, AllOnes, NegativeZero };
  unsigned width = 0, mantissa = 0;
  int minExp = 0, maxExp = 0, bias = 0;
  bool hasSign = false, hasZero = false;
  NaNs nans = NaNs::None;
  // bit patterns: the sign, the magnitude bits, the largest finite value,
  // the quiet NaN (positive where signed), +inf (IEEE's only)
  uint32_t signMask = 0, magnitude = 0, largest = 0, quietNaN = 0,
           infinity = 0;
};

uint32_t patternOf(const APFloat &value) {
  return uint32_t(value.bitcastToAPInt().getZExtValue());
}

// The layout of `type` if it is a float of at most 8 bits laid out as
// SmallFloat assumes (checked against its largest value and NaN), with a
// range f32 holds as normal numbers (E8M0FNU's 2^-127 aside); else none.
std::optional<SmallFloat> smallFloat(Type type) {
  auto real = dyn_cast_or_null<FloatType>(type);
  if (!real || real.getWidth() > 8)
    return std::nullopt;
  const llvm::fltSemantics &semantics = real.getFloatSemantics();
  SmallFloat f;
  f.width = APFloat::semanticsSizeInBits(semantics);
  f.mantissa = APFloat::semanticsPrecision(semantics) - 1;
  f.minExp = APFloat::semanticsMinExponent(semantics);
  f.maxExp = APFloat::semanticsMaxExponent(semantics);
  f.hasSign = APFloat::semanticsHasSignedRepr(semantics);
  f.hasZero = APFloat::semanticsHasZero(semantics);
  bool hasInf = APFloat::semanticsHasInf(semantics);
  bool hasNaN = APFloat::semanticsHasNaN(semantics);
  if (f.width != real.getWidth() || f.width < 2 ||
      (f.hasSign && !APFloat::hasSignBitInMSB(semantics)))
    return std::nullopt;
  if (f.mantissa + (f.hasSign ? 1 : 0) >= f.width)
    return std::nullopt; // no exponent field
  // Every value an f32 normal, but for a type without zero starting at
  // 2^-127 (decode makes that one f32 subnormal itself).
  int lowest = f.hasZero ? f.minExp - int(f.mantissa) : f.minExp + 1;
  if (lowest < -126 || f.maxExp > 127)
    return std::nullopt;
  f.signMask = f.hasSign ? 1u << (f.width - 1) : 0;
  f.magnitude = ((1u << f.width) - 1) & ~f.signMask;
  f.bias = f.hasZero ? 1 - f.minExp : -f.minExp;
  f.largest = patternOf(APFloat::getLargest(semantics));
  if (int64_t(f.largest >> f.mantissa) != int64_t(f.maxExp) + f.bias)
    return std::nullopt;
  if (hasNaN) {
    f.quietNaN = patternOf(APFloat::getQNaN(semantics));
    if (hasInf && f.mantissa > 0) {
      f.nans = SmallFloat::NaNs::Ieee;
      f.infinity = patternOf(APFloat::getInf(semantics));
    } else if (!hasInf && f.hasSign && f.quietNaN == f.signMask) {
      f.nans = SmallFloat::NaNs::NegativeZero;
    } else if (!hasInf && f.quietNaN == f.magnitude) {
      f.nans = SmallFloat::NaNs::AllOnes;
    } else {
      return std::nullopt;
    }
  } else if (hasInf) {
    return std::nullopt;
  }
  // No zero (E8M0FNU) only unsigned, and unsigned only with a NaN for the
  // negative values.
  if (f.hasSign ? !f.hasZero : f.nans != SmallFloat::NaNs::AllOnes)
    return std::nullopt;
  return f;
}

// What an original element type's semantics depend on (Small: SmallFloat).
enum class Kind { Bool, Signed, Unsigned, Float, Small, Complex, None };

Kind kindOf(Type type) {
  if (auto integer = dyn_cast_or_null<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    if (width == 1)
      return integer.isSignless() ? Kind::Bool : Kind::None;
    if (width > 64)
      return Kind::None;
    return integer.isUnsigned() ? Kind::Unsigned : Kind::Signed;
  }
  // The floats LLVM computes in.
  if (isa_and_nonnull<Float16Type, BFloat16Type, Float32Type, Float64Type>(
          type))
    return Kind::Float;
  if (smallFloat(type))
    return Kind::Small;
  if (auto complex = dyn_cast_or_null<ComplexType>(type))
    if (isa<Float32Type, Float64Type>(complex.getElementType()))
      return Kind::Complex;
  return Kind::None;
}

bool isInteger(Kind kind) {
  return kind == Kind::Signed || kind == Kind::Unsigned;
}

bool isPredicate(Type type) { return kindOf(type) == Kind::Bool; }


//===--- Floats of at most 8 bits: their bits <-> f32 ---------------------===//

// The f32 value of small float `f`'s bits `x`, exact (numerics checked on
// every pattern against ml_dtypes' astype): a NaN becomes the quiet NaN of
// its sign, the FNUZ types' one NaN a negative one.
Value decode(Scalar &s, const SmallFloat &f, Value x) {
  Type i32 = s.b.getI32Type();
  unsigned m = f.mantissa;
  Value u = s.make<arith::ExtUIOp>(i32, x);
  Value magnitude = s.andi(u, APInt(32, f.magnitude));
  // Normal: the exponent rebiased, the fraction moved up.
  Value rebias = s.integer(i32, int64_t(127 - f.bias) * (int64_t(1) << 23));
  Value value = s.addi(s.shli(magnitude, 23 - m), rebias);
  Value fraction = s.andi(magnitude, APInt(32, (1u << m) - 1));
  Value lowest = s.cmpi(CmpI::ult, magnitude, int64_t(1) << m); // field 0
  if (f.hasZero) {
    // Subnormal: fraction * 2^(minExp - m), normalized at its leading bit.
    Value subnormal = s.integer(i32, 0);
    for (unsigned p = 0; p < m; ++p) {
      int64_t exponent = int64_t(f.minExp) - m + p + 127;
      Value moved = s.andi(s.shli(fraction, 23 - p), APInt(32, 0x7FFFFF));
      Value bits = s.addi(moved, s.integer(i32, exponent << 23));
      Value leading = s.cmpi(CmpI::uge, fraction, int64_t(1) << p);
      subnormal = s.select(leading, bits, subnormal);
    }
    value = s.select(lowest, subnormal, value);
  } else if (f.minExp == -127) {
    // 2^-127 (E8M0FNU's field 0) is an f32 subnormal.
    Value moved = s.shli(fraction, 22 - m);
    Value bits = s.ori(moved, APInt(32, 1u << 22));
    value = s.select(lowest, bits, value);
  }
  Value quiet = s.integer(i32, 0x7FC00000);
  switch (f.nans) {
  case SmallFloat::NaNs::Ieee: {
    Value inf = s.integer(i32, f.infinity);
    Value isInf = s.cmpi(CmpI::eq, magnitude, inf);
    Value isNaN = s.cmpi(CmpI::ugt, magnitude, inf);
    value = s.select(isInf, s.integer(i32, 0x7F800000), value);
    value = s.select(isNaN, quiet, value);
    break;
  }
  case SmallFloat::NaNs::AllOnes:
    value = s.select(s.cmpi(CmpI::eq, magnitude, f.magnitude), quiet, value);
    break;
  case SmallFloat::NaNs::NegativeZero: // its sign bit is set: -NaN
    value = s.select(s.cmpi(CmpI::eq, u, f.signMask), quiet, value);
    break;
  case SmallFloat::NaNs::None:
    break;
  }
  if (f.hasSign) {
    Value sign = s.shli(s.shrui(u, f.width - 1), 31);
    value = s.ori(value, sign);
  }
  return s.fromBits(value, s.b.getF32Type());
}

// f32 `x` rounded to nearest even into small float `f`'s bits, as
// ml_dtypes' astype rounds (checked against it on every exponent and the
// bits around each rounding boundary): overflow gives inf, NaN for the
// types without inf (E8M0FNU from 2^127 * 1.5 up), the largest value for
// those without NaN (f4, f6); below the smallest subnormal, a zero of the
// sign (FNUZ: +0; E8M0FNU: its smallest value, 2^-127; its zero and
// negative values are NaN); NaN the quiet NaN of its sign (FNUZ: theirs).
// E8M0FNU (no fraction bits) rounds ties up, f32 subnormals by their value
// (1.25 * 2^-127 to 2^-127; ml_dtypes 0.6 and XLA: 2^-126, on the bits).
// f4 and f6 have no NaN: `convert` takes it to -0 (conversion.py, as XLA),
// ml_dtypes' arithmetic to the zero of the other sign.
Value encode(Scalar &s, const SmallFloat &f, Value x, bool convert) {
  Type i32 = s.b.getI32Type();
  int64_t m = f.mantissa;
  Value u = s.bits(x);
  Value sign = s.shrui(u, 31);
  Value a = s.andi(u, APInt(32, 0x7FFFFFFF));
  Value isNaN = s.cmpi(CmpI::ugt, a, 0x7F800000);
  Value field = s.shrui(a, 23);
  // a = significand * 2^(exponent - 23), the significand's leading bit
  // implicit unless f32-subnormal.
  Value one = s.integer(i32, 1);
  Value biased = s.make<arith::MaxSIOp>(field, one);
  Value exponent = s.subi(biased, s.integer(i32, 127));
  Value normal = s.cmpi(CmpI::ne, field, 0);
  Value implicit = s.shli(s.make<arith::ExtUIOp>(i32, normal), 23);
  Value significand = s.ori(s.andi(a, APInt(32, 0x7FFFFF)), implicit);
  // Kept: the significand's top m + 1 bits at the result's exponent, fewer
  // below minExp; the rest rounds it (to even on a tie).
  Value minExp = s.integer(i32, f.minExp);
  Value target = s.make<arith::MaxSIOp>(exponent, minExp);
  Value extra = s.subi(target, exponent);
  Value shift = s.addi(extra, s.integer(i32, 23 - m));
  shift = s.make<arith::MinSIOp>(shift, s.integer(i32, 31));
  Value kept = s.make<arith::ShRUIOp>(significand, shift);
  Value below = s.subi(s.make<arith::ShLIOp>(one, shift), one);
  Value rest = s.andi(significand, below);
  Value half = s.make<arith::ShLIOp>(one, s.subi(shift, one));
  Value odd = s.cmpi(CmpI::ne, s.andi(kept, one), 0);
  Value above = s.cmpi(CmpI::ugt, rest, half);
  Value tie = s.cmpi(CmpI::eq, rest, half);
  Value up = s.ori(above, s.andi(tie, odd));
  kept = s.addi(kept, s.make<arith::ExtUIOp>(i32, up));
  // The field below the kept bits; a carry out of them moves it up.
  Value base = s.shli(s.addi(target, s.integer(i32, f.bias - 1)), m);
  Value bits = s.addi(base, kept);
  Value tooLarge = s.cmpi(CmpI::sgt, exponent, f.maxExp);
  Value over = s.ori(tooLarge, s.cmpi(CmpI::sgt, bits, f.largest)); // inf too
  if (!f.hasZero) { // below 2^-127: the smallest value
    bits = s.make<arith::MaxSIOp>(bits, s.integer(i32, 0));
    // f32 subnormals lie between 2^-127 (field 0) and 2^-126: the nearest,
    // ties (1.5 * 2^-127) up, as round_exact and ml_dtypes >= 0.7
    Value up = s.cmpi(CmpI::uge, a, 0x00600000);
    bits = s.select(s.cmpi(CmpI::eq, field, 0), s.make<arith::ExtUIOp>(i32, up),
                    bits);
  }
  Value signBit = f.hasSign ? s.shli(sign, f.width - 1) : Value();
  Value nan = s.integer(i32, f.quietNaN);
  Value result;
  switch (f.nans) {
  case SmallFloat::NaNs::Ieee: {
    Value inf = s.integer(i32, f.infinity);
    Value magnitude = s.select(isNaN, nan, s.select(over, inf, bits));
    result = s.ori(signBit, magnitude);
    break;
  }
  case SmallFloat::NaNs::AllOnes: {
    Value invalid = s.ori(over, isNaN);
    if (f.hasSign) {
      result = s.ori(signBit, s.select(invalid, nan, bits));
      break;
    }
    Value zero = s.cmpi(CmpI::eq, a, 0);
    Value negative = s.cmpi(CmpI::ne, sign, 0);
    if (f.hasZero) { // +-0 -> 0, other negative values -> NaN
      bits = s.select(zero, s.integer(i32, 0), bits);
      negative = s.andi(negative, s.cmpi(CmpI::ne, a, 0));
    } else {
      invalid = s.ori(invalid, zero);
    }
    result = s.select(s.ori(invalid, negative), nan, bits);
    break;
  }
  case SmallFloat::NaNs::NegativeZero: {
    Value zero = s.cmpi(CmpI::eq, bits, 0);
    Value signed_ = s.select(zero, bits, s.ori(signBit, bits));
    result = s.select(s.ori(over, isNaN), nan, signed_);
    break;
  }
  case SmallFloat::NaNs::None: {
    Value largest = s.integer(i32, f.largest);
    result = s.ori(signBit, s.select(over, largest, bits));
    Value zero = convert ? s.integer(i32, f.signMask)
                         : s.shli(s.xori(sign, one), f.width - 1);
    result = s.select(isNaN, zero, result);
    break;
  }
  }
  return s.make<arith::TruncIOp>(s.b.getIntegerType(f.width), result);
}

//===--- Integers ---------------------------------------------------------===//

// _int_divide, _int_remainder: x / 0 = all ones, x % 0 = x; INT_MIN / -1 =
// INT_MIN and INT_MIN % -1 = 0, computed as x / 1 and x % 1.
Value intDivRem(Scalar &s, bool divide, bool isSigned, Value x, Value y) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value byZero = s.cmpi(CmpI::eq, y, 0);
  Value unsafe = byZero;
  if (isSigned) {
    Value minimum = s.integer(type, APInt::getSignedMinValue(width));
    Value xIsMin = s.cmpi(CmpI::eq, x, minimum);
    Value yIsMinusOne = s.cmpi(CmpI::eq, y, -1);
    unsafe = s.ori(byZero, s.andi(xIsMin, yIsMinusOne));
  }
  Value safe = s.select(unsafe, s.integer(type, 1), y);
  if (divide) {
    Value quotient = isSigned ? s.make<arith::DivSIOp>(x, safe)
                              : s.make<arith::DivUIOp>(x, safe);
    return s.select(byZero, s.integer(type, -1), quotient);
  }
  Value remainder = isSigned ? s.make<arith::RemSIOp>(x, safe)
                             : s.make<arith::RemUIOp>(x, safe);
  return s.select(byZero, x, remainder);
}

// elementwise._shift: amounts >= the width, or negative (read unsigned),
// shift everything out: 0, or the sign fill for shift_right_arithmetic (of
// unsigned values too). The shift itself runs on an in-range amount.
Value shift(Scalar &s, Operation *op, Value x, Value amount) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value zero = s.integer(type, 0);
  Value big = s.cmpi(CmpI::uge, amount, width);
  Value safe = s.select(big, zero, amount);
  if (isa<ShiftLeftOp>(op))
    return s.select(big, zero, s.make<arith::ShLIOp>(x, safe));
  if (isa<ShiftRightLogicalOp>(op))
    return s.select(big, zero, s.make<arith::ShRUIOp>(x, safe));
  Value fill = s.make<arith::ShRSIOp>(x, s.integer(type, width - 1));
  return s.select(big, fill, s.make<arith::ShRSIOp>(x, safe));
}

// The set bits of i64 `x` (SWAR; LLVM turns it into popcnt).
Value popcount64(Scalar &s, Value x) {
  Value pairs = s.andi(s.shrui(x, 1), APInt(64, 0x5555555555555555));
  x = s.subi(x, pairs);
  Value low = s.andi(x, APInt(64, 0x3333333333333333));
  Value high = s.andi(s.shrui(x, 2), APInt(64, 0x3333333333333333));
  x = s.addi(low, high);
  x = s.andi(s.addi(x, s.shrui(x, 4)), APInt(64, 0x0F0F0F0F0F0F0F0F));
  Value bytes = s.integer(x.getType(), APInt(64, 0x0101010101010101));
  return s.shrui(s.muli(x, bytes), 56);
}

// `x` zero-extended to i64 (its own bits only), and back.
Value toI64(Scalar &s, Value x) {
  Type i64 = s.b.getI64Type();
  return x.getType() == i64 ? x : s.make<arith::ExtUIOp>(i64, x);
}
Value fromI64(Scalar &s, Value x, Type type) {
  return x.getType() == type ? x : s.make<arith::TruncIOp>(type, x);
}

// elementwise._popcount: the set bits of the element's own width.
Value popcount(Scalar &s, Value x) {
  return fromI64(s, popcount64(s, toI64(s, x)), x.getType());
}

// elementwise._clz: the width minus the bit length (the highest set bit
// smeared right, then counted); clz(0) is the width.
Value countLeadingZeros(Scalar &s, Value x) {
  Value u = toI64(s, x);
  for (unsigned shift : {1, 2, 4, 8, 16, 32})
    u = s.ori(u, s.shrui(u, shift));
  Value width = s.integer(u.getType(), x.getType().getIntOrFloatBitWidth());
  return fromI64(s, s.subi(width, popcount64(s, u)), x.getType());
}

// elementwise._int_power: square and multiply, wrapping, over every bit of
// the exponent; x ** -n is 1 for x = 1, +-1 for x = -1 (by n's parity),
// else 0.
Value intPower(Scalar &s, bool isSigned, Value x, Value y) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value zero = s.integer(type, 0);
  Value one = s.integer(type, 1);
  Value negative = isSigned ? s.cmpi(CmpI::slt, y, zero) : Value();
  Value exponent = isSigned ? s.select(negative, zero, y) : y;
  Value lower = s.index(0);
  Value upper = s.index(width);
  Value step = s.index(1);
  auto loop = scf::ForOp::create(
      s.b, s.loc, lower, upper, step, ValueRange{one, x, exponent},
      [&](OpBuilder &b, Location loc, Value, ValueRange carried) {
        Scalar in(b, loc);
        Value result = carried[0], base = carried[1], rest = carried[2];
        Value odd = in.cmpi(CmpI::ne, in.andi(rest, one), zero);
        result = in.select(odd, in.muli(result, base), result);
        scf::YieldOp::create(b, loc,
                             ValueRange{result, in.muli(base, base),
                                        in.make<arith::ShRUIOp>(rest, one)});
      });
  Value power = loop.getResult(0);
  if (!isSigned)
    return power;
  Value minusOne = s.integer(type, -1);
  Value oddExponent = s.cmpi(CmpI::ne, s.andi(y, one), zero);
  Value ofMinusOne = s.select(oddExponent, minusOne, one);
  Value xIsMinusOne = s.cmpi(CmpI::eq, x, minusOne);
  Value inverse = s.select(xIsMinusOne, ofMinusOne, zero);
  Value xIsOne = s.cmpi(CmpI::eq, x, one);
  inverse = s.select(xIsOne, one, inverse);
  return s.select(negative, inverse, power);
}

// Binary ops on integers; null for the others.
Value intBinary(Scalar &s, Operation *op, bool isSigned, Value x, Value y) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) { return s.addi(x, y); })
      .Case([&](SubtractOp) { return s.subi(x, y); })
      .Case([&](MulOp) { return s.muli(x, y); })
      .Case([&](AndOp) { return s.andi(x, y); })
      .Case([&](OrOp) { return s.ori(x, y); })
      .Case([&](XorOp) { return s.xori(x, y); })
      .Case([&](DivOp) { return intDivRem(s, true, isSigned, x, y); })
      .Case([&](RemOp) { return intDivRem(s, false, isSigned, x, y); })
      .Case([&](MaxOp) {
        return isSigned ? s.make<arith::MaxSIOp>(x, y)
                        : s.make<arith::MaxUIOp>(x, y);
      })
      .Case([&](MinOp) {
        return isSigned ? s.make<arith::MinSIOp>(x, y)
                        : s.make<arith::MinUIOp>(x, y);
      })
      .Case([&](PowOp) { return intPower(s, isSigned, x, y); })
      .Case<ShiftLeftOp, ShiftRightLogicalOp, ShiftRightArithmeticOp>(
          [&](auto) { return shift(s, op, x, y); })
      .Default([](Operation *) { return Value(); });
}

// Binary ops on i1: add and maximum are or, multiply and minimum are and
// (XLA's, elementwise._add/_multiply/_maximum/_minimum).
Value boolBinary(Scalar &s, Operation *op, Value x, Value y) {
  if (isa<AddOp, OrOp, MaxOp>(op))
    return s.ori(x, y);
  if (isa<MulOp, AndOp, MinOp>(op))
    return s.andi(x, y);
  if (isa<XorOp>(op))
    return s.xori(x, y);
  return {};
}

//===--- Floats -----------------------------------------------------------===//

// combiners.float_max/float_min: the first NaN operand as it is, and -0.0
// below +0.0. Two zeros combine by their bits: max is -0 only if both are
// (and), min is -0 if either is (or).
Value floatMaxMin(Scalar &s, bool isMax, Value x, Value y) {
  Value xZero = s.cmpf(CmpF::OEQ, x, 0.0);
  Value yZero = s.cmpf(CmpF::OEQ, y, 0.0);
  Value zeros = s.andi(xZero, yZero);
  Value xb = s.bits(x);
  Value yb = s.bits(y);
  Value signedZero =
      s.fromBits(isMax ? s.andi(xb, yb) : s.ori(xb, yb), x.getType());
  Value ordered = s.cmpf(isMax ? CmpF::OGE : CmpF::OLE, x, y);
  Value xWins = s.ori(ordered, s.isNaN(x));
  return s.select(zeros, signedZero, s.select(xWins, x, y));
}

// Negate (flip) or abs (clear) on the sign bit, as numpy does, NaN included.
Value signBit(Scalar &s, Value x, bool flip) {
  APInt mask = APInt::getSignMask(x.getType().getIntOrFloatBitWidth());
  Value xb = s.bits(x);
  Value result = flip ? s.xori(xb, s.integer(xb.getType(), mask))
                      : s.andi(xb, ~mask);
  return s.fromBits(result, x.getType());
}

// combiners.total_order_key: the bits as a signed integer, negative values
// with their magnitude bits flipped (IEEE totalOrder; narrow floats on their
// own bits, which order as their f32 embedding does).
Value totalOrderKey(Scalar &s, Value x) {
  Value xb = s.bits(x);
  unsigned width = xb.getType().getIntOrFloatBitWidth();
  Value sign = s.make<arith::ShRSIOp>(xb, s.integer(xb.getType(), width - 1));
  return s.xori(s.andi(sign, APInt::getSignedMaxValue(width)), xb);
}

// A float computation on f32/f64 values (narrow floats are widened around
// it): the ops that compute through _via_f32, or as numpy's and ml_dtypes'
// arithmetic does.
using UnaryFn = Value (*)(Scalar &, Value);
using BinaryFn = Value (*)(Scalar &, Value, Value);

template <typename MathOp> Value mathOp(Scalar &s, Value x) {
  return s.make<MathOp>(x);
}
template <typename ArithOp> Value arithOp(Scalar &s, Value x, Value y) {
  return s.make<ArithOp>(x, y);
}

// elementwise._rsqrt: 1 / sqrt(x), two roundings.
Value rsqrt(Scalar &s, Value x) {
  Value one = s.real(x.getType(), 1.0);
  return s.divf(one, s.make<math::SqrtOp>(x));
}

// _ieee_power: C pow, but x ** +-0 and 1 ** y are 1 even for a signaling NaN
// (numpy's result; glibc's powf gives NaN there).
Value power(Scalar &s, Value x, Value y) {
  Value one = s.real(x.getType(), 1.0);
  Value byZero = s.cmpf(CmpF::OEQ, y, 0.0);
  Value ofOne = s.cmpf(CmpF::OEQ, x, one);
  Value unit = s.ori(byZero, ofOne);
  return s.select(unit, one, s.make<math::PowFOp>(x, y));
}

// `Ours` on f32 (and so on the narrow floats, computed in f32), the math op
// (numpy's loop, or libm) on f64.
template <Value (*Ours)(Scalar &, Value), typename MathOp>
Value oursOnF32(Scalar &s, Value x) {
  if (x.getType().isF32())
    return Ours(s, x);
  return s.make<MathOp>(x);
}

// elementwise._logistic: 1 / (1 + exp(-x)), exp ours on f32 (expF32: inline
// vector code, where a math.exp here became a numpy-loop call per element).
Value logistic(Scalar &s, Value x) {
  Value one = s.real(x.getType(), 1.0);
  Value e = oursOnF32<expF32, math::ExpOp>(s, s.make<arith::NegFOp>(x));
  return s.divf(one, s.addf(one, e));
}

UnaryFn floatUnaryFn(Operation *op) {
  return TypeSwitch<Operation *, UnaryFn>(op)
      .Case([](ExpOp) { return &oursOnF32<expF32, math::ExpOp>; })
      .Case([](Expm1Op) { return &oursOnF32<expm1F32, math::ExpM1Op>; })
      .Case([](LogOp) { return &mathOp<math::LogOp>; })
      .Case([](Log1pOp) { return &oursOnF32<log1pF32, math::Log1pOp>; })
      .Case([](SqrtOp) { return &mathOp<math::SqrtOp>; })
      .Case([](CbrtOp) { return &mathOp<math::CbrtOp>; })
      .Case([](TanhOp) { return &oursOnF32<tanhF32, math::TanhOp>; })
      .Case([](SineOp) { return &mathOp<math::SinOp>; })
      .Case([](CosineOp) { return &mathOp<math::CosOp>; })
      .Case([](TanOp) { return &mathOp<math::TanOp>; })
      .Case([](FloorOp) { return &mathOp<math::FloorOp>; })
      .Case([](CeilOp) { return &mathOp<math::CeilOp>; })
      // np.rint
      .Case([](RoundNearestEvenOp) { return &mathOp<math::RoundEvenOp>; })
      // _round_afz (trunc, then away from zero from a half on) is C round
      .Case([](RoundOp) { return &mathOp<math::RoundOp>; })
      .Case([](RsqrtOp) { return &rsqrt; })
      .Case([](LogisticOp) { return &logistic; })
      .Default([](Operation *) { return UnaryFn(nullptr); });
}

BinaryFn floatBinaryFn(Operation *op) {
  return TypeSwitch<Operation *, BinaryFn>(op)
      .Case([](AddOp) { return &arithOp<arith::AddFOp>; })
      .Case([](SubtractOp) { return &arithOp<arith::SubFOp>; })
      .Case([](MulOp) { return &arithOp<arith::MulFOp>; })
      .Case([](DivOp) { return &arithOp<arith::DivFOp>; })
      // np.fmod: the dividend's sign, exact
      .Case([](RemOp) { return &arithOp<arith::RemFOp>; })
      .Case([](PowOp) { return &power; })
      .Case([](Atan2Op) { return &arithOp<math::Atan2Op>; })
      .Default([](Operation *) { return BinaryFn(nullptr); });
}

Value floatBinary(Scalar &s, Operation *op, Value x, Value y) {
  if (isa<MaxOp, MinOp>(op))
    return floatMaxMin(s, isa<MaxOp>(op), x, y);
  BinaryFn fn = floatBinaryFn(op);
  if (!fn)
    return {};
  return s.viaF32(x.getType(), {x, y},
                  [&](ValueRange w) { return fn(s, w[0], w[1]); });
}

// elementwise._float_sign: +-0 and NaN are kept, else +-1.
Value floatSign(Scalar &s, Value x) {
  Type type = x.getType();
  Value zero = s.cmpf(CmpF::OEQ, x, 0.0);
  Value kept = s.ori(zero, s.isNaN(x));
  Value positive = s.cmpf(CmpF::OGT, x, 0.0);
  Value plusOne = s.real(type, 1.0);
  Value minusOne = s.real(type, -1.0);
  return s.select(kept, x, s.select(positive, plusOne, minusOne));
}

// elementwise._reduce_precision_bits on the bits of an IEEE float: the
// mantissa rounded to nearest even, then exponents out of the narrower range
// become +-inf (overflow) or +-0 (underflow); NaN is kept as it is. Callers
// check exponentBits >= 1.
Value reducePrecision(Scalar &s, Value x, uint32_t exponentBits,
                      uint32_t mantissaBits) {
  auto type = cast<FloatType>(x.getType());
  unsigned width = type.getWidth();
  unsigned srcMantissa = type.getFPMantissaWidth() - 1;
  unsigned srcExponent = width - 1 - srcMantissa;
  Value xb = s.bits(x);
  if (mantissaBits < srcMantissa) {
    unsigned shift = srcMantissa - mantissaBits;
    Value keptLsb = s.andi(s.shrui(xb, shift), APInt(width, 1));
    APInt halfBits = APInt::getLowBitsSet(width, shift - 1);
    Value half = s.integer(xb.getType(), halfBits);
    Value bias = s.addi(keptLsb, half);
    xb = s.andi(s.addi(xb, bias), ~APInt::getLowBitsSet(width, shift));
  }
  if (exponentBits < srcExponent) {
    uint64_t bias = (uint64_t(1) << (srcExponent - 1)) - 1;
    uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
    APInt exponentMask = s.exponentMask(type);
    APInt overflowAbove = APInt(width, bias + reducedBias).shl(srcMantissa);
    APInt underflowBelow = APInt(width, bias - reducedBias).shl(srcMantissa);
    Value exponent = s.andi(xb, exponentMask);
    Value signedZero = s.andi(xb, APInt::getSignMask(width));
    Value infinity = s.ori(signedZero, exponentMask);
    Value overflow =
        s.cmpi(CmpI::ugt, exponent, s.integer(xb.getType(), overflowAbove));
    Value underflow =
        s.cmpi(CmpI::ule, exponent, s.integer(xb.getType(), underflowBelow));
    xb = s.select(overflow, infinity, s.select(underflow, signedZero, xb));
  }
  Value nan = s.isNaN(x);
  return s.select(nan, x, s.fromBits(xb, type));
}

//===--- Complex ----------------------------------------------------------===//

// core/types.complex_product: the textbook formula, every step rounded.
Value complexProduct(Scalar &s, Value x, Value y) {
  auto [xr, xi] = s.parts(x);
  auto [yr, yi] = s.parts(y);
  Value rr = s.mulf(xr, yr);
  Value ii = s.mulf(xi, yi);
  Value re = s.subf(rr, ii);
  Value ri = s.mulf(xr, yi);
  Value ir = s.mulf(xi, yr);
  Value im = s.addf(ri, ir);
  return s.makeComplex(x.getType(), re, im);
}

// np.divide on complex numbers (numpy's loops.c.src: Smith's algorithm with
// a reciprocal; checked bit for bit against numpy, NaN and inf included).
Value complexQuotient(Scalar &s, Value x, Value y) {
  auto [xr, xi] = s.parts(x);
  auto [yr, yi] = s.parts(y);
  Value one = s.real(xr.getType(), 1.0);
  Value absR = signBit(s, yr, false);
  Value absI = signBit(s, yi, false);
  // |yr| >= |yi|: rat = yi / yr, scale = 1 / (yr + yi * rat)
  Value rat = s.divf(yi, yr);
  Value scale = s.divf(one, s.addf(yr, s.mulf(yi, rat)));
  Value re1 = s.mulf(s.addf(xr, s.mulf(xi, rat)), scale);
  Value im1 = s.mulf(s.subf(xi, s.mulf(xr, rat)), scale);
  // a zero divisor: parts divided by |yr| (inf or NaN)
  Value re0 = s.divf(xr, absR);
  Value im0 = s.divf(xi, absR);
  // |yr| < |yi|, or NaN: rat = yr / yi, scale = 1 / (yi + yr * rat)
  Value rat2 = s.divf(yr, yi);
  Value scale2 = s.divf(one, s.addf(yi, s.mulf(yr, rat2)));
  Value re2 = s.mulf(s.addf(s.mulf(xr, rat2), xi), scale2);
  Value im2 = s.mulf(s.subf(s.mulf(xi, rat2), xr), scale2);
  Value realFirst = s.cmpf(CmpF::OGE, absR, absI);
  Value rZero = s.cmpf(CmpF::OEQ, absR, 0.0);
  Value iZero = s.cmpf(CmpF::OEQ, absI, 0.0);
  Value byZero = s.andi(rZero, iZero);
  Value re = s.select(realFirst, s.select(byZero, re0, re1), re2);
  Value im = s.select(realFirst, s.select(byZero, im0, im1), im2);
  return s.makeComplex(x.getType(), re, im);
}

// The lexicographic order of the interpreter's complex max/min and compare:
// real parts by `strict`, equal real parts by the imaginary parts' `tie`.
Value lexicographic(Scalar &s, CmpF strict, CmpF tie, Value x, Value y) {
  auto [xr, xi] = s.parts(x);
  auto [yr, yi] = s.parts(y);
  Value first = s.cmpf(strict, xr, yr);
  Value sameReal = s.cmpf(CmpF::OEQ, xr, yr);
  Value second = s.cmpf(tie, xi, yi);
  return s.ori(first, s.andi(sameReal, second));
}

// combiners.complex_max/complex_min: x when it wins lexicographically, else
// y (so NaN comparisons pick y).
Value complexMaxMin(Scalar &s, bool isMax, Value x, Value y) {
  Value wins = isMax ? lexicographic(s, CmpF::OGT, CmpF::OGE, x, y)
                     : lexicographic(s, CmpF::OLT, CmpF::OLE, x, y);
  return s.select(wins, x, y);
}

Value complexBinary(Scalar &s, Operation *op, Value x, Value y) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) { return s.make<complex::AddOp>(x, y); })
      .Case([&](SubtractOp) { return s.make<complex::SubOp>(x, y); })
      .Case([&](MulOp) { return complexProduct(s, x, y); })
      .Case([&](DivOp) { return complexQuotient(s, x, y); })
      .Case([&](MaxOp) { return complexMaxMin(s, true, x, y); })
      .Case([&](MinOp) { return complexMaxMin(s, false, x, y); })
      .Default([](Operation *) { return Value(); });
}

// numpy's complex exp, log, sqrt, sin, cos, tan and tanh are the C library's
// (cexp, ...; cexpf for complex64): measured bit for bit, special values
// included (docs/decisions.md). Called directly, not as complex.exp, ... and
// convert-complex-to-libm: MLIR 22's pass has no exp, hands a complex<f32>
// over in two registers where x86-64's C ABI packs both parts in one, and
// complex.log(complex.exp(x)) folds to x.
struct LibmFunction {
  func::FuncOp callee;
  // x86-64 passes and returns a complex float in one SSE register, where a
  // double goes: its parts' bits travel as one f64 (the real part low).
  bool packed = false;
};

// The declaration of `name` (+ "f" for complex<f32>) at the top of the
// module of `op` (the op computed), once. The body being built may belong to
// an op not created yet (linalg's builders), so the module is `op`'s. None,
// with nothing created, in a detached block (the folder's, ScalarFolder: a
// call has no folder, the constant stays for run time), outside a module, or
// when the module's symbol of that name is another.
std::optional<LibmFunction> libmFunction(Scalar &s, Operation *op,
                                         StringRef name, ComplexType type) {
  Block *block = s.b.getInsertionBlock();
  if (!block || !block->getParent())
    return std::nullopt;
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return std::nullopt;
  LibmFunction f;
  bool f32 = type.getElementType().isF32();
  f.packed = f32 && llvm::Triple(llvm::sys::getProcessTriple()).getArch() ==
                        llvm::Triple::x86_64;
  Type abi = f.packed ? Type(s.b.getF64Type()) : Type(type);
  FunctionType signature = s.b.getFunctionType(abi, abi);
  std::string symbol = (name + (f32 ? "f" : "")).str();
  f.callee = linalg_lowering::declareFunction(s.b, module, symbol, signature);
  if (!f.callee)
    return std::nullopt;
  return f;
}

Value callLibm(Scalar &s, const LibmFunction &f, Value z) {
  if (!f.packed)
    return func::CallOp::create(s.b, s.loc, f.callee, ValueRange{z})
        .getResult(0);
  auto type = cast<ComplexType>(z.getType());
  Type i64 = s.b.getI64Type();
  Type i32 = s.b.getI32Type();
  auto [re, im] = s.parts(z);
  Value low = s.make<arith::ExtUIOp>(i64, s.bits(re));
  Value high = s.shli(s.make<arith::ExtUIOp>(i64, s.bits(im)), 32);
  Value arg = s.fromBits(s.ori(low, high), s.b.getF64Type());
  Value word = s.bits(
      func::CallOp::create(s.b, s.loc, f.callee, ValueRange{arg}).getResult(0));
  Type part = type.getElementType();
  Value resultRe = s.fromBits(s.make<arith::TruncIOp>(i32, word), part);
  Value highWord = s.shrui(word, 32);
  Value resultIm = s.fromBits(s.make<arith::TruncIOp>(i32, highWord), part);
  return s.makeComplex(type, resultRe, resultIm);
}

// A real math function that stays the C library's (kCLibraryFunction).
template <typename MathOp> Value cLibrary(Scalar &s, Value x) {
  auto op = MathOp::create(s.b, s.loc, x);
  op->setAttr(kCLibraryFunction, s.b.getUnitAttr());
  return op.getResult();
}

// The complex math functions the interpreter computes from those calls:
// rsqrt and logistic by numpy's complex division (elementwise._rsqrt,
// _logistic), expm1 by numpy's formula on the C library's real functions
// (nc_expm1: expm1(x) cos(y) - 2 sin(y/2)^2 + i exp(x) sin(y), each step
// rounded). Null for the others (abs and sign: numpy's own SIMD hypot; pow,
// log1p, cbrt, atan2: algorithms of their own), which call the runtime.
Value complexUnary(Scalar &s, Operation *op, Value z) {
  auto type = cast<ComplexType>(z.getType());
  if (isa<Expm1Op>(op)) {
    auto [x, y] = s.parts(z);
    Value two = s.real(x.getType(), 2.0);
    Value a = cLibrary<math::SinOp>(s, s.divf(y, two));
    Value c = cLibrary<math::CosOp>(s, y);
    Value re = s.subf(s.mulf(cLibrary<math::ExpM1Op>(s, x), c),
                      s.mulf(s.mulf(two, a), a));
    Value sine = cLibrary<math::SinOp>(s, y);
    Value im = s.mulf(cLibrary<math::ExpOp>(s, x), sine);
    return s.makeComplex(type, re, im);
  }
  StringRef name = TypeSwitch<Operation *, StringRef>(op)
                       .Case([](ExpOp) { return "cexp"; })
                       .Case([](LogisticOp) { return "cexp"; })
                       .Case([](LogOp) { return "clog"; })
                       .Case([](SqrtOp) { return "csqrt"; })
                       .Case([](RsqrtOp) { return "csqrt"; })
                       .Case([](SineOp) { return "csin"; })
                       .Case([](CosineOp) { return "ccos"; })
                       .Case([](TanOp) { return "ctan"; })
                       .Case([](TanhOp) { return "ctanh"; })
                       .Default([](Operation *) { return StringRef(); });
  if (name.empty())
    return {};
  std::optional<LibmFunction> f = libmFunction(s, op, name, type);
  if (!f)
    return {};
  auto unit = [&] {
    Value one = s.real(type.getElementType(), 1.0);
    Value zero = s.real(type.getElementType(), 0.0);
    return s.makeComplex(type, one, zero);
  };
  if (isa<RsqrtOp>(op))
    return complexQuotient(s, unit(), callLibm(s, *f, z));
  if (isa<LogisticOp>(op)) {
    Value e = callLibm(s, *f, s.make<complex::NegOp>(z));
    Value one = unit();
    return complexQuotient(s, one, s.make<complex::AddOp>(one, e));
  }
  return callLibm(s, *f, z);
}

//===--- Compare ----------------------------------------------------------===//

CmpI intPredicate(ComparisonDirection direction, bool isSigned) {
  switch (direction) {
  case ComparisonDirection::EQ:
    return CmpI::eq;
  case ComparisonDirection::NE:
    return CmpI::ne;
  case ComparisonDirection::GE:
    return isSigned ? CmpI::sge : CmpI::uge;
  case ComparisonDirection::GT:
    return isSigned ? CmpI::sgt : CmpI::ugt;
  case ComparisonDirection::LE:
    return isSigned ? CmpI::sle : CmpI::ule;
  case ComparisonDirection::LT:
    return isSigned ? CmpI::slt : CmpI::ult;
  }
  return CmpI::eq;
}

// numpy's float comparisons: ordered, except != (true for NaN).
CmpF floatPredicate(ComparisonDirection direction) {
  switch (direction) {
  case ComparisonDirection::EQ:
    return CmpF::OEQ;
  case ComparisonDirection::NE:
    return CmpF::UNE;
  case ComparisonDirection::GE:
    return CmpF::OGE;
  case ComparisonDirection::GT:
    return CmpF::OGT;
  case ComparisonDirection::LE:
    return CmpF::OLE;
  case ComparisonDirection::LT:
    return CmpF::OLT;
  }
  return CmpF::OEQ;
}

// elementwise._compare: integers by the element type's signedness (i1
// unsigned, whatever compare_type says: C3 deviation); floats as numpy compares
// (FLOAT) or by totalOrder keys (TOTALORDER); complex EQ/NE part-wise, the
// other directions lexicographic.
Value compare(Scalar &s, CompareOp op, Kind kind, Value x, Value y) {
  ComparisonDirection direction = op.getComparisonDirection();
  switch (kind) {
  case Kind::Bool:
  case Kind::Unsigned:
    return s.cmpi(intPredicate(direction, false), x, y);
  case Kind::Signed:
    return s.cmpi(intPredicate(direction, true), x, y);
  case Kind::Float: {
    if (op.getCompareType() != ComparisonType::TOTALORDER)
      return s.cmpf(floatPredicate(direction), x, y);
    Value xKey = totalOrderKey(s, x);
    Value yKey = totalOrderKey(s, y);
    return s.cmpi(intPredicate(direction, true), xKey, yKey);
  }
  case Kind::Complex: {
    CmpF predicate = floatPredicate(direction);
    if (direction == ComparisonDirection::EQ ||
        direction == ComparisonDirection::NE) {
      auto [xr, xi] = s.parts(x);
      auto [yr, yi] = s.parts(y);
      Value re = s.cmpf(predicate, xr, yr);
      Value im = s.cmpf(predicate, xi, yi);
      return direction == ComparisonDirection::EQ ? s.andi(re, im)
                                                  : s.ori(re, im);
    }
    bool greater = direction == ComparisonDirection::GE ||
                   direction == ComparisonDirection::GT;
    return lexicographic(s, greater ? CmpF::OGT : CmpF::OLT, predicate, x, y);
  }
  case Kind::Small: // decoded by the caller
  case Kind::None:
    break;
  }
  return {};
}

//===--- Unary ops --------------------------------------------------------===//

// elementwise._sign: np.sign (-1, 0, 1; unsigned 0, 1), _float_sign.
Value sign(Scalar &s, Kind kind, Value x) {
  if (kind == Kind::Float)
    return floatSign(s, x);
  Type type = x.getType();
  Value zero = s.integer(type, 0);
  Value one = s.integer(type, 1);
  if (kind == Kind::Unsigned)
    return s.select(s.cmpi(CmpI::ne, x, zero), one, zero);
  Value minusOne = s.integer(type, -1);
  Value negative = s.cmpi(CmpI::slt, x, zero);
  Value positive = s.cmpi(CmpI::sgt, x, zero);
  return s.select(positive, one, s.select(negative, minusOne, zero));
}

// negate, abs, not, sign, popcnt, count_leading_zeros (result type = operand
// type); null for other ops and unsupported kinds.
Value unary(Scalar &s, Operation *op, Kind kind, Value x) {
  bool integer = isInteger(kind);
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](NegOp) -> Value {
        if (integer)
          return s.negi(x);
        if (kind == Kind::Float)
          return signBit(s, x, /*flip=*/true);
        if (kind == Kind::Complex)
          return s.make<complex::NegOp>(x);
        return {};
      })
      .Case([&](AbsOp) -> Value {
        if (kind == Kind::Signed) { // abs(INT_MIN) = INT_MIN
          Value negative = s.cmpi(CmpI::slt, x, 0);
          return s.select(negative, s.negi(x), x);
        }
        if (kind == Kind::Unsigned)
          return x; // np.abs
        if (kind == Kind::Float)
          return signBit(s, x, /*flip=*/false);
        return {}; // complex: numpy's hypot
      })
      .Case([&](NotOp) -> Value {
        if (integer || kind == Kind::Bool)
          return s.xori(x, s.integer(x.getType(), -1));
        return {};
      })
      .Case([&](SignOp) -> Value {
        if (integer || kind == Kind::Float)
          return sign(s, kind, x);
        return {};
      })
      .Case([&](PopulationCountOp) -> Value {
        return integer ? popcount(s, x) : Value();
      })
      .Case([&](ClzOp) -> Value {
        return integer ? countLeadingZeros(s, x) : Value();
      })
      .Default([](Operation *) { return Value(); });
}

//===--- Convert ----------------------------------------------------------===//

// numpy's f16 conversions (software) move a NaN over with its sign and the
// top bits of its payload, not quieted; a narrowed payload of 0 becomes 1 so
// that the result stays NaN. One of `x`'s type and `to` is f16, the other f32
// or f64.
Value halfNaN(Scalar &s, Value x, Type to) {
  auto from = cast<FloatType>(x.getType());
  auto target = cast<FloatType>(to);
  unsigned fromWidth = from.getWidth(), toWidth = target.getWidth();
  unsigned fromMantissa = from.getFPMantissaWidth() - 1;
  unsigned toMantissa = target.getFPMantissaWidth() - 1;
  Type toBits = s.bitsType(to);
  Value u = s.bits(x);
  Value payload = s.andi(u, APInt::getLowBitsSet(fromWidth, fromMantissa));
  Value sign = s.shrui(u, fromWidth - 1);
  if (fromWidth < toWidth) {
    payload = s.shli(s.make<arith::ExtUIOp>(toBits, payload),
                     toMantissa - fromMantissa);
    sign = s.make<arith::ExtUIOp>(toBits, sign);
  } else {
    payload = s.make<arith::TruncIOp>(
        toBits, s.shrui(payload, fromMantissa - toMantissa));
    Value lost = s.cmpi(CmpI::eq, payload, 0);
    payload = s.select(lost, s.integer(toBits, 1), payload);
    sign = s.make<arith::TruncIOp>(toBits, sign);
  }
  Value result = s.ori(s.shli(sign, toWidth - 1), s.exponentMask(to));
  return s.fromBits(s.ori(result, payload), to);
}

// `converted` (of f16 `x`, or of `x` to f16), its NaNs as numpy's are.
Value withHalfNaN(Scalar &s, Value x, Value converted) {
  Value nan = s.isNaN(x);
  return s.select(nan, halfNaN(s, x, converted.getType()), converted);
}

// conversion._f64_to_f32_round_to_odd: f64 narrowed to f32 toward zero, the
// last bit set when inexact; rounding that once more to f16 rounds correctly
// (a direct f64 -> f16 truncation may go through f32 and round twice).
Value roundToOddF32(Scalar &s, Value x) {
  Type f32 = s.b.getF32Type(), f64 = x.getType();
  Value y = s.make<arith::TruncFOp>(f32, x);
  Value back = s.make<arith::ExtFOp>(f64, y);
  Value backMagnitude = signBit(s, back, false);
  Value xMagnitude = signBit(s, x, false);
  Value over = s.cmpf(CmpF::OGT, backMagnitude, xMagnitude);
  Value yb = s.bits(y);
  yb = s.select(over, s.subi(yb, s.integer(yb.getType(), 1)), yb);
  Value inexact =
      s.make<arith::ExtUIOp>(yb.getType(), s.cmpf(CmpF::ONE, back, x));
  return s.fromBits(s.ori(yb, inexact), f32);
}

// Float to float (f16, bf16, f32, f64), as numpy and ml_dtypes convert:
// correctly rounded (nearest even); bf16 through f32 (f64 -> bf16 too, as
// XLA); f16's NaNs as numpy moves them.
Value floatToFloat(Scalar &s, Value x, Type to) {
  Type from = x.getType();
  Type f32 = s.b.getF32Type();
  if (from == to)
    return x;
  if (isa<BFloat16Type>(to)) {
    Value wide = isa<Float64Type>(from) ? s.make<arith::TruncFOp>(f32, x)
                                        : s.widen(x);
    return s.narrow(wide, to);
  }
  if (isa<BFloat16Type>(from))
    return floatToFloat(s, s.widen(x), to); // exact: bf16 -> f32
  if (isa<Float16Type>(from))
    return withHalfNaN(s, x, s.make<arith::ExtFOp>(to, x));
  if (isa<Float16Type>(to)) {
    Value narrowed = isa<Float64Type>(from) ? roundToOddF32(s, x) : x;
    return withHalfNaN(s, x, s.make<arith::TruncFOp>(to, narrowed));
  }
  if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
    return s.make<arith::ExtFOp>(to, x);
  return s.make<arith::TruncFOp>(to, x);
}

// conversion._float_to_int: truncation toward zero, NaN -> 0, values out of
// range saturate at the type's min/max. The limits are powers of two (exact
// in f32 and f64); fptosi/fptoui only ever see an in-range value.
Value floatToInt(Scalar &s, Value x, Kind target, Type to) {
  Value wide = s.widen(x);
  Type type = wide.getType();
  Type result = computeType(to);
  unsigned width = result.getIntOrFloatBitWidth();
  bool isSigned = target == Kind::Signed;
  double low = isSigned ? -std::ldexp(1.0, width - 1) : 0.0;
  double limit = std::ldexp(1.0, isSigned ? width - 1 : width);
  Value above = s.cmpf(CmpF::OGE, wide, limit);
  Value below = s.cmpf(CmpF::OLT, wide, low);
  Value notBelow = s.cmpf(CmpF::OGE, wide, low);
  Value notAbove = s.cmpf(CmpF::OLT, wide, limit);
  Value inRange = s.andi(notBelow, notAbove); // false for NaN
  Value safe = s.select(inRange, wide, s.real(type, 0.0));
  Value value = isSigned ? s.make<arith::FPToSIOp>(result, safe)
                         : s.make<arith::FPToUIOp>(result, safe);
  Value max = s.integer(result, isSigned ? APInt::getSignedMaxValue(width)
                                         : APInt::getMaxValue(width));
  Value min = s.integer(result, isSigned ? APInt::getSignedMinValue(width)
                                         : APInt::getMinValue(width));
  return s.select(above, max, s.select(below, min, value));
}

// stablehlo.convert between supported kinds (conversion.convert_values).
Value convertValue(Scalar &s, Value x, Type from, Type to) {
  if (from == to)
    return x;
  Kind source = kindOf(from), target = kindOf(to);
  Type f32 = s.b.getF32Type();
  if (source == Kind::Small) { // through f32, exact (as conversion.py)
    Value wide = decode(s, *smallFloat(from), x);
    if (target == Kind::Small)
      return encode(s, *smallFloat(to), wide, /*convert=*/true);
    return convertValue(s, wide, f32, to);
  }
  if (source == Kind::Complex) {
    Type part = cast<ComplexType>(from).getElementType();
    if (target != Kind::Complex) // the real part (the spec ignores imag)
      return convertValue(s, s.make<complex::ReOp>(x), part, to);
    auto [re, im] = s.parts(x);
    Type toPart = cast<ComplexType>(to).getElementType();
    Value toRe = convertValue(s, re, part, toPart);
    Value toIm = convertValue(s, im, part, toPart);
    return s.makeComplex(to, toRe, toIm);
  }
  if (target == Kind::Complex) { // imag +0
    Type part = cast<ComplexType>(to).getElementType();
    Value re = convertValue(s, x, from, part);
    Value im = s.real(part, 0.0);
    return s.makeComplex(to, re, im);
  }
  if (target == Kind::Small) { // rounded once from f32 (f64: to odd first)
    Value wide;
    if (source == Kind::Float)
      wide = isa<Float64Type>(from) ? roundToOddF32(s, x) : s.widen(x);
    else if (source == Kind::Signed)
      wide = s.make<arith::SIToFPOp>(f32, x);
    else
      wide = s.make<arith::UIToFPOp>(f32, x);
    return encode(s, *smallFloat(to), wide, /*convert=*/true);
  }
  if (target == Kind::Bool) // x != 0 (NaN != 0)
    return source == Kind::Float ? s.cmpf(CmpF::UNE, x, 0.0)
                                 : s.cmpi(CmpI::ne, x, 0);
  if (isInteger(target)) {
    if (source == Kind::Float)
      return floatToInt(s, x, target, to);
    // ints wrap: extended by the source's signedness (i1 is 0/1), truncated
    Type result = computeType(to);
    unsigned fromWidth = x.getType().getIntOrFloatBitWidth();
    unsigned toWidth = result.getIntOrFloatBitWidth();
    if (fromWidth == toWidth)
      return x;
    if (fromWidth > toWidth)
      return s.make<arith::TruncIOp>(result, x);
    if (source == Kind::Signed)
      return s.make<arith::ExtSIOp>(result, x);
    return s.make<arith::ExtUIOp>(result, x);
  }
  if (source == Kind::Float)
    return floatToFloat(s, x, to);
  // integers to f16/bf16 round to f32 first (conversion.py, as XLA)
  Type wide = s.wideType(to);
  Value value = source == Kind::Signed ? s.make<arith::SIToFPOp>(wide, x)
                                       : s.make<arith::UIToFPOp>(wide, x);
  return s.narrow(value, to);
}

//===--- Ops with their own operand and result types ----------------------===//

// bitcast_convert between element types of one width: the same bits.
Value bitcastConvert(Scalar &s, Value x, Type from, Type to) {
  if (!isa<IntegerType, FloatType>(from) || !isa<IntegerType, FloatType>(to) ||
      from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return {};
  Type result = computeType(to);
  return x.getType() == result ? x : s.make<arith::BitcastOp>(result, x);
}

// clamp(min, operand, max) = minimum(maximum(operand, min), max) with the
// element type's maximum/minimum (elementwise._clamp).
Value clamp(Scalar &s, Kind kind, Value low, Value x, Value high) {
  switch (kind) {
  case Kind::Bool:
    return s.andi(s.ori(x, low), high);
  case Kind::Signed:
    return s.make<arith::MinSIOp>(s.make<arith::MaxSIOp>(x, low), high);
  case Kind::Unsigned:
    return s.make<arith::MinUIOp>(s.make<arith::MaxUIOp>(x, low), high);
  case Kind::Float:
    return floatMaxMin(s, false, floatMaxMin(s, true, x, low), high);
  case Kind::Complex:
    return complexMaxMin(s, false, complexMaxMin(s, true, x, low), high);
  case Kind::Small:
  case Kind::None:
    break;
  }
  return {};
}

//===--- Floats of at most 8 bits: the ops --------------------------------===//

// float_max/float_min on small floats: chosen by their f32 values (the
// first NaN operand as it is), two zeros by their bits (max: -0 only if
// both are; min: if either is).
Value smallMaxMin(Scalar &s, const SmallFloat &f, bool isMax, Value x,
                  Value y) {
  Value wideX = decode(s, f, x);
  Value wideY = decode(s, f, y);
  Value xZero = s.cmpf(CmpF::OEQ, wideX, 0.0);
  Value yZero = s.cmpf(CmpF::OEQ, wideY, 0.0);
  Value zeros = s.andi(xZero, yZero);
  Value signedZero = isMax ? s.andi(x, y) : s.ori(x, y);
  Value ordered = s.cmpf(isMax ? CmpF::OGE : CmpF::OLE, wideX, wideY);
  Value xWins = s.ori(ordered, s.isNaN(wideX));
  return s.select(zeros, signedZero, s.select(xWins, x, y));
}

// reduce_precision on a small float: its value reduced in f16 where f16
// holds every value of the type (subnormals included), else in f32, then
// converted back (elementwise._reduce_precision, as XLA).
Value smallReducePrecision(Scalar &s, const SmallFloat &f, Value x,
                           uint32_t exponentBits, uint32_t mantissaBits) {
  Type f32 = s.b.getF32Type(), f16 = s.b.getF16Type();
  Value wide = decode(s, f, x);
  bool inHalf = f.mantissa <= 10 && f.maxExp <= 15 &&
                f.minExp - int(f.mantissa) >= -24;
  if (inHalf) {
    Value half = s.make<arith::TruncFOp>(f16, wide); // exact
    half = reducePrecision(s, half, exponentBits, mantissaBits);
    wide = s.make<arith::ExtFOp>(f32, half);
  } else {
    wide = reducePrecision(s, wide, exponentBits, mantissaBits);
  }
  return encode(s, f, wide, /*convert=*/true);
}

// The element-wise ops on small floats (as their bits). ml_dtypes computes
// them in f32 and rounds once (its arithmetic, and _via_f32); negate, abs
// and sign keep its bit rules: the FNUZ types' 0 and NaN keep their sign,
// E8M0FNU (unsigned) negates to NaN and abs is itself, sign keeps NaN and
// zero (E8M0FNU's all-zero pattern, 2^-127, gives 1). Null for other ops.
Value smallFloatOp(Scalar &s, Operation *op, const SmallFloat &f,
                   ArrayRef<Type> operandTypes, ValueRange args,
                   Type resultType) {
  Type type = operandTypes.front();
  auto widen = [&](Value x) { return decode(s, f, x); };
  auto round = [&](Value x) { return encode(s, f, x, /*convert=*/false); };
  if (auto compareOp = dyn_cast<CompareOp>(op)) { // on the f32 values
    if (operandTypes[1] != type || !isPredicate(resultType) ||
        !compareOp.getComparisonDirectionAttr())
      return {};
    Value x = widen(args[0]);
    Value y = widen(args[1]);
    return compare(s, compareOp, Kind::Float, x, y);
  }
  if (isa<RealOp, ImagOp>(op)) { // imag: 0 converted (E8M0FNU: NaN)
    if (resultType != type)
      return {};
    return isa<RealOp>(op) ? args[0] : round(s.real(s.b.getF32Type(), 0.0));
  }
  if (isa<IsFiniteOp>(op)) {
    if (!isPredicate(resultType))
      return {};
    Value exponent = s.andi(s.bits(widen(args[0])), APInt(32, 0x7F800000));
    return s.cmpi(CmpI::ne, exponent, 0x7F800000);
  }
  if (!llvm::all_equal(operandTypes) || resultType != type)
    return {};
  if (isa<ClampOp>(op))
    return smallMaxMin(s, f, false, smallMaxMin(s, f, true, args[1], args[0]),
                       args[2]);
  if (auto reduce = dyn_cast<ReducePrecisionOp>(op)) {
    if (!reduce.getExponentBitsAttr() || !reduce.getMantissaBitsAttr() ||
        reduce.getExponentBits() < 1)
      return {};
    return smallReducePrecision(s, f, args[0], reduce.getExponentBits(),
                                reduce.getMantissaBits());
  }
  if (UnaryFn fn = floatUnaryFn(op))
    return round(fn(s, widen(args[0])));
  if (args.size() == 2) {
    if (isa<MaxOp, MinOp>(op))
      return smallMaxMin(s, f, isa<MaxOp>(op), args[0], args[1]);
    BinaryFn fn = floatBinaryFn(op);
    if (!fn)
      return {};
    Value x = widen(args[0]);
    Value y = widen(args[1]);
    return round(fn(s, x, y));
  }
  if (args.size() != 1)
    return {};
  Value x = args[0];
  bool fnuz = f.nans == SmallFloat::NaNs::NegativeZero;
  auto magnitude = [&] { return s.andi(x, APInt(f.width, f.magnitude)); };
  auto noMagnitude = [&] { return s.cmpi(CmpI::eq, magnitude(), 0); };
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](NegOp) -> Value {
        if (!f.hasSign) // -x is NaN
          return round(s.make<arith::NegFOp>(widen(x)));
        Value flipped = s.xori(x, s.integer(x.getType(), f.signMask));
        return fnuz ? s.select(noMagnitude(), x, flipped) : flipped;
      })
      .Case([&](AbsOp) -> Value {
        if (!f.hasSign)
          return x;
        if (!fnuz)
          return magnitude();
        Value nan = s.cmpi(CmpI::eq, x, f.signMask);
        return s.select(nan, x, magnitude());
      })
      .Case([&](SignOp) -> Value {
        Value wide = widen(x);
        if (!f.hasZero) // E8M0FNU: all positive, 2^-127 too (1, as XLA)
          return s.select(s.isNaN(wide), x, round(s.real(wide.getType(), 1.0)));
        Value zero = noMagnitude();
        Value kept = s.ori(zero, s.isNaN(wide));
        Value positive = s.cmpf(CmpF::OGT, wide, 0.0);
        Value plusOne = round(s.real(wide.getType(), 1.0));
        Value minusOne = round(s.real(wide.getType(), -1.0));
        return s.select(kept, x, s.select(positive, plusOne, minusOne));
      })
      .Default([](Operation *) { return Value(); });
}

} // namespace

Type computeType(Type element) {
  if (auto integer = dyn_cast_or_null<IntegerType>(element))
    if (!integer.isSignless())
      return IntegerType::get(integer.getContext(), integer.getWidth());
  if (smallFloat(element)) // held as its bits
    return IntegerType::get(element.getContext(),
                            element.getIntOrFloatBitWidth());
  return element;
}

bool isSmallFloat(Type element) { return smallFloat(element).has_value(); }

Value emitSmallFloatToF32(OpBuilder &b, Location loc, Value bits,
                          Type element) {
  std::optional<SmallFloat> f = smallFloat(element);
  if (!f || !bits || bits.getType() != computeType(element))
    return {};
  Scalar s(b, loc);
  return decode(s, *f, bits);
}

Value emitF32ToSmallFloat(OpBuilder &b, Location loc, Value value,
                          Type element) {
  std::optional<SmallFloat> f = smallFloat(element);
  if (!f || !value || !value.getType().isF32())
    return {};
  Scalar s(b, loc);
  return encode(s, *f, value, /*convert=*/false);
}

Value emitConvert(OpBuilder &b, Location loc, Value value, Type from,
                  Type to) {
  if (!value || !from || !to || value.getType() != computeType(from))
    return {};
  if (kindOf(from) == Kind::None || kindOf(to) == Kind::None)
    return {};
  Scalar s(b, loc);
  return convertValue(s, value, from, to);
}

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange args,
                   ArrayRef<Type> operandTypes, Type resultType) {
  if (!op || !resultType || operandTypes.empty() ||
      args.size() != operandTypes.size() ||
      args.size() != op->getNumOperands())
    return {};
  for (auto [arg, type] : llvm::zip(args, operandTypes))
    if (!arg || !type || arg.getType() != computeType(type))
      return {};
  Scalar s(b, loc);
  Type type = operandTypes.front();
  Kind kind = kindOf(type);

  // Ops whose types differ between operands and result.
  if (isa<ConvertOp>(op))
    return emitConvert(b, loc, args[0], type, resultType);
  if (isa<BitcastConvertOp>(op))
    return bitcastConvert(s, args[0], type, resultType);
  if (isa<SelectOp>(op)) { // select(pred, on_true, on_false): any element
    if (!isPredicate(type) || operandTypes[1] != resultType ||
        operandTypes[2] != resultType ||
        !isa<IntegerType, FloatType, ComplexType>(resultType))
      return {};
    return s.select(args[0], args[1], args[2]);
  }
  if (kind == Kind::Small)
    return smallFloatOp(s, op, *smallFloat(type), operandTypes, args,
                        resultType);
  if (auto compareOp = dyn_cast<CompareOp>(op)) {
    if (operandTypes[1] != type || !isPredicate(resultType) ||
        !compareOp.getComparisonDirectionAttr())
      return {};
    return compare(s, compareOp, kind, args[0], args[1]);
  }
  if (isa<ComplexOp>(op)) { // complex(real, imag)
    if (!isa<Float32Type, Float64Type>(type) || operandTypes[1] != type ||
        resultType != ComplexType::get(type))
      return {};
    return s.makeComplex(resultType, args[0], args[1]);
  }
  if (isa<RealOp, ImagOp>(op)) {
    bool isReal = isa<RealOp>(op);
    if (kind == Kind::Complex &&
        resultType == cast<ComplexType>(type).getElementType())
      return isReal ? s.make<complex::ReOp>(args[0])
                    : s.make<complex::ImOp>(args[0]);
    // a real operand: real is itself, imag is +0 (elementwise._real_zeros)
    if (kind == Kind::Float && resultType == type)
      return isReal ? args[0] : s.real(type, 0.0);
    return {};
  }
  if (isa<IsFiniteOp>(op)) { // neither inf nor NaN: exponent not all ones
    if (kind != Kind::Float || !isPredicate(resultType))
      return {};
    APInt mask = s.exponentMask(type);
    Value exponent = s.andi(s.bits(args[0]), mask);
    return s.cmpi(CmpI::ne, exponent, s.integer(exponent.getType(), mask));
  }

  // The other ops keep their operands' type.
  if (!llvm::all_equal(operandTypes) || resultType != type)
    return {};
  if (isa<ClampOp>(op))
    return clamp(s, kind, args[0], args[1], args[2]);
  if (auto reduce = dyn_cast<ReducePrecisionOp>(op)) {
    if (kind != Kind::Float || !reduce.getExponentBitsAttr() ||
        !reduce.getMantissaBitsAttr() || reduce.getExponentBits() < 1)
      return {};
    return reducePrecision(s, args[0], reduce.getExponentBits(),
                           reduce.getMantissaBits());
  }
  if (UnaryFn fn = floatUnaryFn(op)) {
    if (kind == Kind::Complex)
      return complexUnary(s, op, args[0]);
    if (kind != Kind::Float)
      return {};
    return s.viaF32(type, args, [&](ValueRange w) { return fn(s, w[0]); });
  }
  if (args.size() == 1)
    return unary(s, op, kind, args[0]);
  if (args.size() != 2)
    return {};
  Value x = args[0], y = args[1];
  switch (kind) {
  case Kind::Bool:
    return boolBinary(s, op, x, y);
  case Kind::Signed:
  case Kind::Unsigned:
    return intBinary(s, op, kind == Kind::Signed, x, y);
  case Kind::Float:
    return floatBinary(s, op, x, y);
  case Kind::Complex:
    return complexBinary(s, op, x, y);
  case Kind::Small:
  case Kind::None:
    break;
  }
  return {};
}

//===--- The table on constants -------------------------------------------===//

bool ScalarFolder::canFold(MLIRContext *context) {
  return context->getLoadedDialect<arith::ArithDialect>() &&
         context->getLoadedDialect<math::MathDialect>() &&
         context->getLoadedDialect<complex::ComplexDialect>() &&
         context->getLoadedDialect<scf::SCFDialect>();
}

namespace {

// Numbers the values of `graph`'s block and folds its constants once.
void numberGraph(ScalarFolder::Graph &graph) {
  Block &block = *graph.block;
  for (BlockArgument arg : block.getArguments())
    graph.slots[arg] = graph.slots.size();
  for (Operation &op : block)
    for (Value value : op.getResults())
      graph.slots[value] = graph.slots.size();
  graph.constants.assign(graph.slots.size(), Attribute());
  for (Operation &op : block) {
    SmallVector<OpFoldResult> folded;
    if (op.getNumOperands() == 0 && op.getNumResults() == 1 &&
        succeeded(op.fold({}, folded)) && folded.size() == 1 &&
        isa<Attribute>(folded.front()))
      graph.constants[graph.slots[op.getResult(0)]] =
          cast<Attribute>(folded.front());
  }
}

// `attr` (a FloatAttr, or float elements) converted to `to` (a float type,
// or a shaped type of floats) rounding to nearest even; null otherwise.
Attribute convertFloats(Attribute attr, Type to) {
  auto convert = [](APFloat value, FloatType type) {
    bool lost = false;
    value.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &lost);
    return value;
  };
  if (auto scalar = dyn_cast_or_null<FloatAttr>(attr)) {
    auto type = dyn_cast<FloatType>(to);
    return type ? FloatAttr::get(type, convert(scalar.getValue(), type))
                : Attribute();
  }
  auto elements = dyn_cast_or_null<DenseElementsAttr>(attr);
  auto shaped = dyn_cast<ShapedType>(to);
  auto type = shaped ? dyn_cast<FloatType>(shaped.getElementType()) : nullptr;
  if (!elements || !type || !isa<FloatType>(elements.getElementType()))
    return {};
  SmallVector<APFloat> values;
  for (const APFloat &value : elements.getValues<APFloat>())
    values.push_back(convert(value, type));
  return DenseElementsAttr::get(shaped, values);
}

// The value of `value` for the arguments in graph.known, demand-driven: a
// select evaluates its condition, then (for a scalar or splat condition)
// only the operand it picks (the other may be a guarded computation that
// does not fold, e.g. a division by the zero the guard excludes). Null when
// some op it depends on does not fold.
Attribute valueOf(ScalarFolder::Graph &graph, Value value) {
  auto slot = graph.slots.find(value);
  if (slot == graph.slots.end())
    return {};
  Attribute &known = graph.known[slot->second];
  if (known)
    return known;
  Operation *op = value.getDefiningOp();
  if (!op || op->getBlock() != graph.block.get() || op->getNumRegions())
    return {};
  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    Attribute condition = valueOf(graph, select.getCondition());
    std::optional<bool> picked;
    if (auto scalar = dyn_cast_or_null<IntegerAttr>(condition))
      picked = scalar.getValue().isOne();
    else if (auto splat = dyn_cast_or_null<SplatElementsAttr>(condition))
      picked = splat.getSplatValue<APInt>().isOne();
    if (picked) {
      Attribute chosen = valueOf(graph, *picked ? select.getTrueValue()
                                                : select.getFalseValue());
      return graph.known[slot->second] = chosen;
    }
    if (!condition)
      return {};
  }
  SmallVector<Attribute> operands;
  for (Value operand : op->getOperands()) {
    operands.push_back(valueOf(graph, operand));
    if (!operands.back())
      return {};
  }
  SmallVector<OpFoldResult> folded;
  if (succeeded(op->fold(operands, folded)) &&
      folded.size() == op->getNumResults()) {
    for (auto [result, fold] : llvm::zip(op->getResults(), folded)) {
      Attribute attr = isa<Attribute>(fold) ? cast<Attribute>(fold)
                                            : valueOf(graph, cast<Value>(fold));
      if (!attr)
        return {};
      graph.known[graph.slots[result]] = attr;
    }
    return graph.known[slot->second];
  }
  // arith.truncf's and arith.extf's folders decline inexact or invalid
  // conversions (a rounding, an overflow, a signaling NaN): MLIR leaves them
  // for run time. The lowering's fptrunc and fpext round to nearest even (as
  // LLVM's default rounding mode does) and quiet a signaling NaN, as
  // APFloat's conversion does: the same conversion here.
  if (isa<arith::TruncFOp, arith::ExtFOp>(op)) {
    auto trunc = dyn_cast<arith::TruncFOp>(op);
    if (trunc && trunc.getRoundingmode() &&
        *trunc.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return {};
    return graph.known[slot->second] =
               convertFloats(operands.front(), op->getResult(0).getType());
  }
  // math.sqrt's folder declines every negative operand, -0 too; IEEE's
  // sqrt(-0) is -0 (as the lowering's sqrt instruction gives).
  if (isa<math::SqrtOp>(op)) {
    auto x = dyn_cast<FloatAttr>(operands.front());
    if (x && x.getValue().isZero())
      return graph.known[slot->second] = x;
    return {};
  }
  // An op that does not fold, or folds in place (no results): its value is
  // not known here.
  return {};
}

} // namespace

ScalarFolder::ScalarFolder(MLIRContext *context, ArrayRef<Type> argTypes,
                           Emit emit)
    : context(context) {
  scalar.block = std::make_unique<Block>();
  if (!canFold(context))
    return;
  Location loc = UnknownLoc::get(context);
  for (Type type : argTypes)
    scalar.block->addArgument(type, loc);
  OpBuilder b(context); // (the block has no region to take it from)
  b.setInsertionPointToEnd(scalar.block.get());
  scalar.result = emit(b, loc, scalar.block->getArguments());
  if (scalar.result)
    numberGraph(scalar);
}

ScalarFolder::~ScalarFolder() = default;

Attribute ScalarFolder::evaluate(ArrayRef<Attribute> args) {
  Block *block = scalar.block.get();
  if (!scalar.result || args.size() != block->getNumArguments())
    return {};
  scalar.known = scalar.constants;
  for (auto [arg, value] : llvm::zip(block->getArguments(), args)) {
    auto typed = dyn_cast_or_null<TypedAttr>(value);
    if (!typed || typed.getType() != arg.getType())
      return {};
    scalar.known[scalar.slots[arg]] = value;
  }
  return valueOf(scalar, scalar.result);
}

DenseElementsAttr ScalarFolder::evaluateAll(ArrayRef<DenseElementsAttr> args) {
  Block *block = scalar.block.get();
  if (!scalar.result || args.empty() ||
      args.size() != block->getNumArguments())
    return {};
  int64_t count = args.front().getNumElements();
  for (auto [arg, value] : llvm::zip(block->getArguments(), args))
    if (value.getType() != RankedTensorType::get({count}, arg.getType()))
      return {};
  auto tensorOf = [&](Type type) {
    return RankedTensorType::get({count}, type);
  };
  // The scalar IR cloned on tensors of `count` elements (once per count):
  // only element-wise ops (Elementwise trait), whose folders take tensors.
  if (!tensor.block ||
      cast<ShapedType>(tensor.block->getArgument(0).getType())
              .getNumElements() != count) {
    tensor = Graph();
    tensor.block = std::make_unique<Block>();
    IRMapping mapping;
    for (BlockArgument arg : block->getArguments())
      mapping.map(arg, tensor.block->addArgument(tensorOf(arg.getType()),
                                                 arg.getLoc()));
    OpBuilder b(context);
    b.setInsertionPointToEnd(tensor.block.get());
    for (Operation &op : *block) {
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        auto value = dyn_cast<TypedAttr>(constant.getValue());
        if (!value || !isa<IntegerType, FloatType>(value.getType()))
          return tensor = Graph(), DenseElementsAttr();
        auto splat = DenseElementsAttr::get(tensorOf(value.getType()), value);
        mapping.map(constant.getResult(),
                    arith::ConstantOp::create(b, op.getLoc(), splat));
        continue;
      }
      if (!op.hasTrait<::mlir::OpTrait::Elementwise>() || op.getNumRegions())
        return tensor = Graph(), DenseElementsAttr();
      Operation *copy = b.clone(op, mapping);
      for (Value result : copy->getResults())
        result.setType(tensorOf(result.getType()));
    }
    tensor.result = mapping.lookup(scalar.result);
    numberGraph(tensor);
  }
  tensor.known = tensor.constants;
  for (auto [arg, value] : llvm::zip(tensor.block->getArguments(), args))
    tensor.known[tensor.slots[arg]] = value;
  return dyn_cast_or_null<DenseElementsAttr>(valueOf(tensor, tensor.result));
}

} // namespace mlir::stablehlo
