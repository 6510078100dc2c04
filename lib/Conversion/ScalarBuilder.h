// Scalar: the builder the element-wise lowering's scalar rules share
// (ScalarOps.cpp, the f32 math of ScalarMath.cpp): ops at one location,
// constants, the integer view of floats, and f16/bf16 computed through f32.
#ifndef STABLEHLO_PY_CONVERSION_SCALARBUILDER_H
#define STABLEHLO_PY_CONVERSION_SCALARBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/Builders.h"

namespace mlir::stablehlo {

using CmpF = arith::CmpFPredicate;
using CmpI = arith::CmpIPredicate;

inline bool isNarrowFloat(Type type) {
  return isa<Float16Type, BFloat16Type>(type);
}

// Builds scalar ops at one location, with the helpers every rule shares.
class Scalar {
public:
  Scalar(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  template <typename OpTy, typename... Args> Value make(Args &&...args) {
    return OpTy::create(b, loc, std::forward<Args>(args)...).getResult();
  }

  //--- constants
  Value integer(Type type, const APInt &value) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
  }
  // `value` wrapped to the type's width (-1 is all ones).
  Value integer(Type type, int64_t value) {
    return integer(type, APInt(type.getIntOrFloatBitWidth(), value,
                               /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  Value real(Type type, double value) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  }
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  //--- comparisons and choice
  Value cmpi(CmpI predicate, Value x, Value y) {
    return make<arith::CmpIOp>(predicate, x, y);
  }
  Value cmpi(CmpI predicate, Value x, int64_t y) {
    Value constant = integer(x.getType(), y);
    return cmpi(predicate, x, constant);
  }
  // Narrow floats compare as their (exact) f32 values.
  Value cmpf(CmpF predicate, Value x, Value y) {
    Value wideX = widen(x);
    Value wideY = widen(y);
    return make<arith::CmpFOp>(predicate, wideX, wideY);
  }
  Value cmpf(CmpF predicate, Value x, double y) {
    Value constant = real(wideType(x.getType()), y);
    return cmpf(predicate, x, constant);
  }
  Value isNaN(Value x) {
    Value wide = widen(x);
    return make<arith::CmpFOp>(CmpF::UNO, wide, wide);
  }
  Value select(Value condition, Value x, Value y) {
    return make<arith::SelectOp>(condition, x, y);
  }

  //--- integer ops
  Value andi(Value x, Value y) { return make<arith::AndIOp>(x, y); }
  Value andi(Value x, const APInt &y) {
    Value constant = integer(x.getType(), y);
    return andi(x, constant);
  }
  Value ori(Value x, Value y) { return make<arith::OrIOp>(x, y); }
  Value ori(Value x, const APInt &y) {
    Value constant = integer(x.getType(), y);
    return ori(x, constant);
  }
  Value xori(Value x, Value y) { return make<arith::XOrIOp>(x, y); }
  Value addi(Value x, Value y) { return make<arith::AddIOp>(x, y); }
  Value subi(Value x, Value y) { return make<arith::SubIOp>(x, y); }
  Value muli(Value x, Value y) { return make<arith::MulIOp>(x, y); }
  Value shrui(Value x, unsigned amount) {
    Value constant = integer(x.getType(), amount);
    return make<arith::ShRUIOp>(x, constant);
  }
  Value shli(Value x, unsigned amount) {
    Value constant = integer(x.getType(), amount);
    return make<arith::ShLIOp>(x, constant);
  }
  // 0 - x, wrapping.
  Value negi(Value x) {
    Value zero = integer(x.getType(), 0);
    return subi(zero, x);
  }

  //--- float ops (f32 and f64 operands)
  Value addf(Value x, Value y) { return make<arith::AddFOp>(x, y); }
  Value subf(Value x, Value y) { return make<arith::SubFOp>(x, y); }
  Value mulf(Value x, Value y) { return make<arith::MulFOp>(x, y); }
  Value divf(Value x, Value y) { return make<arith::DivFOp>(x, y); }

  //--- the integer view of a float
  Type bitsType(Type type) {
    return b.getIntegerType(type.getIntOrFloatBitWidth());
  }
  Value bits(Value x) {
    return make<arith::BitcastOp>(bitsType(x.getType()), x);
  }
  Value fromBits(Value x, Type type) {
    return make<arith::BitcastOp>(type, x);
  }
  // The bits of +inf: the exponent field.
  APInt exponentMask(Type type) {
    return APFloat::getInf(cast<FloatType>(type).getFloatSemantics())
        .bitcastToAPInt();
  }

  //--- narrow floats through f32
  // The type `type`'s values compute and compare in: f32 for f16 and bf16.
  Type wideType(Type type) {
    return isNarrowFloat(type) ? b.getF32Type() : type;
  }
  // f16 and bf16 as f32 (exact); others unchanged. bf16 widens by its bits,
  // as ml_dtypes does (a signaling NaN stays signaling).
  Value widen(Value x) {
    Type type = x.getType();
    Type f32 = b.getF32Type();
    if (isa<BFloat16Type>(type)) {
      Value wide = make<arith::ExtUIOp>(b.getI32Type(), bits(x));
      return fromBits(shli(wide, 16), f32);
    }
    if (isa<Float16Type>(type))
      return make<arith::ExtFOp>(f32, x);
    return x;
  }
  // f32 `x` rounded to nearest even into `type` (no-op for the same type).
  // bf16 rounds by its bits as ml_dtypes does, a NaN becoming the canonical
  // quiet NaN of its sign.
  Value narrow(Value x, Type type) {
    if (x.getType() == type)
      return x;
    if (!isa<BFloat16Type>(type))
      return make<arith::TruncFOp>(type, x);
    Value u = bits(x);
    Value high = shrui(u, 16);
    Value lsb = andi(high, APInt(32, 1));
    Value half = integer(u.getType(), 0x7FFF);
    Value rounded = shrui(addi(addi(u, half), lsb), 16);
    Value nan = ori(andi(high, APInt(32, 0x8000)), APInt(32, 0x7FC0));
    Value result = select(isNaN(x), nan, rounded);
    return fromBits(make<arith::TruncIOp>(b.getI16Type(), result), type);
  }
  // `compute` on the f32 values of narrow floats `xs`, rounded once into
  // `type` (elementwise._via_f32); f32 and f64 compute in their own type.
  template <typename Fn> Value viaF32(Type type, ValueRange xs, Fn compute) {
    SmallVector<Value, 2> wide;
    for (Value x : xs)
      wide.push_back(widen(x));
    return narrow(compute(ValueRange(wide)), type);
  }

  //--- complex parts (a braced list evaluates in order)
  std::pair<Value, Value> parts(Value z) {
    return {make<complex::ReOp>(z), make<complex::ImOp>(z)};
  }
  Value makeComplex(Type type, Value re, Value im) {
    return make<complex::CreateOp>(type, re, im);
  }

  OpBuilder &b;
  Location loc;
};

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_CONVERSION_SCALARBUILDER_H
