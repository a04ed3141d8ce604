mkdir -p top/a/b top/c
touch top/f1 top/a/f2 top/a/b/f3 top/c/f4
walk() {
  local dir=$1 indent=$2 entry
  for entry in "$dir"/*; do
    [[ -e $entry ]] || continue
    if [[ -d $entry ]]; then
      echo "${indent}${entry##*/}/"
      walk "$entry" "$indent  "
    else
      echo "${indent}${entry##*/}"
    fi
  done
}
walk top ""
