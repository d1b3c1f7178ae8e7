"""A subspace quasi-Newton solver class whose update methods branch on traced attributes (`self.xk`, `sk@yk`).

source: public repository of subspace optimisation methods, file defining `class SubspaceQNM(optimization_solver)` (imports `algorithms.descent_method` and `utils.calculate`); code-index file id 27247322036, the index does not name the repository or commit (methods SubspaceQNM.__init__, update_BFGS, update_Pk)
error: TracerBoolConversionError
category: method-tests-traced-attribute
expect: fix
notes: The class is verbatim except that `__run_init__`, `__direction__`, `__step_size__` and `__iter_per__` (which need the base-class oracle, line search and timing machinery) are dropped and the base class `optimization_solver` and `jax_randn` are small stand-ins (dtype bookkeeping; a jax.random normal). The code is a JAX port of NumPy-style mutating solver code; the entry point `f` (added) builds the solver inside a jitted function and runs one BFGS update and one Pk update, which is what `__iter_per__` does per iteration. Leaks: `if a < 1e-14:` in update_BFGS (early `return` after resetting self.Hk) and the two `if jnp.linalg.norm(...) < 1e-12:` safe-normalisations in update_Pk. They sit next to look-alike static tests that must stay Python: `if self.Pk is None:`, `if mode == "Identity":`, `self.index` arithmetic, `Qk.shape[1]`. dtype is passed as float32 (x64 is off here). Inputs hit every branch: zero xk, zero gradient, and sk@yk <= 0.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


# stand-ins for algorithms.descent_method / utils.calculate -------------------
class optimization_solver:
    def __init__(self, dtype=jnp.float64) -> None:
        self.dtype = dtype
        self.xk = None
        self.params = {}
        self.finish = False


def jax_randn(*shape, dtype=jnp.float64):
    return jax.random.normal(jax.random.PRNGKey(0), shape, dtype=dtype)


class SubspaceQNM(optimization_solver):
  def __init__(self, dtype=jnp.float64) -> None:
    super().__init__(dtype)
    self.Pk = None
    self.Hk = None
    self.projected_gradk = None
    self.index = 0
    self.params_key = [
      "alpha",
      "beta",
      "reduced_dim",
      "matrix_size",
      "dim",
      "backward",
      "lower_eigenvalue",
      "upper_eigenvalue",
      "eps",
      "mode"
    ]

  def generate_matrix(self,dim,reduced_dim,mode):
    # (dim,reduced_dim)の行列を生成
    if mode == "random":
      return jax_randn(reduced_dim,dim,dtype=self.dtype)/(reduced_dim**0.5)
    elif mode == "identity":
      return None
    else:
      raise ValueError("No matrix mode")

  def update_BFGS(self,sk,yk):
    a = sk@yk
    if a < 1e-14:
      self.Hk = jnp.eye(sk.shape[0],dtype = self.dtype)
      return
    B = jnp.dot(jnp.expand_dims(self.Hk@yk,1),jnp.expand_dims(sk,0))
    S = jnp.dot(jnp.expand_dims(sk,1),jnp.expand_dims(sk,0))
    self.Hk = self.Hk + (a + self.Hk@yk@yk)*S/(a**2) - (B + B.T)/a

  def update_Pk(self,matrix_size,random_projected_grad,Qk,mode = "Identity"):
    dim = Qk.shape[1]
    # P^\top = [x_0/||x_0||,QTQ\nabla f(x_0)/||QTQ\nabla f(x_0)||,...,x_k/||x_k||,QTQ\nabla f(x_k)/||QTQ\nabla f(x_k)||]
    random_projected_grad_fullsize = Qk.T@random_projected_grad
    if jnp.linalg.norm(self.xk) < 1e-12:
      vector1 = jnp.zeros(dim,dtype=self.dtype)
    else:
      vector1 = self.xk/jnp.linalg.norm(self.xk)

    if jnp.linalg.norm(random_projected_grad_fullsize) < 1e-12:
      vector2 = jnp.zeros(dim,dtype=self.dtype)
    else:
      vector2 = random_projected_grad_fullsize/jnp.linalg.norm(random_projected_grad_fullsize)
    if self.Pk is None:
      if mode == "Identity":
        self.Pk = jnp.eye(matrix_size,dim,dtype = self.dtype)
      elif mode == "random":
        self.Pk = jax_randn(matrix_size,dim,dtype=self.dtype)/(dim**0.5)
      self.Pk = self.Pk.at[matrix_size-2].set(vector1)
      self.Pk = self.Pk.at[matrix_size-1].set(vector2)

    else:
      self.Pk = self.Pk.at[self.index].set(vector1)
      self.Pk = self.Pk.at[self.index+1].set(vector2)
      self.index += 2
      self.index %= matrix_size


@partial(jax.jit, static_argnames=("matrix_size",))
def f(xk, sk, yk, random_projected_grad, Qk, matrix_size):
    solver = SubspaceQNM(dtype=jnp.float32)
    solver.xk = xk
    solver.Hk = jnp.eye(matrix_size, dtype=solver.dtype)
    solver.update_BFGS(sk=sk, yk=yk)
    solver.update_Pk(matrix_size, random_projected_grad, Qk, "Identity")
    return solver.Hk, solver.Pk
# --- end user code ---

import numpy as np


def make_inputs(rng):
    dim, reduced_dim, matrix_size = 8, 3, 4
    xk = rng.normal(size=(dim,)).astype(np.float32)
    if rng.random() < 0.3:
        xk = np.zeros(dim, np.float32)
    sk = rng.normal(size=(matrix_size,)).astype(np.float32)
    yk = (sk * rng.uniform(0.5, 2.0, size=(matrix_size,))).astype(np.float32)
    if rng.random() < 0.35:
        yk = (-yk).astype(np.float32)  # curvature condition fails: a < 1e-14
    grad = rng.normal(size=(reduced_dim,)).astype(np.float32)
    if rng.random() < 0.3:
        grad = np.zeros(reduced_dim, np.float32)
    Qk = (rng.normal(size=(reduced_dim, dim)) / np.sqrt(reduced_dim)).astype(np.float32)
    return (xk, sk, yk, grad, Qk, matrix_size)


INPUTS = make_inputs


def _safe_unit(v):
    n = jnp.linalg.norm(v)
    small = n < 1e-12
    return jnp.where(small, jnp.zeros_like(v), v / jnp.where(small, 1.0, n))


@partial(jax.jit, static_argnames=("matrix_size",))
def reference_fix(xk, sk, yk, random_projected_grad, Qk, matrix_size):
    dtype = jnp.float32
    Hk = jnp.eye(matrix_size, dtype=dtype)
    a = sk @ yk
    safe_a = jnp.where(a < 1e-14, 1.0, a)
    B = jnp.dot(jnp.expand_dims(Hk @ yk, 1), jnp.expand_dims(sk, 0))
    S = jnp.dot(jnp.expand_dims(sk, 1), jnp.expand_dims(sk, 0))
    Hk_new = Hk + (safe_a + Hk @ yk @ yk) * S / (safe_a ** 2) - (B + B.T) / safe_a
    Hk = jnp.where(a < 1e-14, jnp.eye(sk.shape[0], dtype=dtype), Hk_new)
    dim = Qk.shape[1]
    vector1 = _safe_unit(xk)
    vector2 = _safe_unit(Qk.T @ random_projected_grad)
    Pk = jnp.eye(matrix_size, dim, dtype=dtype)
    Pk = Pk.at[matrix_size - 2].set(vector1)
    Pk = Pk.at[matrix_size - 1].set(vector2)
    return Hk, Pk
