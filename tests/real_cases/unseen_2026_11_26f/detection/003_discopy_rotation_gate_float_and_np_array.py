"""Gate objects built from traced phases: float() in the constructor, raw NumPy in the `array` property.

source: discopy/discopy discopy/quantum/gates.py at 014d3383b594bac923c637da811279a4190471fb (`Parametrized.__init__` casts `self._datatype(data)` with datatype=float and picks `np.pi/np.exp/np.cos/np.sin`; `Rotation.phase`; `Rx.array` / `Rz.array` build `np.array([...])`); the jit failure was reported in https://github.com/Quantinuum/qnlp_lorenz_etal_2021_resources/issues/2 (TracerArrayConversionError in `discopy/quantum/gates.py in array(self)` while jitting `get_cost`)
error: ConcretizationTypeError
category: numpy-on-tracer-in-object
expect: fix
notes: Parametrized/Rotation/Rx/Rz keep their bodies; the Box/QuantumGate diagram machinery (dom/cod, names, sympy free symbols, grad, dagger) is dropped, so `free_symbols` is always empty and the NumPy branch is taken, as with discopy's default NumPy tensor backend. `f` evaluates the two-gate circuit Rx(a) >> Rz(b) as a matrix product. Under jit the first failure is `float(phase)` in the constructor; the `np.array` in the property would fail next.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


class Parametrized:
    """ Abstract class for parametrized boxes in a quantum circuit. """
    def __init__(self, name, data=None, **params):
        self._name = name
        self._datatype = params.get('datatype', None)
        data = data\
            if getattr(data, "free_symbols", False) else self._datatype(data)
        self.data = data
        self._pi, self._exp = np.pi, np.exp
        self._cos, self._sin = np.cos, np.sin


class Rotation(Parametrized):
    """ Abstract class for rotation gates. """
    def __init__(self, phase, name=None, n_qubits=1):
        self.n_qubits = n_qubits
        Parametrized.__init__(self, name, datatype=float, data=phase)

    @property
    def phase(self):
        """ The phase of a rotation gate. """
        return self.data


class Rx(Rotation):
    """ X rotations. """
    def __init__(self, phase):
        super().__init__(phase, name="Rx")

    @property
    def array(self):
        half_theta = self._pi * self.phase
        sin, cos = self._sin(half_theta), self._cos(half_theta)
        return np.array([[cos, -1j * sin], [-1j * sin, cos]])


class Rz(Rotation):
    """ Z rotations. """
    def __init__(self, phase):
        super().__init__(phase, name="Rz")

    @property
    def array(self):
        half_theta = self._pi * self.phase
        return np.array(
            [[self._exp(-1j * half_theta), 0],
             [0, self._exp(1j * half_theta)]])


@jax.jit
def f(params):
    rx, rz = Rx(params[0]), Rz(params[1])
    return rz.array @ rx.array
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    return (rng.uniform(-1.0, 1.0, size=(2,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(params):
    a = jnp.pi * params[0]
    sin, cos = jnp.sin(a), jnp.cos(a)
    rx = jnp.array([[cos, -1j * sin], [-1j * sin, cos]])
    b = jnp.pi * params[1]
    rz = jnp.array([[jnp.exp(-1j * b), 0], [0, jnp.exp(1j * b)]])
    return rz @ rx
