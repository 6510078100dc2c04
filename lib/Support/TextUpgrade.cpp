#include "Support/TextUpgrade.h"

#include "Dialect/StablehloOps.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::stablehlo {

// Element count of the `tensor<...xi1>` type at the start of `text` (after
// `: `), or -1 if it is not a statically shaped i1 tensor.
static int64_t boolTensorElements(llvm::StringRef text) {
  text = text.ltrim();
  if (!text.consume_front(":"))
    return -1;
  text = text.ltrim();
  if (!text.consume_front("tensor<"))
    return -1;
  int64_t count = 1;
  while (!text.empty() && llvm::isDigit(text.front())) {
    uint64_t dim;
    if (text.consumeInteger(10, dim) || !text.consume_front("x"))
      return -1;
    count *= static_cast<int64_t>(dim);
  }
  return text.starts_with("i1>") || text.starts_with("i1,") ? count : -1;
}

// The packed hex of `hex` (one byte per element), or "" if some byte is not a
// boolean.
static std::string packBools(llvm::StringRef hex, int64_t count) {
  llvm::SmallVector<uint8_t> packed((count + 7) / 8, 0);
  for (int64_t i = 0; i < count; ++i) {
    llvm::StringRef byte = hex.substr(2 * i, 2);
    if (byte == "01")
      packed[i / 8] |= uint8_t(1) << (i % 8);
    else if (byte != "00")
      return "";
  }
  return llvm::toHex(packed);
}

std::string upgradeBoolHexLiterals(llvm::StringRef text) {
  static constexpr llvm::StringLiteral open = "dense<\"0x";
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (true) {
    size_t start = text.find(open, pos);
    if (start == llvm::StringRef::npos)
      break;
    size_t hexStart = start + open.size();
    size_t hexEnd = text.find("\">", hexStart);
    if (hexEnd == llvm::StringRef::npos)
      break;
    llvm::StringRef hex = text.slice(hexStart, hexEnd);
    int64_t count = boolTensorElements(text.substr(hexEnd + 2));
    std::string packed;
    if (count > 1 && static_cast<int64_t>(hex.size()) == 2 * count)
      packed = packBools(hex, count);
    out.append(text.slice(pos, hexStart).str());
    out.append(packed.empty() ? hex.str() : packed);
    pos = hexEnd;
  }
  out.append(text.substr(pos).str());
  return out;
}

//===--- Literals MLIR's parser asserts on ---------------------------------===//

namespace {
bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

// Position just past the string literal starting at `pos` (a '"').
size_t skipString(llvm::StringRef text, size_t pos) {
  for (++pos; pos < text.size(); ++pos) {
    if (text[pos] == '\\')
      ++pos;
    else if (text[pos] == '"')
      return pos + 1;
  }
  return text.size();
}

// The body of `dense<...>` / `sparse<...>` whose '<' is at `open`: its end
// (the '>'), whether it has a '(' outside strings, and for sparse the '(' of
// the indices (before the first top-level ',').
struct LiteralBody {
  size_t end = llvm::StringRef::npos;
  size_t firstParen = llvm::StringRef::npos;
  size_t indicesParen = llvm::StringRef::npos;
  bool nestedString = false; // a string inside [...] or (...)
  bool indicesString = false; // a string before the first top-level ','
  llvm::StringRef topString;  // the contents of a top-level string ("0x...")
};
LiteralBody scanBody(llvm::StringRef text, size_t open) {
  LiteralBody body;
  int depth = 0;
  bool inIndices = true;
  for (size_t pos = open + 1; pos < text.size();) {
    char c = text[pos];
    if (c == '"') {
      size_t next = skipString(text, pos);
      body.nestedString |= depth > 0;
      body.indicesString |= inIndices;
      if (depth == 0 && body.topString.empty() && next > pos + 1)
        body.topString = text.slice(pos + 1, next - 1);
      pos = next;
      continue;
    }
    if (c == '>' || c == '<') {
      if (c == '>')
        body.end = pos;
      return body;
    }
    if (c == '(' && body.firstParen == llvm::StringRef::npos)
      body.firstParen = pos;
    if (c == '(' && inIndices && body.indicesParen == llvm::StringRef::npos)
      body.indicesParen = pos;
    if (c == '[' || c == '(')
      ++depth;
    else if (c == ']' || c == ')')
      --depth;
    else if (c == ',' && depth == 0)
      inIndices = false;
    ++pos;
  }
  return body;
}

// The text of the type at `pos` (`tensor<...>`, `vector<...>`, `!alias`...),
// with `!alias = type` definitions resolved once.
llvm::StringRef typeAt(llvm::StringRef text, size_t pos, bool resolveAlias = true) {
  llvm::StringRef rest = text.substr(pos);
  size_t end = rest.starts_with("!") ? 1 : 0;
  while (end < rest.size() && isIdentifierChar(rest[end]))
    ++end;
  if (end < rest.size() && rest[end] == '<') {
    int depth = 0;
    for (; end < rest.size(); ++end) {
      if (rest[end] == '<')
        ++depth;
      else if (rest[end] == '>' && --depth == 0)
        return rest.take_front(end + 1);
    }
    return {};
  }
  llvm::StringRef name = rest.take_front(end);
  if (!resolveAlias || !name.starts_with("!"))
    return name;
  // `!name = type` at the start of a line.
  for (size_t def = text.find(name); def != llvm::StringRef::npos;
       def = text.find(name, def + 1)) {
    if (def != 0 && text[def - 1] != '\n')
      continue;
    llvm::StringRef after = text.substr(def + name.size()).ltrim(" \t");
    if (after.consume_front("="))
      return typeAt(text, text.size() - after.ltrim(" \t").size(),
                    /*resolveAlias=*/false);
  }
  return {};
}

// The element type of a shaped type's text: `tensor<2x3xf32, #enc>` gives
// `f32`; "" when `type` is not a shaped type spelled out.
llvm::StringRef elementTypeOf(llvm::StringRef type) {
  if (!type.consume_front("tensor<") && !type.consume_front("vector<") &&
      !type.consume_front("memref<"))
    return {};
  type = type.drop_back(); // the closing '>'
  // Skip the dimensions (`2x`, `?x`, `*x`, `[4]x` of scalable vectors).
  while (true) {
    size_t x = type.find_first_not_of("0123456789?*[] ");
    if (x == llvm::StringRef::npos || type[x] != 'x' || x == 0)
      break;
    type = type.drop_front(x + 1);
  }
  int depth = 0;
  for (size_t i = 0; i < type.size(); ++i) {
    if (type[i] == '<')
      ++depth;
    else if (type[i] == '>')
      --depth;
    else if (type[i] == ',' && depth == 0)
      return type.take_front(i).trim();
  }
  return type.trim();
}

// Whether the static sizes of a shaped type's text (`tensor<AxBx...>`)
// multiply past int64.
bool elementCountOverflows(llvm::StringRef type) {
  if (!type.consume_front("tensor<") && !type.consume_front("vector<") &&
      !type.consume_front("memref<"))
    return false;
  int64_t count = 1;
  unsigned long long size;
  while (!type.consumeInteger(10, size) && type.consume_front("x"))
    if (size > static_cast<unsigned long long>(INT64_MAX) ||
        llvm::MulOverflow(count, static_cast<int64_t>(size), count))
      return true;
  return false;
}

// Integer, index, floating-point or complex: the element types whose
// literal elements are numbers (`!quant...` and dialect types are not).
bool isNumericElementType(llvm::StringRef element) {
  if (element.starts_with("complex<") || element == "index" ||
      element == "bf16" || element == "tf32")
    return true;
  llvm::StringRef digits = element;
  if (!digits.consume_front("si") && !digits.consume_front("ui") &&
      !digits.consume_front("i") && !digits.consume_front("f"))
    return false;
  return !digits.empty() && llvm::isDigit(digits.front());
}

// Bits of an integer or float element type narrower than a byte that MLIR
// stores one per byte (i1 is packed 8 per byte), else 0.
unsigned subByteBits(llvm::StringRef element, bool &isSigned) {
  isSigned = false;
  if (element == "f4E2M1FN")
    return 4;
  if (element == "f6E2M3FN" || element == "f6E3M2FN")
    return 6;
  llvm::StringRef digits = element;
  bool isUnsigned = digits.consume_front("ui");
  if (!isUnsigned && !digits.consume_front("si") && !digits.consume_front("i"))
    return 0;
  unsigned bits;
  if (digits.getAsInteger(10, bits) || bits < 2 || bits > 7)
    return 0;
  isSigned = !isUnsigned;
  return bits;
}

// The first byte of hex data `hex` ("0x...") that a sub-byte element does not
// fill: the bits above the element's must be zero (or copies of the sign
// bit, for signed integers). MLIR keeps such bytes as they are, and prints
// them as values the type cannot hold.
std::optional<unsigned> misfitHexByte(llvm::StringRef hex, unsigned bits,
                                      bool isSigned) {
  if (!hex.consume_front("0x") || hex.size() % 2)
    return std::nullopt; // MLIR reports malformed hex itself
  unsigned mask = (1u << bits) - 1;
  for (size_t i = 0; i < hex.size(); i += 2) {
    unsigned byte;
    if (hex.substr(i, 2).getAsInteger(16, byte))
      return std::nullopt;
    bool zeroExtended = (byte & ~mask) == 0;
    bool signExtended = isSigned && (byte | mask) == 0xFF &&
                        (byte >> (bits - 1) & 1);
    if (!zeroExtended && !signExtended)
      return byte;
  }
  return std::nullopt;
}

// Why MLIR's parser would assert on the literal `dense<...>`/`sparse<...>`
// starting at `start` with its '<' at `open`, or "".
std::string literalProblem(llvm::StringRef text, size_t open, bool sparse,
                           size_t &end) {
  LiteralBody body = scanBody(text, open);
  end = body.end;
  if (body.end == llvm::StringRef::npos)
    return "";
  // Sparse indices are integers: a (re, im) pair there miscounts them, and a
  // string reaches an assertion on the token kind.
  if (sparse && body.indicesParen != llvm::StringRef::npos)
    return "sparse literal indices must be integers, not (re, im) pairs";
  if (sparse && body.indicesString)
    return "sparse literal indices must be a list of integers, not a string";
  llvm::StringRef after = text.substr(body.end + 1).ltrim();
  if (!after.consume_front(":"))
    return ""; // the type comes from the context: not known here
  size_t typePos = text.size() - after.ltrim().size();
  llvm::StringRef type = typeAt(text, typePos);
  llvm::StringRef kind = sparse ? "sparse" : "dense";
  // MLIR counts the literal type's elements in int64 and asserts on overflow.
  if (elementCountOverflows(type))
    return (kind + " literal type " + type + " has more than 2^63 - 1 elements")
        .str();
  if (body.firstParen == llvm::StringRef::npos && !body.nestedString &&
      body.topString.empty())
    return "";
  llvm::StringRef element = elementTypeOf(type);
  bool isSigned;
  if (unsigned bits = subByteBits(element, isSigned);
      bits && !body.topString.empty())
    if (std::optional<unsigned> byte =
            misfitHexByte(body.topString, bits, isSigned))
      return (kind + " literal has hex byte 0x" +
              llvm::utohexstr(*byte, /*LowerCase=*/false, /*Width=*/2) +
              " that does not fit the " + llvm::Twine(bits) +
              "-bit element type " + element + " (of " + type + ")")
          .str();
  // A string among the elements of a numeric type reaches an assertion on
  // the token kind (only a whole-literal hex string is allowed).
  if (body.nestedString && isNumericElementType(element))
    return (kind + " literal has string elements but its element type " +
            element + " (of " + type +
            ") is numeric (a hex string must be the whole literal)")
        .str();
  if (body.firstParen == llvm::StringRef::npos || element.empty() ||
      element.starts_with("complex<"))
    return "";
  // (re, im) elements give MLIR twice the values a non-complex type holds,
  // which DenseElementsAttr::get asserts on.
  return (kind + " literal has complex (re, im) elements but its element type " +
          element + " (of " + type + ") is not complex")
      .str();
}
} // namespace

// MLIR's parser of `array<T: ...>` asks index for a bit width and asserts.
bool isIndexArray(llvm::StringRef text, size_t open) {
  llvm::StringRef element = text.substr(open + 1).ltrim();
  if (!element.consume_front("index"))
    return false;
  element = element.ltrim();
  return element.starts_with(":") || element.starts_with(">");
}

// MLIR's parser recurses once per nesting level (brackets, regions, types
// such as tuple<tuple<...>>) and overflows its stack (SIGSEGV) near 3000
// nested regions or 10000 brackets; programs nest a few dozen levels.
constexpr int kMaxNesting = 1000;

// Where the text first nests deeper than kMaxNesting (outside strings and
// comments), or npos. A '<' opens a level after a name (`tensor<`), a '>'
// closes one unless it ends `->`.
static size_t tooDeepAt(llvm::StringRef text) {
  int depth = 0;
  for (size_t pos = 0; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '"') {
      pos = skipString(text, pos) - 1;
      continue;
    }
    if (c == '/' && text.substr(pos).starts_with("//")) {
      pos = text.find('\n', pos);
      if (pos == llvm::StringRef::npos)
        return llvm::StringRef::npos;
      continue;
    }
    bool opens = c == '(' || c == '[' || c == '{' ||
                 (c == '<' && pos > 0 && isIdentifierChar(text[pos - 1]));
    bool closes = c == ')' || c == ']' || c == '}' ||
                  (c == '>' && depth > 0 && (pos == 0 || text[pos - 1] != '-'));
    if (opens && ++depth > kMaxNesting)
      return pos;
    if (closes)
      --depth;
  }
  return llvm::StringRef::npos;
}

static std::string guardLiteralsIn(llvm::StringRef text);

std::string guardLiterals(llvm::StringRef text) {
  size_t deep = tooDeepAt(text);
  if (deep == llvm::StringRef::npos)
    return guardLiteralsIn(text);
  // The parser stops at the placeholder, before recursing any deeper.
  return guardLiteralsIn(text.take_front(deep)) + "#stablehlo." +
         kLiteralErrorMnemonic.str() + "<\"nesting deeper than " +
         std::to_string(kMaxNesting) +
         " levels (brackets, regions, types) would overflow the parser's "
         "stack\">";
}

static std::string guardLiteralsIn(llvm::StringRef text) {
  std::string out;
  size_t copied = 0;
  for (size_t pos = 0; pos < text.size();) {
    char c = text[pos];
    if (c == '"') {
      pos = skipString(text, pos);
      continue;
    }
    if (c == '/' && text.substr(pos).starts_with("//")) {
      pos = text.find('\n', pos);
      if (pos == llvm::StringRef::npos)
        break;
      continue;
    }
    bool boundary = pos == 0 || !isIdentifierChar(text[pos - 1]);
    bool dense = boundary && text.substr(pos).starts_with("dense<");
    bool sparse = boundary && text.substr(pos).starts_with("sparse<");
    bool array = boundary && text.substr(pos).starts_with("array<");
    if (!dense && !sparse && !array) {
      ++pos;
      continue;
    }
    size_t open = text.find('<', pos), end;
    std::string problem;
    if (array) {
      end = text.find('>', open);
      if (end != llvm::StringRef::npos && isIndexArray(text, open))
        problem = "array attribute elements must have an integer or float "
                  "type, got index";
    } else {
      problem = literalProblem(text, open, sparse, end);
    }
    if (problem.empty()) {
      pos = end == llvm::StringRef::npos ? open + 1 : end + 1;
      continue;
    }
    // The stablehlo attribute parser reports this placeholder's message at
    // its own position, the literal's; the literal's newlines are kept so
    // that later lines keep their numbers.
    out.append(text.slice(copied, pos).str());
    out.append("#stablehlo.");
    out.append(kLiteralErrorMnemonic);
    out.append("<\"");
    out.append(problem);
    out.append("\">");
    out.append(text.slice(pos, end + 1).count('\n'), '\n');
    copied = pos = end + 1;
  }
  out.append(text.substr(copied).str());
  return out;
}

std::string guardResourceBlobs(llvm::StringRef text) {
  size_t metadata = text.find("{-#");
  if (metadata == llvm::StringRef::npos)
    return text.str();
  std::string out = text.str();
  // A blob is "0x" + its alignment as 4 little-endian bytes + its data.
  static constexpr llvm::StringLiteral kZeroAlignment = "\"0x00000000";
  for (size_t at = out.find(kZeroAlignment.data(), metadata);
       at != std::string::npos;
       at = out.find(kZeroAlignment.data(), at + 1))
    out.replace(at + 1, 2, "alignment 0: "); // no longer a hex blob
  return out;
}

std::string upgradeProgramText(llvm::StringRef text) {
  return guardResourceBlobs(guardLiterals(upgradeBoolHexLiterals(text)));
}

} // namespace mlir::stablehlo
