"""Verification: run each rewritten function against its original before anything is written.

Parent side (never imports JAX): `stage` (rewrite, verify, keep what agrees), `plan` (what is
known about a function's inputs, from the source), `options` (`[tool.tracerfix.verify]`),
`runner` (the worker process and its time limits), `report` (verdicts as text), `specs` (the
input spec language). Worker side (`python -m tracerfix.verify.worker`, imports JAX once):
`worker` (protocol, importing the user's modules), `check` (one function), `inputs` (values,
probing, shrinking), `compare` (do two outputs agree).
"""
