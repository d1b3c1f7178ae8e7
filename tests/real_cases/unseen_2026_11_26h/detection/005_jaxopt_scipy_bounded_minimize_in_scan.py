"""A SciPy-backed solver (`ScipyBoundedMinimize.run`) called from a `lax.scan` body.

source: https://github.com/google/jaxopt/issues/403 (Smit-create, "Errors with `ScipyBoundedMinimize`": `T_jax(v, model)` scanning `update_v` over `model.grid`, each step calling `solver.run(y, bounds=b, data=(y, v, model))`; traceback ends in `jnp_to_onp` with TracerArrayConversionError); solver code from google/jaxopt jaxopt/_src/scipy_wrappers.py @07abfe45e6c7571291847d3f0026fc2fe9dd64a1 (`jnp_to_onp`, `pytree_topology_from_example`, `make_onp_to_jnp`, `ScipyMinimize._run`, `ScipyBoundedMinimize.run`)
error: TracerArrayConversionError
category: host-library-in-transformed-body
expect: report
notes: jaxopt is not installed, so the wrapper is inlined: `jnp_to_onp`, `pytree_topology_from_example`, `make_onp_to_jnp` and the body of `_run` are verbatim; the implicit-diff decorator, callback and info dataclass are dropped (`run` returns `(params, fun_val)`). `T_jax`/`update_v` are the issue's code, adapted to the jaxopt return value (the issue reads `.params.x`/`.fun`/`.success`, which jaxopt does not have) and with `bounds=(lower, upper)` as jaxopt expects. The issue does not show `state_action_value_jax` or `model`: they are written in the style of the QuantEcon cake-eating lecture the variable names come from (CRRA utility plus the discounted interpolated value of the remaining cake), so that part is rebuilt. The traced `y` reaches `onp.asarray` inside the solver through the bounds and the initial point; scipy.optimize.minimize is a host-side loop, so there is no jit-safe one-line fix (use a JAX-native solver or a pure_callback).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Any, Callable, NamedTuple, Optional, Sequence

import jax
import jax.numpy as jnp
import numpy as onp
import scipy as osp
import scipy.optimize  # noqa: F401
from jax import tree_util


class PyTreeTopology(NamedTuple):
    treedef: Any
    shapes: Sequence[Any]
    dtypes: Sequence[Any]

    @property
    def sizes(self):
        return [int(onp.prod(shape)) for shape in self.shapes]


def jnp_to_onp(x_jnp: Any, dtype: Optional[Any] = onp.float64) -> onp.ndarray:
    x_onp = [onp.asarray(leaf, dtype).reshape(-1)
             for leaf in tree_util.tree_leaves(x_jnp)]
    # NOTE(fllinares): return value must *not* be read-only, I believe.
    return onp.concatenate(x_onp)


def make_onp_to_jnp(pytree_topology: PyTreeTopology) -> Callable:
    treedef, shapes, dtypes = pytree_topology
    split_indices = onp.cumsum(list(pytree_topology.sizes[:-1]))

    def onp_to_jnp(x_onp: onp.ndarray) -> Any:
        flattened_leaves = onp.split(x_onp, split_indices)
        x_jnp = [jnp.asarray(leaf.reshape(shape), dtype)
                 for leaf, shape, dtype in zip(flattened_leaves, shapes, dtypes)]
        return tree_util.tree_unflatten(treedef, x_jnp)
    return onp_to_jnp


def pytree_topology_from_example(x_jnp: Any) -> PyTreeTopology:
    leaves, treedef = tree_util.tree_flatten(x_jnp)
    shapes = [jnp.asarray(leaf).shape for leaf in leaves]
    dtypes = [jnp.asarray(leaf).dtype for leaf in leaves]
    return PyTreeTopology(treedef=treedef, shapes=shapes, dtypes=dtypes)


class ScipyBoundedMinimize:
    """`scipy.optimize.minimize` wrapper (box constraints), after jaxopt."""

    def __init__(self, fun, method=None, dtype=onp.float64, maxiter=500):
        self.fun = fun
        self.method = method
        self.dtype = dtype
        self.options = {"maxiter": maxiter}
        self._value_and_grad_fun = jax.jit(jax.value_and_grad(self.fun))

    def _run(self, init_params, bounds, *args, **kwargs):
        # Sets up the "JAX-SciPy" bridge.
        pytree_topology = pytree_topology_from_example(init_params)
        onp_to_jnp = make_onp_to_jnp(pytree_topology)

        def scipy_fun(x_onp):
            x_jnp = onp_to_jnp(x_onp)
            value, grads = self._value_and_grad_fun(x_jnp, *args, **kwargs)
            return onp.asarray(value, self.dtype), jnp_to_onp(grads, self.dtype)

        if bounds is not None:
            bounds = osp.optimize.Bounds(lb=jnp_to_onp(bounds[0], self.dtype),
                                         ub=jnp_to_onp(bounds[1], self.dtype))

        res = osp.optimize.minimize(scipy_fun, jnp_to_onp(init_params, self.dtype),
                                    jac=True,
                                    bounds=bounds,
                                    method=self.method,
                                    options=self.options)

        params = tree_util.tree_map(jnp.asarray, onp_to_jnp(res.x))
        return params, jnp.asarray(res.fun)

    def run(self, init_params, bounds, *args, **kwargs):
        return self._run(init_params, bounds, *args, **kwargs)


class CakeEating(NamedTuple):
    β: float
    γ: float
    grid: jax.Array


def u(c, γ):
    return c ** (1 - γ) / (1 - γ)


def state_action_value_jax(c, data):
    y, v, model = data
    β, γ, grid = model
    v_func = lambda x: jnp.interp(x, grid, v)
    return -(u(c, γ) + β * v_func(y - c))


solver = ScipyBoundedMinimize(fun=state_action_value_jax, method="l-bfgs-b")


def T_jax(v, model):
    def update_v(carry, y):
        b = (jnp.array(1e-5), y)
        c, fun_val = solver.run(y, b, data=(y, v, model))
        return carry + 1, (c, -fun_val)
    _, v_values = jax.lax.scan(update_v, 0, model.grid)
    return v_values


MODEL = CakeEating(β=0.96, γ=1.5, grid=jnp.linspace(0.1, 2.5, 6))


@jax.jit
def f(v):
    return T_jax(v, MODEL)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v = np.sort(rng.normal(size=6)).astype(np.float32) - 3.0
    return (v,)


INPUTS = make_inputs
