"""Power method whose traced convergence test decides between returning None and a 3-tuple: report.

source: gmiles3/Math2605Project powerMethod.py at 05400ee879fbe8cf8d993585fdef7e4ee2e46294 (`power_method`, `normalize`, `matrixMult`)
error: TracerBoolConversionError
category: data-dependent-output-structure
expect: report
notes: The three functions are kept in order with their comments. `from numpy import *` becomes explicit jax.numpy imports of the names used; the two in-place writes become `.at[].set` (`w_t[i] = 1` on a static index; `newMat[j, i] = dot(vecA, vecB)` takes the `[0, 0]` element of the 1x1 product). `f` jits power_method with tolerance and max static. Under jit the `if absolute(...) < tolerance` test leaks; the function returns None when the iteration does not settle within `max`, and a tuple otherwise, so no jit-safe rewrite preserves its output structure.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
from jax.numpy import zeros, amax, divide, dot, absolute, subtract, sqrt, multiply


# Performs Power Method
#
# @param matrix The matrix to perform power method on
# @param v initial guess vector to begin iterations with
# @param tolerance tolerance parameter to tell when approximation is close enough
# @param max = max number of iterations before function fails
# @return w, v, n = approx eigenvalue, approx eigenvector, number of iterations)
def power_method(matrix_a, v, tolerance, max):
    n = len(matrix_a)
    w_t = zeros(n)
    i = 0
    # sets up w to alternate zeros and ones, no matter the size it needs to be
    while i < n:
        if i % 2 == 0:
            w_t = w_t.at[i].set(1)
        i += 1
    its = 0                 # keeps track of iteration number
    old_eigenvalue = 0      # declaring eigenvalue variable for denominator
    eigenvalue = 0          # declaring eigenvalue variable for numerator
    while its < max:                                           # loops while number of its is less than max allowed
        new_v = matrixMult(matrix_a, v)                        # multiplies matrix with vector to get next vector
        eigenvalue = amax(divide((dot(w_t, new_v)), dot(w_t, v)))       # (w^t dot v_(n + 1)) / (w^t dot v_n)
        if absolute(subtract(eigenvalue, old_eigenvalue)) < tolerance:  # checks to see if tolerance parameter is met
            break                           # if yes, leaves while loop, variables have been changed
        else:                               # if they're still too far apart:
            its += 1                        # increments iteration var
            v = new_v                       # sets v_n equal to v_(n+1)
            old_eigenvalue = eigenvalue     # sets old eigenvalue to new eigenvalue, so they can be compared next time
    if its >= max:                              # if iterations exceeded max allowed
        return None                             # return none
    else:                                       # if eigenvalue was found
        eigenvector = normalize(new_v)          # normalizing eigenvalue
        return eigenvalue, eigenvector, its     # returns eigenvalue, eigenvector, and # of iterations


# Normalizes a vector
#
# @param vector to normalize
# @return normalized vector
def normalize(vector):
    n = len(vector)                     # length of vector
    num = 0                             # number to add each element of the vector to
    for x in range(n):                  # going through each element of vector
        num += (pow(vector[x], 2))      # adding the element squared to the rest of the numbers (... + a^2)
    num = sqrt(num)                     # taking square root of the sum of all the elements squared
    num = 1 / num                       # dividing 1 by the square root of the number
    return multiply(num, vector)        # returning the normalized vector


def matrixMult(A, B):
    A_Rows = A.shape[0]
    B_Cols = B.shape[1]
    if (A.shape[1] == B.shape[0]):
        newMat = zeros([A_Rows, B_Cols], dtype=float)
        for i in range(0, B_Cols):
            vecB = B[0:, i:i + 1]
            for j in range(0, A_Rows):
                vecA = A[j:j + 1, 0:]
                newMat = newMat.at[j, i].set(dot(vecA, vecB)[0, 0])
        return newMat


f = jax.jit(power_method, static_argnums=(2, 3))
# --- end user code ---

import numpy


def make_inputs(rng):
    if rng.random() < 0.3:
        # a rotation: the Rayleigh-type ratio never settles, so the function returns None
        t = rng.uniform(0.5, 1.5)
        A = numpy.array([[numpy.cos(t), -numpy.sin(t), 0.0],
                         [numpy.sin(t), numpy.cos(t), 0.0],
                         [0.0, 0.0, 0.5]])
    else:
        B = rng.normal(size=(3, 3))
        A = B @ B.T + numpy.eye(3)
    v = rng.uniform(0.5, 1.5, size=(3, 1))
    return (A.astype(numpy.float32), v.astype(numpy.float32), 1e-4, 60)


INPUTS = make_inputs
