"""Dialect modules: `from stablehlo_py.dialects import stablehlo, chlo, check, interpreter, sdy`."""
