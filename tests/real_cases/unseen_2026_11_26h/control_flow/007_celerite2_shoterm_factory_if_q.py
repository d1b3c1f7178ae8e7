"""celerite2's JAX SHOTerm factory picks the over- or underdamped class with `if over.Q < 0.5` on a traced Q.

source: exoplanet-dev/celerite2 python/celerite2/jax/terms.py at 050f4f79f1c5e2878ffd3b6539152d8ad0d8ce65
    (`Term.get_value`, `Term.get_psd`, `SHOTerm`, `OverdampedSHOTerm`, `UnderdampedSHOTerm`) and the
    base python/celerite2/terms.py it imports (`handle_parameter_spec`, `SHOTerm.__parameter_spec__`).
    The failure was reported in https://github.com/exoplanet-dev/celerite2/issues/78 ("SHOTerm not
    working in numpyro model": ConcretizationTypeError during NUTS init); later revisions replace the
    factory by one SHOTerm class whose methods select with `np.where(np.less(self.Q, 0.5), ...)`.
error: TracerBoolConversionError
category: factory-if-returns-different-objects
expect: fix
notes: the classes and the factory are verbatim (only the methods `f` needs are kept: get_value,
    get_psd and the two get_coefficients; `from jax import numpy as np` as upstream). The base-module
    pieces (`handle_parameter_spec`, the parameter spec with its rho/tau/sigma alternatives) are inlined
    verbatim under a `base_terms` namespace class. `f` is a jitted likelihood-style entry point that
    builds `SHOTerm(S0=..., w0=..., Q=...)` from traced parameters and evaluates the kernel on a lag
    grid and the PSD on a frequency grid. Static look-alikes that must stay: `if len(ar):` /
    `if len(ac):` (shape checks), the `sum(int(n in kwargs) ...) != 1` / `raise` in the parameter
    handler. Trials put Q on both sides of 1/2. jnp.float64 falls back to float32 (x64 is off).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import wraps

import numpy as onp
import jax
from jax import numpy as np


class base_terms:
    class handle_parameter_spec:
        def __init__(self, mapper):
            self.mapper = mapper

        def __call__(self, to_wrap):
            @wraps(to_wrap)
            def wrapped(target, *args, **kwargs):
                for param, alt in target.__parameter_spec__:
                    all_names = set([param]) | set(name for name, _ in alt)
                    if sum(int(n in kwargs) for n in all_names) != 1:
                        raise ValueError(
                            "exactly one of {0} must be defined".format(
                                list(all_names)
                            )
                        )
                    if param in kwargs:
                        setattr(target, param, self.mapper(kwargs.pop(param)))
                    else:
                        for name, func in alt:
                            if name in kwargs:
                                setattr(
                                    target,
                                    param,
                                    func(target, self.mapper(kwargs.pop(name))),
                                )
                                break

                return to_wrap(target, *args, **kwargs)

            return wrapped

    class SHOTerm:
        __parameter_spec__ = (
            ("w0", (("rho", lambda self, rho: 2 * onp.pi / rho),)),
            ("Q", (("tau", lambda self, tau: 0.5 * self.w0 * tau),)),
            (
                "S0",
                (("sigma", lambda self, sigma: sigma ** 2 / (self.w0 * self.Q)),),
            ),
        )


class Term:
    def get_coefficients(self):
        raise NotImplementedError("subclasses must implement this method")

    def get_value(self, tau):
        tau = np.abs(np.atleast_1d(tau))
        ar, cr, ac, bc, cc, dc = self.get_coefficients()
        k = np.zeros_like(tau)
        tau = tau[..., None]

        if len(ar):
            k += np.sum(ar * np.exp(-cr * tau), axis=-1)

        if len(ac):
            arg = dc * tau
            k += np.sum(
                np.exp(-cc * tau) * (ac * np.cos(arg) + bc * np.sin(arg)),
                axis=-1,
            )

        return k

    def get_psd(self, omega):
        w2 = np.atleast_1d(omega) ** 2
        ar, cr, ac, bc, cc, dc = self.get_coefficients()
        psd = np.zeros_like(w2)
        w2 = w2[..., None]

        if len(ar):
            psd += np.sum(ar * cr / (cr**2 + w2), axis=-1)

        if len(ac):
            w02 = cc**2 + dc**2
            psd += np.sum(
                ((ac * cc + bc * dc) * w02 + (ac * cc - bc * dc) * w2)
                / (w2**2 + 2.0 * (cc * cc - dc * dc) * w2 + w02 * w02),
                axis=-1,
            )

        return np.sqrt(2 / np.pi) * psd


def SHOTerm(*args, **kwargs):
    over = OverdampedSHOTerm(*args, **kwargs)
    under = UnderdampedSHOTerm(*args, **kwargs)
    if over.Q < 0.5:
        return over
    return under


class OverdampedSHOTerm(Term):
    __parameter_spec__ = base_terms.SHOTerm.__parameter_spec__

    @base_terms.handle_parameter_spec(np.float64)
    def __init__(self, *, eps=1e-5, **kwargs):
        self.eps = np.float64(eps)

    def get_coefficients(self):
        Q = self.Q
        f = np.sqrt(np.maximum(1.0 - 4.0 * Q**2, self.eps))
        e = np.empty(0)
        return (
            0.5
            * self.S0
            * self.w0
            * Q
            * np.array([1.0 + 1.0 / f, 1.0 - 1.0 / f]),
            0.5 * self.w0 / Q * np.array([1.0 - f, 1.0 + f]),
            e,
            e,
            e,
            e,
        )


class UnderdampedSHOTerm(Term):
    __parameter_spec__ = base_terms.SHOTerm.__parameter_spec__

    @base_terms.handle_parameter_spec(np.float64)
    def __init__(self, *, eps=1e-5, **kwargs):
        self.eps = np.float64(eps)

    def get_coefficients(self):
        Q = self.Q
        f = np.sqrt(np.maximum(4.0 * Q**2 - 1.0, self.eps))
        a = self.S0 * self.w0 * Q
        c = 0.5 * self.w0 / Q
        e = np.empty(0)
        return (
            e,
            e,
            np.array([a]),
            np.array([a / f]),
            np.array([c]),
            np.array([c * f]),
        )


@jax.jit
def f(tau, omega, S0, w0, Q):
    term = SHOTerm(S0=S0, w0=w0, Q=Q)
    return term.get_value(tau), term.get_psd(omega)
# --- end user code ---

import warnings

warnings.filterwarnings("ignore", message="Explicitly requested dtype")


def make_inputs(rng):
    tau = onp.linspace(0.0, 6.0, 13).astype(onp.float32)
    omega = onp.linspace(0.05, 5.0, 11).astype(onp.float32)
    S0 = onp.float32(rng.uniform(0.2, 3.0))
    w0 = onp.float32(rng.uniform(0.3, 3.0))
    Q = onp.float32(rng.uniform(0.1, 0.45) if rng.uniform() < 0.5 else rng.uniform(0.55, 5.0))
    return (tau, omega, S0, w0, Q)


INPUTS = make_inputs


@jax.jit
def reference_fix(tau, omega, S0, w0, Q):
    over = OverdampedSHOTerm(S0=S0, w0=w0, Q=Q)
    under = UnderdampedSHOTerm(S0=S0, w0=w0, Q=Q)
    is_over = Q < 0.5
    value = np.where(is_over, over.get_value(tau), under.get_value(tau))
    psd = np.where(is_over, over.get_psd(omega), under.get_psd(omega))
    return value, psd
