"""Mortgage payoff loop ported to jax.numpy: `while principal > 0` with a month counter and an if/else on that counter.

source: suman-d/DB_Python_Class lesson2/mortgage3.py at f975e327f2005fcccd56a3a0d68ca9060e40c58b (the Practical Python "extra payments" mortgage exercise)
error: TracerBoolConversionError
category: while-data-dependent-stop-counter-branch
expect: fix
notes: The original is a module-level script. Its body is wrapped in `f(principal, payment,
  rate, extra_payment)`, and the four constants it set at the top are now the traced
  arguments. start_month and end_month keep their values (1, 60). The per-month `print(...,
  file=f)` schedule and the file handling are dropped; the function returns (month,
  total_paid, principal) instead of printing the total. Nothing else changed. The loop
  count depends on the data, but the outputs are scalars, so a lax.while_loop rewrite is
  exact. Inside it the counter `month` becomes traced too, so the `if month >= start_month
  and month <= end_month` branch has to become a jnp.where as well.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(principal, payment, rate, extra_payment):
    total_paid = 0

    # Extra Payment
    start_month = 1
    end_month = 60
    month = 0

    while principal > 0:

        month += 1
        if month >= start_month and month <= end_month:
            total_payment = payment + extra_payment
        else:
            total_payment = payment

        interest = principal * (rate/12)
        principal = principal + interest - total_payment
        total_paid += total_payment

    return month, total_paid, principal
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    principal = np.float32(rng.uniform(2_000.0, 20_000.0))
    rate = np.float32(rng.uniform(0.01, 0.08))
    # payments above the monthly interest, so that the loan ends anywhere from inside the
    # extra-payment window to years after it (at or below the interest it never ends)
    payment = np.float32(principal * rate / 12 * rng.uniform(1.3, 4.0) + rng.uniform(0.0, 150.0))
    extra_payment = np.float32(rng.choice([0.0, rng.uniform(20.0, 300.0)]))
    return principal, payment, rate, extra_payment


INPUTS = make_inputs


@jax.jit
def reference_fix(principal, payment, rate, extra_payment):
    start_month, end_month = 1, 60

    def body(c):
        month, total_paid, principal = c
        month = month + 1
        in_window = (month >= start_month) & (month <= end_month)
        total_payment = jnp.where(in_window, payment + extra_payment, payment)
        interest = principal * (rate / 12)
        principal = principal + interest - total_payment
        return month, total_paid + total_payment, principal

    c0 = (jnp.array(0), jnp.zeros((), jnp.result_type(payment, extra_payment)), principal)
    return lax.while_loop(lambda c: c[2] > 0, body, c0)
