// The sdy dialect: Shardy's sharding markup as JAX writes it (docs/shardy.md).
//
// Attributes keep their text (SpecAttr), so whatever Shardy prints comes back
// unchanged; a reader below gives the meaning of the kinds the verifiers and
// the interpreter need (mesh, sharding, sharding_per_value, manual_axes). The
// constraints cited (M1, S2, MC3, ...) are listed in docs/shardy.md.
#include "Dialect/StablehloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo::sdy;

// The custom<SpecBody> directive of the generated syntax (defined below).
static ParseResult parseSpecBody(OpAsmParser &parser, SpecAttr &attr,
                                 StringRef kind);
static void printSpecBody(OpAsmPrinter &printer, Operation *, SpecAttr attr,
                          StringRef kind);

#include "SdyDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "SdyAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "SdyOps.cpp.inc"

void SdyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "SdyAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "SdyOps.cpp.inc"
      >();
}

// The parser hands over the whole body of `#sdy.<...>` already balanced, and
// resets its lexer after this hook, so keeping the text is enough.
Attribute SdyDialect::parseAttribute(DialectAsmParser &parser, Type) const {
  StringRef spec = parser.getFullSymbolSpec();
  if (spec.empty()) {
    parser.emitError(parser.getNameLoc(), "expected a Shardy attribute");
    return {};
  }
  return SpecAttr::get(getContext(), spec);
}

void SdyDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  printer.getStream() << cast<SpecAttr>(attr).getSpec();
}

StringRef SpecAttr::getKind() const {
  StringRef spec = getSpec();
  return spec.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
}

//===--- reading the text -------------------------------------------------===//

namespace {

struct Axis {
  std::string name; // with a sub-axis, `"x":(1)2` reads as `x:(1)2`
  std::string base; // the mesh axis: `x`
};

struct Mesh {
  std::vector<std::pair<std::string, int64_t>> axes;
  SmallVector<int64_t> deviceIds;
  std::optional<int64_t> sizeOf(StringRef axis) const {
    for (auto &[name, size] : axes)
      if (name == axis)
        return size;
    return std::nullopt;
  }
  // The number of devices, or nullopt past INT64_MAX.
  std::optional<int64_t> deviceCount() const {
    int64_t n = 1;
    for (auto &axis : axes)
      if (llvm::MulOverflow(n, axis.second, n))
        return std::nullopt;
    return n;
  }
  // A mesh of one device named by its id: `<[], device_ids=[3]>`.
  bool isMaximal() const { return axes.empty() && !deviceIds.empty(); }
};

struct DimSharding {
  std::vector<Axis> axes;
  bool open = false;
};

struct Sharding {
  std::string meshName; // empty with an inline mesh
  std::optional<Mesh> inlineMesh;
  std::vector<DimSharding> dims;
  std::vector<Axis> replicated, unreduced;
};

// Tokens of Shardy's attribute text: punctuation, "strings", @symbols, words
// and integers, separated by spaces.
class Reader {
public:
  explicit Reader(StringRef text) : rest(text) {}

  bool eat(StringRef punct) {
    rest = rest.ltrim();
    if (!rest.starts_with(punct))
      return false;
    rest = rest.drop_front(punct.size());
    return true;
  }
  bool expect(StringRef punct) {
    return eat(punct) || fail("expected '" + punct + "'");
  }
  bool peek(StringRef punct) { return rest.ltrim().starts_with(punct); }
  bool string(std::string &out) {
    rest = rest.ltrim();
    if (!rest.starts_with("\""))
      return fail("expected a quoted axis name");
    size_t end = rest.find('"', 1);
    if (end == StringRef::npos)
      return fail("unterminated string");
    out = rest.slice(1, end).str();
    rest = rest.drop_front(end + 1);
    return true;
  }
  bool word(StringRef &out) {
    rest = rest.ltrim();
    out = rest.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (out.empty() || llvm::isDigit(out.front()))
      return fail("expected a name");
    rest = rest.drop_front(out.size());
    return true;
  }
  bool integer(int64_t &out) {
    rest = rest.ltrim();
    StringRef digits =
        rest.take_while([&](char c) { return llvm::isDigit(c) || c == '-'; });
    if (digits.empty() || digits.getAsInteger(10, out))
      return fail("expected an integer");
    rest = rest.drop_front(digits.size());
    return true;
  }
  bool done() { return rest.ltrim().empty() || fail("unexpected text"); }
  bool fail(const Twine &message) {
    if (error.empty())
      error = (message + " at '" + rest.ltrim().take_front(24) + "'").str();
    return false;
  }
  std::string error;

private:
  StringRef rest;
};

// `"x"` or the sub-axis `"x":(1)2`.
bool readAxis(Reader &r, Axis &axis) {
  if (!r.string(axis.base))
    return false;
  axis.name = axis.base;
  if (r.eat(":")) {
    int64_t pre, size;
    if (!r.expect("(") || !r.integer(pre) || !r.expect(")") || !r.integer(size))
      return false;
    axis.name += ":(" + std::to_string(pre) + ")" + std::to_string(size);
  }
  return true;
}

// `{"x", "y"}` (a `?` after the axes marks the dimension open).
bool readAxes(Reader &r, std::vector<Axis> &axes, bool *open = nullptr) {
  if (!r.expect("{"))
    return false;
  while (!r.eat("}")) {
    if (!axes.empty() || (open && *open))
      if (!r.expect(","))
        return false;
    if (open && r.eat("?")) {
      *open = true;
      continue;
    }
    Axis axis;
    if (!readAxis(r, axis))
      return false;
    axes.push_back(axis);
  }
  return true;
}

// `<["x"=4, "y"=2], device_ids=[...]>`
bool readMesh(Reader &r, Mesh &mesh) {
  if (!r.expect("<") || !r.expect("["))
    return false;
  while (!r.eat("]")) {
    if (!mesh.axes.empty() && !r.expect(","))
      return false;
    std::string name;
    int64_t size;
    if (!r.string(name) || !r.expect("=") || !r.integer(size))
      return false;
    mesh.axes.push_back({name, size});
  }
  if (r.eat(",")) {
    StringRef key;
    if (!r.word(key))
      return false;
    if (key != "device_ids")
      return r.fail("expected 'device_ids'");
    if (!r.expect("=") || !r.expect("["))
      return false;
    while (!r.eat("]")) {
      int64_t id;
      if (!mesh.deviceIds.empty() && !r.expect(","))
        return false;
      if (!r.integer(id))
        return false;
      mesh.deviceIds.push_back(id);
    }
  }
  return r.expect(">");
}

// `<@mesh, [{"x"}, {}], replicated={"y"}, unreduced={"z"}>`, the mesh also
// inline (`mesh<...>`); dimension priorities (`p1`) are read and ignored.
bool readSharding(Reader &r, Sharding &sharding) {
  if (!r.expect("<"))
    return false;
  if (r.eat("@")) {
    StringRef name;
    if (!r.word(name))
      return false;
    sharding.meshName = name.str();
  } else {
    StringRef key;
    Mesh mesh;
    if (!r.word(key) || (key != "mesh" && !r.fail("expected a mesh")) ||
        !readMesh(r, mesh))
      return false;
    sharding.inlineMesh = mesh;
  }
  if (!r.expect(",") || !r.expect("["))
    return false;
  while (!r.eat("]")) {
    if (!sharding.dims.empty() && !r.expect(","))
      return false;
    DimSharding dim;
    if (!readAxes(r, dim.axes, &dim.open))
      return false;
    StringRef priority;
    if (r.peek("p") && !r.word(priority))
      return false;
    sharding.dims.push_back(dim);
  }
  while (r.eat(",")) {
    StringRef key;
    if (!r.word(key) || !r.expect("="))
      return false;
    if (key == "replicated") {
      if (!readAxes(r, sharding.replicated))
        return false;
    } else if (key == "unreduced") {
      if (!readAxes(r, sharding.unreduced))
        return false;
    } else {
      return r.fail("expected 'replicated' or 'unreduced'");
    }
  }
  return r.expect(">");
}

// `<[<...>, <...>]>`: the body of a sharding_per_value.
bool readShardings(Reader &r, std::vector<Sharding> &shardings) {
  if (!r.expect("<") || !r.expect("["))
    return false;
  while (!r.eat("]")) {
    if (!shardings.empty() && !r.expect(","))
      return false;
    Sharding sharding;
    if (!readSharding(r, sharding))
      return false;
    shardings.push_back(sharding);
  }
  return r.expect(">");
}

StringRef bodyOf(SpecAttr attr) {
  return attr.getSpec().drop_front(attr.getKind().size());
}

template <typename T, typename ReadFn>
FailureOr<T> read(Operation *op, StringRef what, SpecAttr attr, ReadFn fn) {
  Reader r(bodyOf(attr));
  T value;
  if (!fn(r, value) || !r.done())
    return op->emitOpError() << "cannot read " << what << " " << attr.getSpec()
                             << ": " << r.error;
  return value;
}

FailureOr<Mesh> readMeshOf(Operation *op, SpecAttr attr) {
  return read<Mesh>(op, "the mesh", attr, readMesh);
}
FailureOr<Sharding> readShardingOf(Operation *op, SpecAttr attr) {
  return read<Sharding>(op, "the sharding", attr, readSharding);
}
FailureOr<std::vector<Sharding>> readShardingsOf(Operation *op, SpecAttr attr) {
  return read<std::vector<Sharding>>(op, "the shardings", attr, readShardings);
}
FailureOr<std::vector<Axis>> readManualAxesOf(Operation *op, SpecAttr attr) {
  return read<std::vector<Axis>>(
      op, "the manual axes", attr,
      [](Reader &r, std::vector<Axis> &axes) { return readAxes(r, axes); });
}

//===--- verification -----------------------------------------------------===//

LogicalResult verifyMesh(Operation *op, const Mesh &mesh) {
  llvm::StringSet<> names;
  for (auto &[name, size] : mesh.axes) {
    if (!names.insert(name).second) // M1
      return op->emitOpError() << "mesh axis \"" << name << "\" is repeated";
    if (size < 1) // M2
      return op->emitOpError() << "mesh axis \"" << name << "\" has size "
                               << size << ", expected at least 1";
  }
  if (mesh.deviceIds.empty())
    return success();
  std::optional<int64_t> devices = mesh.deviceCount();
  if (!devices) // M3 (more devices than any list of ids holds)
    return op->emitOpError()
           << "mesh has more than " << INT64_MAX << " devices but "
           << mesh.deviceIds.size() << " device_ids";
  int64_t count = *devices;
  if (static_cast<int64_t>(mesh.deviceIds.size()) != count) // M3
    return op->emitOpError() << "mesh has " << count << " devices but "
                             << mesh.deviceIds.size() << " device_ids";
  SmallVector<bool> seen(count, false);
  for (int64_t id : mesh.deviceIds) {
    if (mesh.axes.empty() && id >= 0)
      break; // a maximal mesh names one device of any id
    if (id < 0 || id >= count || seen[id]) // M4
      return op->emitOpError()
             << "device_ids must be a permutation of [0, " << count << ")";
    seen[id] = true;
  }
  return success();
}

// The mesh a sharding refers to, checked against the tensor it places.
FailureOr<Mesh> verifySharding(Operation *op, const Sharding &sharding,
                               Type type, const Twine &what) {
  Mesh mesh;
  if (sharding.inlineMesh) {
    mesh = *sharding.inlineMesh;
    if (failed(verifyMesh(op, mesh)))
      return failure();
  } else {
    auto meshOp = SymbolTable::lookupNearestSymbolFrom<MeshOp>(
        op, StringAttr::get(op->getContext(), sharding.meshName));
    if (!meshOp) // S1
      return op->emitOpError()
             << what << ": no sdy.mesh named @" << sharding.meshName;
    FailureOr<Mesh> read = readMeshOf(meshOp, meshOp.getMesh());
    if (failed(read))
      return failure();
    mesh = *read;
  }
  if (mesh.isMaximal()) {
    // S2: a maximal mesh places the whole value on its one device.
    if (!sharding.dims.empty() || !sharding.replicated.empty() ||
        !sharding.unreduced.empty())
      return op->emitOpError()
             << what
             << ": a sharding on a maximal mesh has no dimension "
                "shardings and no replicated or unreduced axes";
    return mesh;
  }
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (ranked &&
      static_cast<int64_t>(sharding.dims.size()) != ranked.getRank()) // S2
    return op->emitOpError()
           << what << ": " << sharding.dims.size()
           << " dimension shardings for a tensor of rank " << ranked.getRank();
  llvm::StringSet<> used;
  auto check = [&](const Axis &axis) -> LogicalResult {
    if (!mesh.sizeOf(axis.base)) // S3
      return op->emitOpError()
             << what << ": axis \"" << axis.base << "\" is not in the mesh";
    if (!used.insert(axis.name).second) // S4
      return op->emitOpError()
             << what << ": axis \"" << axis.name << "\" is used twice";
    return success();
  };
  for (const DimSharding &dim : sharding.dims)
    for (const Axis &axis : dim.axes)
      if (failed(check(axis)))
        return failure();
  for (const Axis &axis : sharding.replicated)
    if (failed(check(axis)))
      return failure();
  for (const Axis &axis : sharding.unreduced)
    if (failed(check(axis)))
      return failure();
  return mesh;
}

// The per-device type of `type` placed by `sharding`: each dimension divided
// by the sizes of the manual axes that shard it.
FailureOr<RankedTensorType> localType(Operation *op, const Sharding &sharding,
                                      const Mesh &mesh,
                                      const llvm::StringSet<> &manual,
                                      RankedTensorType type,
                                      const Twine &what) {
  SmallVector<int64_t> shape(type.getShape());
  for (auto [d, dim] : llvm::enumerate(sharding.dims)) {
    int64_t divisor = 1;
    bool freeSeen = false, tooMany = false;
    for (const Axis &axis : dim.axes) {
      if (!manual.contains(axis.base)) {
        freeSeen = true;
        continue;
      }
      if (axis.name != axis.base) // MC8
        return op->emitOpError() << what << ": manual sub-axis \"" << axis.name
                                 << "\" is not supported";
      if (freeSeen) // MC9
        return op->emitOpError()
               << what << ": manual axis \"" << axis.name
               << "\" must come before the free axes of dimension " << d;
      tooMany |= llvm::MulOverflow(divisor, *mesh.sizeOf(axis.base), divisor);
    }
    if (ShapedType::isDynamic(shape[d]))
      continue;
    if (tooMany) // MC10 (more devices than INT64_MAX)
      return op->emitOpError()
             << what << ": dimension " << d << " of size " << shape[d]
             << " does not split evenly over more than " << INT64_MAX
             << " devices";
    if (shape[d] % divisor != 0) // MC10
      return op->emitOpError()
             << what << ": dimension " << d << " of size " << shape[d]
             << " does not split evenly over " << divisor << " devices";
    shape[d] /= divisor;
  }
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

} // namespace

LogicalResult MeshOp::verify() {
  FailureOr<Mesh> mesh = readMeshOf(*this, getMesh());
  return failed(mesh) ? failure() : verifyMesh(*this, *mesh);
}

static LogicalResult verifyShardingOp(Operation *op, SpecAttr attr, Type type) {
  FailureOr<Sharding> sharding = readShardingOf(op, attr);
  if (failed(sharding))
    return failure();
  return success(succeeded(verifySharding(op, *sharding, type, "sharding")));
}

// `sdy.sharding` as a discardable attribute: a sharding of a function's
// argument or result, a sharding_per_value of an op's results (S5).
static LogicalResult verifyShardingAttr(Operation *op, NamedAttribute attr,
                                        StringRef kind, TypeRange types,
                                        StringRef what) {
  if (attr.getName() != "sdy.sharding")
    return success();
  auto spec = dyn_cast<SpecAttr>(attr.getValue());
  if (!spec || spec.getKind() != kind) // S5
    return op->emitOpError() << what << " sdy.sharding must be a #sdy." << kind
                             << " attribute, got " << attr.getValue();
  if (kind == "sharding") {
    FailureOr<Sharding> sharding = readShardingOf(op, spec);
    if (failed(sharding))
      return failure();
    return success(succeeded(
        verifySharding(op, *sharding, types.front(), what + " sharding")));
  }
  FailureOr<std::vector<Sharding>> shardings = readShardingsOf(op, spec);
  if (failed(shardings))
    return failure();
  // An op without results may carry one sharding: where it runs (JAX
  // places host callbacks on a maximal mesh this way).
  bool placement = types.empty() && shardings->size() == 1;
  if (shardings->size() != types.size() && !placement) // S5
    return op->emitOpError()
           << shardings->size() << " shardings in "
           << "sdy.sharding for " << types.size() << " results";
  for (auto [i, sharding] : llvm::enumerate(*shardings))
    if (failed(verifySharding(op, sharding, placement ? Type() : types[i],
                              "result " + Twine(i) + " sharding")))
      return failure();
  return success();
}

// The sdy.sharding of a function's argument or result `index`.
static LogicalResult verifyFunctionSharding(Operation *op, unsigned index,
                                            NamedAttribute attr, bool result) {
  auto function = dyn_cast<FunctionOpInterface>(op);
  ArrayRef<Type> types = !function ? ArrayRef<Type>()
                         : result  ? function.getResultTypes()
                                   : function.getArgumentTypes();
  if (index >= types.size())
    return success();
  return verifyShardingAttr(
      op, attr, "sharding", types[index],
      ((result ? "result " : "arg ") + Twine(index)).str());
}

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                   unsigned index,
                                                   NamedAttribute attr) {
  return verifyFunctionSharding(op, index, attr, /*result=*/false);
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned index,
                                                      NamedAttribute attr) {
  return verifyFunctionSharding(op, index, attr, /*result=*/true);
}

LogicalResult SdyDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  return verifyShardingAttr(op, attr, "sharding_per_value",
                            op->getResultTypes(), "its");
}

LogicalResult ShardingConstraintOp::verify() {
  return verifyShardingOp(*this, getSharding(), getInput().getType());
}

LogicalResult ReshardOp::verify() {
  return verifyShardingOp(*this, getSharding(), getInput().getType());
}

LogicalResult ManualComputationOp::verify() {
  Operation *op = *this;
  FailureOr<std::vector<Sharding>> ins = readShardingsOf(op, getInShardings());
  FailureOr<std::vector<Sharding>> outs =
      readShardingsOf(op, getOutShardings());
  FailureOr<std::vector<Axis>> manualAxes =
      readManualAxesOf(op, getManualAxes());
  if (failed(ins) || failed(outs) || failed(manualAxes))
    return failure();
  if (ins->size() != getTensors().size()) // MC1
    return emitOpError() << ins->size() << " in_shardings for "
                         << getTensors().size() << " operands";
  if (outs->size() != getResults().size()) // MC2
    return emitOpError() << outs->size() << " out_shardings for "
                         << getResults().size() << " results";
  llvm::StringSet<> manual;
  for (const Axis &axis : *manualAxes)
    manual.insert(axis.name);

  Block &body = getBody().front();
  if (body.getNumArguments() != getTensors().size()) // MC6
    return emitOpError() << "body has " << body.getNumArguments()
                         << " arguments for " << getTensors().size()
                         << " operands";
  auto returnOp = body.empty() ? ReturnOp() : dyn_cast<ReturnOp>(body.back());
  if (!returnOp) // MC7
    return emitOpError() << "body must end with sdy.return";
  if (returnOp.getResults().size() != getResults().size())
    return emitOpError() << "body returns " << returnOp.getResults().size()
                         << " values for " << getResults().size() << " results";

  std::optional<std::string> meshName;
  auto checkSide = [&](ArrayRef<Sharding> shardings, TypeRange globals,
                       TypeRange locals, StringRef side) -> LogicalResult {
    for (auto [i, sharding] : llvm::enumerate(shardings)) {
      std::string what = (side + " sharding " + Twine(i)).str();
      FailureOr<Mesh> mesh = verifySharding(op, sharding, globals[i], what);
      if (failed(mesh)) // MC3
        return failure();
      if (!meshName)
        meshName = sharding.meshName;
      else if (*meshName != sharding.meshName) // MC5
        return emitOpError() << what << " uses another mesh than the first";
      for (const Axis &axis : *manualAxes)
        if (!mesh->sizeOf(axis.name)) // MC4
          return emitOpError()
                 << "manual axis \"" << axis.name << "\" is not in the mesh";
      FailureOr<RankedTensorType> local =
          localType(op, sharding, *mesh, manual,
                    cast<RankedTensorType>(globals[i]), what);
      if (failed(local))
        return failure();
      if (*local != locals[i]) // MC6, MC7
        return emitOpError() << what << ": expected the per-device type "
                             << *local << ", got " << locals[i];
    }
    return success();
  };
  return failure(failed(checkSide(*ins, getTensors().getTypes(),
                                  body.getArgumentTypes(), "in")) ||
                 failed(checkSide(*outs, getResults().getTypes(),
                                  returnOp.getResults().getTypes(), "out")));
}

//===--- syntax -----------------------------------------------------------===//

// One balanced group (`<...>`, `[...]` or `{...}`) of the input, as written.
static ParseResult parseBalancedText(OpAsmParser &parser, StringRef &text) {
  const char *begin = parser.getCurrentLocation().getPointer();
  const char *end = begin;
  SmallVector<char> closers;
  do {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalLess()))
      closers.push_back('>');
    else if (succeeded(parser.parseOptionalLSquare()))
      closers.push_back(']');
    else if (succeeded(parser.parseOptionalLBrace()))
      closers.push_back('}');
    else if (closers.empty())
      return parser.emitError(loc, "expected '<', '[' or '{'");
    else if (succeeded(parser.parseOptionalLParen()))
      closers.push_back(')');
    else if ((closers.back() == '>' &&
              succeeded(parser.parseOptionalGreater())) ||
             (closers.back() == ']' &&
              succeeded(parser.parseOptionalRSquare())) ||
             (closers.back() == '}' &&
              succeeded(parser.parseOptionalRBrace())) ||
             (closers.back() == ')' &&
              succeeded(parser.parseOptionalRParen()))) {
      closers.pop_back();
      end = loc.getPointer() + 1;
    } else {
      std::string string;
      StringRef keyword;
      StringAttr symbol;
      APInt integer;
      if (succeeded(parser.parseOptionalComma()) ||
          succeeded(parser.parseOptionalEqual()) ||
          succeeded(parser.parseOptionalColon()) ||
          succeeded(parser.parseOptionalQuestion()) ||
          succeeded(parser.parseOptionalArrow()) ||
          succeeded(parser.parseOptionalString(&string)) ||
          succeeded(parser.parseOptionalKeyword(&keyword)) ||
          succeeded(parser.parseOptionalSymbolName(symbol)))
        continue;
      OptionalParseResult parsed = parser.parseOptionalInteger(integer);
      if (parsed.has_value() && succeeded(*parsed))
        continue;
      return parser.emitError(loc, "unexpected token in a Shardy attribute");
    }
  } while (!closers.empty());
  text = StringRef(begin, end - begin);
  return success();
}

static ParseResult parseSpecBody(OpAsmParser &parser, SpecAttr &attr,
                                 StringRef kind) {
  StringRef text;
  if (parseBalancedText(parser, text))
    return failure();
  attr = SpecAttr::get(parser.getContext(), (kind + text).str());
  return success();
}

static void printSpecBody(OpAsmPrinter &printer, Operation *, SpecAttr attr,
                          StringRef) {
  printer << bodyOf(attr);
}

// in_shardings=[...]: the list inside `sharding_per_value<...>`.
static ParseResult parseShardingList(OpAsmParser &parser, StringRef keyword,
                                     SpecAttr &attr) {
  StringRef text;
  if (parser.parseKeyword(keyword) || parser.parseEqual() ||
      parseBalancedText(parser, text))
    return failure();
  attr = SpecAttr::get(parser.getContext(),
                       ("sharding_per_value<" + text + ">").str());
  return success();
}

ParseResult ManualComputationOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SpecAttr ins, outs, manualAxes;
  StringRef axesText;
  SmallVector<OpAsmParser::Argument> arguments;
  auto body = std::make_unique<Region>();
  FunctionType type;
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parseShardingList(parser, "in_shardings", ins) ||
      parseShardingList(parser, "out_shardings", outs) ||
      parser.parseKeyword("manual_axes") || parser.parseEqual() ||
      parseBalancedText(parser, axesText) ||
      parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(*body, arguments) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands(operands, type.getInputs(), operandsLoc,
                             result.operands))
    return failure();
  manualAxes =
      SpecAttr::get(parser.getContext(), ("manual_axes" + axesText).str());
  auto &props = result.getOrAddProperties<Properties>();
  props.in_shardings = ins;
  props.out_shardings = outs;
  props.manual_axes = manualAxes;
  result.addTypes(type.getResults());
  result.addRegion(std::move(body));
  return success();
}

void ManualComputationOp::print(OpAsmPrinter &printer) {
  auto stripped = [](SpecAttr attr) { // the `<` and `>`, when there
    StringRef body = bodyOf(attr);
    if (body.size() >= 2 && body.front() == '<' && body.back() == '>')
      return body.drop_front().drop_back();
    return body;
  };
  printer << "(" << getTensors()
          << ") in_shardings=" << stripped(getInShardings())
          << " out_shardings=" << stripped(getOutShardings())
          << " manual_axes=" << bodyOf(getManualAxes()) << " (";
  llvm::interleaveComma(
      getBody().getArguments(), printer,
      [&](BlockArgument arg) { printer.printRegionArgument(arg); });
  printer << ") ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict(
      (*this)->getAttrs(), {"in_shardings", "out_shardings", "manual_axes"});
  printer << " : ";
  printer.printFunctionalType(getTensors().getTypes(), getResults().getTypes());
}

//===--- the meaning, for the interpreter ---------------------------------===//

namespace {
ArrayAttr axisNames(Builder &b, ArrayRef<Axis> axes) {
  SmallVector<Attribute> names;
  for (const Axis &axis : axes)
    names.push_back(b.getStringAttr(axis.name));
  return b.getArrayAttr(names);
}

DictionaryAttr meshFields(Builder &b, const Mesh &mesh) {
  SmallVector<Attribute> names;
  SmallVector<int64_t> sizes;
  for (auto &[name, size] : mesh.axes) {
    names.push_back(b.getStringAttr(name));
    sizes.push_back(size);
  }
  return b.getDictionaryAttr(
      {b.getNamedAttr("axis_names", b.getArrayAttr(names)),
       b.getNamedAttr("axis_sizes", b.getDenseI64ArrayAttr(sizes)),
       b.getNamedAttr("device_ids", b.getDenseI64ArrayAttr(mesh.deviceIds))});
}

DictionaryAttr shardingFields(Builder &b, const Sharding &sharding) {
  SmallVector<Attribute> dims;
  SmallVector<bool> open;
  for (const DimSharding &dim : sharding.dims) {
    dims.push_back(axisNames(b, dim.axes));
    open.push_back(dim.open);
  }
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("mesh", b.getStringAttr(sharding.meshName)),
      b.getNamedAttr("dims", b.getArrayAttr(dims)),
      b.getNamedAttr("open", b.getDenseBoolArrayAttr(open)),
      b.getNamedAttr("replicated", axisNames(b, sharding.replicated)),
      b.getNamedAttr("unreduced", axisNames(b, sharding.unreduced))};
  if (sharding.inlineMesh)
    fields.push_back(
        b.getNamedAttr("inline_mesh", meshFields(b, *sharding.inlineMesh)));
  return b.getDictionaryAttr(fields);
}
} // namespace

DictionaryAttr mlir::stablehlo::sdy::describe(SpecAttr attr) {
  Builder b(attr.getContext());
  StringRef kind = attr.getKind();
  Reader r(bodyOf(attr));
  if (kind == "mesh") {
    Mesh mesh;
    if (readMesh(r, mesh) && r.done())
      return meshFields(b, mesh);
  } else if (kind == "sharding") {
    Sharding sharding;
    if (readSharding(r, sharding) && r.done())
      return shardingFields(b, sharding);
  } else if (kind == "sharding_per_value") {
    std::vector<Sharding> shardings;
    if (readShardings(r, shardings) && r.done()) {
      SmallVector<Attribute> list;
      for (const Sharding &sharding : shardings)
        list.push_back(shardingFields(b, sharding));
      return b.getDictionaryAttr(
          {b.getNamedAttr("shardings", b.getArrayAttr(list))});
    }
  } else if (kind == "manual_axes") {
    std::vector<Axis> axes;
    if (readAxes(r, axes) && r.done())
      return b.getDictionaryAttr({b.getNamedAttr("axes", axisNames(b, axes))});
  }
  // Kinds the reader does not know (op_sharding_rule, ...) and text it cannot
  // read (verifiers reject it on sdy ops, not in other ops' attributes): the
  // text itself, so decoding any attribute of a program never fails.
  return b.getDictionaryAttr(
      {b.getNamedAttr("text", b.getStringAttr(attr.getSpec()))});
}
