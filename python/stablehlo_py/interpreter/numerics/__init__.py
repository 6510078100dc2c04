"""Numerics shared by kernels: element conversion, reduction combiners, window arithmetic,
special functions, error-free float64 arithmetic and value printing. Imports only core."""
