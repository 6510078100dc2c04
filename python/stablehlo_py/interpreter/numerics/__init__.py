"""Numerics shared by kernels: element conversion, reduction combiners, window arithmetic,
special functions and value printing. Imports only core."""
