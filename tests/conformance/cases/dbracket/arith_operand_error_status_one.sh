# An arithmetic operand's error in [[ ]] is reported for [[ with status 1.
[[ 1/0 -eq 1 ]] 2>&1; echo "rc=$?"
[[ x+ -lt 1 ]] 2>&1; echo "rc=$?"
x=2/0; [[ 1 -ne $x ]] 2>&1; echo "rc=$?"
[[ 1 -eq 1 && 2/0 -gt 1 ]] 2>&1; echo "rc=$?"
[[ 5 -gt 3 ]]; echo "rc=$?"
