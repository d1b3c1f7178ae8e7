"""Point-process GLM quadrature NLL: `if a >= b: ...; continue` on traced spike times inside a Python loop.

source: macari216/poisson-process-glm _scripts/quadrature_comparison.py at
    b8c1542cd1fdb5215a3413735c6500658ce66c6c (`compute_quadrature_nll`, `intensity_fun`,
    `compute_lam_tilde`, `glnodes`, `precompute_quad_nodes`), plus src/poisson_point_process/utils.py
    (`slice_array`, `adjust_indices_and_spike_times`) and src/poisson_point_process/basis.py at
    3cd38f424c5c8e6d7568bc39c8ee6e7ccdbab9d4 (`GenLaguerreEval`).
error: TracerBoolConversionError
category: for-continue-traced-if
expect: fix
notes: the script keeps a commented-out `# @partial(jax.jit, static_argnums=(3,4))` above
    `compute_quadrature_nll` and a commented-out `loss_fn = lambda X, y, p:
    compute_quadrature_nll(X, y, p, nodes_per_interval, quad_nodes)`; `f` is that loss jitted (the
    script then hands it to jaxopt's GradientDescent, which jits it). The author's later jitted copy
    (`make_compute_nll` in the same file) simply comments the `if a >= b: ... continue` block out,
    which is NOT equivalent: for an interval shorter than the refractory period `tau`, r_t = 0, so the
    first node contributes log(0) = -inf. A correct fix must mask the skipped interval's
    contributions (and still advance `t_prev`). `nodes_per_interval`/`quad_nodes` are static
    (a tuple and a dict of concrete arrays, closed over). Adaptations: sizes shrunk (3 neurons,
    2 basis functions, 5 postsynaptic spikes, window 6); the spike simulation is replaced by random
    inputs; `glnodes` is run with NumPy in float64 at import (with jnp in float32 its `while` loop
    never reaches eps=2.2e-16 for N=5), and `precompute_quad_nodes` is replaced by a fixed
    `nodes_per_interval`; basis.py's `jax_enable_x64` is dropped. The `while` in `glnodes` and the
    `for n_nodes in ...` loop run on concrete values outside jit and must stay as they are.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import genlaguerre


# ---- src/poisson_point_process/utils.py ----
@partial(jax.jit, static_argnums=2)
def slice_array(array, i, window_size):
    return jax.lax.dynamic_slice(array, (0,i - window_size), (2,window_size,))


# ---- src/poisson_point_process/basis.py ----
def GenLaguerreEval(ws, n_basis_funcs, c=2.0, alpha=1.0, max_x=30.):
    P = np.zeros((n_basis_funcs, n_basis_funcs))
    for n in range(n_basis_funcs):
        P[n, :(n+1)] = genlaguerre(n, alpha).coef[::-1]
    P = jnp.array(P)

    def bf_eval(x, ws, p, c, alpha, max_x):
        x = -x / ws
        x = jnp.where(jnp.abs(x) > 1, 1, x)
        x *= max_x
        out = jnp.exp(-c * x/2) * jnp.power(c * x, alpha) * jnp.polyval(p[::-1], c * x)
        return out.T
    basis_funcs = jax.vmap(bf_eval, in_axes=(None, None, 0, None, None, None), out_axes=1)

    eval_func = lambda dts: basis_funcs(dts, ws, P, c, alpha, max_x)
    return eval_func


# ---- _scripts/quadrature_comparison.py ----
def glnodes(N):
    """
    Computes the Legendre-Gauss-Lobatto (LGL) nodes and weights.
    """
    N1 = N + 1
    x = np.cos(np.pi * np.arange(N1) / N)  # Chebyshev-Gauss-Lobatto initial guess
    P = np.zeros((N1, N1))
    xold = 2 * np.ones_like(x)
    eps = np.finfo(float).eps
    # Newton-Raphson method
    while np.max(np.abs(x - xold)) > eps:
        xold = x.copy()
        P[:, 0] = 1
        P[:, 1] = x
        for k in range(1, N):
            P[:, k + 1] = ((2 * k + 1) * x * P[:, k] - k * P[:, k - 1]) / (k + 1)
        x = xold - (x * P[:, N] - P[:, N - 1]) / (N1 * P[:, N])
    w = 2.0 / (N * N1 * P[:, N] ** 2)
    return x, w, P


def compute_lam_tilde(dts, weights, bias):
    fx = basis_fn(dts)
    return jnp.sum(fx * weights) + bias

def intensity_fun(X, i, params, r_t):
    weights = params[0].reshape(n_neurons, n_basis_funcs)
    bias = params[1]
    spk_in_window = slice_array(X, i[-1].astype(int), max_window)
    dts = spk_in_window[0] - i[0]
    lam_tilde = compute_lam_tilde(dts, weights[spk_in_window[1].astype(int)], bias)
    return jnp.exp(lam_tilde) * r_t

# @partial(jax.jit, static_argnums=(3,4))
def compute_quadrature_nll(
        X,
        y,
        params,
        nodes_per_interval,
        quad_nodes,
):
    tau = 0.00005
    r = lambda t: jnp.where(t > tau, 1.0, 0.0)
    K = y.shape[1]
    cif = 0.0
    log_lam = 0.0
    t_prev = 0.0
    # Loop over spikes
    for k in range(K):
        m = nodes_per_interval[k]#.astype(int)
        x, w, ref_mask, log_mask = quad_nodes[m]
        t = y[:, k]
        r_t = r(t[0] - t_prev)
        a = t_prev + tau
        b = t[0]
        if a >= b:
            print(f"refractory period is too long, interval {t[0]-t_prev}")
            t_prev = t[0]
            continue
        # Map quadrature nodes
        t_nodes = 0.5 * (b - a) * x + 0.5 * (b + a)
        idx_nodes = jnp.searchsorted(X[0], t_nodes)
        nodes = jnp.vstack((t_nodes, idx_nodes))
        # Loop over nodes
        for i, n in enumerate(nodes.T):
            lam = intensity_fun(X, n, params, r_t)
            log_lam += jnp.log(lam) * log_mask[i]  # current spike's contribution
            cif += (0.5 * (b - a) * w[i]) * lam * ref_mask[i]
        t_prev = t[0]
    print(cif)
    print(log_lam)
    return cif - log_lam


n_neurons = 3
history_window = 0.005
n_basis_funcs = 2
max_window = 6
basis_fn = GenLaguerreEval(history_window, n_basis_funcs)

nodes_per_interval = (3, 4, 3, 5, 4)
quad_nodes = {}
for n_nodes in sorted(set(nodes_per_interval)):
    x, w, _ = glnodes(n_nodes)
    x, w = jnp.asarray(x, dtype=jnp.float32), jnp.asarray(w, dtype=jnp.float32)
    ref_mask = jnp.concatenate([jnp.ones(len(x) - 1), jnp.array([0.0])])
    log_mask = jnp.concatenate([jnp.array([1.0]), jnp.zeros(len(x) - 1)])
    quad_nodes[int(n_nodes)] = (x, w, ref_mask, log_mask)

loss_fn = lambda X, y, p: compute_quadrature_nll(X, y, p, nodes_per_interval, quad_nodes)
f = jax.jit(loss_fn)
# --- end user code ---


_T = 0.2
_N_X = 40
_K = 5
_HW = 0.005
_MW = 6
_TAU = 0.00005


def make_inputs(rng):
    spike_times = np.sort(rng.uniform(0.0, _T, _N_X))
    spike_ids = rng.integers(0, 3, _N_X).astype(np.float64)
    X_spikes = np.vstack((spike_times, spike_ids))
    # utils.adjust_indices_and_spike_times: pad the front with max_window fake spikes
    shift = np.vstack((np.full(_MW, -_HW - 1), np.full(_MW, 0)))
    X = np.hstack((shift, X_spikes))

    y_t = np.sort(rng.uniform(0.02, _T, _K))
    u = rng.uniform()
    if u < 0.35:
        # a spike inside the refractory period of the previous one -> `continue`
        j = int(rng.integers(1, _K))
        y_t[j] = y_t[j - 1] + 0.2 * _TAU
        y_t = np.sort(y_t)
    elif u < 0.55:
        # first spike before tau -> skipped interval at the start
        y_t[0] = 0.3 * _TAU
    elif u < 0.7:
        # two consecutive short intervals
        j = int(rng.integers(1, _K - 1))
        y_t[j] = y_t[j - 1] + 0.1 * _TAU
        y_t[j + 1] = y_t[j] + 0.4 * _TAU
        y_t = np.sort(y_t)
    target_idx = np.searchsorted(X_spikes[0], y_t) + _MW
    y = np.vstack((y_t, target_idx.astype(np.float64))).astype(np.float32)

    weights = rng.normal(0.1, 0.3, 3 * 2).astype(np.float32)
    bias = np.array([np.log(20.0) + rng.normal(0.0, 0.3)], dtype=np.float32)
    return (X.astype(np.float32), y, (weights, bias))


INPUTS = make_inputs


@jax.jit
def reference_fix(X, y, params):
    tau = 0.00005
    weights = params[0].reshape(n_neurons, n_basis_funcs)
    bias = params[1]
    cif = jnp.zeros(1)
    log_lam = jnp.zeros(1)
    t_prev = jnp.float32(0.0)
    for k in range(y.shape[1]):
        x, w, ref_mask, log_mask = quad_nodes[nodes_per_interval[k]]
        b = y[0, k]
        a = t_prev + tau
        skip = a >= b
        r_t = jnp.where(b - t_prev > tau, 1.0, 0.0)
        t_nodes = 0.5 * (b - a) * x + 0.5 * (b + a)
        idx_nodes = jnp.searchsorted(X[0], t_nodes)
        for i in range(x.shape[0]):
            win = jax.lax.dynamic_slice(X, (0, idx_nodes[i] - max_window), (2, max_window))
            dts = win[0] - t_nodes[i]
            lam = jnp.exp(jnp.sum(basis_fn(dts) * weights[win[1].astype(int)]) + bias) * r_t
            log_lam = log_lam + jnp.where(skip, 0.0, jnp.log(lam) * log_mask[i])
            cif = cif + jnp.where(skip, 0.0, (0.5 * (b - a) * w[i]) * lam * ref_mask[i])
        t_prev = b
    return cif - log_lam
