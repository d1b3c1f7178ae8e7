"""dcmpy's discrete-choice model fit: Newton iterations with a traced NaN abort (`if any([np.any(np.isnan(...)) ...]): break`), a traced `if grad_norm < eps: break` and a traced post-loop `if grad_norm > eps: print(...)`.

source: DataforProgress/dcm dcmpy/fit.py at b33c8d503d503decf0d4dd3c89601d31c4b13400 (code-index file id 23501579683; grad_update, fit), with the model from dcmpy/models.py at the same commit (init_linear, linear; id 23614778279) and the loss from dcmpy/losses.py at 853d70f88d19e4ac020719f0deeb8831de41ed8d (first_loss; id 23372488664)
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: grad_update, fit, init_linear, linear and first_loss are verbatim (with `import jax.numpy as np` as in dcmpy); fit.py's matplotlib import and its visualize_* / print_hess_landscape helpers are left out. Added the entry point `fit_linear_first_choice` (initial parameters from init_linear, then fit with the default Newton direction, maxit=6, eps=1e-6) and `f = jax.jit(fit_linear_first_choice)`; it returns the fitted parameters and the final squared Newton-step norm. The inputs are simulated from a random multinomial-logit model with the chosen item moved to column 0 (what first_loss assumes), so the MLE exists; Newton needs 5 to 7 steps, so with maxit=6 some trials break on convergence and others run out of iterations and reach the "Failed to converge" branch.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, Optional, Tuple, Callable

import jax.numpy as np
import jax
from jax.scipy import special as sp


def grad_update(params: dict, grads: dict, lr: Optional[float]=1.0):
    """Update parameters using gradient descent.
    
    Args:
        params: dict of parameters
        grads: dict of gradients
        lr: learning rate
        
    Returns:
        updated parameters
    """
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def fit(
        _loss_fn: Callable, 
        model_fn: Callable,
        model_params: dict, 
        data: Tuple[Any, ...],
        maxit: Optional[int] = 500, 
        eps: Optional[float] = 1e-6, 
        verbose: Optional[bool] = False, 
        lr: Optional[float] = 1.,
        loss_fn: Optional[Callable] = None,
        dir_fn: Optional[Callable] = None
):
    """Fit a model to data using gradient descent.

    Args:
        loss_fn: loss function
        model_fn: model function taking model parameters and data as arguments
        model_params: model parameters
        data: tuple of data, will be a tuple with respondent-specific data first, then item-specific data
        maxit: maximum number of iterations
        eps: convergence threshold
        verbose: whether to print progress
        lr: learning rate
    
    Returns:
        fitted model parameters
        gradient norm
    """
    if loss_fn is None:
        @jax.jit
        def loss_fn(model_params, data):
            return np.mean(_loss_fn(model_fn(model_params, *data)))

    if dir_fn is None:
        @jax.jit
        def dir_fn(model_params, data):
            hess = jax.hessian(loss_fn)(model_params, data)
            hess = hess["theta"]["theta"]
            grad = jax.grad(loss_fn)(model_params, data)
            grad = grad["theta"]
            return {"theta": np.linalg.solve(hess, grad)}

    # loss_grad = jax.jit(cg_fn)
    # loss_grad = jax.jit(
    #     jax.grad(
    #        lambda model_params: np.mean(loss_fn(model_fn(model_params, *data)))
    #     )
    # )

    for i in range(maxit):
        grads = dir_fn(model_params, data)
        grad_norm = sum(np.sum(grads[k]**2) for k in grads)
        if i % 10 == 0 and verbose:
            print(i, loss_fn(model_params, data), grad_norm)
        if any([np.any(np.isnan(grads[k])) for k in grads]):
            print("NaN gradient update, aborting...")
            break
        model_params = grad_update(model_params, grads, lr=lr)
        if grad_norm < eps:
            print("Converged!")
            break

    if grad_norm > eps:
        print(f"Failed to converge, gradient norm is {grad_norm}.")

    return model_params, grad_norm, (loss_fn, dir_fn)


def init_linear(N: int, C: int, D: int, K: int):
    """Initialize the parameters for the linear model.

    Args:
        N: number of respondents.
        C: number of choices.
        D: number of respondent features.
        K: number of choice set features.

    Returns:
        dictionary of model parameters.
    """
    model_params = {
        "theta": np.zeros((K - 1) * D)
    }
    return model_params


def linear(
        model_params: dict, 
        choice_set_features: np.ndarray, 
        respondent_features: np.ndarray
):
    """Linear model with interaction features.
    
    Args:
        model_params: dictionary of model parameters.
        choice_set_features: array of shape (N, C, K) containing the choice set features.
        respondent_features: array of shape (N, D) containing the respondent features.
        
    Returns:
        array of shape (N, C) containing the logits.
    """
    K = choice_set_features.shape[-1]
    D = respondent_features.shape[-1]
    # interaction_features = (choice_set_features[:, :, :, None] * respondent_features[:, None, None, :]).reshape(N, C, -1)
    # interaction_features @ model_params["theta"].flatten()
    theta = model_params["theta"].reshape((K - 1, D))
    theta = np.vstack([theta, np.zeros(D)])
    return np.einsum('nck,kd,nd->nc', choice_set_features, theta, respondent_features)


def first_loss(logits):
    loglik_first = -logits[:, 0] + sp.logsumexp(logits, axis=-1)
    return np.mean(loglik_first)


def fit_linear_first_choice(choice_set_features, respondent_features):
    N, C, K = choice_set_features.shape
    D = respondent_features.shape[-1]
    model_params = init_linear(N, C, D, K)
    model_params, grad_norm, _ = fit(
        first_loss, linear, model_params,
        (choice_set_features, respondent_features),
        maxit=6, eps=1e-6,
    )
    return model_params, grad_norm


f = jax.jit(fit_linear_first_choice)
# --- end user code ---

import numpy as onp
from jax import lax


def make_inputs(rng):
    N, C, K, D = 60, 3, 3, 2
    X = rng.normal(size=(N, C, K))
    R = rng.normal(size=(N, D))
    theta = rng.normal(size=(K, D))
    theta[-1] = 0.0
    logits = onp.einsum('nck,kd,nd->nc', X, theta, R)
    p = onp.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    for n in range(N):
        c = rng.choice(C, p=p[n])
        X[n, [0, c]] = X[n, [c, 0]]
    return (X.astype(onp.float32), R.astype(onp.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(choice_set_features, respondent_features):
    maxit, eps, lr = 6, 1e-6, 1.0
    data = (choice_set_features, respondent_features)

    def loss_fn(model_params, data):
        return np.mean(first_loss(linear(model_params, *data)))

    def dir_fn(model_params, data):
        hess = jax.hessian(loss_fn)(model_params, data)["theta"]["theta"]
        grad = jax.grad(loss_fn)(model_params, data)["theta"]
        return {"theta": np.linalg.solve(hess, grad)}

    def body(i, state):
        params, grad_norm, done = state
        grads = dir_fn(params, data)
        gn = sum(np.sum(grads[k] ** 2) for k in grads)
        has_nan = np.any(np.stack([np.any(np.isnan(grads[k])) for k in grads]))
        stepped = grad_update(params, grads, lr=lr)
        take = ~done & ~has_nan
        params = jax.tree_util.tree_map(lambda a, b: np.where(take, a, b), stepped, params)
        grad_norm = np.where(done, grad_norm, gn)
        done = done | has_nan | (gn < eps)
        return params, grad_norm, done

    K = choice_set_features.shape[-1]
    D = respondent_features.shape[-1]
    init = ({"theta": np.zeros((K - 1) * D)}, np.float32(np.inf), np.asarray(False))
    params, grad_norm, _ = lax.fori_loop(0, maxit, body, init)
    return params, grad_norm
