"""jax.numpy port of the classic linear-regression gradient descent: `while not jnp.all(|grad| <= 1e-5)`.

source: public JAX port in the code index (code-index file id 37779093070; gradient_descent, importing `gradient_function` from a sibling GradientFunction module that the index does not hold). It is the jax.numpy rename of the widely copied NumPy tutorial (e.g. code-index file ids 42053837952 and 3353034876 hold the NumPy original with the same gradient_function). The index does not name the repository.
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: gradient_descent is verbatim. `from GradientFunction import gradient_function` is replaced by a stand-in with the NumPy original's body (`diff = dot(X, theta) - y; return (1./m) * dot(X.T, diff)`) written with jnp, taking m from x instead of a module-level global. Added `f = jax.jit(gradient_descent)`. Inputs are a well-conditioned design matrix (ones column plus one standard-normal feature) so the float32 loop converges in a few dozen steps for every alpha.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def gradient_function(theta, x, y):
    '''Gradient of the function J definition.'''
    m = x.shape[0]
    diff = jnp.dot(x, theta) - y
    return (1./m) * jnp.dot(jnp.transpose(x), diff)


def gradient_descent(x, y, alpha):
    
    """

    Gradient Descent
    
    """
    
    # [2, 1] is the shape of theta parameter
    theta = jnp.array([1, 1]).reshape(2, 1)
    gradient = gradient_function(theta, x, y)
    
    while not jnp.all(jnp.absolute(gradient) <= 1e-5):
        
        theta = theta - alpha * gradient
        gradient = gradient_function(theta, x, y)
        
    return theta


f = jax.jit(gradient_descent)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    m = 20
    x1 = rng.normal(size=(m, 1))
    x = np.hstack([np.ones((m, 1)), x1]).astype(np.float32)
    a, b = rng.uniform(-2, 2, size=2)
    y = (a + b * x1 + 0.1 * rng.normal(size=(m, 1))).astype(np.float32)
    alpha = np.float32(rng.choice([0.3, 0.5, 0.7]))
    return (x, y, alpha)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, alpha):
    theta = jnp.array([1, 1]).reshape(2, 1).astype(jnp.result_type(float))
    gradient = gradient_function(theta, x, y)

    def cond(carry):
        theta, gradient = carry
        return ~jnp.all(jnp.absolute(gradient) <= 1e-5)

    def body(carry):
        theta, gradient = carry
        theta = theta - alpha * gradient
        return theta, gradient_function(theta, x, y)

    theta, _ = lax.while_loop(cond, body, (theta, gradient))
    return theta
