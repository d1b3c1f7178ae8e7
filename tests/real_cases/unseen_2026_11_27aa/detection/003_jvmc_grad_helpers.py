"""Gradient helpers of a jVMC training script: `not jnp.all(...)` returned as a flag and a norm-clipping helper that branches on the traced norm.

source: public jVMC (markusschmitt/vmc_jax) user training-utilities module, code-index file id 48101048668 (a second stored revision is file id 48724047758; repository not resolved by the index): check_gradient, re_grad, and the gradient post-processing lines of update_optax
error: TracerBoolConversionError
category: helper-returns-python-bool
expect: fix
notes: check_gradient and re_grad are verbatim. The jVMC objects (sampler, Hamiltonian, SampledObs, psi) cannot run here, so `f` keeps only update_optax's gradient post-processing (`grad = jnp.real(Egrad)`, `nan_to_num`, `n_grad`, `re_grad(grad, renormalization, mode)`, `check_gradient(grad)`) with `renormalization=(0.5, 2.0)` and `mode="minmax"` fixed as constants, and returns what update_optax uses (checked_grad, flag, n_grad); `import jVMC`/`optax` dropped. Two leaks hide in helpers: `not` on a traced array in check_gradient, and `if norm_grad < re_norm[0]` / `if norm_grad > re_norm[1]` in re_grad; the `is not None` / `mode ==` / `len(re_norm)` tests are static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
def check_gradient(grad):
    flag = not jnp.all(jnp.isfinite(grad))
    gradR = jnp.where(jnp.isfinite(grad),grad,0)
    return gradR, flag

def re_grad(grad,renormalization,mode=""):
    if renormalization is not None:
        re_norm = renormalization
        norm_grad = jnp.linalg.norm(grad)
        if mode == "minmax":
            assert len(re_norm) ==2, "mode minmax needs a 2-tupel"
            if norm_grad < re_norm[0]:
                return re_norm[0] *grad/norm_grad
            if norm_grad > re_norm[1]:
                return re_norm[1] *grad/norm_grad
            else:
                return grad
        else:
            assert isinstance(re_norm,float), "mode needs a float number (except minmax mode)"
            if mode == "max":
                if norm_grad< re_norm:
                    return grad
            elif mode == "min":
                if norm_grad> re_norm:
                    return grad
        return re_norm *grad/norm_grad
    return grad


@jax.jit
def f(Egrad):
    renormalization = (0.5, 2.0)
    mode = "minmax"
    grad = jnp.real(Egrad)
    grad = jnp.nan_to_num(grad,0.)
    n_grad = jnp.linalg.norm(grad)
    grad = re_grad(grad,renormalization,mode)
    checked_grad, flag = check_gradient(grad)
    return checked_grad, flag, n_grad
# --- end user code ---


def make_inputs(rng):
    g = (rng.normal(size=(12,)) + 1j * rng.normal(size=(12,))).astype(np.complex64)
    g = g / np.linalg.norm(g.real)
    # norms below 0.5, inside [0.5, 2] and above 2, and an all-zero gradient
    # (0 / 0 inside re_grad makes check_gradient raise its flag)
    scale = rng.choice([0.0, 0.2, 1.0, 5.0])
    return ((g * scale).astype(np.complex64),)


INPUTS = make_inputs


@jax.jit
def reference_fix(Egrad):
    lo, hi = 0.5, 2.0
    grad = jnp.nan_to_num(jnp.real(Egrad), 0.)
    n_grad = jnp.linalg.norm(grad)
    norm_grad = jnp.linalg.norm(grad)
    grad = jnp.where(norm_grad < lo, lo * grad / norm_grad,
                     jnp.where(norm_grad > hi, hi * grad / norm_grad, grad))
    flag = jnp.logical_not(jnp.all(jnp.isfinite(grad)))
    checked = jnp.where(jnp.isfinite(grad), grad, 0)
    return checked, flag, n_grad
