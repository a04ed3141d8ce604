paths=/usr/local/bin:/usr/bin:/bin:/usr/bin
IFS=: read -ra parts <<< "$paths"
declare -A seen
out=()
for p in "${parts[@]}"; do
  [[ -n ${seen[$p]} ]] && continue
  seen[$p]=1; out+=("$p")
done
(IFS=:; echo "${out[*]}")
file=/var/log/app/server.log.gz
echo "dir=${file%/*} base=${file##*/} ext=${file##*.} stem=${file##*/}"
stem=${file##*/}; echo "noext=${stem%%.*}"
