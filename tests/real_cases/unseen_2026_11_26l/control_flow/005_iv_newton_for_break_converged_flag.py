"""Implied volatility by Newton-Raphson with jax.grad: `for` loop with a traced `if abs(loss) < eps: break / else: update`.

source: Emanuele-Saccoliti/Volatility-Surface-Generator Vol_Surface_Upload.ipynb at 0e2feb5190c69aa07d1940e988cef7496e8da4d7 (cells defining black_scholes, loss/loss_grad and solve_for_iv)
error: TracerBoolConversionError
category: for-break-else-converged-flag
expect: fix
notes: black_scholes, loss, loss_grad and solve_for_iv are verbatim from the notebook except that its tab indentation is converted to spaces; only the imports they use are kept (jnp, jax.grad, jax.scipy.stats.norm as jnorm) and `f = jax.jit(solve_for_iv)` is added (the notebook calls it eagerly per option; `otype`, `N_iter`, `epsilon` keep their Python defaults). The prints inside the loop and the post-loop `if not converged: print(...)` (a traced test) are kept; a rewrite may drop them or use jax.debug.print, only the returned sigma is compared. Inputs are Black-Scholes call prices for random strikes/maturities/vols plus some far-out-of-the-money near-zero prices; most converge in 3-9 iterations (break), a few overshoot to a negative sigma and end as NaN after N_iter=20 iterations (the not-converged exit).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad # automatic differentiation -> grad = gradient
from jax.scipy.stats import norm as jnorm


def black_scholes(S, K, T, r, sigma, q=0, otype="call"):
    d1 = (jnp.log(S / K) + (r - q + 0.5 * sigma ** 2) * T) / (sigma * jnp.sqrt(T))
    d2 = d1 - sigma * jnp.sqrt(T)
    if otype == "call":
        call = S * jnp.exp(-q * T) * jnorm.cdf(d1, 0, 1) - K * jnp.exp(-r * T) * jnorm.cdf(d2 , 0, 1)
        return call
    else:
        put = K * jnp.exp(-r * T) * jnorm.cdf(-d2, 0, 1) - S * jnp.exp(-q * T) * jnorm.cdf(-d1, 0, 1)
        return put


def loss(S, K, T, r, sigma_guess, price, q=0, otype="call"):

    theoretical_price = black_scholes(S, K, T, r, sigma_guess, q, otype)
    market_price = price

    # Loss is the difference between the theoretical price and the actual price
    # We want to MINIMIZE this Loss!
    return theoretical_price - market_price

loss_grad = grad(loss, argnums=4)


def solve_for_iv(S, K, T, r, price, sigma_guess = 1.5, q=0, otype="call",
                 N_iter = 20, epsilon = .001):

    converged = False
    # 1. Make a guess for the volatility.
    sigma = sigma_guess
    for i in range(N_iter):
            print("\nIteration: ", i)

            # 2. Calculate the loss function using our guess for sigma
            loss_val = loss(S, K, T, r, sigma, price, q=q, otype = otype)

            print("Current Error in Theoretical vs Market Price:")
            print(loss_val)

            # 3. Check if the loss is less than the tolerance, #lepsilon$.
            # If yes, STOP!
            if abs(loss_val) < epsilon:
                converged = True #abs() Restituisce sempre un numero positivo, indipendentemente dal segno
                break

            # If no, CONTINUE to step 4
            else:
                # 4. Calculate the gradient of the loss function
                loss_grad_val = loss_grad(S, K, T, r, sigma, price, q=q, otype=otype)

                # 5. Update the volatility using the Newton-Raphson formula
                sigma = sigma - loss_val / loss_grad_val

    if not converged:
        print ("Did not converge")
    return sigma


f = jax.jit(solve_for_iv)
# --- end user code ---

import numpy as np


def _bs_call(S, K, T, r, sigma):
    from scipy.stats import norm
    d1 = (np.log(S / K) + (r + 0.5 * sigma ** 2) * T) / (sigma * np.sqrt(T))
    d2 = d1 - sigma * np.sqrt(T)
    return S * norm.cdf(d1) - K * np.exp(-r * T) * norm.cdf(d2)


def make_inputs(rng):
    S = 100.0
    K = float(rng.uniform(70.0, 140.0))
    T = float(rng.uniform(0.1, 2.0))
    r = float(rng.uniform(0.0, 0.06))
    true_sigma = float(rng.uniform(0.1, 0.9))
    price = _bs_call(S, K, T, r, true_sigma)
    if rng.uniform() < 0.25:
        # far out of the money and nearly worthless: Newton from sigma=1.5 stalls or blows up
        K = float(rng.uniform(250.0, 400.0))
        T = float(rng.uniform(0.05, 0.2))
        price = float(rng.uniform(0.0005, 0.002))
    f32 = np.float32
    return (f32(S), f32(K), f32(T), f32(r), f32(price))


INPUTS = make_inputs


@jax.jit
def reference_fix(S, K, T, r, price):
    sigma_guess, q, otype, N_iter, epsilon = 1.5, 0, "call", 20, .001

    def cond(carry):
        i, sigma, converged = carry
        return (i < N_iter) & ~converged

    def body(carry):
        i, sigma, converged = carry
        loss_val = loss(S, K, T, r, sigma, price, q=q, otype=otype)
        hit = abs(loss_val) < epsilon
        new_sigma = jnp.where(hit, sigma, sigma - loss_val / loss_grad(S, K, T, r, sigma, price, q=q, otype=otype))
        return i + 1, new_sigma, hit

    sigma0 = jnp.asarray(sigma_guess, dtype=jnp.result_type(S, float))
    _, sigma, _ = jax.lax.while_loop(cond, body, (0, sigma0, jnp.bool_(False)))
    return sigma
