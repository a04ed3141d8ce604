mkdir -p r/x/y r/z
touch r/1.txt r/x/2.txt r/x/y/3.log r/z/4.txt
count() {
  local n=0 e
  for e in "$1"/*; do
    if [[ -d $e ]]; then n=$((n + $(count "$e"))); elif [[ $e == *.txt ]]; then n=$((n+1)); fi
  done
  echo "$n"
}
echo "txt files: $(count r)"
