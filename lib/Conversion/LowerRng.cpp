// stablehlo-legalize-to-linalg, rng_bit_generator: the counter-based bits
// computed in place with arith ops, as the interpreter computes them
// (interpreter/kernels/rng.py: XLA's bits on CPU). A linalg.generic over the
// draws computes each draw's words from its counter (Threefry-2x32 or
// Philox-4x32, the key schedule hoisted out of the body); the words become
// the output's elements by strided tensor.insert_slice (interleaving), a crop
// and a reshape; the new state is scalar arith. The forms it does not take
// (dynamic shapes, states other than the interpreter runs) are left to the
// runtime call (LowerRuntimeCalls.cpp), which has a lower benefit.
#include "Conversion/LoweringCommon.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

// Integer scalar code, in words of 32 and 64 bits (wrapping, as numpy's
// uint32/uint64 arithmetic in the interpreter).
struct Words {
  OpBuilder &b;
  Location loc;

  Value constant(unsigned width, uint64_t value) {
    Type type = b.getIntegerType(width);
    return arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(type, APInt(width, value)));
  }
  Value c32(uint32_t value) { return constant(32, value); }
  Value c64(uint64_t value) { return constant(64, value); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value bitXor(Value x, Value y) { return arith::XOrIOp::create(b, loc, x, y); }
  // The low and high 32 bits of a 64-bit word, and back.
  Value low(Value word) {
    return arith::TruncIOp::create(b, loc, b.getI32Type(), word);
  }
  Value high(Value word) {
    return low(arith::ShRUIOp::create(b, loc, word, c64(32)));
  }
  Value join(Value lowWord, Value highWord) {
    Value l = arith::ExtUIOp::create(b, loc, b.getI64Type(), lowWord);
    Value h = arith::ExtUIOp::create(b, loc, b.getI64Type(), highWord);
    return arith::OrIOp::create(b, loc, l,
                                arith::ShLIOp::create(b, loc, h, c64(32)));
  }
  Value rotateLeft(Value word, unsigned distance) {
    Value left = arith::ShLIOp::create(b, loc, word, c32(distance));
    Value right = arith::ShRUIOp::create(b, loc, word, c32(32 - distance));
    return arith::OrIOp::create(b, loc, left, right);
  }
  // (lowWord, highWord) + steps as 128-bit numbers (all i64).
  std::pair<Value, Value> add128(Value lowWord, Value highWord, Value steps) {
    Value sum = add(lowWord, steps);
    Value carry = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, sum,
                                        lowWord);
    Value one = arith::ExtUIOp::create(b, loc, b.getI64Type(), carry);
    return {sum, add(highWord, one)};
  }
};

// Threefry-2x32 with 20 rounds on counter words x0, x1 under `keys` (the two
// key words and their parity word).
std::pair<Value, Value> threefry2x32(Words &w, Value x0, Value x1,
                                     ArrayRef<Value> keys) {
  static constexpr unsigned kRotations[2][4] = {{13, 15, 26, 6},
                                                {17, 29, 16, 24}};
  x0 = w.add(x0, keys[0]);
  x1 = w.add(x1, keys[1]);
  for (unsigned block = 0; block < 5; ++block) {
    for (unsigned r : kRotations[block % 2]) {
      x0 = w.add(x0, x1);
      x1 = w.bitXor(w.rotateLeft(x1, r), x0);
    }
    x0 = w.add(x0, keys[(block + 1) % 3]);
    x1 = w.add(w.add(x1, keys[(block + 2) % 3]), w.c32(block + 1));
  }
  return {x0, x1};
}

constexpr unsigned kPhiloxRounds = 10;

// Philox-4x32 with 10 rounds on counter words `x` under the round keys
// `roundKeys` (pairs, one per round).
std::array<Value, 4> philox4x32(Words &w, std::array<Value, 4> x,
                                ArrayRef<std::pair<Value, Value>> roundKeys) {
  Value m0 = w.c32(0xD2511F53), m1 = w.c32(0xCD9E8D57);
  for (auto [key0, key1] : roundKeys) {
    auto p0 = arith::MulUIExtendedOp::create(w.b, w.loc, x[0], m0);
    auto p1 = arith::MulUIExtendedOp::create(w.b, w.loc, x[2], m1);
    x = {w.bitXor(w.bitXor(p1.getHigh(), x[1]), key0), p1.getLow(),
         w.bitXor(w.bitXor(p0.getHigh(), x[3]), key1), p0.getLow()};
  }
  return x;
}

// Whether rng_bit_generator's output element is one the draws become by
// their low bits: integers of every width, floats of 64 bits (a 64-bit
// draw) or at most 32 (the low bits of a 32-bit draw).
bool drawableElement(Type element) {
  if (!isa<IntegerType, FloatType>(element))
    return false;
  unsigned width = element.getIntOrFloatBitWidth();
  Type compute = computeType(element);
  return (width <= 32 || width == 64) &&
         compute.getIntOrFloatBitWidth() == width;
}

// A raw draw (i32 or i64) as a stored element of `element`: its low bits,
// reinterpreted (what the interpreter's `finish` does).
Value drawAsElement(OpBuilder &b, Location loc, Value raw, Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  Value bits = raw;
  if (raw.getType().getIntOrFloatBitWidth() > width)
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(width), raw);
  Type compute = computeType(element);
  if (isa<FloatType>(compute))
    bits = arith::BitcastOp::create(b, loc, compute, bits);
  return storeElement(b, loc, bits, element);
}

// The dimension Threefry pairs a 32-bit output's draws along (the
// interpreter's `_halves`): the first of even size, else the largest (the
// first of those).
int64_t pairedDimension(ArrayRef<int64_t> shape) {
  for (auto [i, size] : llvm::enumerate(shape))
    if (size % 2 == 0)
      return i;
  int64_t best = 0;
  for (auto [i, size] : llvm::enumerate(shape))
    if (size > shape[best])
      best = i;
  return best;
}

struct RngBitGeneratorToLinalg : OpConversionPattern<RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto stateType = op.getInitialState().getType();
    auto outType = op.getOutput().getType();
    RngAlgorithm algorithm = op.getRngAlgorithm();
    // The states the interpreter runs (its kernel checks the same; other
    // states stay runtime calls, which report them).
    if (stateType != op.getOutputState().getType() ||
        stateType.getRank() != 1 || !stateType.hasStaticShape() ||
        !stateType.getElementType().isUnsignedInteger(64))
      return rewriter.notifyMatchFailure(op, "expected a static ui64 state");
    int64_t size = stateType.getDimSize(0);
    bool threefry = algorithm == RngAlgorithm::THREE_FRY;
    if (threefry ? size != 2 : (size != 2 && size != 3))
      return rewriter.notifyMatchFailure(op, "state size");
    Type element = outType.getElementType();
    if (!outType.hasStaticShape() || !drawableElement(element))
      return rewriter.notifyMatchFailure(op, "expected a static integer or "
                                             "float output");

    Location loc = op.getLoc();
    Words w{rewriter, loc};
    Value state = adaptor.getInitialState();
    auto word = [&](int64_t i) -> Value {
      Value at = arith::ConstantIndexOp::create(rewriter, loc, i);
      return tensor::ExtractOp::create(rewriter, loc, state, ValueRange{at});
    };
    Value key = word(0);
    Value key0 = w.low(key), key1 = w.high(key);
    ArrayRef<int64_t> shape = outType.getShape();
    int64_t count = outType.getNumElements();
    Type stored = storageType(element);
    bool wide = element.getIntOrFloatBitWidth() == 64;
    auto converted = RankedTensorType::get(shape, stored);

    // The draws are computed over `domain`, `lanes` words each (one output
    // tensor per lane), interleaved along `axis`, cropped to `crop` and
    // reshaped to the output's shape.
    SmallVector<int64_t> domain;
    int64_t lanes = 1, axis = 0;
    SmallVector<int64_t> crop;
    SmallVector<Value> newState;
    // The words of draw `k` (an i64 counter offset), as raw i32 or i64.
    std::function<SmallVector<Value>(Words &, Value)> draw;
    SmallVector<Value> threefryKeys;
    SmallVector<std::pair<Value, Value>> roundKeys;
    if (threefry) {
      threefryKeys = {key0, key1,
                      w.bitXor(w.c32(0x1BD11BDA), w.bitXor(key0, key1))};
      Value counter = word(1);
      int64_t draws = count;
      if (wide || shape.empty()) {
        domain = {count};
        crop = domain;
      } else {
        axis = pairedDimension(shape);
        domain.assign(shape.begin(), shape.end());
        domain[axis] = (domain[axis] + 1) / 2;
        lanes = 2;
        crop.assign(shape.begin(), shape.end());
        draws = ShapedType::getNumElements(domain);
      }
      draw = [&, counter](Words &in, Value k) -> SmallVector<Value> {
        Value at = in.add(counter, k);
        auto [x0, x1] =
            threefry2x32(in, in.low(at), in.high(at), threefryKeys);
        if (wide)
          return {in.join(x0, x1)};
        return {x0, x1};
      };
      newState = {key, w.add(counter, w.c64(draws))};
    } else {
      // PHILOX (DEFAULT too, as on XLA's CPU backend): a 128-bit counter,
      // (state[1], state[2]), or (state[1], state[0]) for two words.
      Value low = word(1), high = size == 3 ? word(2) : key;
      lanes = wide ? 2 : 4;
      int64_t blocks = (count + lanes - 1) / lanes;
      domain = {blocks};
      crop = {count};
      // The key schedule: the same for every draw.
      Value k0 = key0, k1 = key1;
      for (unsigned round = 0; round < kPhiloxRounds; ++round) {
        roundKeys.push_back({k0, k1});
        k0 = w.add(k0, w.c32(0x9E3779B9));
        k1 = w.add(k1, w.c32(0xBB67AE85));
      }
      draw = [&, low, high](Words &in, Value k) -> SmallVector<Value> {
        auto [lowAt, highAt] = in.add128(low, high, k);
        std::array<Value, 4> x =
            philox4x32(in,
                       {in.low(lowAt), in.high(lowAt), in.low(highAt),
                        in.high(highAt)},
                       roundKeys);
        if (wide)
          return {in.join(x[0], x[1]), in.join(x[2], x[3])};
        return {x[0], x[1], x[2], x[3]};
      };
      auto [newLow, newHigh] = w.add128(low, high, w.c64(blocks));
      newState = {key, newLow};
      if (size == 3)
        newState.push_back(newHigh);
    }

    Value bits;
    if (count == 0) {
      bits = emptyLike(rewriter, loc, converted); // and the state is unchanged
    } else {
      auto laneType = RankedTensorType::get(domain, stored);
      int64_t rank = domain.size();
      SmallVector<Value> inits;
      for (int64_t lane = 0; lane < lanes; ++lane)
        inits.push_back(emptyLike(rewriter, loc, laneType));
      auto generic = linalg::GenericOp::create(
          rewriter, loc, SmallVector<Type>(lanes, laneType), ValueRange{},
          inits,
          SmallVector<AffineMap>(lanes, rewriter.getMultiDimIdentityMap(rank)),
          parallel(rank), [&](OpBuilder &nested, Location l, ValueRange) {
            Words in{nested, l};
            // The draw's counter offset: its row-major index in `domain`.
            Value k = linalg::IndexOp::create(nested, l, 0);
            for (int64_t d = 1; d < rank; ++d) {
              Value extent =
                  arith::ConstantIndexOp::create(nested, l, domain[d]);
              k = arith::AddIOp::create(
                  nested, l, arith::MulIOp::create(nested, l, k, extent),
                  linalg::IndexOp::create(nested, l, d));
            }
            k = arith::IndexCastUIOp::create(nested, l, nested.getI64Type(), k);
            SmallVector<Value> raw = draw(in, k);
            SmallVector<Value> yielded;
            for (int64_t lane = 0; lane < lanes; ++lane)
              yielded.push_back(drawAsElement(nested, l, raw[lane], element));
            linalg::YieldOp::create(nested, l, yielded);
          });
      bits = generic.getResult(0);
      MLIRContext *context = getContext();
      if (lanes > 1) {
        SmallVector<int64_t> merged(domain);
        merged[axis] *= lanes;
        bits = emptyLike(rewriter, loc, RankedTensorType::get(merged, stored));
        SmallVector<int64_t> offsets(rank, 0), strides(rank, 1);
        strides[axis] = lanes;
        for (int64_t lane = 0; lane < lanes; ++lane) {
          offsets[axis] = lane;
          bits = tensor::InsertSliceOp::create(
              rewriter, loc, generic.getResult(lane), bits,
              getAsIndexOpFoldResult(context, offsets),
              getAsIndexOpFoldResult(context, domain),
              getAsIndexOpFoldResult(context, strides));
        }
        if (merged != crop)
          bits = tensor::ExtractSliceOp::create(
              rewriter, loc, bits,
              getAsIndexOpFoldResult(context, SmallVector<int64_t>(rank, 0)),
              getAsIndexOpFoldResult(context, crop),
              getAsIndexOpFoldResult(context, SmallVector<int64_t>(rank, 1)));
      }
      bits = reshapedTo(rewriter, loc, bits, shape);
    }
    Value stateOut = tensor::FromElementsOp::create(
        rewriter, loc, cast<RankedTensorType>(state.getType()), newState);
    rewriter.replaceOp(op, {stateOut, bits});
    return success();
  }
};

} // namespace

void populateRngPatterns(const TypeConverter &converter,
                         RewritePatternSet &patterns) {
  patterns.add<RngBitGeneratorToLinalg>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
