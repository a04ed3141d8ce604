declare -A h=(a b c d)
for k in $(printf '%s\n' "${!h[@]}" | sort); do echo "$k=${h[$k]}"; done
