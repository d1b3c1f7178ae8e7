"""Jarrow-Rudd binomial tree option pricer ported to jax.numpy: builtin max() in nested loops, static `if am`.

source: ellisonbg/cythonoptions binomial.py at 2ccb409bce8420b538d16678845e03516e4e60b0 (`jarrow_rudd`,
    the pure-Python/NumPy baseline of the Cython option-pricing demo)
error: TracerBoolConversionError
category: nested-loop-builtin-max
expect: fix
notes: NumPy-era finance code ported to JAX: `np.zeros` -> `jnp.zeros`, `math.exp/sqrt/pow` ->
    `jnp.exp/sqrt/power` (the inputs are traced), and the `stkval[i, j] = ...` / `optval[i, j] = ...`
    stores -> `.at[i, j].set(...)`; the loops and both `max(...)` calls are verbatim. `f` jits it with
    `am` (American/European) and `n` (tree depth) static, so `if am:` and all loop bounds must stay
    Python. The leaks are the builtin `max(0, cp*(...))` payoff and `max(optval[i,j], cp*(...))`
    early-exercise test on traced prices. Trials mix calls/puts (cp = +-1, traced), in/out of the
    money strikes, American/European and n in {8, 12}.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def jarrow_rudd(s, k, t, v, rf, cp, am=False, n=100):
    """Price an option using the Jarrow Rudd binomial model.

    s : initial stock price
    k : strike price
    t : expiration time
    v : volatility
    rf : risk-free rate
    cp : +1/-1 for call/put
    am : True/False for American/European
    n : binomial steps
    """
    #Basic calculations
    h = t/n
    u = jnp.exp((rf-0.5*jnp.power(v,2))*h+v*jnp.sqrt(h))
    d = jnp.exp((rf-0.5*jnp.power(v,2))*h-v*jnp.sqrt(h))
    drift = jnp.exp(rf*h)
    q = (drift-d)/(u-d)

    #Process the terminal stock price
    stkval = jnp.zeros((n+1,n+1))
    optval = jnp.zeros((n+1,n+1))
    stkval = stkval.at[0,0].set(s)
    for i in range(1,n+1):
        stkval = stkval.at[i,0].set(stkval[i-1,0]*u)
        for j in range(1,i+1):
            stkval = stkval.at[i,j].set(stkval[i-1,j-1]*d)

    #Backward recursion for option price
    for j in range(n+1):
        optval = optval.at[n,j].set(max(0,cp*(stkval[n,j]-k)))
    for i in range(n-1,-1,-1):
        for j in range(i+1):
            optval = optval.at[i,j].set((q*optval[i+1,j]+(1-q)*optval[i+1,j+1])/drift)
            if am:
                optval = optval.at[i,j].set(max(optval[i,j],cp*(stkval[i,j]-k)))

    return optval[0,0]


f = jax.jit(jarrow_rudd, static_argnums=(6, 7))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    s = np.float32(100.0)
    k = np.float32(rng.uniform(70.0, 130.0))
    t = np.float32(rng.uniform(0.25, 2.0))
    v = np.float32(rng.uniform(0.1, 0.5))
    rf = np.float32(rng.uniform(0.0, 0.08))
    cp = np.float32(rng.choice([-1.0, 1.0]))
    am = bool(rng.uniform() < 0.6)
    n = int(rng.choice([8, 12]))
    return (s, k, t, v, rf, cp, am, n)


INPUTS = make_inputs


def _jarrow_rudd_fixed(s, k, t, v, rf, cp, am=False, n=100):
    h = t / n
    u = jnp.exp((rf - 0.5 * v ** 2) * h + v * jnp.sqrt(h))
    d = jnp.exp((rf - 0.5 * v ** 2) * h - v * jnp.sqrt(h))
    drift = jnp.exp(rf * h)
    q = (drift - d) / (u - d)
    i = jnp.arange(n + 1)[:, None]
    j = jnp.arange(n + 1)[None, :]
    stk = s * u ** (i - j) * d ** j          # stkval[i, j] for j <= i
    opt = jnp.maximum(0, cp * (stk[n] - k))
    for row in range(n - 1, -1, -1):
        cont = (q * opt[:row + 1] + (1 - q) * opt[1:row + 2]) / drift
        if am:
            cont = jnp.maximum(cont, cp * (stk[row, :row + 1] - k))
        opt = cont
    return opt[0]


reference_fix = jax.jit(_jarrow_rudd_fixed, static_argnums=(6, 7))
