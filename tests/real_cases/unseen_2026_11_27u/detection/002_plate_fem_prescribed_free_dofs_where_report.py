"""PlateFEM.solve_static_prescribed: the free DOFs come from `jnp.where(mask)[0]` on a mask built from traced indices.

source: code-index file id 18576784346 (a JAX module with `safe_eigh` (custom_vjp) and `class PlateFEM` "Differentiable FEM solver for a rectangular plate": __init__, _generate_mesh_data, _get_membrane_K, element_stiffness, _get_mindlin_K, assemble..., apply_boundary_conditions, solve_static, solve_static_prescribed, solve_static_partitioned, solve_eigen, compute_curvature, ...); the index does not name the repository
error: ConcretizationTypeError
category: dynamic-shape
expect: report
notes: kept verbatim: PlateFEM.__init__, _generate_mesh_data, apply_boundary_conditions, solve_static_prescribed and solve_static_partitioned; the element-matrix, eigen and post-processing methods (not reached here) are left out, and so is the module-level `jax.config.update("jax_enable_x64", True)` (it would switch the whole judge process to 64-bit). Entry point added: `f = jax.jit(fem.solve_static_prescribed)` on a 2x1 plate. The method's own comment says it is the "Existing dynamic implementation, mainly for non-JIT checks"; the number of free DOFs is `total_dof` minus the number of *distinct* prescribed indices, so it depends on the values of `prescribed_dofs` (repeats are allowed), and the K_ff solve needs that count as a shape: no size-preserving rewrite gives the same result.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, grad, vmap
from functools import partial


class PlateFEM:
    """
    Differentiable FEM solver for a rectangular plate.
    Uses a 12-DOF rectangular plate bending element (ACM/MZC).
    """
    def __init__(self, Lx, Ly, nx, ny):
        self.Lx = Lx
        self.Ly = Ly
        self.nx = nx
        self.ny = ny
        self.dx = Lx / nx
        self.dy = Ly / ny
        self.num_nodes = (nx + 1) * (ny + 1)
        self.num_elements = nx * ny
        self.dof_per_node = 6  # u, v, w, theta_x, theta_y, theta_z
        self.total_dof = self.num_nodes * self.dof_per_node

        self._generate_mesh_data()

    def _generate_mesh_data(self):
        # Node coordinates
        x = jnp.linspace(0, self.Lx, self.nx + 1)
        y = jnp.linspace(0, self.Ly, self.ny + 1)
        X, Y = jnp.meshgrid(x, y, indexing='ij')
        self.node_coords = jnp.stack([X.flatten(), Y.flatten()], axis=1)

        elems = []
        for i in range(self.nx):
            for j in range(self.ny):
                n_bl = i * (self.ny + 1) + j      # Bottom-Left
                n_br = (i + 1) * (self.ny + 1) + j # Bottom-Right
                n_tr = (i + 1) * (self.ny + 1) + (j + 1) # Top-Right
                n_tl = i * (self.ny + 1) + (j + 1) # Top-Left
                elems.append([n_bl, n_br, n_tr, n_tl])
        self.elements = jnp.array(elems, dtype=jnp.int32)

        def get_dof_indices(node_idx):
            start = node_idx * 6
            return jnp.array([start, start+1, start+2, start+3, start+4, start+5])

        self.element_dof_indices = vmap(
            lambda elem: jnp.concatenate([get_dof_indices(n) for n in elem])
        )(self.elements)

    def apply_boundary_conditions(self, K, M, fixed_dofs):
        # Zero out rows/cols for fixed DOFs and put 1 on diagonal
        # Or better: remove them (Partitioning)
        # Partitioning is better for gradients.

        mask = jnp.ones(self.total_dof, dtype=bool)
        mask = mask.at[fixed_dofs].set(False)

        free_dofs = jnp.where(mask)[0]

        K_ff = K[jnp.ix_(free_dofs, free_dofs)]
        M_ff = M[jnp.ix_(free_dofs, free_dofs)]

        return K_ff, M_ff, free_dofs

    def solve_static_prescribed(self, K, prescribed_dofs, prescribed_vals, F=None):
        # ... (Existing dynamic implementation, mainly for non-JIT checks)
        if F is None:
            F = jnp.zeros(self.total_dof)

        mask = jnp.ones(self.total_dof, dtype=bool)
        mask = mask.at[prescribed_dofs].set(False)
        free_dofs = jnp.where(mask)[0]

        return self.solve_static_partitioned(K, F, free_dofs, prescribed_dofs, prescribed_vals)

    def solve_static_partitioned(self, K, F, free_dofs, prescribed_dofs, prescribed_vals):
        """
        JIT-friendly solver with pre-calculated indices.
        """
        # 1. Extract Submatrices
        K_ff = K[jnp.ix_(free_dofs, free_dofs)]
        K_fp = K[jnp.ix_(free_dofs, prescribed_dofs)]

        F_f = F[free_dofs]

        # 2. RHS
        rhs = F_f - K_fp @ prescribed_vals

        # 3. Solve
        u_f = jax.scipy.linalg.solve(K_ff + 1e-8 * jnp.eye(K_ff.shape[0]), rhs, assume_a='pos')

        # 4. Reconstruct
        u = jnp.zeros(self.total_dof)
        u = u.at[free_dofs].set(u_f)
        u = u.at[prescribed_dofs].set(prescribed_vals)

        return u


fem = PlateFEM(1.0, 0.5, 2, 1)
f = jax.jit(fem.solve_static_prescribed)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 36  # (2+1)*(1+1) nodes * 6 DOFs
    A = rng.normal(size=(n, n)).astype(np.float32)
    K = (A @ A.T / n + np.eye(n)).astype(np.float32)
    # clamp one node's 6 DOFs, sometimes listing an index twice
    node = int(rng.integers(0, 6))
    dofs = np.arange(node * 6, node * 6 + 6, dtype=np.int32)
    if rng.uniform() < 0.5:
        dofs[-1] = dofs[0]
    vals = rng.normal(0.0, 0.01, size=6).astype(np.float32)
    if dofs[-1] == dofs[0]:
        vals[-1] = vals[0]
    F = rng.normal(size=n).astype(np.float32)
    return (K, dofs, vals, F)


INPUTS = make_inputs
