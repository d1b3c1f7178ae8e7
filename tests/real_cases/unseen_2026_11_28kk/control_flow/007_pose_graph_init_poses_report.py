"""2-D pose-graph SLAM: initial poses chained along odometry edges, skipping loop closures with a traced `continue`.

source: a 2-D pose-graph optimisation module (Levenberg-Marquardt class LM, transform, calc_init_poses, get_residual, get_my_jacob, get_jax_jacob; `from helpers import draw_three`) in the public code index (code-index file id 46316792550); the index does not name the repository.
error: TracerBoolConversionError
category: dynamic-shape-loop-continue
expect: report
notes: the module verbatim except: `from matplotlib import pyplot as plt` dropped (unused outside comments; matplotlib is not installed here), `from helpers import draw_three` replaced by a no-op stand-in, and two commented-out blocks removed (an old `jacobian` written with jax.ops.index_update, and hashlib/plt debug lines at the end of LM.update_poses). Entry point `f = jax.jit(calc_init_poses)`: `for i1, i2, dx, dy, dth in edges: if abs(i1 - i2) != 1: continue` iterates over the rows of the traced edge table and keeps only odometry edges, so the number of poses returned (1 + number of odometry edges) depends on the edge values: no fixed-shape rewrite returns the same array; it should be reported (or the edge list split into static odometry / loop-closure parts by the caller).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def draw_three(poses_arr):  # stand-in for `from helpers import draw_three` (plotting)
    pass


def transform(x, y, th, dx, dy, dth):
    return jnp.array([
        x + dx * jnp.cos(th) - dy * jnp.sin(th),
        y + dy * jnp.cos(th) + dx * jnp.sin(th),
        th + dth,
    ])


def calc_init_poses(fix_pose, edges):
    poses = [fix_pose]
    x, y, th = fix_pose

    for i1, i2, dx, dy, dth in edges:
        if abs(i1 - i2) != 1:
            continue
        x, y, th = transform(x, y, th, dx, dy, dth)
        poses.append([x, y, th])

    return jnp.array(poses)


def get_residual(poses, edges, fixed):
    resi = list(poses[0] - fixed)

    for i1, i2, dx, dy, dth in edges:
        i1 = int(i1)
        i2 = int(i2)
        pose2 = transform(*poses[i1], dx, dy, dth)
        resi += [*(pose2 - poses[i2])]

    return jnp.array(resi)


X_SIZE = 3  # count(x,y,th)
T_SIZE = 3  # 2D T


def get_my_jacob(poses, edges, fixed):
    edge_cnt = edges.shape[0]
    poses_cnt = poses.shape[0]

    contraints_cnt = (edge_cnt+1)*X_SIZE
    vars_cnt = poses_cnt*X_SIZE

    J = jnp.zeros((contraints_cnt, vars_cnt))
    J = J.at[:X_SIZE, : X_SIZE].set(jnp.eye(X_SIZE))

    for i, (i1, i2, dx, dy, dth) in enumerate(edges):
        i1 = int(i1)
        i2 = int(i2)
        ## wrt i1
        # dr[i]/d(p[i1].x)
        J = J.at[(i+1)*X_SIZE, i1*X_SIZE].set(1)

        # dr[i]/d(p[i1].y)
        J = J.at[(i+1)*X_SIZE+1, i1*X_SIZE + 1].set(1)

        # dr[i]/d(p[i1].th)
        J = J.at[(i+1)*X_SIZE, i1*X_SIZE + 2].set(
            -(dx * jnp.sin(poses[i1][2]) + dy * jnp.cos(poses[i1][2])))
        J = J.at[(i+1)*X_SIZE+1, i1*X_SIZE + 2].set(
            (dx * jnp.cos(poses[i1][2]) - dy * jnp.sin(poses[i1][2])))
        J = J.at[(i+1)*X_SIZE+2, i1*X_SIZE + 2].set(1)

        ## wrt i2
        J = J.at[(i+1)*X_SIZE: (i+1)*X_SIZE + 3, i2 *
                 X_SIZE + 0: i2*X_SIZE + 3].set(-jnp.eye(3))

    return J



jax_jacob_helper = jax.jacfwd(get_residual)
def get_jax_jacob(poses, edges, fixed):
    return jax_jacob_helper(poses, edges, fixed).reshape(-1, poses.shape[0]*X_SIZE)


class LM:
    def __init__(self, init_poses, edges, fixed, lmda, max_itrs, tol, weight_ratios, odo_wt=10):
        self.lmda = lmda
        self.max_itrs = max_itrs
        self.tol = tol
        self.init_poses = init_poses
        self.edges = edges + 0.
        self.fixed = fixed + 0.
        edge_cnt = edges.shape[0]
        poses_cnt = init_poses.shape[0]

        self.contraints_cnt = (edge_cnt+1) * X_SIZE
        self.vars_cnt = poses_cnt * X_SIZE

        # info mat
        odo_wt = odo_wt
        loop_wt = odo_wt * weight_ratios[0]
        fixed_wt = odo_wt * weight_ratios[1]
        print(f"Using Weights: ({odo_wt}, {loop_wt}, {fixed_wt})\n")

        info_vals = [fixed_wt]*X_SIZE                       # for fixed
        for edge in edges:
            i1, i2 = edge[0:2].astype(int)

            if i2 - i1 == 1:
                info_vals += [odo_wt]*X_SIZE                # odo
            else:
                info_vals += [loop_wt]*X_SIZE               # loop closure

        info_mat = np.diag(info_vals)
        self.omega = jnp.array(info_mat)

    def get_residual(self, poses):
        return get_residual(poses, self.edges, self.fixed)

    def get_jacobian(self, poses):
        return get_my_jacob(self.init_poses, self.edges, self.fixed)

    def get_error(self, poses):
        f = self.get_residual(poses)
        return (f.T @ self.omega @ f)/2

    def optimize(self, verbose=True):
        max_itrs = self.max_itrs
        tol = self.tol
        poses = self.init_poses
        error = self.get_error(poses)
        poses_arr = [poses]
        error_arr = [error]
        itr = 0

        while itr < max_itrs:
            if verbose:
                print(f"Iteration {itr}: Error: {error}")
                if itr % 10 == 0:
                    draw_three(poses_arr)
            poses = self.update_poses(poses)
            error = self.get_error(poses)

            if error > error_arr[-1]:
                self.lmda *= 2
            else:
                self.lmda /= 3

            poses_arr.append(poses)
            error_arr.append(error)
            itr += 1
            if jnp.linalg.norm(poses_arr[-1] - poses_arr[-2]) < tol:
                break

        if verbose:
            print(f"Final Error: {error} at itr: {itr}")
            draw_three(poses_arr)
        return poses_arr, error_arr

    def update_poses(self, poses):
        f = self.get_residual(poses)
        j = self.get_jacobian(poses)
        H = j.T @ self.omega @ j
        delta = -jnp.linalg.inv(H + self.lmda * jnp.eye(j.shape[1])) @ \
            j.T @ self.omega.T @ f

        new_poses = poses + delta.reshape(poses.shape)
        return new_poses


f = jax.jit(calc_init_poses)
# --- end user code ---


def make_inputs(rng):
    n_poses = 8
    edges = []
    for i in range(n_poses - 1):  # odometry chain
        edges.append([i, i + 1, rng.normal(1.0, 0.1), rng.normal(0.0, 0.1), rng.normal(0.0, 0.2)])
    for _ in range(int(rng.integers(1, 4))):  # loop closures between non-adjacent poses
        a = int(rng.integers(0, n_poses - 2))
        b = int(rng.integers(a + 2, n_poses))
        edges.append([b, a, rng.normal(), rng.normal(), rng.normal(0.0, 0.5)])
    edges = np.array(edges, np.float32)
    edges = edges[rng.permutation(len(edges))]
    fix_pose = rng.normal(size=(3,)).astype(np.float32)
    return (fix_pose, edges)


INPUTS = make_inputs
