"""Upstream StableHLO's rewrite passes, one module per pass, registered by upstream's names in
passes/registry.py."""
