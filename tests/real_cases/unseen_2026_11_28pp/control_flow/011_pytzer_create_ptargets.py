"""Pytzer stoichiometric solver set-up: `if` on dict membership inside @jax.jit (static, must stay).

source: mvdh7/pytzer pytzer/equilibrate/stoichiometric.py at 020b01b11fbe2474ead7f38f7787504d7678395a (code-index file id 26342329392; guess_ptargets, create_ptargets)
error: none
category: negative-static-if-dict-keys
expect: untouched
notes: guess_ptargets and create_ptargets verbatim, both @jax.jit in the source. Every `if` / `elif` / `assert` tests membership of a key in a dict (or string equality on a key); dict keys are pytree structure, so they are static under jit and the code traces fine. The traced totals only flow into -np.log10(...). `f` is create_ptargets; inputs are the totals / constants dicts (values traced).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import OrderedDict
import jax
from jax import lax, numpy as np


@jax.jit
def guess_ptargets(ptargets, totals):
    """Update ptargets with vaguely sensible first guesses for the stoichiometric
    solver.
    """
    assert isinstance(ptargets, OrderedDict)
    for s in ptargets:
        if s == "H":
            ptargets["H"] = 8.0
        elif s == "F":
            assert "F" in totals
            ptargets["F"] = -np.log10(totals["F"] / 2)
        elif s == "CO3":
            assert "CO2" in totals
            ptargets["CO3"] = -np.log10(totals["CO2"] / 10)
        elif s == "PO4":
            assert "PO4" in totals
            ptargets["PO4"] = -np.log10(totals["PO4"] / 2)
    return ptargets


@jax.jit
def create_ptargets(totals, ks_constants):
    """Generate ptargets with first-guess solver values."""
    ptargets = OrderedDict()
    ptargets["H"] = 0.0
    if "F" in totals:
        if "MgF" in ks_constants or "CaF" in ks_constants:
            ptargets["F"] = 0.0
    if "CO2" in totals:
        if (
            "MgCO3" in ks_constants
            or "CaCO3" in ks_constants
            or "SrCO3" in ks_constants
        ):
            ptargets["CO3"] = 0.0
    if "PO4" in totals:
        if (
            "MgH2PO4" in ks_constants
            or "MgHPO4" in ks_constants
            or "MgPO4" in ks_constants
            or "CaH2PO4" in ks_constants
            or "CaHPO4" in ks_constants
            or "CaPO4" in ks_constants
        ):
            ptargets["PO4"] = 0.0
    ptargets = guess_ptargets(ptargets, totals)
    return ptargets


f = create_ptargets
# --- end user code ---

import numpy


def make_inputs(rng):
    totals = {
        "Na": numpy.float32(rng.uniform(0.4, 0.5)),
        "F": numpy.float32(rng.uniform(5e-5, 1e-4)),
        "CO2": numpy.float32(rng.uniform(1.8e-3, 2.4e-3)),
        "PO4": numpy.float32(rng.uniform(1e-6, 3e-6)),
    }
    ks_constants = {
        "MgF": numpy.float32(rng.uniform(0.5, 2.0)),
        "CaCO3": numpy.float32(rng.uniform(1e3, 2e3)),
        "MgHPO4": numpy.float32(rng.uniform(50.0, 100.0)),
    }
    return (totals, ks_constants)


INPUTS = make_inputs
