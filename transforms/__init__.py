"""tracerfix's rules: one module per tracer-leak idiom, each with its documentation and cases.

Installed as `tracerfix.transforms`. Shared helpers live in `tracerfix/`, not here.
"""
