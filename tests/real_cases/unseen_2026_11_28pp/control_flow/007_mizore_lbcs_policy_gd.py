"""mizore LBCS measurement policy: gradient descent on locally-biased shadow probabilities, `break` when the gradient is small.

source: public code index file id 46282695659, a module of the "mizore" quantum-measurement package (imports mizore.operators.QubitOperator, mizore.transpiler.measurement.policy.policy.UniversalPolicy, mizore.transpiler.measurement.policy.utils_for_tensor.get_pword_tensor; functions get_shadow_from_para, get_opt_objective, LBCS_policy_maker); the index does not name the repository or commit
error: TracerBoolConversionError
category: for-early-break
expect: fix
notes: get_shadow_from_para, get_opt_objective and LBCS_policy_maker verbatim. Stand-ins: a QubitOperator-like object with a `terms` dict (Pauli word -> coefficient), get_pword_tensor (one-hot (n_qubit, 3) X/Y/Z tensor of a Pauli word) and a UniversalPolicy that just stores its arguments. `f` builds a 3-qubit Hamiltonian from traced coefficients and jits the policy optimisation, returning the optimised shadow head; to keep the eager run short it passes max_steps=60, lr=0.05, grad_cutoff=0.5 instead of the defaults (10000, 1e-3, 1e-2). The traced `if jnp.linalg.norm(grad) < grad_cutoff: break` leaks.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.nn

import jax.numpy as jnp
from jax.nn import softplus


class QubitOperator:
    """Stand-in for mizore.operators.QubitOperator: terms maps Pauli words to coefficients."""

    def __init__(self, terms):
        self.terms = terms


def get_pword_tensor(pword, n_qubit):
    """Stand-in: (n_qubit, 3) one-hot tensor of the X/Y/Z factor on each qubit."""
    tensor = [[0.0, 0.0, 0.0] for _ in range(n_qubit)]
    for qubit, pauli in pword:
        tensor[qubit]["XYZ".index(pauli)] = 1.0
    return tensor


class UniversalPolicy:
    """Stand-in: keeps the optimised heads and their probabilities."""

    def __init__(self, heads, probs, heads_children, hamil, n_qubit):
        self.heads = heads
        self.probs = probs
        self.heads_children = heads_children
        self.hamil = hamil
        self.n_qubit = n_qubit


def get_shadow_from_para(para):
    shadow = softplus(para)
    shadow_prob = 1.0 / jnp.sum(shadow, axis=1)
    shadow = jnp.einsum("q, qp -> qp", shadow_prob, shadow)
    return shadow


def get_opt_objective(children_tensor_with_offset, coeffs):
    def obj(para):
        shadow = get_shadow_from_para(para)
        overlap = jnp.einsum("qp, iqp -> iq", shadow, children_tensor_with_offset)
        overlap = jnp.prod(overlap, axis=1)
        return jnp.sum((coeffs ** 2) / overlap)

    return obj


def LBCS_policy_maker(hamil: QubitOperator, n_qubit, grad_cutoff=1e-2, max_steps=10000, lr=1e-3):
    heads = [jnp.ones((n_qubit, 3)) / 3]
    probs = [1.0]
    heads_children = [[pword for pword in hamil.terms]]
    children_tensor = jnp.array([get_pword_tensor(pword, n_qubit) for pword in heads_children[0]])
    children_tensor_offset = 1.0 - jnp.sum(children_tensor, axis=2)
    children_tensor_offset = jnp.repeat(jnp.expand_dims(children_tensor_offset, axis=2), 3, axis=2)
    children_tensor_with_offset = children_tensor + children_tensor_offset
    coeffs = jnp.array([coeff for coeff in hamil.terms.values()])
    obj = get_opt_objective(children_tensor_with_offset, coeffs)
    obj = jax.jit(jax.value_and_grad(obj))
    para = jnp.ones((n_qubit, 3)) / 3
    for step in range(max_steps):
        value, grad = obj(para)
        para -= grad * lr
        if jnp.linalg.norm(grad) < grad_cutoff:
            break
    return UniversalPolicy([get_shadow_from_para(para)], probs, heads_children, hamil, n_qubit)


PWORDS = [((0, "Z"),), ((1, "Z"),), ((0, "X"), (1, "X")), ((1, "Y"), (2, "Y")), ((0, "Z"), (2, "X"))]


@jax.jit
def f(coeffs):
    hamil = QubitOperator({pw: coeffs[i] for i, pw in enumerate(PWORDS)})
    policy = LBCS_policy_maker(hamil, 3, grad_cutoff=0.5, max_steps=60, lr=0.05)
    return policy.heads[0]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # small Hamiltonians give a small gradient at once (break on the first step)
    scale = rng.choice([0.05, 1.0, 1.0, 2.0])
    return ((scale * rng.normal(size=(5,))).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(coeffs):
    n_qubit, grad_cutoff, max_steps, lr = 3, 0.5, 60, 0.05
    children_tensor = jnp.array([get_pword_tensor(pw, n_qubit) for pw in PWORDS])
    offset = 1.0 - jnp.sum(children_tensor, axis=2)
    offset = jnp.repeat(jnp.expand_dims(offset, axis=2), 3, axis=2)
    obj = jax.value_and_grad(get_opt_objective(children_tensor + offset, coeffs))

    def cond(s):
        step, para, done = s
        return (step < max_steps) & ~done

    def body(s):
        step, para, done = s
        _, grad = obj(para)
        para = para - grad * lr
        return step + 1, para, jnp.linalg.norm(grad) < grad_cutoff

    _, para, _ = jax.lax.while_loop(cond, body, (0, jnp.ones((n_qubit, 3)) / 3, False))
    return get_shadow_from_para(para)
