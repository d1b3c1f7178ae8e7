"""JAXtronomy shift: ndim / shape tests on a converted shift, then lax.switch on jnp.where cases (correct).

source: lenstronomy/JAXtronomy jaxtronomy/Util/image_util.py at 050227619f65324edd6ec2bfde135b48ff833962 (shift)
error: none
category: negative
expect: untouched
notes: verbatim function with its `@jit` decorator; the module's other functions and imports dropped, `f = shift` added. It replaces scipy.ndimage.shift; `old_array.ndim != 2` and `shift.shape == ()` / `== (2,)` read static shapes of traced arrays, and the sign of the traced shift picks a branch through jnp.where and lax.switch, with fori_loop bodies - nothing needs a concrete value. Inputs mix scalar and per-axis shifts, including zero shifts.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit, lax, numpy as jnp


@jit
def shift(input, shift):
    """Equivalent to scipy.ndimage.shift in the specific case where:

    - the input array is 2 dimensional
    - shift = [shift_row, shift_col] with shift_row and shift_col between -1 and 1
    - the order of spline interpolation is 1
    - mode is "constant" with cval = 0.0

    :param input: 2 dimensional array to be shifted
    :param shift: float, amount to shift the rows and columns by. Can also be a
        tuple or list of floats, i.e. shift = [shift_row, shift_col]
    :param shift_row: float between -1 and 1, amount to shift the rows up or down by
    :param shift_col: float between -1 and 1, amount to shift the columns left or right by
    """
    old_array = jnp.array(input)
    if old_array.ndim != 2:
        raise ValueError("This function only supports 2 dimensional input arrays")

    new_array = jnp.zeros_like(old_array)
    shift = jnp.array(shift)
    if shift.shape == ():
        shift_row = shift
        shift_col = shift
    elif shift.shape == (2,):
        shift_row = shift[0]
        shift_col = shift[1]
    else:
        raise ValueError(
            "shift must be either a float or a list/tuple/array of floats with length 2"
        )

    # If the shift value is 0, apply no shift
    def no_shift(new_array, old_array, shift):
        return old_array

    # Shifts the rows of the array downwards if shift_row > 0
    def shift_down(new_array, old_array, shift):
        num_rows = len(old_array)

        def body_fun(i, new_array):
            row_index = num_rows - i
            value = (
                old_array.at[row_index].get() * (1.0 - shift)
                + old_array.at[row_index - 1].get() * shift
            )
            new_array = new_array.at[row_index].set(value)
            return new_array

        return lax.fori_loop(1, num_rows, body_fun, new_array)

    # Shifts the rows of the array upwards if shift_row < 0
    def shift_up(new_array, old_array, shift):
        num_rows = len(old_array)

        def body_fun(row_index, new_array):
            value = (
                old_array.at[row_index].get() * (1.0 + shift)
                - old_array.at[row_index + 1].get() * shift
            )
            new_array = new_array.at[row_index].set(value)
            return new_array

        return lax.fori_loop(0, num_rows - 1, body_fun, new_array)

    # Use the JAX implementation of switch-cases
    func_list = [no_shift, shift_down, shift_up]
    case_col = jnp.where(shift_col == 0, 0, jnp.where(shift_col > 0, 1, 2))
    case_row = jnp.where(shift_row == 0, 0, jnp.where(shift_row > 0, 1, 2))

    # Shift the rows and save the result as the old array
    old_array = lax.switch(case_row, func_list, new_array, old_array, shift_row)
    new_array = jnp.zeros_like(old_array)

    # Shifting columns is equivalent to taking the transpose and shifting rows
    return lax.switch(case_col, func_list, new_array, old_array.T, shift_col).T


f = shift
# --- end user code ---

import numpy as np


def make_inputs(rng):
    image = rng.normal(size=(7, 7)).astype(np.float32)  # square: the function assumes it (kernels)
    r = rng.random()
    if r < 0.35:
        s = np.float32(rng.uniform(-1, 1))
    elif r < 0.85:
        s = rng.uniform(-1, 1, size=(2,)).astype(np.float32)
        s[rng.integers(0, 2)] *= float(rng.random() < 0.7)  # often one axis unshifted
    else:
        s = np.zeros((2,), np.float32)
    return (image, s)


INPUTS = make_inputs
