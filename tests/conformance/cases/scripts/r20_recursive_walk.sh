# recursive directory walk: function recursion over files the script creates, sizes and depth
mkdir -p proj/src/lib proj/docs proj/.git proj/empty
printf 'abc\n' > proj/README
printf 'hello world\n' > proj/src/main.sh
printf '1\n2\n3\n' > proj/src/lib/util.sh
printf 'x' > proj/src/lib/data.bin
printf 'guide\n' > proj/docs/guide.md
printf 'ref\n' > proj/.git/HEAD
total_files=0 total_bytes=0 max_depth=0
walk() {
  local dir=$1 depth=$2 entry size indent
  printf -v indent '%*s' $((depth * 2)) ''
  (( depth > max_depth )) && max_depth=$depth
  for entry in "$dir"/*; do
    [[ -e $entry ]] || { echo "${indent}(empty)"; continue; }
    if [[ -d $entry ]]; then
      echo "${indent}${entry##*/}/"
      walk "$entry" $((depth + 1))
    else
      size=$(wc -c < "$entry")
      size=$((size + 0))
      (( total_files++, total_bytes += size ))
      echo "${indent}${entry##*/} ($size bytes)"
    fi
  done
}
walk proj 0
echo "files=$total_files bytes=$total_bytes depth=$max_depth"
shopt -s dotglob
count_all() { local n=0 e; for e in "$1"/*; do [[ -d $e ]] && { count_all "$e"; n=$((n + REPLY)); } || n=$((n + 1)); done; REPLY=$n; }
count_all proj
echo "with dotfiles: $REPLY"
find proj -name '*.sh' | sort
