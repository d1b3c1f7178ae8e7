"""jbdl's PD contact force: a per-contact loop that appends only for active contacts.

source: Tencent-RoboticsX/jbdl src/jaxRBDL/Contact/CalcContactForcePD.py (jax.numpy revision using jax.ops.index_update; the NumPy-era sibling is src/jaxRBDL/Contact/calc_contact_force_pd.py at 0a35d396dbf038b2cca99912d3fc0e29fc61694a; file id 41943473763 in the code index)
error: TracerBoolConversionError
category: for-append-data-dependent-shape
expect: report
notes: CalcContactForcePD is verbatim except that the removed jax.ops.index_update(x, jax.ops.index[...], v)
  calls are spelled x.at[...].set(v) (same semantics). CalcBodyToBaseCoordinates / CalcPointVelocity
  (full spatial-algebra kinematics in jbdl) are replaced by two tiny stand-ins with the same signature
  that read a foot position / velocity out of q and qdot; the model dict holds only the keys the function
  reads. The first leak is `if jnp.all(flag_contact==0)`, then `if flag_contact[i] != 0` inside
  `for i in range(NC)`, plus builtin min() on traced values; the returned fpd has nf rows per ACTIVE
  contact, so its shape depends on the traced flag_contact (no jit-safe rewrite preserves it).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def CalcBodyToBaseCoordinates(model, q, body_id, point_pos):
    # stand-in for jaxRBDL.Kinematics.CalcBodyToBaseCoordinates: foot position as a column vector
    return jnp.reshape(q[3 * (body_id - 1):3 * body_id], (3, 1)) + jnp.reshape(point_pos, (3, 1))


def CalcPointVelocity(model, q, qdot, body_id, point_pos):
    # stand-in for jaxRBDL.Kinematics.CalcPointVelocity: foot velocity as a column vector
    return jnp.reshape(qdot[3 * (body_id - 1):3 * body_id], (3, 1))


def CalcContactForcePD(model: dict, q: jnp.ndarray, qdot: jnp.ndarray, 
                       flag_contact: jnp.ndarray, contact_force_kp: jnp.ndarray,
                       contact_force_kd: jnp.ndarray, nf: int=3)->jnp.ndarray:
    
    NC = int(model["NC"])
    NB = int(model["NB"])
    q = q.flatten()
    qdot = qdot.flatten()
    flag_contact = flag_contact.flatten()
    contact_force_kp = contact_force_kp.flatten()
    contact_force_kd = contact_force_kd.flatten()

    try: 
        idcontact = jnp.squeeze(model["idcontact"], axis=0).astype(int)
        contactpoint = jnp.squeeze(model["contactpoint"], axis=0)
    except:
        idcontact = model["idcontact"]
        contactpoint = model["contactpoint"]



    if jnp.all(flag_contact==0):
        fpd = jnp.zeros((NC*nf, 1))

    else:
        endpos = jnp.zeros((3, NC))
        endvel = jnp.zeros((3, NC))
        fpd = []

        for i in range(NC):
            if flag_contact[i] != 0:
                # Calcualte pos and vel of foot endpoint
                # endpos[:, i:i+1] = CalcBodyToBaseCoordinates(model, q, idcontact[i], contactpoint[i])
                # endvel[:, i:i+1] = CalcPointVelocity(model, q, qdot, idcontact[i], contactpoint[i])

                pos = CalcBodyToBaseCoordinates(model, q, idcontact[i], contactpoint[i])
                vel = CalcPointVelocity(model, q, qdot, idcontact[i], contactpoint[i])
                endpos = endpos.at[:,i:i+1].set(pos)
                endvel = endvel.at[:,i:i+1].set(vel)
                
                # Calculate contact force by PD controller

                if nf==2:
                    fpdi = jnp.zeros((2, 1))
                    # fpdi[0, 0] = -contact_force_kp[1]*endvel[0, i]
                    # fpdi[1, 0] = -contact_force_kp[2]*endpos[2, i] - contact_force_kd[2] * min(endvel[2, i], 0.0)
                    fpdi = fpdi.at[0,0].set(-contact_force_kp[1]*endvel[0, i])
                    fpdi = fpdi.at[1,0].set(-contact_force_kp[2]*endpos[2, i] - contact_force_kd[2] * min(endvel[2, i], 0.0))
                elif nf==3:
                    fpdi = jnp.zeros((3, 1))
                    # fpdi[0, 0] = -contact_force_kp[0] * endvel[0, i]
                    # fpdi[1, 0] = -contact_force_kp[1] * endvel[1, i]
                    # fpdi[2, 0] = -contact_force_kp[2] * min(endpos[2, i], 0.0) - contact_force_kd[2] * min(endvel[2, i], 0.0)
                    fpdi = fpdi.at[0,0].set(-contact_force_kp[0]*endvel[0, i])
                    fpdi = fpdi.at[1,0].set(-contact_force_kp[1]*endvel[1, i])
                    fpdi = fpdi.at[2,0].set(-contact_force_kp[2] * min(endpos[2, i], 0.0) - contact_force_kd[2] * min(endvel[2, i], 0.0))
                else:
                    fpdi = jnp.empty((0, 1))
             
                fpd.append(fpdi)
        fpd = jnp.asarray(jnp.concatenate(fpd, axis=0))

    return fpd


MODEL = {
    "NC": 2,
    "NB": 2,
    "idcontact": np.array([[1, 2]]),
    "contactpoint": np.array([[[0.0, 0.0, -0.05], [0.0, 0.0, -0.05]]]),
}


@jax.jit
def f(q, qdot, flag_contact, contact_force_kp, contact_force_kd):
    return CalcContactForcePD(MODEL, q, qdot, flag_contact, contact_force_kp, contact_force_kd)
# --- end user code ---


def make_inputs(rng):
    q = (rng.normal(size=(6, 1)) * 0.05).astype(np.float32)
    qdot = rng.normal(size=(6, 1)).astype(np.float32)
    flag_contact = rng.integers(0, 3, size=(2, 1)).astype(np.float32)
    kp = np.array([[1000.0, 1000.0, 1000.0]], dtype=np.float32)
    kd = np.array([[50.0, 50.0, 50.0]], dtype=np.float32)
    return (q, qdot, flag_contact, kp, kd)


INPUTS = make_inputs
