"""The interpreter's core: errors, limits, value types, attributes, the op registry (kernels and
their traits) and the plan that prepares functions. Imports nothing above it."""
