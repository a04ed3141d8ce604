line='1,"Smith, John",42'
fields=()
field= inq=0
for ((i=0; i<${#line}; i++)); do
  c=${line:i:1}
  if [[ $c == '"' ]]; then inq=$((1-inq))
  elif [[ $c == , && $inq == 0 ]]; then fields+=("$field"); field=
  else field+=$c; fi
done
fields+=("$field")
printf '[%s]\n' "${fields[@]}"
