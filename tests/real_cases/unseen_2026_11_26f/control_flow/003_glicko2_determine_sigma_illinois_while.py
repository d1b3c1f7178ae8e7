"""Glicko-2 rating update: traced `if` choosing the bracket, a `while f(...) < 0: k += 1` search, and an Illinois `while abs(b - a) > eps` loop with a traced if/else, all inside methods.

source: sublee/glicko2 glicko2.py @b4ea3006b22bb549784d02f7bd8f94c8925dff5b (`Glicko2.determine_sigma`, `Glicko2.rate`, `rate_1vs1`, `Rating`)
error: TracerBoolConversionError
category: while-traced-cond-in-method
expect: fix
notes: the pure-Python module ported to JAX: `math.log/exp/sqrt` on values become `jnp.log/exp/sqrt`
  (constants `math.pi`, `math.exp(1)`, `math.log(10)` stay), `__repr__`, `quality_1vs1` and the version
  string are dropped. The jitted `f` rates one game between two players whose (mu, phi, sigma) are traced
  and returns both new ratings as arrays. The series list and `drawn` flag are static. Trials include
  big upsets (difference^2 > phi^2 + v, first branch) and expected results (the k-search branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp

#: The actual score for win
WIN = 1.
#: The actual score for draw
DRAW = 0.5
#: The actual score for loss
LOSS = 0.


MU = 1500
PHI = 350
SIGMA = 0.06
TAU = 1.0
EPSILON = 0.000001
#: A constant which is used to standardize the logistic function to
#: `1/(1+exp(-x))` from `1/(1+10^(-r/400))`
Q = math.log(10) / 400


class Rating(object):

    def __init__(self, mu=MU, phi=PHI, sigma=SIGMA):
        self.mu = mu
        self.phi = phi
        self.sigma = sigma


class Glicko2(object):

    def __init__(self, mu=MU, phi=PHI, sigma=SIGMA, tau=TAU, epsilon=EPSILON):
        self.mu = mu
        self.phi = phi
        self.sigma = sigma
        self.tau = tau
        self.epsilon = epsilon

    def create_rating(self, mu=None, phi=None, sigma=None):
        if mu is None:
            mu = self.mu
        if phi is None:
            phi = self.phi
        if sigma is None:
            sigma = self.sigma
        return Rating(mu, phi, sigma)

    def scale_down(self, rating, ratio=173.7178):
        mu = (rating.mu - self.mu) / ratio
        phi = rating.phi / ratio
        return self.create_rating(mu, phi, rating.sigma)

    def scale_up(self, rating, ratio=173.7178):
        mu = rating.mu * ratio + self.mu
        phi = rating.phi * ratio
        return self.create_rating(mu, phi, rating.sigma)

    def reduce_impact(self, rating):
        """The original form is `g(RD)`. This function reduces the impact of
        games as a function of an opponent's RD.
        """
        return 1 / jnp.sqrt(1 + (3 * rating.phi ** 2) / (math.pi ** 2))

    def expect_score(self, rating, other_rating, impact):
        return 1. / (1 + jnp.exp(-impact * (rating.mu - other_rating.mu)))

    def determine_sigma(self, rating, difference, variance):
        """Determines new sigma."""
        phi = rating.phi
        difference_squared = difference ** 2
        # 1. Let a = ln(s^2), and define f(x)
        alpha = jnp.log(rating.sigma ** 2)
        def f(x):
            """This function is twice the conditional log-posterior density of
            phi, and is the optimality criterion.
            """
            tmp = phi ** 2 + variance + jnp.exp(x)
            a = jnp.exp(x) * (difference_squared - tmp) / (2 * tmp ** 2)
            b = (x - alpha) / (self.tau ** 2)
            return a - b
        # 2. Set the initial values of the iterative algorithm.
        a = alpha
        if difference_squared > phi ** 2 + variance:
            b = jnp.log(difference_squared - phi ** 2 - variance)
        else:
            k = 1
            while f(alpha - k * math.sqrt(self.tau ** 2)) < 0:
                k += 1
            b = alpha - k * math.sqrt(self.tau ** 2)
        # 3. Let fA = f(A) and f(B) = f(B)
        f_a, f_b = f(a), f(b)
        # 4. While |B-A| > e, carry out the following steps.
        # (a) Let C = A + (A - B)fA / (fB-fA), and let fC = f(C).
        # (b) If fCfB < 0, then set A <- B and fA <- fB; otherwise, just set
        #     fA <- fA/2.
        # (c) Set B <- C and fB <- fC.
        # (d) Stop if |B-A| <= e. Repeat the above three steps otherwise.
        while abs(b - a) > self.epsilon:
            c = a + (a - b) * f_a / (f_b - f_a)
            f_c = f(c)
            if f_c * f_b < 0:
                a, f_a = b, f_b
            else:
                f_a /= 2
            b, f_b = c, f_c
        # 5. Once |B-A| <= e, set s' <- e^(A/2)
        return math.exp(1) ** (a / 2)

    def rate(self, rating, series):
        # Step 2. For each player, convert the rating and RD's onto the
        #         Glicko-2 scale.
        rating = self.scale_down(rating)
        # Step 3. Compute the quantity v. This is the estimated variance of the
        #         team's/player's rating based only on game outcomes.
        # Step 4. Compute the quantity difference, the estimated improvement in
        #         rating by comparing the pre-period rating to the performance
        #         rating based only on game outcomes.
        d_square_inv = 0
        variance_inv = 0
        difference = 0
        if not series:
            # If the team didn't play in the series, do only Step 6
            phi_star = jnp.sqrt(rating.phi ** 2 + rating.sigma ** 2)
            return self.scale_up(self.create_rating(rating.mu, phi_star, rating.sigma))
        for actual_score, other_rating in series:
            other_rating = self.scale_down(other_rating)
            impact = self.reduce_impact(other_rating)
            expected_score = self.expect_score(rating, other_rating, impact)
            variance_inv += impact ** 2 * expected_score * (1 - expected_score)
            difference += impact * (actual_score - expected_score)
            d_square_inv += (
                expected_score * (1 - expected_score) *
                (Q ** 2) * (impact ** 2))
        difference /= variance_inv
        variance = 1. / variance_inv
        denom = rating.phi ** -2 + d_square_inv
        phi = jnp.sqrt(1 / denom)
        # Step 5. Determine the new value, Sigma', ot the sigma. This
        #         computation requires iteration.
        sigma = self.determine_sigma(rating, difference, variance)
        # Step 6. Update the rating deviation to the new pre-rating period
        #         value, Phi*.
        phi_star = jnp.sqrt(phi ** 2 + sigma ** 2)
        # Step 7. Update the rating and RD to the new values, Mu' and Phi'.
        phi = 1 / jnp.sqrt(1 / phi_star ** 2 + 1 / variance)
        mu = rating.mu + phi ** 2 * (difference / variance)
        # Step 8. Convert ratings and RD's back to original scale.
        return self.scale_up(self.create_rating(mu, phi, sigma))

    def rate_1vs1(self, rating1, rating2, drawn=False):
        return (self.rate(rating1, [(DRAW if drawn else WIN, rating2)]),
                self.rate(rating2, [(DRAW if drawn else LOSS, rating1)]))


@jax.jit
def f(winner, loser):
    env = Glicko2()
    r1, r2 = env.rate_1vs1(Rating(*winner), Rating(*loser))
    return (jnp.stack([r1.mu, r1.phi, r1.sigma]),
            jnp.stack([r2.mu, r2.phi, r2.sigma]))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    def player():
        return np.array([rng.uniform(1100, 1900), rng.uniform(40, 350),
                         rng.uniform(0.04, 0.09)], dtype=np.float32)
    w, l = player(), player()
    if rng.uniform() < 0.5:
        # a big upset: the much weaker, well-known player wins
        w[0], l[0] = min(w[0], l[0]) - 350, max(w[0], l[0]) + 350
        w[1], l[1] = 50.0, 50.0
    return (w, l)


INPUTS = make_inputs

_E = math.exp(1)


def _sigma_fixed(phi, sigma, difference, variance, tau=TAU, eps=EPSILON):
    difference_squared = difference ** 2
    alpha = jnp.log(sigma ** 2)

    def fx(x):
        tmp = phi ** 2 + variance + jnp.exp(x)
        a = jnp.exp(x) * (difference_squared - tmp) / (2 * tmp ** 2)
        b = (x - alpha) / (tau ** 2)
        return a - b

    st = math.sqrt(tau ** 2)
    k = lax.while_loop(lambda k: fx(alpha - k * st) < 0, lambda k: k + 1, 1)
    b_else = alpha - k * st
    big = difference_squared > phi ** 2 + variance
    b_if = jnp.log(jnp.where(big, difference_squared - phi ** 2 - variance, 1.0))
    b = jnp.where(big, b_if, b_else)
    a = alpha

    def cond(c):
        a, b, f_a, f_b = c
        return jnp.abs(b - a) > eps

    def body(c):
        a, b, f_a, f_b = c
        cc = a + (a - b) * f_a / (f_b - f_a)
        f_c = fx(cc)
        flip = f_c * f_b < 0
        a2 = jnp.where(flip, b, a)
        f_a2 = jnp.where(flip, f_b, f_a / 2)
        return a2, cc, f_a2, f_c

    a, b, _, _ = lax.while_loop(cond, body, (a, b, fx(a), fx(b)))
    return _E ** (a / 2)


def _rate_fixed(r, o, score):
    mu = (r[0] - MU) / 173.7178
    phi = r[1] / 173.7178
    sig = r[2]
    omu = (o[0] - MU) / 173.7178
    ophi = o[1] / 173.7178
    impact = 1 / jnp.sqrt(1 + (3 * ophi ** 2) / (math.pi ** 2))
    es = 1. / (1 + jnp.exp(-impact * (mu - omu)))
    variance_inv = impact ** 2 * es * (1 - es)
    difference = impact * (score - es)
    d_square_inv = es * (1 - es) * (Q ** 2) * (impact ** 2)
    difference = difference / variance_inv
    variance = 1. / variance_inv
    phi_new = jnp.sqrt(1 / (phi ** -2 + d_square_inv))
    sigma = _sigma_fixed(phi, sig, difference, variance)
    phi_star = jnp.sqrt(phi_new ** 2 + sigma ** 2)
    phi_new = 1 / jnp.sqrt(1 / phi_star ** 2 + 1 / variance)
    mu_new = mu + phi_new ** 2 * (difference / variance)
    return jnp.stack([mu_new * 173.7178 + MU, phi_new * 173.7178, sigma])


@jax.jit
def reference_fix(winner, loser):
    return _rate_fixed(winner, loser, WIN), _rate_fixed(loser, winner, LOSS)
