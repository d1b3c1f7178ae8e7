"""graphix JittableStatevec._evolve_single: a traced qubit index handled with `where` over a static loop.

source: a graphix revision of graphix/sim/statevec.py with a JAX ("Jittable") statevector simulator, stored in the public code index as file id 35336838043 (the index does not name the repository; it is most likely the branch of https://github.com/TeamGraphix/graphix/pull/110, "Use JIT compiler for `StatevectorBackend`" by king-p3nguin, closed unmerged, which moved the simulator from numba to jax) (StatevectorBackend, JittableStatevectorBackend, meas_op, jittable_meas_op, Statevec, JittableStatevec, _get_statevec_norm).
error: none
category: negative
expect: untouched
notes: class JittableStatevec and _get_statevec_norm verbatim. Stand-ins: graphix's
  `backends.backend_factory.backend` (the JAX backend object) becomes a small class forwarding eye/where/kron/
  dot/zeros/fori_loop/tensordot/isclose/array/sqrt/sum to jax, and `graphix.ops.States.plus` is the |+>
  vector; the pytree registration is kept;
  remove_qubit's long LaTeX docstring is shortened (code unchanged). `f = jax.jit(JittableStatevec._evolve_single,
  static_argnums=3)` added (the backend methods call it with a traced `loc` and a static `fixed_nqubit`).
  Look-alike: the qubit index `i` is traced and compared with `qarg == i`, but only inside `backend.where`;
  the loop runs over the static `dim`; the comments quote TracerIntegerConversionError. Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class _JaxBackend:  # stand-in for graphix.sim.backends.backend_factory.backend (JAX backend)
    pi = jnp.pi
    array = staticmethod(jnp.array)
    eye = staticmethod(jnp.eye)
    where = staticmethod(jnp.where)
    kron = staticmethod(jnp.kron)
    dot = staticmethod(jnp.dot)
    zeros = staticmethod(jnp.zeros)
    isclose = staticmethod(jnp.isclose)
    tensordot = staticmethod(jnp.tensordot)
    sqrt = staticmethod(jnp.sqrt)
    sum = staticmethod(jnp.sum)
    logical_and = staticmethod(jnp.logical_and)
    fori_loop = staticmethod(jax.lax.fori_loop)


backend = _JaxBackend()


class States:  # stand-in for graphix.ops.States
    plus = np.array([1.0 / np.sqrt(2), 1.0 / np.sqrt(2)])


class JittableStatevec:
    """Simple statevector simulator"""

    def add_qubits(self, nqubit: int):
        """add qubits to the system only if the number of qubits is fixed"""
        self.actual_nqubit += nqubit

    def evolve_single(self, op, i):
        """Single-qubit operation

        Parameters
        ----------
        op : numpy.ndarray
            2*2 matrix
        i : int
            qubit index
        """
        self.psi = self._evolve_single(self.psi, op, i, self.fixed_nqubit)

    @staticmethod
    def _evolve_single(psi, op, i, dim):
        """internal logic of `evolve_single`. This is to avoid leaking of self.psi in jax.jit"""
        # Note: argument `axes` in jnp.tensordot must be static, so we cannot use tensordot here.
        # https://jax.readthedocs.io/en/latest/errors.html#jax.errors.TracerIntegerConversionError
        # TODO: use jax.lax.scan instead of fori_loop
        # https://github.com/google/jax/discussions/3850
        # "always scan when you can!"
        psi = psi.flatten()  # FIXME: why still leaking??? make all backend methods static?

        # op_full = backend.eye(2**self.fixed_nqubit)
        one_qubit_identity = backend.eye(2)

        op_full = 1

        for qarg in range(dim):
            one_qubit_op = backend.where(qarg == i, op, one_qubit_identity)
            op_full = backend.kron(one_qubit_op, op_full)

        psi = backend.dot(op_full, psi)
        return psi.reshape((2,) * dim)

    def dims(self):
        return self.psi.shape

    @staticmethod
    def remove_qubit(qarg, psi, actual_nqubit, fixed_nqubit):
        r"""Remove a separable qubit from the system and assemble a statevector for remaining qubits.
        This results in the same result as partial trace, if the qubit `qarg` is separable from the rest.

        .. warning::
            This method assumes the qubit with index `qarg` to be separable from the rest,
            and is implemented as a significantly faster alternative for partial trace to
            be used after single-qubit measurements.
            Care needs to be taken when using this method.
            Checks for separability will be implemented soon as an option.

        .. seealso::
            :meth:`graphix.sim.statevec.Statevec.ptrace` and warning therein.

        Parameters
        ----------
        qarg : int
            qubit index
        """
        actual_nqubit -= 1
        psi = psi.flatten()
        qubit_removed_psi = backend.zeros(2 ** (fixed_nqubit - 1))

        def loop_func(i, qubit_removed_psi):  # big endian
            front = (i << 1) & (((1 << qarg) - 1) << (fixed_nqubit - qarg))
            middle = 1 << (fixed_nqubit - 1 - qarg)
            end = i & ((1 << (qarg - 1)) - 1)
            qubit_removed_psi = qubit_removed_psi.at[i].set(
                backend.where(backend.isclose(psi[front + end], 0), psi[front + middle + end], psi[front + end])
            )
            return qubit_removed_psi

        psi = backend.fori_loop(0, 2 ** (fixed_nqubit - 1), loop_func, qubit_removed_psi)

        psi = backend.tensordot(qubit_removed_psi, backend.array(States.plus), axes=0)
        psi = psi.reshape((2,) * fixed_nqubit)
        psi /= _get_statevec_norm(psi)
        return psi, actual_nqubit

    @staticmethod
    def entangle(psi, edge, fixed_nqubit):
        """connect graph nodes

        Parameters
        ----------
        edge : tuple of int
            (control, target) qubit indices
        """
        # Note: argument `axes` in jnp.tensordot must be static, so we cannot use tensordot here.
        # https://jax.readthedocs.io/en/latest/errors.html#jax.errors.TracerIntegerConversionError
        # TODO: use jax.lax.scan instead of fori_loop, maybe vmap?
        # https://github.com/google/jax/discussions/3850
        # "always scan when you can!"

        psi = psi.flatten()

        def loop_func(i, val):
            is_control_one = 1 & (i >> (fixed_nqubit - 1 - edge[0]))
            is_target_one = 1 & (i >> (fixed_nqubit - 1 - edge[1]))
            val = backend.where(backend.logical_and(is_control_one, is_target_one), val.at[i].set(-1 * val[i]), val)
            return val

        psi = backend.fori_loop(0, 2**fixed_nqubit, loop_func, psi)
        return psi.reshape((2,) * fixed_nqubit)

    def tensor(self, other):
        r"""Tensor product state with other qubits.
        Results in self :math:`\otimes` other.

        Parameters
        ----------
        other : :class:`graphix.sim.statevec.Statevec`
            statevector to be tensored with self
        """
        psi_self = self.psi.flatten()
        psi_other = other.psi.flatten()
        total_num = len(self.dims()) + len(other.dims())
        self.psi = backend.kron(psi_self, psi_other).reshape((2,) * total_num)

    def normalize(self):
        """normalize the state"""
        norm = _get_statevec_norm(self.psi)
        self.psi = self.psi / norm

    def flatten(self):
        """returns flattened statevector"""
        if not hasattr(self, "actual_nqubit"):
            return self.psi.flatten()
        else:
            arr = self.psi.copy()
            for _ in range(self.fixed_nqubit - self.actual_nqubit):
                arr = arr.take(indices=0, axis=-1)
            arr /= _get_statevec_norm(arr)
            return arr.flatten()

    # https://jax.readthedocs.io/en/latest/faq.html#strategy-3-making-customclass-a-pytree
    def _tree_flatten(self):
        children = ()  # arrays / dynamic values
        aux_data = {"fixed_nqubit": self.fixed_nqubit, "plus_states": self.plus_states}  # static values
        return (children, aux_data)

    @classmethod
    def _tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)


try:
    from jax import tree_util

    tree_util.register_pytree_node(JittableStatevec, JittableStatevec._tree_flatten, JittableStatevec._tree_unflatten)
except ModuleNotFoundError:
    pass


def _get_statevec_norm(psi):
    """returns norm of the state"""
    return backend.sqrt(backend.sum(psi.flatten().conj() * psi.flatten()))


f = jax.jit(JittableStatevec._evolve_single, static_argnums=3)
# --- end user code ---


def make_inputs(rng):
    dim = 3
    psi = (rng.normal(size=(2,) * dim) + 1j * rng.normal(size=(2,) * dim)).astype(np.complex64)
    psi /= np.linalg.norm(psi)
    theta = rng.uniform(0, np.pi)
    op = np.array([[np.cos(theta), -1j * np.sin(theta)], [-1j * np.sin(theta), np.cos(theta)]], dtype=np.complex64)
    i = np.int32(rng.integers(0, dim))
    return (psi, op, i, dim)


INPUTS = make_inputs
