"""MLP-from-scratch course solution: ReLU written as `.at[x <= 0].set(0.0)` (boolean-mask scatter) inside a jitted training step.

source: "Build an MLP in JAX from Scratch / Assembled from your step-by-step solutions" course file in the public code index (code-index file id 54574477781; steps 9-19: linear_forward, relu_activation, softmax_probabilities, mlp_forward, log_softmax_logits, cross_entropy_loss, loss_fn_of_params, compute_param_grads, sgd_update_params, training_step); the index does not name the repository or commit
error: NonConcreteBooleanIndexError
category: boolean-mask-at-set
expect: fix
notes: steps 9-19 are verbatim (the TODO comments and the repeated per-step imports kept). The course runs
  training_step eagerly; the entry point here is `f = jax.jit(training_step)`, the usual next step. Under jit,
  `new_x.at[mask].set(0.0)` with `mask = x<=0` computed from the traced activations needs a concrete boolean mask;
  it is fixable with jnp.where(mask, 0.0, x) (same values, static shape). Steps 1-8 (key/param initialisation)
  and 20-21 are left out; the inputs build a [4, 8, 3] network directly.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# Step 9 - linear_forward
def linear_forward(x, layer_params):
    # TODO: compute x @ W + b using layer_params['W'] and layer_params['b'].
    out = x @ layer_params['W'] + layer_params['b']

    return out

# Step 10 - relu_activation
import jax.numpy as jnp


def relu_activation(x):
    """Apply the ReLU activation elementwise to a JAX array."""
    # TODO: return an array of the same shape with negatives replaced by zero.
    mask = x<=0
    new_x = x.copy()
    new_x = new_x.at[mask].set(0.0)

    return new_x

# Step 11 - softmax_probabilities
import jax.numpy as jnp

def softmax_probabilities(logits):
    # TODO: convert logits into a numerically stable softmax along the last axis
    
    exp = jnp.exp(logits - jnp.max(logits, axis=-1, keepdims=True ))
    # max_logits = jnp.max(exp, axis=1)

    # new_exp = exp - max_logits
    total = jnp.sum(exp, axis=-1, keepdims=True )
    return exp/total

# Step 12 - mlp_forward
def mlp_forward(params, x):
    # TODO: run x through all hidden layers with ReLU, then a final linear layer, returning logits.
    inp = x
    for i in range(len(params)-1):
        inp = linear_forward(inp, params[i])
        inp = relu_activation(inp)

    return linear_forward(inp, params[-1])

# Step 13 - log_softmax_logits
def log_softmax_logits(logits):
    # TODO: return the numerically stable log-softmax of logits along the last axis.
    import jax.numpy as jnp

    return jnp.log(softmax_probabilities(logits))

# Step 14 - cross_entropy_loss
import jax.numpy as jnp
def cross_entropy_loss(logits, one_hot_targets):
    # TODO: return the mean cross-entropy between logits and one-hot targets
    m, n = one_hot_targets.shape
    return (-1.0/m)*jnp.sum(log_softmax_logits(logits) * one_hot_targets)

# Step 16 - loss_fn_of_params
import jax
import jax.numpy as jnp

def loss_fn_of_params(params, x, one_hot_targets):
    # TODO: return scalar cross-entropy loss as a function of params, ready for jax.grad
    logits = mlp_forward(params, x)
    return cross_entropy_loss(logits, one_hot_targets)

# Step 17 - compute_param_grads
import jax
import jax.numpy as jnp

def compute_param_grads(params, x, one_hot_targets):
    # TODO: return grad of loss_fn_of_params w.r.t. params using jax.grad
    grad_fn = jax.grad(loss_fn_of_params, 0)
    grads = grad_fn(params, x, one_hot_targets)
    return grads

# Step 18 - sgd_update_params
import jax
import jax.numpy as jnp

def sgd_update_params(params, grads, learning_rate):
    # TODO: apply one SGD step to every parameter using its gradient and a learning rate
    new_params = []
    for i in range(len(params)):
        W = params[i]['W'] - learning_rate * grads[i]['W']
        b = params[i]['b'] - learning_rate * grads[i]['b']
        new_params.append({'W': W, 'b': b})
    
    return new_params

# Step 19 - training_step
import jax
import jax.numpy as jnp

def training_step(params, x, one_hot_targets, learning_rate):
    # TODO: compute current loss + grads via the upstream helpers, then SGD-update params.
    loss = loss_fn_of_params(params, x, one_hot_targets)
    grads = compute_param_grads(params, x, one_hot_targets)
    param_update= sgd_update_params(params, grads, learning_rate)
    
    return param_update, loss


f = jax.jit(training_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    sizes = [4, 8, 3]
    params = [
        {"W": (0.5 * rng.normal(size=(sizes[i - 1], sizes[i]))).astype(np.float32),
         "b": (0.1 * rng.normal(size=(sizes[i],))).astype(np.float32)}
        for i in range(1, len(sizes))
    ]
    x = rng.normal(size=(6, 4)).astype(np.float32)
    labels = rng.integers(0, 3, size=6)
    one_hot = np.eye(3, dtype=np.float32)[labels]
    lr = np.float32(rng.uniform(0.01, 0.5))
    return params, x, one_hot, lr


INPUTS = make_inputs


def _relu(x):
    return jnp.where(x <= 0, 0.0, x)


def _loss(params, x, y):
    inp = x
    for p in params[:-1]:
        inp = _relu(inp @ p["W"] + p["b"])
    logits = inp @ params[-1]["W"] + params[-1]["b"]
    logp = jnp.log(jax.nn.softmax(logits, axis=-1))
    return -jnp.sum(logp * y) / y.shape[0]


@jax.jit
def reference_fix(params, x, one_hot_targets, learning_rate):
    loss, grads = jax.value_and_grad(_loss)(params, x, one_hot_targets)
    new = [{"W": p["W"] - learning_rate * g["W"], "b": p["b"] - learning_rate * g["b"]}
           for p, g in zip(params, grads)]
    return new, loss
