// Shardy (docs/syntax.md "Shardy"): meshes, shardings and the sdy ops in
// the pretty forms JAX prints and in the generic form.
module @sdy_forms attributes {mhlo.num_partitions = 1 : i32} {
  sdy.mesh @mesh = <["a"=2, "b"=1]>
  sdy.mesh @ids = <["x"=2], device_ids=[1, 0]>
  sdy.mesh @empty = <[]>
  "sdy.mesh"() <{mesh = #sdy.mesh<["c"=4]>, sym_name = "generic"}> : () -> ()
  func.func public @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"b"}>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}p0, {}p1]> : tensor<4x8xf32>
    %1 = sdy.reshard %0 <@generic, [{"c":(1)2}, {"c":(2)2}], unreduced={}> : tensor<4x8xf32>
    %2 = sdy.propagation_barrier %1 allowed_direction=BACKWARD : tensor<4x8xf32>
    sdy.sharding_group %2 group_id=0 : tensor<4x8xf32>
    %3 = sdy.sharding_constraint %2 <mesh<["z"=1]>, [{"z"}, {?}]> : tensor<4x8xf32>
    %4 = sdy.sharding_constraint %3 <@empty, [{}, {}]> : tensor<4x8xf32>
    %5 = sdy.sharding_constraint %4 <@ids, [{}, {"x"}]> : tensor<4x8xf32>
    %6 = sdy.constant dense<1.0> : tensor<f32>
    %7 = stablehlo.add %5, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x8xf32>
    %8:2 = sdy.manual_computation(%7, %6)
        in_shardings=[<@mesh, [{"a"}, {}]>,
                      <@mesh, []>]   // one per operand
        out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{"a"}, {}]>]
        manual_axes={"b"} (%arg1: tensor<4x8xf32>, %arg2: tensor<f32>) {
      %9 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
      %10 = stablehlo.add %arg1, %9 : tensor<4x8xf32>
      sdy.return %10, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %11 = "sdy.sharding_constraint"(%8#0) <{sharding = #sdy.sharding<@generic, [{"c"}, {}]>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %12 = "sdy.reshard"(%11) <{sharding = #sdy.sharding<@mesh, [{}, {}]>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %13 = "sdy.propagation_barrier"(%12) <{allowed_direction = #sdy<propagation_direction FORWARD>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    "sdy.sharding_group"(%13) <{group_id = 3 : i64}> : (tensor<4x8xf32>) -> ()
    %14 = "sdy.manual_computation"(%13) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>, manual_axes = #sdy.manual_axes<{"b"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>}> ({
    ^bb0(%arg3: tensor<4x8xf32>):
      "sdy.return"(%arg3) : (tensor<4x8xf32>) -> ()
    }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %15 = "sdy.constant"() <{value = dense<2.0> : tensor<f32>}> : () -> tensor<f32>
    sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
      sdy.return
    } : () -> ()
    return %14 : tensor<4x8xf32>
  }
}
