// Verifier and shape function of fft. Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "FftOps.cpp.inc"

void mlir::stablehlo::registerFftOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "FftOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

// fft_c1-c5 on the operand and attributes; `inferred` gets the result type.
static LogicalResult inferFftType(const ErrorSink &fail,
                                  RankedTensorType operand, FftType fftType,
                                  ArrayRef<int64_t> lengths,
                                  RankedTensorType &inferred) {
  int64_t count = lengths.size(), rank = operand.getRank();
  if (count < 1 || count > 3) // fft_c3
    return fail("C3: fft_length ", formatDims(lengths),
                " must have 1 to 3 entries");
  if (count > rank) // fft_c1
    return fail("C1: fft_length ", formatDims(lengths),
                " has more entries than the operand has dimensions (",
                operand, ")");
  Type element = operand.getElementType();
  auto complex = dyn_cast<ComplexType>(element);
  bool real = fftType == FftType::RFFT;
  if (real ? !isa<Float32Type, Float64Type>(element) : !complex) // fft_c2
    return fail("C2: ", stringifyFftType(fftType), " needs ",
                real ? "an f32 or f64" : "a complex", " operand, got ",
                operand);
  // fft_c4 makes fft_length the shape of the real tensor of RFFT and IRFFT, so
  // no size there may be negative.
  if (fftType != FftType::FFT &&
      llvm::any_of(lengths, [](int64_t l) { return l < 0; })) // fft_c4
    return fail("C4: fft_length ", formatDims(lengths),
                " must not be negative: it is the shape of the real ",
                real ? "operand" : "result");
  SmallVector<int64_t> shape(operand.getShape());
  auto sameSizes = [&](ArrayRef<int64_t> dims, size_t n) {
    for (size_t i = 0; i < n; ++i)
      if (!ShapedType::isDynamic(dims[dims.size() - count + i]) &&
          dims[dims.size() - count + i] != lengths[i])
        return false;
    return true;
  };
  auto half = [](int64_t d) {
    return ShapedType::isDynamic(d) || d == 0 ? d : d / 2 + 1;
  };
  Type resultElement = element;
  if (fftType == FftType::RFFT) {
    if (!sameSizes(operand.getShape(), count)) // fft_c4
      return fail("C4: the trailing dimensions of the real operand ",
                  operand, " must be fft_length ", formatDims(lengths));
    resultElement = ComplexType::get(element);
    shape.back() = half(shape.back()); // fft_c5
  } else if (fftType == FftType::IRFFT) {
    resultElement = complex.getElementType();
    // fft_c4 for the real result: its trailing dims, all but the last shared
    // with the operand (fft_c5), are fft_length.
    if (!sameSizes(operand.getShape(), count - 1))
      return fail("C4: the trailing dimensions of the real result must be "
                  "fft_length ",
                  formatDims(lengths), ", but the operand ", operand,
                  " fixes them otherwise");
    if (!ShapedType::isDynamic(shape.back()) &&
        shape.back() != half(lengths.back())) // fft_c5
      return fail("C5: the last dimension of the operand ", operand,
                  " must be fft_length[-1] / 2 + 1 = ",
                  half(lengths.back()));
    shape.back() = lengths.back();
  }
  inferred = RankedTensorType::get(shape, resultElement);
  return success();
}

LogicalResult FftOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<FftOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<FftOp>(attributes, properties);
  RankedTensorType operand = (*ranked)[0];
  RankedTensorType type;
  if (!props.fft_type || !props.fft_length ||
      failed(inferFftType({}, operand, props.fft_type.getValue(),
                          props.fft_length, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferFftType({*this}, operand, getFftType(), getFftLength(),
                          expected)))
    return failure();
  if (result.getElementType() != expected.getElementType()) // fft_c2
    return emitOpError() << "C2: " << stringifyFftType(getFftType())
                         << " of " << operand << " gives element type "
                         << expected.getElementType() << ", got "
                         << result.getElementType();
  if (!isCompatibleShape(result, expected)) // fft_c4, fft_c5
    return emitOpError() << "C5: result shape must be " << expected
                         << " for " << stringifyFftType(getFftType())
                         << " with fft_length "
                         << formatDims(getFftLength()) << ", got " << result;
  return success();
}

} // namespace mlir::stablehlo
