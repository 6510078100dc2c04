#include "Vhlo/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace vhlo {

FailureOr<Version> Version::fromString(StringRef text) {
  SmallVector<StringRef, 4> groups;
  text.split(groups, '.', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (groups.size() != 3)
    return failure();
  std::array<int64_t, 3> numbers;
  for (auto [i, group] : llvm::enumerate(groups)) {
    if (group.empty() || group.size() > 18 || !llvm::all_of(group, llvm::isDigit))
      return failure();
    if (group.getAsInteger(10, numbers[i]))
      return failure();
  }
  return Version(numbers[0], numbers[1], numbers[2]);
}

FailureOr<int64_t> Version::getBytecodeVersion() const {
  if (*this < getMinimumVersion() || getCurrentVersion() < *this)
    return failure();
  if (*this < Version(0, 10, 0))
    return 0;
  if (*this < Version(0, 12, 0))
    return 1;
  if (*this < Version(0, 14, 0))
    return 3;
  if (*this < Version(0, 15, 0))
    return 4;
  return 6; // properties written natively, as VHLO ops keep their attributes
}

std::string Version::toString() const {
  return llvm::formatv("{0}.{1}.{2}", parts[0], parts[1], parts[2]).str();
}

// WEEK_4 and WEEK_12 name releases at least 4 and 12 weeks older than the
// current one; these are the versions jaxlib 0.10 (StableHLO 1.17) names,
// so that what we write for them loads in the JAX of that age too.
FailureOr<Version> versionFromCompatibilityRequirement(int requirement) {
  switch (static_cast<CompatibilityRequirement>(requirement)) {
  case CompatibilityRequirement::NONE:
    return Version::getCurrentVersion();
  case CompatibilityRequirement::WEEK_4:
    return Version(1, 15, 0);
  case CompatibilityRequirement::WEEK_12:
    return Version(1, 13, 7);
  case CompatibilityRequirement::MAX:
    return Version::getMinimumVersion();
  }
  return failure();
}

raw_ostream &operator<<(raw_ostream &os, const Version &version) {
  return os << version.toString();
}
Diagnostic &operator<<(Diagnostic &diag, const Version &version) {
  return diag << version.toString();
}

} // namespace vhlo
} // namespace mlir
