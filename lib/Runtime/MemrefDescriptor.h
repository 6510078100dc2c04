// MLIR's ranked memref descriptor as the C interface (`_mlir_ciface_`) passes
// it: the native kernels' view of a buffer (docs/lowering.md, "Calling
// convention"). Sizes and strides count elements.
#ifndef STABLEHLO_PY_RUNTIME_MEMREFDESCRIPTOR_H
#define STABLEHLO_PY_RUNTIME_MEMREFDESCRIPTOR_H

#include <cstdint>

template <typename T, int Rank> struct MemrefDescriptor {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

#endif // STABLEHLO_PY_RUNTIME_MEMREFDESCRIPTOR_H
