"""Fibre-bundle power sum: a method jitted with `self` and `half` static, masked sums instead of boolean indexing.

source: ripR0ACH/fiber_optic_acoustics plasticbundle.py at 9d78e019bcf41d077f1ba63a3228d39a22f3accc (class plasticbundle: `__init__`, `draw_bundle`, `sum_power`, `diff_power`, `_tree_flatten`, `_tree_unflatten`) and the `laser` pytree from the same commit's .ipynb_checkpoints/laser-checkpoint.py (`_tree_flatten`, `_tree_unflatten`, `tree_util.register_pytree_node`)
error: none
category: negative
expect: untouched
notes: `plasticbundle` is verbatim minus its matplotlib `plot` method. The project's `laser.__init__` builds the beam from Hermite/Laguerre modes; here only the pytree part of `laser` is kept (its `_tree_flatten`/`_tree_unflatten`/registration verbatim), and `f` rebuilds a laser from traced `x, y, P` with `laser._tree_unflatten` and calls `p.diff_power(l)` as the file's `__main__` does. Look-alike points: `if self.orientation.upper() == ...` and `if half == 0` / `elif half == 1` are Python branches, but on static data (`self` is static argument 0 of `sum_power`/`diff_power`, `half` static argument 2); the two halves are selected with `jnp.sum(P * half1)` rather than `P[half1]`; NaN powers are zeroed with `jnp.where`. The module-level `jax.config.update("jax_enable_x64", True)` is dropped so the case does not switch x64 on for other cases loaded in the same process.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from jax import jit
from jax import tree_util


class laser:
    def __len__(self):
        return len(self.x)
    def _tree_flatten(self):
        children = (self.x, self.y, self.P)
        aux = {
            "power": self.power, "waist": self.waist, "res": self.resolution, 
            "chop": self.chop, "chop_threshold": self.chop_threshold, 
            "wavelen": self.wl, "mu_x": self.mu_x, "mu_y": self.mu_y, 
            "z": self.z, "mode": self.mode, "mode_type": self.mode_type
        }
        return (children, aux)
    @classmethod
    def _tree_unflatten(cls, aux, children):
        obj = cls.__new__(cls)
        obj.power = aux["power"]
        obj.waist = aux["waist"]
        obj.resolution = aux["res"]
        obj.chop = aux["chop"]
        obj.chop_threshold = aux["chop_threshold"]
        obj.wl = aux["wavelen"]
        obj.mode = aux["mode"]
        obj.mode_type = aux["mode_type"]
        obj.mu_x = aux["mu_x"]
        obj.mu_y = aux["mu_y"]
        obj.z = aux["z"]
        obj.x, obj.y, obj.P = children
        return obj

tree_util.register_pytree_node(laser, laser._tree_flatten, laser._tree_unflatten)


class plasticbundle:
    def __init__(self, r, gap, center = [0, 0], res = 1000, orientation = "v"):
        self.r = r
        self.gap = gap
        self.res = res
        self.center = center
        self.orientation = orientation
        self.halves = self.draw_bundle(r, gap, res, center, orientation)
        return
    
    @staticmethod
    @jit(static_argnames=["res", "orientation"])
    def draw_bundle(r, gap, res, center, orientation):
        if orientation.upper() == "v".upper():
            f1 = jnp.array([jnp.append(jnp.full(100, center[0] + gap / 2), r * jnp.sin(jnp.linspace(0, 1, res - 100) * jnp.pi) + gap / 2 + center[0]), jnp.append(jnp.linspace(-(r - center[1]), (r + center[1]), 100), r * jnp.cos(jnp.linspace(0, 1, res - 100) * jnp.pi) + center[1])])
            f2 = jnp.array([jnp.append(jnp.full(100, center[0] - gap / 2), r * jnp.sin(-jnp.linspace(0, 1, res - 100) * jnp.pi) - gap / 2 + center[0]), jnp.append(jnp.linspace(-(r - center[1]), (r + center[1]), 100), r * jnp.cos(jnp.linspace(0, 1, res - 100) * jnp.pi) + center[1])])
        else:
            f1 = jnp.array([jnp.append(jnp.linspace(-(r - center[0]), (r + center[0]), 100), r * jnp.cos(jnp.linspace(0, 1, res - 100) * jnp.pi) + center[0]), jnp.append(jnp.full(100, center[1] + gap / 2), r * jnp.sin(jnp.linspace(0, 1, res - 100) * jnp.pi) + gap / 2 + center[1])])
            f2 = jnp.array([jnp.append(jnp.linspace(-(r - center[0]), (r + center[0]), 100), r * jnp.cos(jnp.linspace(0, 1, res - 100) * jnp.pi) + center[0]), jnp.append(jnp.full(100, center[1] - gap / 2), r * jnp.sin(-jnp.linspace(0, 1, res - 100) * jnp.pi) - gap / 2 + center[1])])
        return jnp.array([f1, f2])
    
    @jit(static_argnums=(0,2))
    def sum_power(self, l, half = -1):
        P = jnp.where(jnp.isnan(l.P), 0, l.P)
        if self.orientation.upper() == "v".upper():
            half1 = ((l.x - self.center[0] - self.gap / 2) ** 2 + (l.y - self.center[1]) ** 2 < self.r ** 2) & (l.x > self.center[0] + self.gap / 2)
            half2 = ((l.x - self.center[0] + self.gap / 2) ** 2 + (l.y - self.center[1]) ** 2 < self.r ** 2) & (l.x < self.center[0] - self.gap / 2)
        else:
            half1 = ((l.x - self.center[0]) ** 2 + (l.y - self.center[1] - self.gap / 2) ** 2 < self.r ** 2) & (l.y > self.center[1] + self.gap / 2)
            half2 = ((l.x - self.center[0]) ** 2 + (l.y - self.center[1] + self.gap / 2) ** 2 < self.r ** 2) & (l.y < self.center[1] - self.gap / 2)
            
        half1_P = jnp.sum(P * half1)
        half2_P = jnp.sum(P * half2)
        if half == 0:
            return half1_P
        elif half == 1:
            return half2_P
        else:
            return half1_P + half2_P
    @jit(static_argnums=0)
    def diff_power(self, l):
        return self.sum_power(l, 0) - self.sum_power(l, 1)


_AUX = {
    "power": 102, "waist": 1e-4, "res": 16, "chop": True, "chop_threshold": 1e-5,
    "wavelen": 1064e-9, "mu_x": 0, "mu_y": 0, "z": 0, "mode": (0, 1), "mode_type": 0,
}
p = plasticbundle(1e-3, 1e-4, orientation = "h")


@jax.jit
def f(x, y, P):
    l = laser._tree_unflatten(_AUX, (x, y, P))
    return p.diff_power(l)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 64
    x = rng.uniform(-1.2e-3, 1.2e-3, size=(n,))
    y = rng.uniform(-1.2e-3, 1.2e-3, size=(n,))
    P = rng.uniform(0.0, 2.0, size=(n,))
    P[rng.random(n) < 0.2] = np.nan     # chopped rays
    return (x, y, P)


INPUTS = make_inputs
