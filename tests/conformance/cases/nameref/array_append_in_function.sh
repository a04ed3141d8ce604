push() { local -n _a=$1; shift; _a+=("$@"); }
list=(one)
push list two three
printf '%s\n' "${list[@]}"
