shopt -s nullglob
arr=(*.nothing)
echo "${#arr[@]}"
