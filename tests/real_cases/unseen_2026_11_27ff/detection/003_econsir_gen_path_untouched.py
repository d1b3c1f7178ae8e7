"""Econ-SIR `gen_path`: NumPy-style code (`import jax.numpy as np`) already jit-safe; nothing may change.

source: iamlemec/econsir model.py at c7c2715b92dc364099780e47ecbf3d9f6ce7210a (actout, smoothstep, killzone, sir, gen_path, zero_state, gen_jit; code-index file id 19201760427), with `eps` and `log` from tools.py at 961cf1c72404b3e20a4467085726aaa322e893b6 (code-index file id 20077289395)
error: none
category: negative-where-static-length-scan
expect: untouched
notes: Look-alike: `import jax.numpy as np`, a threshold `np.where(kz > 0, killzone(...), 1)` that reads like an `if`, nested `np.where` ramps, `np.maximum(0, ...)`, a dict state carried through lax.scan with a Python `dt = 1`, and `np.ones(T)` with T static (static_argnums=(3,)). Verbatim except: `from tools import log, eps` is replaced by the two definitions copied from the repository's tools.py (toml/pandas not needed), `jax.partial` (removed from JAX) becomes functools.partial, and the pandas-based simulate_path / default policy are dropped. `f` is the module's own `gen_jit`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools

import jax
import jax.lax as lax
import jax.numpy as np
from jax.scipy.special import ndtr

# from tools.py
eps = 1e-10

def log(x):
    return np.log(np.maximum(eps, x))

# β - transmission rate
# λ - infection rate
# γ - asymp recovery rate
# δ - infect recovery rate
# κ - death rate
# ψ - cost of infection
# σ - z distribution shape
# ρ - activity inattention

# zi - quarantine of infected
# zb - lockdown severity
# zc - lockdown cutoff
# kz - killzone threshhold

##
## simulation
##

# log(z) ~ N(μ, σ**2)
def actout(cut, μ, σ):
    avg = np.exp(μ+0.5*σ**2)
    lcut = log(cut)
    act = 1 - ndtr((lcut-μ)/σ)
    out = avg*ndtr((μ+σ**2-lcut)/σ)
    return act, out

# continuous bounded ramp-up
def smoothstep(x):
    return np.where(x > 0, np.where(x < 1, 3*x**2 - 2*x**3, 1), 0)

# rapid die-off around zero
def killzone(x, k, eps=1e-6):
    return smoothstep(1e6*x/(2*(k+eps)))

# core SIR model
def sir(par, st, tv):
    # current state
    s = st['s']
    a = st['a']
    i = st['i']
    r = st['r']
    d = st['d']
    c = st['c']
    ka = st['ka']
    ki = st['ki']
    e = st['e']
    t = st['t']

    # params
    β = par['β']
    λ = par['λ']
    γ = par['γ']
    δ = par['δ']
    κ = par['κ']
    ψ = par['ψ']
    σ = par['σ']
    ρ = par['ρ']
    p0 = par['p0']
    pr = par['pr']
    β0 = par['β0']
    βr = par['βr']
    ψ0 = par['ψ0']
    ψr = par['ψr']

    # policy
    zi = par['zi']
    zc = tv['zc']
    zb = tv['zb']
    kz = tv['kz']
    vx = tv['vx']

    # realized policy
    zb1 = killzone(a+i, zc)*zb
    zi1 = np.maximum(zi, zb1)

    # derived z mean
    μ = -0.5*σ**2

    # time varying params
    p = p0 + (1-p0)*smoothstep(pr*t)
    βs = β0 + (1-β0)*smoothstep(βr*t)
    ψs = ψ0 + (1-ψ0)*smoothstep(ψr*t)

    # effective params
    β1 = βs*β
    ψ1 = ψs*ψ

    # exogenous excursions
    iact, iout = actout(zi1, μ, σ)
    ract, rout = actout(zb1, μ, σ)

    # endogenous excursions
    prob = β1*(e*a+iact*i)
    zcut = prob*ψ1
    pcut = np.maximum(zb1, zcut)
    sact, sout = actout(pcut, μ, σ)

    # total act/out rates
    act = sact*(s+a) + iact*i + ract*r
    out = sout*(s+a) + iout*i + rout*r

    # flows
    f_sa = prob*sact*s
    f_sr = vx*s
    f_ai = λ*a
    f_ar = γ*a
    f_ir = δ*i
    f_id = κ*i

    # differentials
    ds = - f_sa - f_sr
    da = f_sa - f_ai - f_ar
    di = f_ai - f_ir - f_id
    dr = f_ar + f_ir + f_sr
    dd = f_id
    dc = p*f_ai
    dka = f_sa
    dki = f_ai
    de = ρ*(sact-e)
    dt = 1

    # updates
    sp = s + ds
    ap = a + da
    ip = i + di
    rp = r + dr
    dp = d + dd
    cp = c + dc
    kap = ka + dka
    kip = ki + dki
    ep = e + de
    tp = t + dt

    # da kill zone
    zz = np.where(kz > 0, killzone(ap+ip, kz), 1)
    ap = zz*ap
    ip = zz*ip

    # new state
    stp = {
        's': sp,
        'a': ap,
        'i': ip,
        'r': rp,
        'd': dp,
        'c': cp,
        'ka': kap,
        'ki': kip,
        'e': ep,
        't': tp,
    }

    # save stats
    xt = stp.copy()
    xt['act'] = act
    xt['out'] = out
    xt['zb1'] = zb1
    xt['βs'] = βs
    xt['ψs'] = ψs
    xt['p'] = p

    return stp, xt

# iterate SIR for path
def gen_path(par, pol, st0, T):
    tv = {
        'zb': pol['zb']*np.ones(T),
        'zc': pol['zc']*np.ones(T),
        'kz': pol['kz']*np.ones(T),
        'vx': pol['vx']*np.ones(T),
    }

    sf = functools.partial(sir, par)
    last, path = lax.scan(sf, st0, tv)

    return {k: v.T for k, v in path.items()}

# null state
def zero_state(par):
    i = par['i0']/1e6
    ϝ = np.maximum(0, (par['β']+par['δ']+par['κ']-par['λ']-par['γ'])/par['λ'])
    p0 = par['p0']
    return {
        's': 1.0 - (1+ϝ)*i,
        'a': ϝ*i,
        'i': i,
        'r': 0.0,
        'd': 0.0,
        'c': p0*i,
        'ka': ϝ*i,
        'ki': i,
        'e': 1.0,
        't': 0.0,
    }

# compiled simulator
gen_jit = jax.jit(gen_path, static_argnums=(3,))

f = gen_jit
# --- end user code ---

import numpy


def make_inputs(rng):
    u = lambda lo, hi: numpy.float32(rng.uniform(lo, hi))
    # config/params.toml of the repository, jittered
    par = {
        'β': u(0.3, 0.7), 'γ': u(0.05, 0.15), 'λ': u(0.03, 0.08), 'δ': u(0.05, 0.1),
        'κ': u(2e-4, 8e-4), 'ψ': u(100.0, 800.0), 'σ': u(0.2, 0.4), 'ρ': u(0.1, 0.2),
        'zi': u(1.0, 2.0), 'p0': u(0.05, 0.2), 'pr': u(0.0, 0.02), 'i0': u(0.5, 2000.0),
        'β0': u(0.8, 1.0), 'βr': u(0.0, 0.02), 'ψ0': u(0.8, 1.0), 'ψr': u(0.0, 0.02),
    }
    kz = u(0.0, 1e-4) if rng.uniform() < 0.6 else numpy.float32(0.0)   # killzone on / off
    pol = {'zb': u(0.0, 2.0), 'zc': u(0.0, 1e-3), 'kz': kz, 'vx': u(0.0, 0.01)}
    i = par['i0'] / 1e6
    g = max(0.0, (par['β'] + par['δ'] + par['κ'] - par['λ'] - par['γ']) / par['λ'])
    st0 = {k: numpy.float32(v) for k, v in {
        's': 1.0 - (1 + g) * i, 'a': g * i, 'i': i, 'r': 0.0, 'd': 0.0,
        'c': par['p0'] * i, 'ka': g * i, 'ki': i, 'e': 1.0, 't': 0.0}.items()}
    return (par, pol, st0, 120)


INPUTS = make_inputs
