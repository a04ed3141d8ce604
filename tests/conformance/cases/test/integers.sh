for op in -eq -ne -lt -le -gt -ge; do
  r=
  [ 1 $op 2 ] && r="$r 1<2" 
  [ 2 $op 2 ] && r="$r 2=2"
  [ 3 $op 2 ] && r="$r 3>2"
  echo "$op:$r"
done
