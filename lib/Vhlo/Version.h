// Versions of the StableHLO opset (major.minor.patch), as portable artifacts
// name them: the producer string `StableHLO_v1.20.0`, the `target` of
// serialization, the versions each vhlo op, type and attribute exists in.
#ifndef STABLEHLO_PY_VHLO_VERSION_H
#define STABLEHLO_PY_VHLO_VERSION_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>

namespace mlir {
namespace vhlo {

class Version {
public:
  constexpr Version(int64_t major, int64_t minor, int64_t patch)
      : parts{major, minor, patch} {}

  // "1.2.3" exactly (three groups of decimal digits); failure otherwise.
  static FailureOr<Version> fromString(StringRef text);

  // The newest opset this build reads and writes.
  static Version getCurrentVersion() { return Version(1, 20, 0); }
  // The oldest opset with compatibility guarantees.
  static Version getMinimumVersion() { return Version(0, 9, 0); }

  int64_t getMajor() const { return parts[0]; }
  int64_t getMinor() const { return parts[1]; }
  int64_t getPatch() const { return parts[2]; }

  // The MLIR bytecode format version an artifact of this version is written
  // in (its readers may not read a newer one); failure outside the supported
  // range.
  FailureOr<int64_t> getBytecodeVersion() const;

  std::string toString() const;

  bool operator<(const Version &other) const { return parts < other.parts; }
  bool operator==(const Version &other) const { return parts == other.parts; }
  bool operator<=(const Version &other) const { return parts <= other.parts; }
  bool operator>(const Version &other) const { return other < *this; }
  bool operator!=(const Version &other) const { return !(*this == other); }

private:
  std::array<int64_t, 3> parts;
};

// How old a reader the artifact must load in (upstream's enum and values).
enum class CompatibilityRequirement { NONE = 0, WEEK_4 = 1, WEEK_12 = 2, MAX = 3 };
FailureOr<Version> versionFromCompatibilityRequirement(int requirement);

raw_ostream &operator<<(raw_ostream &os, const Version &version);
Diagnostic &operator<<(Diagnostic &diag, const Version &version);

} // namespace vhlo
} // namespace mlir

#endif // STABLEHLO_PY_VHLO_VERSION_H
