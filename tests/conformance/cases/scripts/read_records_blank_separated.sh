cat > people.txt <<'EOF'
name: Ann
age: 31

name: Bob
age: 25
EOF
declare -A rec
flush() { [[ -n ${rec[name]} ]] && echo "${rec[name]} is ${rec[age]}"; rec=(); }
while IFS= read -r line; do
  if [[ -z $line ]]; then flush; continue; fi
  rec[${line%%:*}]=${line#*: }
done < people.txt
flush
