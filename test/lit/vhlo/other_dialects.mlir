// Upstream's allow-other-dialects option of stablehlo-legalize-to-vhlo: ops of
// other dialects stay as they are, on builtin types, with unrealized casts
// where their values meet VHLO ops; vhlo-legalize-to-stablehlo removes the
// casts again. Without the option they are refused by name.
// RUN: stablehlo-opt %s --stablehlo-legalize-to-vhlo=allow-other-dialects=true | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-vhlo=allow-other-dialects=true --vhlo-to-version=target=1.0.0 --vhlo-legalize-to-stablehlo | FileCheck %s --check-prefix=BACK
// RUN: not stablehlo-opt %s --stablehlo-legalize-to-vhlo 2>&1 | FileCheck %s --check-prefix=REFUSED

// CHECK-LABEL: vhlo.func_v1 @main(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>)
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<1.500000e+00> : tensor<2xf32>
// CHECK-NEXT:    %[[CIN:.*]] = builtin.unrealized_conversion_cast %[[C]] : tensor<2xf32> to !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    %[[ADD:.*]] = "vhlo.add_v1"(%arg0, %[[CIN]])
// CHECK-NEXT:    %[[OUT:.*]] = builtin.unrealized_conversion_cast %[[ADD]] : !vhlo.tensor_v1<2x!vhlo.f32_v1> to tensor<2xf32>
// CHECK-NEXT:    %[[F:.*]] = arith.addf %[[OUT]], %[[C]] : tensor<2xf32>
// CHECK-NEXT:    %[[FIN:.*]] = builtin.unrealized_conversion_cast %[[F]] : tensor<2xf32> to !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%[[FIN]])

// BACK-LABEL: func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// BACK-NEXT:    %[[C:.*]] = arith.constant dense<1.500000e+00> : tensor<2xf32>
// BACK-NEXT:    %[[ADD:.*]] = stablehlo.add %arg0, %[[C]] : tensor<2xf32>
// BACK-NEXT:    %[[F:.*]] = arith.addf %[[ADD]], %[[C]] : tensor<2xf32>
// BACK-NEXT:    return %[[F]] : tensor<2xf32>

// REFUSED: 'arith.constant' has no VHLO counterpart
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<1.5> : tensor<2xf32>
  %0 = stablehlo.add %a, %c : tensor<2xf32>
  %1 = arith.addf %0, %c : tensor<2xf32>
  return %1 : tensor<2xf32>
}
