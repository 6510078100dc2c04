// The compile cache's object loader in Python (lowering/cache.py): each
// failure of LLVM's a RuntimeError carrying its message.
#include "ObjectLoaderBindings.h"
#include "Runtime/ObjectLoader.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>

namespace nb = nanobind;
using stablehlo_py::ObjectLoader;

void registerObjectLoader(nb::module_ &m) {
  nb::class_<ObjectLoader>(m, "LoadedObject",
                           "A relocatable object linked in process by LLVM's "
                           "ORC (lib/Runtime/ObjectLoader.h); the JIT and its "
                           "code are freed with it.")
      .def(
          "__init__",
          [](ObjectLoader *self, const std::vector<std::string> &sharedLibs) {
            std::string error;
            std::optional<ObjectLoader> loaded =
                ObjectLoader::create(sharedLibs, error);
            if (!loaded)
              throw std::runtime_error(error);
            new (self) ObjectLoader(std::move(*loaded));
          },
          nb::arg("shared_libs"),
          "A JIT seeing the process's symbols and the shared libraries "
          "`shared_libs` (paths).")
      .def(
          "add",
          [](ObjectLoader &self, nb::bytes object) {
            std::string error;
            if (!self.add({object.c_str(), object.size()}, error))
              throw std::runtime_error(error);
          },
          nb::arg("object"), "Adds a relocatable object (copied).")
      .def(
          "define",
          [](ObjectLoader &self, const std::string &name, uint64_t address) {
            std::string error;
            if (!self.define(name, address, error))
              throw std::runtime_error(error);
          },
          nb::arg("name"), nb::arg("address"),
          "Makes `address` the definition of symbol `name` for the code "
          "linked later.")
      .def(
          "lookup",
          [](ObjectLoader &self, const std::string &name) {
            std::string error;
            uint64_t address = self.lookup(name, error);
            if (!address)
              throw std::runtime_error(error.empty()
                                           ? "symbol '" + name + "' is at 0"
                                           : error);
            return address;
          },
          nb::arg("name"),
          "The address of symbol `name`; the first lookup links the object.");
  m.def("host_cpu", &stablehlo_py::hostCpu,
        "What the code generated for this host depends on: 'triple cpu "
        "+feature,-feature,...' (the compile cache's key).");
}
