"""modified_dgppo BehaviorAssociator.get_current_behavior: a jitted method (self static) with isinstance/ndim tests and lax.cond over regions (look-alike).

source: akilasarva/modified_dgppo dgppo/env/behavior_associator.py, the bounding-box/semicircle revision stored as code-index file id 28339375829 (BehaviorAssociator.__init__, _initialize_full_region_maps, _prepare_jax_data, get_current_behavior, _is_point_in_polygon, get_region_centroid; the index lists 87c76325764d9d9edf770fc1eab26f1f04d0c28d and 19647c98b570ed051b99a7da1e23dfab2e279e26 among the path's stored commits), with the subclass BehaviorBuildings from dgppo/env/building_behavior_associator.py (code-index file id 28371355756)
error: none
category: negative-method-static-self-shape-tests
expect: untouched
notes: Looks leaky: a method jitted with `static_argnums=(0,)` that loops over the object's regions with `if isinstance(region_data, jnp.ndarray) and region_data.ndim == 2` / `region_data.shape[0] == 4`, unpacks a traced position (`x, y = robot_position_jnp`) and reads traced per-region data inside `lax.scan`. The Python tests are on types, ranks and static shapes only; every value test goes through `lax.cond` / `jnp.where`, so it jits as is (the stray `print()` in the scan body runs at trace time). Adapted: the matplotlib/colour imports and the plotting methods (visualize_behavior_regions, _get_region_visualization_properties) are dropped; BehaviorBuildings is kept without its plotting-properties method; the building parameters, the region-name list and `f = associator.get_current_behavior` are added here.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import numpy as np
import jax
import functools as ft
import jax.tree_util as jtu
from functools import partial
import jax.debug as jd

from typing import List, Optional, Union, Tuple, Dict, Any

class BehaviorAssociator:
    """Base class for associating an agent's position with a behavior region."""

    def __init__(self, bridges: List, buildings: List, obstacles: List, all_region_names: List[str]):
        self.bridges = bridges
        self.buildings = buildings
        self.obstacles = obstacles
        self.all_region_names = all_region_names  # Store the master list

        self.behavior_regions = self._define_behavior_regions()

        self._initialize_full_region_maps()
        
        self._prepare_jax_data()

    def _initialize_region_maps(self):
        self.region_name_to_id = {name: i for i, name in enumerate(self.behavior_regions.keys())}
        self.region_id_to_name = {v: k for k, v in self.region_name_to_id.items()}
        self.sorted_region_names = sorted(self.region_name_to_id, key=self.region_name_to_id.get)

    def _initialize_full_region_maps(self):
        self.region_name_to_id = {name: i for i, name in enumerate(self.all_region_names)}
        self.region_id_to_name = {v: k for k, v in self.region_name_to_id.items()}
        self.sorted_region_names = self.all_region_names # The list is already sorted by index

    def _define_behavior_regions(self):
        """This method must be overridden by subclasses."""
        raise NotImplementedError("Subclasses must implement _define_behavior_regions()")

    def _prepare_jax_data(self):
        """Prepares padded JAX arrays for rectangles and circles for get_current_behavior."""
        temp_boxes = []
        temp_centroids = []
        temp_labels = []
        temp_colors = []

        for name in self.sorted_region_names:
            coords = self.behavior_regions.get(name)
            if coords is None:
                continue

            # Rectangle: store bounding box [min_x, min_y, max_x, max_y]
            if isinstance(coords, jnp.ndarray) and coords.ndim == 2:
                min_xy = jnp.min(coords, axis=0)
                max_xy = jnp.max(coords, axis=0)
                flat_box = jnp.array([min_xy[0], min_xy[1], max_xy[0], max_xy[1]], dtype=jnp.float32)
                temp_boxes.append(flat_box)
                temp_centroids.append(jnp.mean(coords, axis=0))
                temp_labels.append(name)
                temp_colors.append("blue")

            # Circle
            elif isinstance(coords, tuple) and coords[0] == "circle":
                center_x, center_y, radius = coords[1]
                flat_circle = jnp.array([center_x, center_y, radius], dtype=jnp.float32)
                temp_boxes.append(flat_circle)  # use same array for scan
                temp_centroids.append(jnp.array([center_x, center_y], dtype=jnp.float32))
                temp_labels.append(name)
                temp_colors.append("red")

        self.all_region_boxes = jnp.stack(temp_boxes, axis=0)
        self.all_region_centroids_jax_array = jnp.stack(temp_centroids, axis=0)
        self.region_labels = temp_labels
        self.region_colors = temp_colors

    @partial(jax.jit, static_argnums=(0,))
    def get_current_behavior(self, robot_position, debug=False):
        robot_position_jnp = jnp.asarray(robot_position, dtype=jnp.float32)
        x, y = robot_position_jnp

        region_ids_list = []
        region_types_list = []
        region_data_list = []

        for name in self.sorted_region_names:
            region_id = self.region_name_to_id[name]
            region_data = self.behavior_regions[name]

            # Rectangle
            if isinstance(region_data, jnp.ndarray) and region_data.ndim == 2:
                min_xy = jnp.min(region_data, axis=0)
                max_xy = jnp.max(region_data, axis=0)
                flat_data = jnp.array([min_xy[0], min_xy[1], max_xy[0], max_xy[1]], dtype=jnp.float32)
                region_ids_list.append(region_id)
                region_types_list.append(0)
                region_data_list.append(flat_data)

            # Semicircle (approach / exit)
            elif isinstance(region_data, jnp.ndarray) and region_data.ndim == 1 and region_data.shape[0] == 4:
                # flat_data = [cx, cy, r, orientation_angle]
                region_ids_list.append(region_id)
                region_types_list.append(1)
                region_data_list.append(region_data)

        all_region_ids = jnp.array(region_ids_list, dtype=jnp.int32)
        all_region_types = jnp.array(region_types_list, dtype=jnp.int32)
        all_region_data = jnp.stack(region_data_list, axis=0)

        # --- JAX scan to find the current region ---
        def scan_fn(current_behavior_id, region_info):
            region_id, region_type, flat_data = region_info
            is_rect = region_type == 0
            is_semicircle = region_type == 1  # update region_types_list accordingly
            print()

            # Rectangle check
            def rect_check(_):
                min_x, min_y, max_x, max_y = flat_data
                return jnp.all(jnp.array([x >= min_x, x <= max_x, y >= min_y, y <= max_y]))

            # Semicircle check
            def semicircle_check(_):
                cx, cy, r, angle = flat_data
                vec = robot_position_jnp - jnp.array([cx, cy])
                dist_ok = jnp.linalg.norm(vec) <= r
                orientation_vec = jnp.array([jnp.cos(angle), jnp.sin(angle)])
                in_front = jnp.dot(vec, orientation_vec) >= 0
                return dist_ok & in_front

            in_rect = jax.lax.cond(is_rect, rect_check, lambda _: False, operand=None)
            in_semicircle = jax.lax.cond(is_semicircle, semicircle_check, lambda _: False, operand=None)


            new_behavior_id = jnp.where(jnp.logical_or(in_rect, in_semicircle),
                                        region_id, current_behavior_id)
            # jd.print("Checking region ID: {}, In rect: {}, In semi: {}", region_id, in_rect, in_semicircle)

            return new_behavior_id, None

        final_behavior_id, _ = jax.lax.scan(
            scan_fn,
            -1,  # default: not in any region
            (all_region_ids, all_region_types, all_region_data)
        )

        return final_behavior_id


    @partial(jax.jit, static_argnums=(0,))
    def _is_point_in_polygon(self, point, polygon_padded, num_actual_vertices):
        x, y = point
        is_degenerate = num_actual_vertices < 3
        if_degenerate_result = False

        vertex_mask = jnp.arange(self.MAX_POLYGON_VERTICES) < num_actual_vertices

        first_vertex = polygon_padded[0]
        closed_polygon = jnp.concatenate([polygon_padded, first_vertex[jnp.newaxis, :]], axis=0)
        

        p1 = closed_polygon[:-1]
        p2 = closed_polygon[1:]
        edges = jnp.stack([p1, p2], axis=1)  # shape (MAX_POLYGON_VERTICES, 2, 2)

        def edge_fn(carry, i):
            inside = carry
            def compute_fn(_):
                p1x, p1y = edges[i, 0]
                p2x, p2y = edges[i, 1]

                cond1 = y > jnp.min(jnp.array([p1y, p2y]))
                cond2 = y <= jnp.max(jnp.array([p1y, p2y]))
                cond3 = x <= jnp.max(jnp.array([p1x, p2x]))

                denominator = p2y - p1y
                xinters = jnp.where(denominator != 0.0,
                                    (y - p1y) * (p2x - p1x) / denominator + p1x,
                                    jnp.inf * jnp.sign(x))

                toggle = jnp.logical_and(cond1, jnp.logical_and(cond2, cond3 & (x <= xinters)))
                return jnp.logical_xor(inside, toggle)

            inside = jax.lax.cond(vertex_mask[i], compute_fn, lambda _: inside, operand=None)
            return inside, None

        initial_inside = False
        final_inside, _ = jax.lax.scan(edge_fn, initial_inside, jnp.arange(self.MAX_POLYGON_VERTICES))
        return jnp.where(is_degenerate, if_degenerate_result, final_inside)

    @partial(jax.jit, static_argnums=(0,))
    def get_region_centroid(self, region_id: jnp.ndarray):
        centroid = self.all_region_centroids_jax_array[region_id]
        return centroid


class BehaviorBuildings(BehaviorAssociator):
    def __init__(self, buildings: List, all_region_names: List[str], bridges: List = [], obstacles: List = []):
        if not buildings:
            raise ValueError("BehaviorBuildings requires at least one building.")
        super().__init__(bridges, buildings, obstacles, all_region_names)


    def _define_behavior_regions(self) -> Dict[str, Any]:
        regions = {}
        regions["open_space"] = jnp.array([(-10, -10), (60, -10), (60, 50), (-10, 50)], dtype=jnp.float32)

        if len(self.buildings) >= 1:
            building_params = self.buildings[0]
            building_center = jnp.array(building_params[0])
            building_width = building_params[1]
            building_height = building_params[2]
            building_theta = building_params[3]

            cos_theta, sin_theta = jnp.cos(building_theta), jnp.sin(building_theta)
            rotation_matrix = jnp.array([[cos_theta, -sin_theta], [sin_theta, cos_theta]])

            half_width = building_width / 2.0
            half_height = building_height / 2.0

            wall_thickness = half_width
            corner_size = half_width*2/3

            regions_local = {}
            
            along_wall_length_offset = half_width / 4

            # Along Wall Regions (shortened to prevent overlap)
            regions_local["along_wall_0"] = jnp.array([
                [-half_width + along_wall_length_offset, half_height],
                [half_width - along_wall_length_offset, half_height],
                [half_width - along_wall_length_offset, half_height + wall_thickness],
                [-half_width + along_wall_length_offset, half_height + wall_thickness],
            ])
            regions_local["along_wall_1"] = jnp.array([
                [half_width, -half_height + along_wall_length_offset],
                [half_width + wall_thickness, -half_height + along_wall_length_offset],
                [half_width + wall_thickness, half_height - along_wall_length_offset],
                [half_width, half_height - along_wall_length_offset],
            ])
            regions_local["along_wall_2"] = jnp.array([
                [-half_width + along_wall_length_offset, -half_height],
                [half_width - along_wall_length_offset, -half_height],
                [half_width - along_wall_length_offset, -half_height - wall_thickness],
                [-half_width + along_wall_length_offset, -half_height - wall_thickness],
            ])
            regions_local["along_wall_3"] = jnp.array([
                [-half_width, -half_height + along_wall_length_offset],
                [-half_width - wall_thickness, -half_height + along_wall_length_offset],
                [-half_width - wall_thickness, half_height - along_wall_length_offset],
                [-half_width, half_height - along_wall_length_offset],
            ])

                    
            # Past Building Regions (the blue boxes that fit in the corners)
            regions_local["past_building_0"] = jnp.array([
                [-half_width - wall_thickness, half_height - along_wall_length_offset],
                [-half_width + along_wall_length_offset, half_height - along_wall_length_offset],
                [-half_width + along_wall_length_offset, half_height + wall_thickness],
                [-half_width - wall_thickness, half_height + wall_thickness],
            ])
            regions_local["past_building_1"] = jnp.array([
                [half_width - along_wall_length_offset, half_height - along_wall_length_offset],
                [half_width + wall_thickness, half_height - along_wall_length_offset],
                [half_width + wall_thickness, half_height + wall_thickness],
                [half_width - along_wall_length_offset, half_height + wall_thickness],
            ])
            regions_local["past_building_2"] = jnp.array([
                [half_width - along_wall_length_offset, -half_height + along_wall_length_offset],
                [half_width + wall_thickness, -half_height + along_wall_length_offset],
                [half_width + wall_thickness, -half_height - wall_thickness],
                [half_width - along_wall_length_offset, -half_height - wall_thickness],
            ])
            regions_local["past_building_3"] = jnp.array([
                [-half_width - wall_thickness, -half_height + along_wall_length_offset],
                [-half_width + along_wall_length_offset, -half_height + along_wall_length_offset],
                [-half_width + along_wall_length_offset, -half_height - wall_thickness],
                [-half_width - wall_thickness, -half_height - wall_thickness],
            ])
            
            # Around Corner Arc Regions
            arc_radius = half_width/4
            num_points = 30

            local_corners = {
                "around_corner_0": jnp.array([-half_width, half_height]),
                "around_corner_1": jnp.array([half_width, half_height]),
                "around_corner_2": jnp.array([half_width, -half_height]),
                "around_corner_3": jnp.array([-half_width, -half_height]),
            }

            corner_angles = {
                "around_corner_0": (0, 3*jnp.pi/2),
                "around_corner_3": (jnp.pi / 2, 2*jnp.pi),
                "around_corner_2": (jnp.pi, 5*jnp.pi/2),
                "around_corner_1": (3*jnp.pi / 2, 3*jnp.pi),
            }
        

            # The loop now uses the correct names
            for corner_name, corner_pos in local_corners.items():
                start_angle, end_angle = corner_angles[corner_name]
                angles = jnp.linspace(start_angle, end_angle, num_points)
                
                arc_points_local = jnp.array([
                    corner_pos[0] + arc_radius * jnp.cos(angles),
                    corner_pos[1] + arc_radius * jnp.sin(angles)
                ]).T
                
                closed_polygon_local = jnp.concatenate([
                    arc_points_local,
                    jnp.array([corner_pos])
                ], axis=0)
                
                # The name is now correctly a key that the rest of the code expects
                regions_local[corner_name] = closed_polygon_local

            # Final loop to apply rotation and translation to ALL local polygons
            for name, poly in regions_local.items():
                regions[name] = jnp.einsum('ij,kj->ki', rotation_matrix, poly) + building_center
            
        return regions


REGION_NAMES = (["open_space"]
                + [f"along_wall_{i}" for i in range(4)]
                + [f"past_building_{i}" for i in range(4)]
                + [f"around_corner_{i}" for i in range(4)])
associator = BehaviorBuildings(buildings=[((25.0, 20.0), 10.0, 16.0, 0.3)], all_region_names=REGION_NAMES)

f = associator.get_current_behavior
# --- end user code ---


def make_inputs(rng):
    # mostly around the building so that different regions win; sometimes outside the world box
    if rng.uniform() < 0.15:
        pos = rng.uniform([-20.0, -20.0], [70.0, 60.0])
    else:
        pos = np.array([25.0, 20.0]) + rng.uniform(-16.0, 16.0, size=2)
    return (pos.astype(np.float32),)


INPUTS = make_inputs
