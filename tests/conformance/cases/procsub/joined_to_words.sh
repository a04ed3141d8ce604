norm() { printf '%s\n' "${@//[0-9]/N}"; }
norm --file=<(true)
norm a<(true)b
norm x <(true) y
declare -a list=(one)
norm "${list[0]}"<(true)
