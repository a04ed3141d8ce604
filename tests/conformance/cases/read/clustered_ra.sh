read -ra parts <<< "a b  c"
echo "${#parts[@]} ${parts[2]}"
