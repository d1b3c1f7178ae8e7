"""RBF partition-of-unity loss: `onp.array(jax.lax.stop_gradient(...))` and a NumPy lstsq inside a jitted value_and_grad.

source: public JAX script rbf_pou_lsgd_jax_2nd_order.py (its header comment; code-index file id 37049103094: triangle_wave, fit_local_polynomials_2nd_order, rbf_forward, compute_loss, `loss_and_grad = jax.value_and_grad(compute_loss)`); the same pattern is in the project's train/train_pou_rbf.py and model/rbf_pou.py (ids 37655896589, 37229613918); the index does not name the repository
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: fit_local_polynomials_2nd_order, rbf_forward and compute_loss are verbatim (the script's training loop,
  plotting and main are dropped). The script calls `jax.value_and_grad(compute_loss)` eagerly, where
  `stop_gradient` hands NumPy a concrete array; the only change is the entry point
  `f = jax.jit(jax.value_and_grad(compute_loss), static_argnums=(3, 4))`, the natural way to speed up its
  2000-step loop, and under jit `onp.array(...)` of a tracer raises. Fix: do the weighted least squares in
  jax.numpy on `stop_gradient(partitions)` (jnp.linalg.lstsq per partition, e.g. vmapped), which agrees
  with NumPy's lstsq to ~1e-5 here. Inputs: the script's triangle wave on 40 points, RBF centres inside
  [0.1, 0.9] and widths in [0.2, 0.4] (well-conditioned weighted fits), lambda_reg 0.1 or 0.0 (its two phases).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as onp  # "ordinary" NumPy, 用于最小二乘
import jax
import jax.numpy as jnp


def fit_local_polynomials_2nd_order(x_np, y_np, partitions_np):
    """
    x_np, y_np, partitions_np 都是普通 NumPy array,
    形状分别为 [N], [N], [N, num_partitions].
    
    我们做二阶多项式(1, x, x^2)加权最小二乘:
      c = (c0, c1, c2).
    
    返回 coefficients 形状 [num_partitions, 3].
    """
    N, num_partitions = partitions_np.shape
    coefficients = []
    for i in range(num_partitions):
        weights = partitions_np[:, i]  # shape=[N,]
        W = onp.diag(weights)
        # 构造二阶项 X=[1, x, x^2], shape=(N,3)
        X = onp.vstack([onp.ones_like(x_np), x_np, x_np**2]).T  # (N,3)
        
        # 最小二乘: c = arg min ||W*(Xc - y)||^2
        c = onp.linalg.lstsq(W @ X, W @ y_np, rcond=None)[0]  # shape=[3,]
        coefficients.append(c)
    return onp.array(coefficients)  # shape=[num_partitions, 3]


def rbf_forward(params, x):
    """
    RBF 前向, 归一化为 partition of unity
    partitions shape=[N, num_centers]
    """
    centers = params["centers"]
    widths = params["widths"]
    dist_sq = (x[:, None] - centers[None, :])**2
    rbf_vals = jnp.exp(- dist_sq / (widths**2))
    sum_rbf = jnp.sum(rbf_vals, axis=1, keepdims=True) + 1e-10
    partitions = rbf_vals / sum_rbf
    return partitions


def compute_loss(params, x_jnp, y_jnp, num_partitions, lambda_reg):
    """
    1. 用 params => partitions
    2. 停梯度 -> onp 做二阶多项式拟合
    3. 合成 y_pou_approx
    4. loss = MSE + lambda_reg * ||partitions||^2
    """
    partitions = rbf_forward(params, x_jnp)  # [N,C]

    # 停梯度后转numpy, 做二阶回归
    partitions_np = onp.array(jax.lax.stop_gradient(partitions))
    x_np = onp.array(jax.lax.stop_gradient(x_jnp))
    y_np = onp.array(jax.lax.stop_gradient(y_jnp))

    coeffs = fit_local_polynomials_2nd_order(x_np, y_np, partitions_np)
    # coeffs shape=[C,3], c0=coeffs[:,0], c1=coeffs[:,1], c2=coeffs[:,2]

    c0 = jnp.array(coeffs[:, 0])
    c1 = jnp.array(coeffs[:, 1])
    c2 = jnp.array(coeffs[:, 2])

    # 合成逼近: c0 + c1*x + c2*x^2
    y_pou_approx = jnp.sum(
        partitions * (c0[None,:] + c1[None,:]*x_jnp[:,None] + c2[None,:]* (x_jnp[:,None]**2)),
        axis=1
    )
    # MSE
    mse = jnp.mean((y_pou_approx - y_jnp)**2)

    # L2 正则 (仅对partitions)
    l2_reg = jnp.linalg.norm(partitions, ord=2)
    loss = mse + lambda_reg * l2_reg
    return loss


f = jax.jit(jax.value_and_grad(compute_loss), static_argnums=(3, 4))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, c = 40, 5
    x = np.linspace(0, 1, n).astype(np.float32)
    y = (2.0 * np.abs(2 * x - np.floor(2 * x + 0.5))).astype(np.float32)  # the script's triangle_wave(x, p=2)
    params = {"centers": rng.uniform(0.1, 0.9, c).astype(np.float32),
              "widths": rng.uniform(0.2, 0.4, c).astype(np.float32)}
    lambda_reg = 0.1 if rng.random() < 0.5 else 0.0
    return (params, x, y, c, lambda_reg)


INPUTS = make_inputs


def _fixed_loss(params, x, y, num_partitions, lambda_reg):
    partitions = rbf_forward(params, x)
    p = jax.lax.stop_gradient(partitions)
    xs, ys = jax.lax.stop_gradient(x), jax.lax.stop_gradient(y)
    X = jnp.stack([jnp.ones_like(xs), xs, xs ** 2], axis=1)
    coeffs = jax.vmap(lambda w: jnp.linalg.lstsq(w[:, None] * X, w * ys)[0], in_axes=1)(p)
    c0, c1, c2 = coeffs[:, 0], coeffs[:, 1], coeffs[:, 2]
    approx = jnp.sum(partitions * (c0[None, :] + c1[None, :] * x[:, None] + c2[None, :] * x[:, None] ** 2), axis=1)
    return jnp.mean((approx - y) ** 2) + lambda_reg * jnp.linalg.norm(partitions, ord=2)


reference_fix = jax.jit(jax.value_and_grad(_fixed_loss), static_argnums=(3, 4))
