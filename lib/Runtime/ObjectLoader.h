// Machine code of the compiled backend loaded back from its on-disk cache
// (lib/Runtime/ObjectLoader.cpp; the extension's `LoadedObject`,
// lib/Bindings/ObjectLoaderBindings.cpp). Every LLVM error becomes a message
// for the caller, never an abort.
#ifndef STABLEHLO_PY_RUNTIME_OBJECTLOADER_H
#define STABLEHLO_PY_RUNTIME_OBJECTLOADER_H

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace stablehlo_py {

// One JIT holding one relocatable object: symbols defined, the object added,
// then looked up (the first lookup links it). The failing calls return false
// (0 for lookup) and set `error`.
class ObjectLoader {
public:
  // A JIT with the process's symbols and the shared libraries `libraries`
  // (paths) visible to the code it will link; nothing and a message on
  // failure.
  static std::optional<ObjectLoader> create(const std::vector<std::string> &libraries, std::string &error);
  ObjectLoader(ObjectLoader &&) noexcept;
  ~ObjectLoader();

  // Makes `address` the definition of `name` for the code linked later.
  bool define(const std::string &name, uint64_t address, std::string &error);
  // Adds the relocatable object `bytes` (copied).
  bool add(std::string_view bytes, std::string &error);
  // The address of `name` (linking the object on the first lookup), or 0 and
  // a message (an undefined symbol, a malformed object).
  uint64_t lookup(const std::string &name, std::string &error);

private:
  explicit ObjectLoader(std::unique_ptr<llvm::orc::LLJIT> jit);
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

// What the code generated for this host depends on, as MLIR's JIT detects it:
// "triple cpu +feature,-feature,..." (features sorted), for the cache key.
std::string hostCpu();

} // namespace stablehlo_py

#endif // STABLEHLO_PY_RUNTIME_OBJECTLOADER_H
