"""Kernels of the ops that read or write a tensor at computed indices:
gather, scatter, dynamic_slice, dynamic_update_slice, torch_index_select."""

from __future__ import annotations


# --- Reads: gather, dynamic_slice, torch_index_select ----------------------


# --- Writes: scatter, dynamic_update_slice ----------------------------------
