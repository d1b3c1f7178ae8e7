"""A verifier method returns `float()` of a bound computed from a model's traced control points.

source: public JAX CarnotKAN / GloroKAN experiment module (classes CarnotKAN and GloroKANVerifier, method local_lipschitz_bound, with run_experiment_2070/2071); code-index file id 61859062814, repository not resolved by the index
error: ConcretizationTypeError
category: method-float-of-traced-attribute
expect: fix
notes: Classes verbatim; the run_experiment_* functions (JSON/file output) are dropped. Entry point added in the way run_experiment_2071 uses the model (it assigns `model.symbolic_gates` after construction): `f` builds a CarnotKAN, assigns the control points and gates passed in (traced), and returns the verifier's bound and predict_logic. The leak is `return float(jnp.max(...))` in a method reading traced attributes of another object; `if len(cps) < 2` (static length) and `if not self.use_symbolic_gating` (Python flag) are look-alikes that must stay.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class CarnotKAN:
    """
    A minimal scaffold for CarnotKAN focusing on B-spline robustness verification.
    """
    def __init__(self, num_knots: int = 10, degree: int = 3, use_symbolic_gating: bool = False):
        self.num_knots = num_knots
        self.degree = degree
        self.use_symbolic_gating = use_symbolic_gating
        # uniform knot vector
        self.knots = jnp.linspace(0, 1, num_knots + degree + 1)
        # linear control points
        self.control_points = jnp.array([0.1 * i for i in range(num_knots)])

        self.symbolic_gates = None
        if self.use_symbolic_gating:
            self.symbolic_gates = jnp.array([1.0, 0.0, 0.0])

    def predict_logic(self, x1, x2):
        if not self.use_symbolic_gating:
            return 0.0
        p_and = x1 * x2
        p_xor = x1 + x2 - 2 * x1 * x2
        p_or = x1 + x2 - x1 * x2
        primitives = jnp.stack([p_and, p_xor, p_or])
        gates = jax.nn.softmax(self.symbolic_gates)
        return jnp.sum(gates * primitives)

class GloroKANVerifier:
    """
    GloroKAN robustness verification using algebraic geometry principles of B-splines.
    """
    def __init__(self, model: CarnotKAN):
        self.model = model

    def local_lipschitz_bound(self) -> float:
        """
        Approximates the local Lipschitz constant using the derivative control points
        of the B-splines.
        """
        degree = self.model.degree
        knots = self.model.knots
        cps = self.model.control_points

        if len(cps) < 2:
            return 0.0

        # Derivative control points calculation
        diffs = cps[1:] - cps[:-1]

        # t_{i+p+1} - t_{i+1}
        start_idx = degree + 1
        end_idx = start_idx + len(diffs)
        knot_diffs = knots[start_idx:end_idx] - knots[1:1+len(diffs)]

        # Avoid division by zero
        knot_diffs = jnp.where(knot_diffs == 0, 1e-9, knot_diffs)

        derivative_cps = (degree / knot_diffs) * diffs

        return float(jnp.max(jnp.abs(derivative_cps)))


@jax.jit
def f(control_points, gates, x1, x2):
    model = CarnotKAN(num_knots=10, degree=3, use_symbolic_gating=True)
    model.control_points = control_points
    model.symbolic_gates = gates
    verifier = GloroKANVerifier(model)
    return verifier.local_lipschitz_bound(), model.predict_logic(x1, x2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # a single control point (every few trials) takes the `len(cps) < 2` branch
    n = 1 if rng.random() < 0.25 else 10
    control_points = rng.normal(size=(n,)).astype(np.float32)
    gates = rng.normal(size=(3,)).astype(np.float32)
    x1 = np.float32(rng.integers(0, 2))
    x2 = np.float32(rng.integers(0, 2))
    return (control_points, gates, x1, x2)


INPUTS = make_inputs


@jax.jit
def reference_fix(control_points, gates, x1, x2):
    degree = 3
    knots = jnp.linspace(0, 1, 10 + degree + 1)
    cps = control_points
    if len(cps) < 2:
        bound = 0.0
    else:
        diffs = cps[1:] - cps[:-1]
        start_idx = degree + 1
        end_idx = start_idx + len(diffs)
        knot_diffs = knots[start_idx:end_idx] - knots[1:1 + len(diffs)]
        knot_diffs = jnp.where(knot_diffs == 0, 1e-9, knot_diffs)
        bound = jnp.max(jnp.abs((degree / knot_diffs) * diffs))
    primitives = jnp.stack([x1 * x2, x1 + x2 - 2 * x1 * x2, x1 + x2 - x1 * x2])
    return bound, jnp.sum(jax.nn.softmax(gates) * primitives)
