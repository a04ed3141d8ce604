f() { local -a arr=(l1 l2); echo ${arr[1]}; }
arr=(g1 g2)
f
echo ${arr[1]}
