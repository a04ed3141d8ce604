# check-stderr
printf "ab12cd345\nnone\nxx\n" > f
grep -o "[0-9]\+" f; echo "s=$?"
grep -on "[0-9]" f; echo "s=$?"
grep -ob "[0-9]\+" f; echo "s=$?"
grep -o "x*" f; echo "s=$?"
grep -oc "[0-9]" f; echo "s=$?"
grep -ov "[0-9]" f; echo "s=$?"
grep -oi "AB" f; echo "s=$?"
