"""Look-alike: a solver class (NumPy code ported by `import jax.numpy as np`) whose convection methods use `np.where`/`np.maximum` on traced fields.

source: "Heat Equation Solver for MECH 579 Final Project" module in the public code index (code-index file id 26563126311, an earlier revision is id 26174463725; class `HeatEquation2D`, methods `h_boundary` and `h_top`; the index does not name the repository)
error: none
category: negative
expect: untouched
notes: the class is cut down to `__init__` (meshing, material, air and fan variables as written) and the two jit-safe convection methods. Here `np` is `jax.numpy`, so `np.where(Rex < 5e5, ...)` and `np.maximum` are traced ops, and `self.ext_*`/`self.dx` are Python or concrete constants set in `__init__`; the old per-element `if Rex[i,j] < 5E5` loop that the author replaced survives only as comments. `f` jits a function that calls both methods, as the project's `make_params` closures do under `jax.jit(jax.grad(obj))`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


class HeatEquation2D:
    """Heat Equation Solver for MECH 579 Final Project

    This class will construct and solve the unsteady heat equation
    with Robin BCs as described in the assignment.
    """
    def __init__(self, x, y, height, n_x, n_y, k=1.0, rho=1.0, cp=1.0, CFL=0.1):
        ## MESHING variables
        self.n_x = n_x
        self.n_y = n_y
        # Physical locations
        x_axis = np.linspace(0, x, self.n_x)
        y_axis = np.linspace(0, y, self.n_y)
        self.X, self.Y = np.meshgrid(x_axis, y_axis, indexing='ij')
        self.dx = x_axis[1] - x_axis[0]
        self.dy = y_axis[1] - y_axis[0]

        ## Material Properties
        self.k = k
        self.rho = rho
        self.cp = cp
        self.thermal_alpha = self.k / (self.rho * self.cp)
        self.height = height #m

        ## External Variables of Air
        self.ext_k = 0.02772  # W/m/K Thermal Coeffcient
        self.ext_Pr = 0.7215  # Prantl Number
        self.ext_nu = 1.506 * 10 ** (-5)  # m^2/s Kinematic Viscosity
        self.ext_T = 273 + 20  # K Temperature

    def h_boundary(self, u):
        Tfilm = (u + self.ext_T) / 2.0
        Tfilm = np.maximum(Tfilm, 1e-6)      # avoid divide-by-zero

        beta = 1.0 / Tfilm

        dT = np.sqrt((u - self.ext_T)**2 + 1e-12)  # smooth appxroximation
        rayleigh = 9.81 * beta * dT * (self.dx**3) / (self.ext_nu**2) * self.ext_Pr
        rayleigh = np.maximum(rayleigh, 1e-12) # safety

        nusselt = (0.825 + (0.387 * rayleigh**(1.0/6.0)) /
                (1.0 + (0.492/self.ext_Pr)**(9.0/16.0))**(8.0/27.0))**2

        return nusselt * self.ext_k / self.dx

    def h_top(self, x, v):
        x_safe = np.maximum(x, 1e-6)             # ensures x_safe > 0 everywhere
        Rex = v * x_safe / self.ext_nu

        Pr_term = self.ext_Pr ** (1.0 / 3.0)

        Nu_lam = 0.332 * np.sqrt(Rex) * Pr_term   # sqrt is clearer than power(.,0.5)
        Nu_tur = 0.0296 * np.power(Rex, 0.8) * Pr_term

        Nux = np.where(Rex < 5e5, Nu_lam, Nu_tur)

        h = Nux * self.ext_k / (x_safe + 1e-5)    # use x_safe here too
        return h

        # Rex = self.v*x/self.ext_nu
        # r,c = Rex.shape
        # Nux = np.zeros((r,c))
        # for i in range(r):
        #     for j in range(c):
        #         if Rex[i,j] < 5E5:
        #             Nux[i,j] = 0.332*Rex[i,j]**0.5*self.ext_Pr**(1/3)
        #         else:
        #             Nux[i,j] = 0.0296*Rex[i,j]**0.8*self.ext_Pr**(1/3)
        # h = Nux*self.ext_k/(x + 1E-5)
        # return h


heq = HeatEquation2D(0.04, 0.04, 0.04, 8, 8, k=149, rho=2323, cp=19.789 / 28.085 * 1000)


@jax.jit
def f(u, v):
    return heq.h_top(heq.X, v), heq.h_boundary(u)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    u = (293 + 70 * rng.uniform(0, 1, size=(8, 8))).astype(onp.float32)
    u[0, 0] = 293.0  # dT at the smoothing floor
    v = onp.float32(rng.choice([0.5, 10.0, 400.0]))  # laminar and turbulent Rex
    return (u, v)


INPUTS = make_inputs
