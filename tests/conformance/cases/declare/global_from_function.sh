z=orig
k() { local z=loc; declare -g z=glob2; echo "k: $z"; }
k; echo "$z"
m() { local n=1; inner; echo "m: $n"; }
inner() { local n=2; declare -g n=global; declare -g fresh=new; echo "inner: $n"; }
m; echo "n=${n-unset} fresh=$fresh"
p() { local -a arr=(l); declare -ga arr=(g1 g2); echo "${arr[@]}"; }
p; echo "${arr[@]}"
