printf '%s\n' 'a ok' 'b ok' 'c FAIL disk' 'd ok' 'e FAIL net' > run.log
errors=()
lineno=0
while IFS= read -r line; do
  lineno=$((lineno+1))
  [[ $line == *FAIL* ]] && errors+=("$lineno: ${line##* }")
done < run.log
echo "${#errors[@]} failures"
printf '  %s\n' "${errors[@]}"
