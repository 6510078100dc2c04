#include "Support/TextUpgrade.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

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

} // namespace mlir::stablehlo
