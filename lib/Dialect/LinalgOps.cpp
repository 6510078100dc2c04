// Verifiers and shape functions of the linear algebra ops (dot_general and
// the legacy dot). Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "LinalgOps.cpp.inc"

void mlir::stablehlo::registerLinalgOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "LinalgOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

//===--- dot_general -------------------------------------------------------===//

// Checks dot_general_c1-c10 on the dimension numbers and computes the result
// shape of dot_general_c12: batch dims, then lhs free dims, then rhs free dims.
static LogicalResult inferDotGeneralShape(const ErrorSink &error,
                                          RankedTensorType lhs,
                                          RankedTensorType rhs,
                                          DotDimensionNumbersAttr dims,
                                          SmallVectorImpl<int64_t> &shape) {
  ArrayRef<int64_t> lb = dims.getLhsBatchingDimensions(),
                    rb = dims.getRhsBatchingDimensions(),
                    lc = dims.getLhsContractingDimensions(),
                    rc = dims.getRhsContractingDimensions();
  if (lb.size() != rb.size()) // dot_general_c1
    return error("C1: lhs_batching_dimensions ", formatDims(lb),
                 " and rhs_batching_dimensions ", formatDims(rb),
                 " must have the same size");
  if (lc.size() != rc.size()) // dot_general_c2
    return error("C2: lhs_contracting_dimensions ", formatDims(lc),
                 " and rhs_contracting_dimensions ", formatDims(rc),
                 " must have the same size");
  SmallVector<int64_t> lhsUsed(lb), rhsUsed(rb);
  lhsUsed.append(lc.begin(), lc.end());
  rhsUsed.append(rc.begin(), rc.end());
  if (!isUnique(lhsUsed)) // dot_general_c3
    return error("C3: lhs batching and contracting dimensions ",
                 formatDims(lhsUsed), " must be unique");
  if (!isUnique(rhsUsed)) // dot_general_c4
    return error("C4: rhs batching and contracting dimensions ",
                 formatDims(rhsUsed), " must be unique");
  auto inRange = [](ArrayRef<int64_t> ds, int64_t rank) {
    return llvm::all_of(ds, [&](int64_t d) { return d >= 0 && d < rank; });
  };
  if (!inRange(lb, lhs.getRank())) // dot_general_c5
    return error("C5: lhs_batching_dimensions ", formatDims(lb),
                 " must be in [0, ", lhs.getRank(), ")");
  if (!inRange(lc, lhs.getRank())) // dot_general_c6
    return error("C6: lhs_contracting_dimensions ", formatDims(lc),
                 " must be in [0, ", lhs.getRank(), ")");
  if (!inRange(rb, rhs.getRank())) // dot_general_c7
    return error("C7: rhs_batching_dimensions ", formatDims(rb),
                 " must be in [0, ", rhs.getRank(), ")");
  if (!inRange(rc, rhs.getRank())) // dot_general_c8
    return error("C8: rhs_contracting_dimensions ", formatDims(rc),
                 " must be in [0, ", rhs.getRank(), ")");
  auto sizesAgree = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  for (auto [l, r] : llvm::zip(lb, rb))
    if (!sizesAgree(lhs.getDimSize(l), rhs.getDimSize(r))) // dot_general_c9
      return error("C9: lhs batching dimension ", l, " of size ",
                   lhs.getDimSize(l), " must match rhs batching dimension ", r,
                   " of size ", rhs.getDimSize(r));
  for (auto [l, r] : llvm::zip(lc, rc))
    if (!sizesAgree(lhs.getDimSize(l), rhs.getDimSize(r))) // dot_general_c10
      return error("C10: lhs contracting dimension ", l, " of size ",
                   lhs.getDimSize(l), " must match rhs contracting dimension ",
                   r, " of size ", rhs.getDimSize(r));
  // A dynamic lhs batch size takes the rhs one (dot_general_c9 made them
  // compatible).
  for (auto [l, r] : llvm::zip_equal(lb, rb))
    shape.push_back(ShapedType::isDynamic(lhs.getDimSize(l))
                        ? rhs.getDimSize(r)
                        : lhs.getDimSize(l));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsUsed, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsUsed, d))
      shape.push_back(rhs.getDimSize(d));
  return success();
}

LogicalResult DotGeneralOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location> location, ValueShapeRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  auto ranked = rankedOperandTypes<DotGeneralOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  DotDimensionNumbersAttr dims =
      propertiesOf<DotGeneralOp>(attributes, properties).dot_dimension_numbers;
  if (!dims || operands.size() != 2)
    return builderError(location, getOperationName(),
                        "needs lhs, rhs and dot_dimension_numbers");
  RankedTensorType lhs = (*ranked)[0], rhs = (*ranked)[1];
  SmallVector<int64_t> shape;
  if (failed(inferDotGeneralShape({}, lhs, rhs, dims, shape)))
    shape.assign(lhs.getShape().begin(), lhs.getShape().end()); // placeholder:
  // the verifier reports the problem
  // The element type is the operands' unless the producer asks for another.
  inferred.emplace_back(shape, lhs.getElementType());
  return success();
}

// dot_general_c13-c20 (the current spec's numbering, which allows hybrid
// quantization: a float lhs, a quantized rhs and a float result): element types
// of lhs, rhs and result. The legacy dot, which the spec does not define,
// allows what upstream's dot verifier does not check (`legacyDot`): mixed
// non-quantized element types and rhs zero points other than 0 (C15; the
// spec's formula and the interpreter take any zero point).
static LogicalResult verifyDotElementTypes(OpState op, RankedTensorType lhs,
                                           RankedTensorType rhs,
                                           RankedTensorType result,
                                           ArrayRef<int64_t> rhsContracting,
                                           bool legacyDot = false) {
  auto ql = getQuantizedElementType(lhs), qr = getQuantizedElementType(rhs),
       qres = getQuantizedElementType(result);
  if (!ql && !qr && !qres) {
    // Upstream accepts mixed element types (as for the legacy dot), and XLA
    // runs them, converting both operands to the result's element type: a
    // spec deviation (docs/decisions.md, "Accepting what upstream accepts").
    if (!legacyDot &&
        lhs.getElementType() != rhs.getElementType()) // dot_general_c13
      return reportSpecDeviation(
          op.getOperation(), "C13", [&](InFlightDiagnostic &diag) {
            diag << "lhs and rhs must have the same element type, got "
                 << lhs.getElementType() << " and " << rhs.getElementType();
          });
    return success();
  }
  // is_quantized(lhs) = is_quantized(result) and is_quantized(rhs); a
  // quantized op has a quantized rhs whichever lhs it has.
  if (!qr || bool(ql) != bool(qres)) // dot_general_c14 (upstream's words)
    return op.emitOpError() << "C14: rhs should be quantized for quantized "
                               "operations and is_quantized(lhs)="
                               "is_quantized(result) should hold, got "
                         << lhs.getElementType() << ", "
                         << rhs.getElementType() << " and "
                         << result.getElementType();
  bool nonZero = false;
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(qr))
    nonZero = perTensor.getZeroPoint() != 0;
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qr))
    nonZero = llvm::any_of(perAxis.getZeroPoints(),
                           [](int64_t z) { return z != 0; });
  if (nonZero && !legacyDot) // dot_general_c15
    return op.emitOpError() << "C15: rhs zero points must be 0";
  if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(qr))
    if (llvm::is_contained(rhsContracting,
                           perAxis.getQuantizedDimension())) // dot_general_c16
      return op.emitOpError() << "C16: rhs quantization_dimension must not be "
                              "a contracting dimension";
  if (!ql) {
    if (lhs.getElementType() != qr.getExpressedType() ||
        result.getElementType() != qr.getExpressedType()) // dot_general_c20
      return op.emitOpError() << "C20: lhs and result element types must be "
                              "the expressed type of rhs, "
                           << qr.getExpressedType() << ", got "
                           << lhs.getElementType() << " and "
                           << result.getElementType();
    return success();
  }
  if (ql.getStorageType() != qr.getStorageType()) // dot_general_c17
    return op.emitOpError() << "C17: lhs and rhs storage types must match";
  if (ql.getExpressedType() != qr.getExpressedType() ||
      ql.getExpressedType() != qres.getExpressedType()) // dot_general_c18
    return op.emitOpError() << "C18: expressed types of lhs, rhs and result "
                            "must match";
  if (isa<quant::UniformQuantizedType>(qr) &&
      !isa<quant::UniformQuantizedType>(qres)) // dot_general_c19
    return op.emitOpError() << "C19: result must be per-tensor quantized when "
                            "rhs is";
  return success();
}

// dot_general_c12 (and the legacy dot's): the result has the shape the
// operands give. Upstream compares the sizes only, so what fails only because
// a static size is larger than a bound (of an operand dimension or of the
// result's) is a spec deviation; `describe` writes the message.
static LogicalResult
checkDotResultShape(Operation *op, RankedTensorType expected,
                    RankedTensorType result,
                    llvm::function_ref<void(InFlightDiagnostic &)> describe) {
  if (isCompatibleShape(expected, result))
    return success();
  if (succeeded(verifyCompatibleShape(expected, result)))
    return reportSpecDeviation(op, "C12", describe);
  InFlightDiagnostic error = op->emitOpError() << "C12: ";
  describe(error);
  return error;
}

// size(precision_config) = 0 or 2 (dot_general C11, convolution C24).
// Upstream accepts one entry too (what producers of the legacy dot emit),
// so one is a spec deviation; more than two is an error.
static LogicalResult checkPrecisionCount(Operation *op,
                                         std::optional<ArrayAttr> precision,
                                         StringRef constraint) {
  if (!precision || precision->empty() || precision->size() == 2)
    return success();
  auto describe = [&](InFlightDiagnostic &diag) {
    diag << "precision_config must have 2 entries, got " << precision->size();
  };
  if (precision->size() == 1)
    return reportSpecDeviation(op, constraint, describe);
  InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
  describe(error);
  return error;
}

LogicalResult DotGeneralOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  SmallVector<int64_t> shape;
  if (failed(inferDotGeneralShape({*this}, lhs, rhs, getDotDimensionNumbers(),
                                  shape)))
    return failure();
  if (failed(checkPrecisionCount(*this, getPrecisionConfig(), "C11")))
    return failure(); // dot_general_c11
  auto expected = RankedTensorType::get(shape, result.getElementType());
  if (failed(checkDotResultShape(
          *this, expected, result, [&](InFlightDiagnostic &d) {
            d << "result shape must be batch dims + lhs free dims + rhs free "
                 "dims = "
              << formatShape(shape) << ", got " << result;
          }))) // dot_general_c12
    return failure();
  if (failed(verifyDotElementTypes(
          *this, lhs, rhs, result,
          getDotDimensionNumbers().getRhsContractingDimensions())))
    return failure();
  if (getAlgorithm() && getPrecisionConfig() &&
      llvm::any_of(*getPrecisionConfig(), [](Attribute a) {
        return cast<PrecisionAttr>(a).getValue() != Precision::DEFAULT;
      })) // dot_general_c21 of upstream's current spec (C22-C24: DotAlgorithmAttr::verify)
    return emitOpError() << "C21: precision_config must be DEFAULT when an "
                            "algorithm is given";
  return success();
}


//===--- cholesky ----------------------------------------------------------===//

LogicalResult CholeskyOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> location,
                                           ValueRange operands, DictionaryAttr,
                                           OpaqueProperties, RegionRange,
                                           SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<CholeskyOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  inferred.push_back((*ranked)[0]); // cholesky_c1
  return success();
}

LogicalResult CholeskyOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  if (!haveSameBaselineType(a, getType())) // cholesky_c1
    return emitOpError() << "C1: result must have the baseline type of a, "
                         << a << ", got " << getType();
  if (a.getRank() < 2) // cholesky_c2
    return emitOpError() << "C2: a must have rank at least 2, got " << a;
  int64_t rows = a.getDimSize(a.getRank() - 2),
          cols = a.getDimSize(a.getRank() - 1);
  if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(cols) &&
      rows != cols) // cholesky_c3
    return emitOpError() << "C3: the matrices of a must be square, got " << a;
  return success();
}

//===--- triangular_solve --------------------------------------------------===//

LogicalResult TriangularSolveOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<TriangularSolveOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  inferred.push_back((*ranked)[1]); // triangular_solve_c4
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  if (!haveSameBaselineElementType(a, b)) // triangular_solve_c1
    return emitOpError() << "C1: a and b must have the same baseline element "
                            "type, got "
                         << a << " and " << b;
  int64_t rank = a.getRank();
  if (rank < 2 || b.getRank() != rank) // triangular_solve_c2
    return emitOpError() << "C2: a and b must have the same rank, at least 2, "
                            "got "
                         << a << " and " << b;
  auto agree = [](int64_t x, int64_t y) {
    return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
  };
  for (int64_t d = 0; d < rank - 2; ++d)
    if (!agree(a.getDimSize(d), b.getDimSize(d))) // triangular_solve_c3
      return emitOpError() << "C3: the batch dimensions of a and b must "
                              "agree, got "
                           << a << " and " << b;
  int64_t n = a.getDimSize(rank - 1);
  int64_t shared = b.getDimSize(getLeftSide() ? rank - 2 : rank - 1);
  if (!agree(a.getDimSize(rank - 2), n) || !agree(n, shared)) // triangular_solve_c3
    return emitOpError() << "C3: a must be square and match dimension "
                         << (getLeftSide() ? "-2" : "-1") << " of b ("
                         << (getLeftSide() ? "left_side" : "right side")
                         << "), got " << a << " and " << b;
  if (!haveSameBaselineType(b, getType())) // triangular_solve_c4
    return emitOpError() << "C4: result must have the baseline type of b, "
                         << b << ", got " << getType();
  return success();
}

//===--- einsum, unary_einsum (legacy) -------------------------------------===//
//
// Not in the spec. The checks make sure the config describes the types: one
// letter per operand dimension, a letter's sizes agree, the result's letters
// are unique, come from the operands and give its shape; one element type.
// Upstream's verifier checks none of this, so a failed check is a spec
// deviation (cited as "einsum_config" or "element types"); the interpreter
// runs what XLA runs consistently with the declared types and refuses the
// rest (docs/decisions.md, "Accepting what upstream accepts").

static LogicalResult verifyEinsum(Operation *op, StringRef config,
                                  ArrayRef<RankedTensorType> operands,
                                  RankedTensorType result) {
  auto deviation = [&](StringRef constraint,
                       llvm::function_ref<void(InFlightDiagnostic &)> message) {
    return reportSpecDeviation(op, constraint, message);
  };
  auto configDeviation = [&](auto write) {
    return deviation("einsum_config", [&](InFlightDiagnostic &d) { write(d); });
  };
  // Independent of the config: warned about even when the config is too.
  Type element = operands.front().getElementType();
  if (llvm::any_of(operands,
                   [&](RankedTensorType type) {
                     return type.getElementType() != element;
                   }) ||
      result.getElementType() != element)
    if (failed(deviation("element types", [&](InFlightDiagnostic &d) {
          d << "operands and result must have one element type, got "
            << TypeRange(ArrayRef<Type>(
                   {operands.front(), operands.back(), result}));
        })))
      return failure();
  auto [inputs, output] = config.split("->");
  SmallVector<StringRef> terms;
  inputs.split(terms, ',');
  if (!config.contains("->") || terms.size() != operands.size())
    return configDeviation([&](InFlightDiagnostic &d) {
      d << "\"" << config << "\" must have the form "
        << (operands.size() == 2 ? "\"lhs,rhs->result\""
                                 : "\"operand->result\"");
    });
  llvm::StringMap<int64_t> sizes;
  auto lettersMatch = [&](StringRef term, RankedTensorType type) {
    return llvm::all_of(term, [](char c) { return llvm::isAlpha(c); }) &&
           static_cast<int64_t>(term.size()) == type.getRank();
  };
  auto lettersDeviation = [&](StringRef term, RankedTensorType type,
                              StringRef what) {
    return configDeviation([&](InFlightDiagnostic &d) {
      d << "term \"" << term << "\" for the " << what
        << " must have one letter per dimension of " << type;
    });
  };
  for (auto [term, type] : llvm::zip(terms, operands)) {
    if (!lettersMatch(term, type))
      return lettersDeviation(term, type, "operand");
    for (auto [letter, size] : llvm::zip(term, type.getShape())) {
      auto [it, inserted] = sizes.try_emplace(StringRef(&letter, 1), size);
      if (!inserted && !ShapedType::isDynamic(size) &&
          !ShapedType::isDynamic(it->second) && it->second != size) {
        int64_t first = it->second;
        return configDeviation([&](InFlightDiagnostic &d) {
          d << "letter '" << letter << "' has sizes " << first << " and "
            << size << " in the operands";
        });
      }
      if (ShapedType::isDynamic(it->second))
        it->second = size;
    }
  }
  if (!lettersMatch(output, result))
    return lettersDeviation(output, result, "result");
  SmallVector<int64_t> shape;
  for (char letter : output) {
    if (llvm::count(output, letter) != 1 ||
        !sizes.count(StringRef(&letter, 1)))
      return configDeviation([&](InFlightDiagnostic &d) {
        d << "result \"" << output
          << "\" must consist of distinct letters of the operands, got '"
          << letter << "'";
      });
    shape.push_back(sizes.lookup(StringRef(&letter, 1)));
  }
  auto expected = RankedTensorType::get(shape, result.getElementType());
  if (!isCompatibleShape(expected, result))
    return configDeviation([&](InFlightDiagnostic &d) {
      d << "result shape must be " << expected << " for \"" << config
        << "\", got " << result;
    });
  return success();
}

LogicalResult EinsumOp::verify() {
  return verifyEinsum(*this, getEinsumConfig(),
                      {cast<RankedTensorType>(getLhs().getType()),
                       cast<RankedTensorType>(getRhs().getType())},
                      cast<RankedTensorType>(getType()));
}

LogicalResult UnaryEinsumOp::verify() {
  return verifyEinsum(*this, getEinsumConfig(),
                      {cast<RankedTensorType>(getOperand().getType())},
                      cast<RankedTensorType>(getType()));
}

//===--- dot ---------------------------------------------------------------===//
//
// Not in the spec: upstream keeps the legacy dot, which is dot_general with
// contracting_dims = [rank(lhs) - 1] x [0] and no batching dims, on operands
// of rank 1 or 2 (XLA's Dot). It is verified with the dot_general
// constraints this implies, cited by their dot_general ids.

static LogicalResult inferDotShape(const ErrorSink &error, RankedTensorType lhs,
                                   RankedTensorType rhs,
                                   SmallVectorImpl<int64_t> &shape,
                                   SmallVectorImpl<int64_t> &bounds) {
  auto vectorOrMatrix = [](RankedTensorType t) {
    return t.getRank() == 1 || t.getRank() == 2;
  };
  if (!vectorOrMatrix(lhs) || !vectorOrMatrix(rhs))
    return error("lhs and rhs must have rank 1 or 2, got ", lhs, " and ", rhs);
  int64_t contracting = lhs.getRank() - 1;
  int64_t l = lhs.getDimSize(contracting), r = rhs.getDimSize(0);
  if (!ShapedType::isDynamic(l) && !ShapedType::isDynamic(r) && l != r) // dot_general_c10
    return error("C10: lhs contracting dimension ", contracting, " of size ", l,
                 " must match rhs contracting dimension 0 of size ", r);
  auto keep = [&](RankedTensorType t, int64_t d) { // dot_general_c12
    ArrayRef<int64_t> b = getBounds(t);
    shape.push_back(t.getDimSize(d));
    bounds.push_back(b.empty() ? ShapedType::kDynamic : b[d]);
  };
  if (lhs.getRank() == 2)
    keep(lhs, 0);
  if (rhs.getRank() == 2)
    keep(rhs, 1);
  return success();
}

LogicalResult DotOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location> location, ValueShapeRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  auto ranked = rankedOperandTypes<DotOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  if (operands.size() != 2)
    return builderError(location, getOperationName(), "needs lhs and rhs");
  RankedTensorType lhs = (*ranked)[0], rhs = (*ranked)[1];
  SmallVector<int64_t> shape, bounds;
  if (failed(inferDotShape({}, lhs, rhs, shape, bounds))) {
    shape.assign(lhs.getShape().begin(), lhs.getShape().end()); // placeholder:
    bounds.assign(shape.size(),
                  ShapedType::kDynamic); // the verifier reports it
  }
  // The element type is the operands' unless the producer asks for another.
  inferred.emplace_back(shape, lhs.getElementType(),
                        getTensorType(shape, lhs.getElementType(), bounds)
                            .getEncoding());
  return success();
}

LogicalResult DotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  SmallVector<int64_t> shape, bounds;
  if (failed(inferDotShape({*this}, lhs, rhs, shape, bounds)))
    return failure();
  // Upstream accepts up to two precisions on the legacy dot.
  if (auto precision = getPrecisionConfig())
    if (precision->size() > 2)
      return emitOpError() << "precision_config must have at most 2 entries, "
                              "got "
                           << precision->size();
  auto expected = getTensorType(shape, result.getElementType(), bounds);
  if (failed(checkDotResultShape(
          *this, expected, result, [&](InFlightDiagnostic &d) {
            d << "result shape must be lhs without its last dimension + rhs "
                 "without its first as in "
              << expected << ", got " << result;
          }))) // dot_general_c12
    return failure();
  return verifyDotElementTypes(*this, lhs, rhs, result, /*rhsContracting=*/{0},
                               /*legacyDot=*/true);
}

} // namespace mlir::stablehlo

//===--- convolution -------------------------------------------------------===//

namespace mlir::stablehlo {
namespace {
// The attributes that shape a convolution, read from an op or from
// properties; absent window fields take the spec's defaults.
struct ConvolutionConfig {
  SmallVector<int64_t> strides, padding, lhsDilation, rhsDilation;
  SmallVector<int64_t> paddingShape; // of the padding attribute
  // False for dynamic_conv's padding operand when no constant defines it:
  // the spatial result sizes are then known at run time only.
  bool paddingKnown = true;
  SmallVector<bool> reversal;
  ConvDimensionNumbersAttr dims;
  int64_t featureGroups, batchGroups;

  ConvolutionConfig(DenseI64ArrayAttr stridesAttr,
                    DenseIntElementsAttr paddingAttr,
                    DenseI64ArrayAttr lhsDilationAttr,
                    DenseI64ArrayAttr rhsDilationAttr,
                    DenseBoolArrayAttr reversalAttr,
                    ConvDimensionNumbersAttr dims, int64_t featureGroups,
                    int64_t batchGroups, int64_t spatialRank)
      : dims(dims), featureGroups(featureGroups), batchGroups(batchGroups) {
    spatialRank = std::max<int64_t>(spatialRank, 0); // rank < 2 fails convolution_c1
    // Like upstream, an empty array also stands for the default (the spec
    // asks for rank - 2 entries; see docs/decisions.md).
    auto orDefault = [&](DenseI64ArrayAttr attr, SmallVector<int64_t> &out,
                         int64_t value) {
      if (attr && !attr.empty())
        out.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
      else
        out.assign(spatialRank, value);
    };
    orDefault(stridesAttr, strides, 1);
    orDefault(lhsDilationAttr, lhsDilation, 1);
    orDefault(rhsDilationAttr, rhsDilation, 1);
    if (paddingAttr && !paddingAttr.empty()) {
      auto shape = paddingAttr.getType().getShape();
      paddingShape.assign(shape.begin(), shape.end());
      // Values are read only when the shape is right (convolution_c4 reports it
      // otherwise): a huge attribute is never copied.
      if (shape == ArrayRef<int64_t>{spatialRank, 2})
        for (APInt v : paddingAttr.getValues<APInt>())
          padding.push_back(v.getSExtValue());
      else
        padding.assign(2 * spatialRank, 0);
    } else {
      paddingShape = {spatialRank, 2};
      padding.assign(2 * spatialRank, 0);
    }
    if (reversalAttr && !reversalAttr.empty())
      reversal.assign(reversalAttr.asArrayRef().begin(),
                      reversalAttr.asArrayRef().end());
    else
      reversal.assign(spatialRank, false);
  }
};
} // namespace

// convolution's shape function in steps, each citing its constraints.

// convolution_c1-c9: the ranks and the window attributes.
static LogicalResult checkConvolutionWindow(const ErrorSink &error,
                                            RankedTensorType lhs,
                                            RankedTensorType rhs,
                                            const ConvolutionConfig &c) {
  int64_t n = lhs.getRank();
  if (n != rhs.getRank()) // convolution_c1
    return error("C1: lhs and rhs must have the same rank, got ", lhs, " and ",
                 rhs);
  int64_t s = n - 2;
  if (s < 0) // convolution_c1 (two non-spatial dimensions are needed)
    return error("C1: lhs and rhs must have rank at least 2, got ", lhs);
  auto field = [&](StringRef name, ArrayRef<int64_t> values, StringRef sizeId,
                   StringRef positiveId) {
    return checkWindowField(error, name, values, s, "spatial", sizeId,
                            positiveId);
  };
  if (failed(field("window_strides", c.strides, "C2", "C3")) ||
      failed(checkWindowPadding(error, c.paddingShape, s, "C4")) ||
      failed(field("lhs_dilation", c.lhsDilation, "C5", "C6")) ||
      failed(field("rhs_dilation", c.rhsDilation, "C7", "C8")))
    return failure();
  if (static_cast<int64_t>(c.reversal.size()) != s) // convolution_c9
    return error("C9: window_reversal must have ", s,
                 " entries (rank - 2), got ", c.reversal.size());

  return success();
}

// convolution_c12, convolution_c13, convolution_c17-c20: the dimension numbers,
// for operands of rank n.
static LogicalResult checkConvolutionLayouts(const ErrorSink &error, int64_t n,
                                             const ConvolutionConfig &c) {
  int64_t s = n - 2;
  ConvDimensionNumbersAttr d = c.dims;
  auto layout = [&](StringRef sizeId, StringRef layoutId, StringRef what,
                    ArrayRef<int64_t> spatial,
                    SmallVector<int64_t> all) -> LogicalResult {
    if (static_cast<int64_t>(spatial.size()) != s)
      return error(sizeId, ": ", what, " spatial dimensions ",
                   formatDims(spatial), " must have ", s,
                   " entries (rank - 2)");
    if (!isUnique(all) ||
        llvm::any_of(all, [&](int64_t x) { return x < 0 || x >= n; }))
      return error(layoutId, ": ", what, " dimensions ", formatDims(all),
                   " must be unique and in [0, ", n, ")");
    return success();
  };
  SmallVector<int64_t> input{d.getInputBatchDimension()};
  llvm::append_range(input, d.getInputSpatialDimensions());
  input.push_back(d.getInputFeatureDimension());
  SmallVector<int64_t> kernel(d.getKernelSpatialDimensions());
  kernel.push_back(d.getKernelInputFeatureDimension());
  kernel.push_back(d.getKernelOutputFeatureDimension());
  SmallVector<int64_t> output{d.getOutputBatchDimension()};
  llvm::append_range(output, d.getOutputSpatialDimensions());
  output.push_back(d.getOutputFeatureDimension());
  if (failed(layout("C12", "C13", "input", d.getInputSpatialDimensions(),
                    input)) ||
      failed(layout("C17", "C18", "kernel", d.getKernelSpatialDimensions(),
                    kernel)) ||
      failed(layout("C19", "C20", "output", d.getOutputSpatialDimensions(),
                    output)))
    return failure();

  return success();
}

// convolution_c10, convolution_c11, convolution_c14-c16, convolution_c21-c23:
// the group counts against the feature and batch sizes.
static LogicalResult checkConvolutionGroups(const ErrorSink &error,
                                            RankedTensorType lhs,
                                            RankedTensorType rhs,
                                            const ConvolutionConfig &c) {
  ConvDimensionNumbersAttr d = c.dims;
  auto dyn = [](int64_t x) { return ShapedType::isDynamic(x); };
  int64_t fg = c.featureGroups, bg = c.batchGroups;
  if (fg <= 0) // convolution_c21
    return error("C21: feature_group_count must be positive, got ", fg);
  if (bg <= 0) // convolution_c22
    return error("C22: batch_group_count must be positive, got ", bg);
  if (fg != 1 && bg != 1) // convolution_c23
    return error("C23: feature_group_count (", fg, ") or batch_group_count (",
                 bg, ") must be 1");

  int64_t batch = lhs.getDimSize(d.getInputBatchDimension());
  int64_t features = lhs.getDimSize(d.getInputFeatureDimension());
  int64_t kernelIn = rhs.getDimSize(d.getKernelInputFeatureDimension());
  int64_t kernelOut = rhs.getDimSize(d.getKernelOutputFeatureDimension());
  if (!dyn(batch) && batch % bg != 0) // convolution_c10
    return error("C10: lhs batch dimension size ", batch,
                 " must be a multiple of batch_group_count ", bg);
  if (!dyn(features) && features % fg != 0) // convolution_c11
    return error("C11: lhs feature dimension size ", features,
                 " must be a multiple of feature_group_count ", fg);
  if (!dyn(features) && !dyn(kernelIn) && kernelIn != features / fg) // convolution_c14
    return error("C14: rhs input feature dimension size ", kernelIn,
                 " must be lhs feature dimension size ", features,
                 " / feature_group_count ", fg);
  if (!dyn(kernelOut) && kernelOut % bg != 0) // convolution_c15
    return error("C15: rhs output feature dimension size ", kernelOut,
                 " must be a multiple of batch_group_count ", bg);
  if (!dyn(kernelOut) && kernelOut % fg != 0) // convolution_c16
    return error("C16: rhs output feature dimension size ", kernelOut,
                 " must be a multiple of feature_group_count ", fg);

  return success();
}

// Checks convolution_c1-c23 and computes the result shape of convolution_c25.
static LogicalResult inferConvolutionShape(const ErrorSink &error,
                                           RankedTensorType lhs,
                                           RankedTensorType rhs,
                                           const ConvolutionConfig &c,
                                           SmallVectorImpl<int64_t> &shape) {
  if (failed(checkConvolutionWindow(error, lhs, rhs, c)) ||
      failed(checkConvolutionLayouts(error, lhs.getRank(), c)) ||
      failed(checkConvolutionGroups(error, lhs, rhs, c)))
    return failure();
  ConvDimensionNumbersAttr d = c.dims;
  int64_t n = lhs.getRank(), s = n - 2;
  int64_t bg = c.batchGroups;
  auto dyn = [](int64_t x) { return ShapedType::isDynamic(x); };
  int64_t batch = lhs.getDimSize(d.getInputBatchDimension());
  int64_t kernelOut = rhs.getDimSize(d.getKernelOutputFeatureDimension());
  // convolution_c25: the result shape.
  shape.assign(n, ShapedType::kDynamic);
  shape[d.getOutputBatchDimension()] = dyn(batch) ? batch : batch / bg;
  shape[d.getOutputFeatureDimension()] = kernelOut;
  for (int64_t i = 0; i < s; ++i) {
    int64_t in = lhs.getDimSize(d.getInputSpatialDimensions()[i]);
    int64_t window = rhs.getDimSize(d.getKernelSpatialDimensions()[i]);
    if (dyn(in) || dyn(window) || !c.paddingKnown)
      continue;
    FailureOr<int64_t> count = checkedWindowCount(
        error, "C25", "spatial", i, in, c.lhsDilation[i], c.padding[2 * i],
        c.padding[2 * i + 1], window, c.rhsDilation[i], c.strides[i]);
    if (failed(count))
      return failure();
    shape[d.getOutputSpatialDimensions()[i]] = *count;
  }
  return success();
}

LogicalResult ConvolutionOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location> location, ValueShapeRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  auto ranked = rankedOperandTypes<ConvolutionOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  auto p = propertiesOf<ConvolutionOp>(attributes, properties);
  if (operands.size() != 2 || !p.dimension_numbers || !p.feature_group_count ||
      !p.batch_group_count)
    return builderError(location, getOperationName(),
                        "needs lhs, rhs, dimension_numbers, "
                        "feature_group_count and batch_group_count");
  RankedTensorType lhs = (*ranked)[0], rhs = (*ranked)[1];
  ConvolutionConfig config(p.window_strides, p.padding, p.lhs_dilation,
                           p.rhs_dilation, p.window_reversal,
                           p.dimension_numbers,
                           p.feature_group_count.getInt(),
                           p.batch_group_count.getInt(), lhs.getRank() - 2);
  SmallVector<int64_t> shape;
  if (failed(inferConvolutionShape({}, lhs, rhs, config, shape)))
    shape.assign(lhs.getShape().begin(), lhs.getShape().end()); // placeholder:
  // the verifier reports the problem
  // The element type is the operands' unless the producer asks for another.
  inferred.emplace_back(shape, lhs.getElementType());
  return success();
}

// convolution_c27-c34: element types of lhs, rhs and result.
template <typename ConvOp>
static LogicalResult
verifyConvolutionElementTypes(ConvOp op, RankedTensorType lhs,
                              RankedTensorType rhs, RankedTensorType result) {
  auto ql = getQuantizedElementType(lhs), qr = getQuantizedElementType(rhs),
       qres = getQuantizedElementType(result);
  if (!ql && !qr && !qres) {
    // The result may differ (i8 x i8 -> i32, f32 x f32 -> bf16), as upstream
    // and XLA allow: see docs/decisions.md.
    if (lhs.getElementType() != rhs.getElementType()) // convolution_c27
      return op.emitOpError() << "C27: lhs and rhs must have the same element "
                                 "type, got "
                              << lhs.getElementType() << " and "
                              << rhs.getElementType();
    return success();
  }
  if (!qr || bool(ql) != bool(qres)) // convolution_c28 (upstream's words)
    return op.emitOpError() << "C28: rhs should be quantized for quantized "
                               "operations and is_quantized(lhs)="
                               "is_quantized(result) should hold";
  ConvDimensionNumbersAttr d = op.getDimensionNumbers();
  if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(qr))
    if (axis.getQuantizedDimension() !=
        d.getKernelOutputFeatureDimension()) // convolution_c29
      return op.emitOpError()
             << "C29: rhs quantization_dimension "
             << axis.getQuantizedDimension()
             << " must be kernel_output_feature_dimension "
             << d.getKernelOutputFeatureDimension();
  if (auto axis = dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(qres))
    if (axis.getQuantizedDimension() != d.getOutputFeatureDimension()) // convolution_c30
      return op.emitOpError() << "C30: result quantization_dimension "
                              << axis.getQuantizedDimension()
                              << " must be output_feature_dimension "
                              << d.getOutputFeatureDimension();
  if (ql) {
    if (ql.getStorageType() != qr.getStorageType()) // convolution_c31
      return op.emitOpError() << "C31: lhs and rhs storage types must match, "
                                 "got "
                              << ql.getStorageType() << " and "
                              << qr.getStorageType();
    if (ql.getExpressedType() != qr.getExpressedType() ||
        ql.getExpressedType() != qres.getExpressedType()) // convolution_c32
      return op.emitOpError() << "C32: expressed types of lhs, rhs and result "
                                 "must match";
    if (isa<quant::UniformQuantizedType>(qr) &&
        !isa<quant::UniformQuantizedType>(qres)) // convolution_c33
      return op.emitOpError() << "C33: result must be per-tensor quantized "
                                 "when rhs is";
    return success();
  }
  if (lhs.getElementType() != qr.getExpressedType() ||
      lhs.getElementType() != result.getElementType()) // convolution_c34
    return op.emitOpError() << "C34: lhs element type " << lhs.getElementType()
                            << ", rhs expressed type " << qr.getExpressedType()
                            << " and result element type "
                            << result.getElementType() << " must match";
  return success();
}

// convolution_c1-c34 (shared with dynamic_conv), given the op's configuration.
template <typename ConvOp>
static LogicalResult
verifyConvolution(ConvOp op, RankedTensorType lhs, RankedTensorType rhs,
                  RankedTensorType result, const ConvolutionConfig &config) {
  SmallVector<int64_t> shape;
  if (failed(inferConvolutionShape({op}, lhs, rhs, config, shape)))
    return failure();
  if (failed(checkPrecisionCount(op, op.getPrecisionConfig(), "C24")))
    return failure(); // convolution_c24
  // dynamic_conv's result shape upstream does not check: a spec deviation
  // (docs/decisions.md, "Accepting what upstream accepts"); the interpreter
  // refuses a result of another shape at run time.
  constexpr bool resultShapeIsDeviation =
      std::is_same_v<ConvOp, DynamicConvOp>;
  if (result.getRank() != lhs.getRank()) { // convolution_c26
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "result rank must be " << lhs.getRank() << ", got " << result;
    };
    if (!resultShapeIsDeviation) {
      InFlightDiagnostic error = op.emitOpError() << "C26: ";
      describe(error);
      return error;
    }
    if (failed(reportSpecDeviation(op.getOperation(), "C26", describe)))
      return failure();
  } else {
    auto expected = RankedTensorType::get(shape, result.getElementType());
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "result shape must be that of " << expected
           << " (batch / batch_group_count, windows per spatial dimension, "
              "kernel output features), got "
           << result;
    };
    if (!isCompatibleShape(expected, result)) { // convolution_c25
      if (!resultShapeIsDeviation) {
        InFlightDiagnostic error = op.emitOpError() << "C25: ";
        describe(error);
        return error;
      }
      if (failed(reportSpecDeviation(op.getOperation(), "C25", describe)))
        return failure();
    }
  }
  return verifyConvolutionElementTypes(op, lhs, rhs, result);
}

LogicalResult ConvolutionOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  ConvolutionConfig config(getWindowStridesAttr(), getPaddingAttr(),
                           getLhsDilationAttr(), getRhsDilationAttr(),
                           getWindowReversalAttr(), getDimensionNumbers(),
                           getFeatureGroupCount(), getBatchGroupCount(),
                           lhs.getRank() - 2);
  return verifyConvolution(*this, lhs, rhs, result, config);
}

//===--- dynamic_conv -----------------------------------------------------===//

// convolution with padding as an operand: its constraints, with the padding
// known where a constant defines it (the spatial result sizes otherwise
// dynamic, checked at run time).
LogicalResult DynamicConvOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  DenseIntElementsAttr padding;
  bool known = matchPattern(getPadding(), m_Constant(&padding));
  ConvolutionConfig config(
      getWindowStridesAttr(), padding, getLhsDilationAttr(),
      getRhsDilationAttr(), getWindowReversalAttr(), getDimensionNumbers(),
      getFeatureGroupCount(), getBatchGroupCount(), lhs.getRank() - 2);
  if (!known) {
    // convolution_c4 on the operand's type; a dynamic size matches anything.
    auto type = cast<RankedTensorType>(getPadding().getType());
    SmallVector<int64_t> expectedShape = {
        std::max<int64_t>(lhs.getRank() - 2, 0), 2};
    config.paddingShape.assign(type.getShape().begin(), type.getShape().end());
    for (auto [size, expectedSize] :
         llvm::zip(config.paddingShape, expectedShape))
      if (ShapedType::isDynamic(size))
        size = expectedSize;
    config.paddingKnown = false;
  }
  return verifyConvolution(*this, lhs, rhs, result, config);
}

} // namespace mlir::stablehlo
