"""Verification calls a rewrite the way the module runs it, with inputs like the real ones: through
a `jax.jit(lambda ...)` that is the function's only caller, with the keywords a `partial` binds,
with a namedtuple model read inside a transformed helper, with matrices of data rows where a
vector makes a loop's state change shape, and with magnitudes where a search only ends for a
positive tolerance. Each test runs the real CLI (`rewrite --verify`) and real JAX."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def verify(tmp_path, code: str, seed: int = 3) -> tuple[str, str]:
    path = tmp_path / "module.py"
    path.write_text(textwrap.dedent(code).lstrip("\n"))
    result = subprocess.run([sys.executable, "-m", "tracerfix", "rewrite", "--verify", "--seed", str(seed), str(path)],
                            capture_output=True, text=True, timeout=600)
    return result.stdout + result.stderr, path.read_text()


def test_a_helper_run_only_through_a_jitted_lambda_is_verified_through_it(tmp_path):
    # QuantEcon's Newton iteration: `f` is a function argument, so no input can be made up for
    # `newton` itself; the module runs it as `jax.jit(lambda x_0, tol: newton(g, x_0, tol))`. A
    # negative tolerance never ends the search: its draws are taken as magnitudes.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        def newton(f, x_0, tol=1e-5):
            f_prime = jax.grad(f)
            error = tol + 1
            x = x_0
            while error > tol:
                y = x - f(x) / f_prime(x)
                error = abs(x - y)
                x = y
            return x


        g = lambda x: jnp.sin(4 * (x - 1 / 4)) + x + x ** 20 - 1
        f = jax.jit(lambda x_0, tol: newton(g, x_0, tol))
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_keywords_a_partial_binds_and_a_namedtuple_model_read_in_a_transformed_helper(tmp_path):
    # QuantEcon's Poisson regression: `display` is bound to False by the jitted partial (with True
    # the function prints traced values, which is not how it runs), and `model` is read by
    # attribute only in `poisson_logL`, reached through `jax.jacfwd(jax.grad(...))`.
    output, text = verify(tmp_path, """
        from collections import namedtuple
        from functools import partial
        import jax
        import jax.numpy as jnp

        Model = namedtuple("Model", ["X", "y"])


        def logL(beta, model):
            mu = jnp.exp(model.X @ beta)
            return jnp.sum(model.y * jnp.log(mu) - mu)


        G = jax.grad(logL)
        H = jax.jacfwd(G)


        def newton_raphson(model, beta, tol=1e-3, max_iter=50, display=True):
            i = 0
            error = 100.0
            while jnp.any(error > tol) and i < max_iter:
                beta_new = beta - jnp.linalg.solve(H(beta, model), G(beta, model))
                error = jnp.abs(beta_new - beta)
                beta = beta_new
                if display:
                    print(f"{i:<5}{logL(beta, model):<16.8}")
                i += 1
            return beta


        f = jax.jit(partial(newton_raphson, display=False))
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_a_vector_that_makes_a_loop_state_change_shape_is_set_aside_for_data_rows(tmp_path):
    # spu's k-means: given a vector, the centroids grow a dimension in the first iteration, which
    # no jitted loop can carry; the function is meant for a matrix of data rows.
    output, text = verify(tmp_path, """
        import numpy as np
        import jax
        import jax.numpy as jnp


        @jax.jit
        def fit(X: np.ndarray) -> np.ndarray:
            centroids = jnp.take(X, jnp.arange(3), axis=0)
            labels = jnp.zeros(X.shape[0])
            for i in range(5):
                old = centroids
                centroids = jnp.array([jnp.sum(X * (labels == j)[:, jnp.newaxis], axis=0) / (1 + jnp.sum(labels == j))
                                       for j in range(3)])
                if jnp.max(jnp.abs(centroids - old)) < 1e-4:
                    break
            return centroids
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_an_unpacking_that_names_the_size_resizes_the_probe(tmp_path):
    # multinerf's rays: `dx, dy, dz = moveaxis(d, -1, 0)` needs three components; the error of the
    # first probe ("too many values to unpack (expected 3)") says so.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp
        import numpy as np


        def to_ndc(origins, directions):
            ox, oy, oz = jnp.moveaxis(origins, -1, 0)
            dx, dy, dz = jnp.moveaxis(directions, -1, 0)
            return np.stack([ox / oz, oy / oz, dx / dz], axis=-1)


        f = jax.jit(to_ndc)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "return jnp.stack(" in text


def test_a_fix_inside_a_jitted_lambda_is_verified_as_that_lambda(tmp_path):
    # jax PR #5853: `jax.jit(lambda i: LEVELS[i])` indexes a Python list with a tracer.
    output, text = verify(tmp_path, """
        import jax

        LEVELS = [1.0, 2.0, 3.0]

        f = jax.jit(lambda i: LEVELS[i])
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "f = jax.jit(lambda i: jnp.asarray(LEVELS)[i])" in text


def test_a_helper_run_through_a_jitted_partial_that_binds_a_function(tmp_path):
    # A multirate solver's Newton iteration: `func` is bound by `partial(newton_solver, F, ...)`,
    # so the module's `f` is how the helper runs; `F` reads `x[0]` and `x[1]`, so `x0` has two
    # elements (a longer vector makes `inv` of the 2-row Jacobian fail in the original).
    output, text = verify(tmp_path, """
        import functools
        import jax
        import jax.numpy as jnp


        def newton_solver(func, x0, tol=1e-6, maxiter=100):
            delta_x = jnp.linalg.inv(-jax.jacrev(func)(x0)) @ func(x0)
            x0 = x0 + delta_x
            iteration = 0
            while jnp.linalg.norm(delta_x) >= tol and iteration < maxiter:
                delta_x = jnp.linalg.inv(-jax.jacrev(func)(x0)) @ func(x0)
                x0 = x0 + delta_x
                iteration += 1
            return x0


        def F(x):
            return jnp.array([x[0] ** 2 + x[1] ** 2 - 4.0, x[0] - x[1] ** 3 + 0.5])


        f = jax.jit(functools.partial(newton_solver, F, tol=1e-4, maxiter=5))
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_a_method_run_through_a_jitted_partial_of_a_module_instance(tmp_path):
    # `GradDescent(lr)` needs constructor arguments, so the method cannot be called on its own;
    # the module runs it as `jax.jit(partial(gd.solve, loss))`, with the instance it built.
    output, text = verify(tmp_path, """
        from functools import partial
        import jax
        import jax.numpy as jnp


        class GradDescent:
            def __init__(self, lr, tol=1e-3, max_iter=100):
                self.lr = lr
                self.tol = tol
                self.max_iter = max_iter

            def solve(self, f, x):
                grad_f = jax.grad(f)
                for i in range(self.max_iter):
                    gradient = grad_f(x)
                    if jnp.linalg.norm(gradient) < self.tol:
                        return x
                    x = x - self.lr * gradient
                return x


        def loss(x):
            return jnp.sum((x - 2.0) ** 2)


        gd = GradDescent(lr=0.1, tol=1e-3, max_iter=30)
        f = jax.jit(partial(gd.solve, loss))
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_probe_sizes_an_error_asks_for_stay_small(tmp_path):
    # A damped BFGS update (parallel-control-codes' SQP): resizing the probe after each shape
    # error once grew `jnp.outer` of a matrix until the worker ran out of memory, leaving a right
    # rewrite "unverifiable"; sizes past 64 are not tried, and a square `B` with vectors verifies.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        def bfgs_damped_update(B, s, y):
            Bs = B @ s
            if jnp.dot(s, y) >= 0.2 * jnp.dot(Bs, s):
                theta = 1.0
            else:
                theta = 0.8 * jnp.dot(Bs, s) / (jnp.dot(Bs, s) - jnp.dot(s, y))
            y = theta * y + (1.0 - theta) * Bs
            return B + jnp.outer(y, y) / jnp.dot(s, y) - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)


        f = jax.jit(bfgs_damped_update)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "memory" not in output


def test_a_method_jitted_on_an_instance_a_factory_classmethod_built(tmp_path):
    # Apollo14's glass block: `block = GlassBlock.create_chassis(...)`, `f = jax.jit(block.is_point_inside)`.
    # The class needs constructor arguments; the module's own instance is how the method runs.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        class Block:
            def __init__(self, name, normals, offsets):
                self.name = name
                self.normals = normals
                self.offsets = offsets

            def is_inside(self, point):
                for normal, offset in zip(self.normals, self.offsets):
                    if jnp.dot(point, normal) > offset:
                        return False
                return True

            @classmethod
            def cube(cls, half):
                normals = [jnp.eye(3)[i] * s for i in range(3) for s in (1.0, -1.0)]
                return cls("cube", normals, [half] * 6)


        block = Block.cube(1.0)
        f = jax.jit(block.is_inside)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "returned = returned | (jnp.dot(point, normal) > offset)" in text


def test_a_matrix_inverse_of_a_jacobian_resizes_the_probe_to_its_square(tmp_path):
    # bifurcationjax's Newton method: `inv(J(x0))` of a 3-equation system; the probe's 5 unknowns
    # give a (3, 5) Jacobian, and the error that names both sizes makes the probe 3.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        def newton(f, x0, max_iters=50, precision=1e-4):
            J = jax.jacobian(f)
            for _ in range(max_iters):
                x = x0 - jnp.linalg.inv(J(x0)) @ f(x0)
                if jnp.sum(jnp.abs(x - x0)) < precision:
                    return x
                x0 = x
            return x


        def residual(u):
            x, y, z = u[..., 0], u[..., 1], u[..., 2]
            return jnp.stack([x - 0.5 * y, y - 0.25 * z + 0.1, z - 1.0], axis=-1)


        @jax.jit
        def f(x0):
            return newton(residual, x0)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "lax.while_loop(" in text


def test_a_helper_returning_a_plain_object_is_verified_through_its_caller(tmp_path):
    # jaxsim's `PlaneTerrain.build` returns the terrain object, which `jax.jit` cannot return; the
    # jitted caller that computes with it is what verification runs.
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        class Plane:
            def __init__(self, height=0.0, normal=(0.0, 0.0, 1.0)):
                self._height = height
                self._normal = normal

            @staticmethod
            def build(height, *, normal):
                normal = normal / jnp.linalg.norm(normal)
                return Plane(height=height.item(), normal=tuple(normal.tolist()))

            def height_at(self, x, y):
                a, b, c = self._normal
                return -(a * x + b * y - c * self._height) / c


        @jax.jit
        def f(normal, height, x, y):
            return Plane.build(height, normal=normal).height_at(x, y)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "tuple(normal)" in text


def test_a_call_method_of_a_module_level_object_is_verified_through_the_jitted_caller(tmp_path):
    # scico's transforms: `crop = Crop((3, 2))` needs its argument, so `Crop.__call__` cannot be
    # run alone; `f` calls `crop(x, k)`, which runs it, with an image of two dimensions (it
    # unpacks them) and an integer (a slice bound).
    output, text = verify(tmp_path, """
        import jax
        import jax.numpy as jnp


        class Crop:
            def __init__(self, output_size):
                self.output_size = output_size

            def __call__(self, image, k):
                h, w = image.shape[:2]
                rows, cols = self.output_size
                window = image[:rows, :cols]
                if window.sum() > k:
                    window = window - k
                return window


        crop = Crop((3, 2))


        @jax.jit
        def f(x, k):
            return crop(x, k)
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "jnp.where(" in text


def test_static_arguments_read_by_index_are_tried_as_tuples(tmp_path):
    # jbdl's contact detection: the bounds are static (`static_argnums`), so they must be
    # hashable, and `contact_pos_lb[2]` reads a third element: a tuple of three numbers.
    output, text = verify(tmp_path, """
        from functools import partial
        import jax
        import jax.numpy as jnp


        @partial(jax.jit, static_argnums=(2, 3))
        def contact_type(pos, vel, pos_lb, vel_lb):
            pos = jnp.reshape(pos, (-1,))
            vel = jnp.reshape(vel, (-1,))
            if pos[2] < pos_lb[2]:
                if vel[2] < vel_lb[2]:
                    kind = 2
                else:
                    kind = 1
            else:
                kind = 0
            return kind
    """)
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "jnp.where(" in text


def test_a_helper_its_callers_cannot_verify_either_says_why_they_could_not(tmp_path):
    # The only caller takes the function to solve as an argument too: no input can be made up
    # for it either, and the report must say what happened there rather than only ask for an
    # example call the module already makes.
    output, text = verify(tmp_path, """
        import jax


        def newton(f, x_0, tol=1e-5):
            f_prime = jax.grad(f)
            error = tol + 1
            x = x_0
            while error > tol:
                y = x - f(x) / f_prime(x)
                error = abs(x - y)
                x = y
            return x


        solve = jax.jit(lambda g, x_0: newton(g, x_0), static_argnums=0)
    """)
    assert "newton: unverifiable: `f` is called as a function" in output, output
    assert "(through its caller `solve`: " in output, output
    assert "lax.while_loop(" not in text
