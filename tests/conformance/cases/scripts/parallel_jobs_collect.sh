results=()
work() { (exit $(( $1 % 2 ))); }
pids=()
for n in 1 2 3 4; do work "$n" & pids+=($!); done
for i in "${!pids[@]}"; do
  if wait "${pids[i]}"; then results+=("job$((i+1)):ok"); else results+=("job$((i+1)):fail"); fi
done
printf '%s\n' "${results[@]}"
