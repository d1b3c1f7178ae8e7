"""qgrad's expect: `if jnp.asarray(state).shape[1] >= 2:` picks the density-matrix or ket formula (shape branch, jit-safe).

source: qgrad/qgrad qgrad/qgrad_qutip.py at 007b29416466969167efb0572a13dc30e1e560aa (expect, _expect_dm, _expect_ket)
error: none
category: negative-shape-branch
expect: untouched
notes: the three functions verbatim, jitted as a whole. The only branch tests a shape, which is static under jit (each input shape gets its own trace), so nothing leaks and the file must stay byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def expect(oper, state):
    """Calculates the expectation value of an operator
    with respect to an input state.
    """
    if jnp.asarray(state).shape[1] >= 2:
        return _expect_dm(oper, state)

    else:
        return _expect_ket(oper, state)


def _expect_dm(oper, state):
    """Private function to calculate the expectation value of
    an operator with respect to a density matrix
    """
    # convert to jax.numpy arrays in case user gives raw numpy
    oper, rho = jnp.asarray(oper), jnp.asarray(state)
    # Tr(rho*op)
    return jnp.trace(jnp.dot(rho, oper))


def _expect_ket(oper, state):
    """Private function to calculate the expectation value of
    an operator with respect to a ket.
    """
    oper, ket = jnp.asarray(oper), jnp.asarray(state)
    return jnp.vdot(jnp.transpose(ket), jnp.dot(oper, ket))


f = jax.jit(expect)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    h = rng.normal(size=(n, n)) + 1j * rng.normal(size=(n, n))
    oper = (h + h.conj().T).astype(np.complex64)
    ket = rng.normal(size=(n, 1)) + 1j * rng.normal(size=(n, 1))
    ket = ket / np.linalg.norm(ket)
    if rng.uniform() < 0.5:
        return (oper, ket.astype(np.complex64))
    return (oper, (ket @ ket.conj().T).astype(np.complex64))


INPUTS = make_inputs
